"""Finding 6: deal and bot seeds of an HTTP tournament derived from its spec's public seed, so a
remote entrant predicted every hand and the deck order. Now they are HMACs under a random
per-tournament secret kept server-side; the creation answer commits to it (SHA-256), and only
after the end are the secret, the records' seeds and their replays shown, so anyone can check
every deal then. A deal's seatings are interleaved: never played back to back."""

import hashlib

from engine.tournament import play_scheduled, schedule, validate_spec, without_timings
from engine.tournament.schedule import derive_seed
from service.tournament_seeds import seeds_as_strings

from .tournament_helpers import play_batches

SPEC = {"game": "classified", "entrants": ["random", "heuristic", {"name": "r2", "bot": "random"}],
        "deals": 3, "seed": 1}


def _finish(client, config, monkeypatch, spec=SPEC):
    made = client.post("/tournaments", json={"spec": spec}).json
    running = client.get(f"/tournaments/{made['tournament_id']}/matches").json  # nothing yet
    play_batches(config, monkeypatch, count=1)
    partway = client.get(f"/tournaments/{made['tournament_id']}").json
    page = client.get(f"/tournaments/{made['tournament_id']}/matches").json["matches"]
    play_batches(config, monkeypatch)
    return made, running, partway, page


def test_seeds_come_from_a_committed_secret_revealed_at_the_end(client, config, monkeypatch):
    made, _, partway, page = _finish(client, config, monkeypatch)
    tid, public_seed = made["tournament_id"], made["spec"]["seed"]
    assert partway["status"] == "running" and "seed_secret" not in partway
    assert page and all("seed" not in r and "replay" not in r for r in page)  # hidden while running
    ended = client.get(f"/tournaments/{tid}").json
    assert ended["status"] == "finished" and ended["commitment"] == made["commitment"]
    secret = bytes.fromhex(ended["seed_secret"])
    assert hashlib.sha256(secret).hexdigest() == made["commitment"]
    records = client.get(f"/tournaments/{tid}/matches", query_string={"limit": 200}).json["matches"]
    assert len(records) == made["total"]
    for record in records:
        assert isinstance(record["seed"], str)  # a string of digits: exact in every JSON parser
        assert int(record["seed"]) != derive_seed(public_seed, "deal", record["deal"])  # not predictable
        assert int(record["seed"]) == derive_seed(public_seed, "deal", record["deal"], secret=secret)
    spec = validate_spec(ended["spec"])
    replayed = play_scheduled(spec, records[4]["index"], secret=secret)  # bot seeds too: checkable
    assert without_timings(seeds_as_strings(replayed)) == without_timings(records[4])


def test_two_tournaments_of_one_spec_deal_differently(client, config, monkeypatch):
    first = client.post("/tournaments", json={"spec": SPEC}).json
    second = client.post("/tournaments", json={"spec": SPEC}).json
    assert first["commitment"] != second["commitment"]  # a fresh secret each time
    play_batches(config, monkeypatch)
    seeds = [[r["seed"] for r in client.get(f"/tournaments/{t['tournament_id']}/matches").json["matches"]]
             for t in (first, second)]
    assert seeds[0] and seeds[1] and not set(seeds[0]) & set(seeds[1])


def test_a_deals_seatings_are_not_back_to_back(client):
    spec = client.post("/tournaments", json={"spec": SPEC}).json["spec"]
    assert spec["order"] == "interleaved"
    entries = schedule(validate_spec(spec))
    last_seen, gaps = {}, []
    for entry in entries:
        if entry["deal"] in last_seen:
            gaps.append(entry["index"] - last_seen[entry["deal"]])
        last_seen[entry["deal"]] = entry["index"]
    assert min(gaps) == spec["deals"] > 1  # the same deal comes back every `deals` matches
    library = schedule(validate_spec(SPEC))  # the command line keeps its deal-major order
    assert sorted((e["deal"], e["group"], e["seating"]) for e in entries) == sorted(
        (e["deal"], e["group"], e["seating"]) for e in library)

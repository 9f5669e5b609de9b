"""Views at any version (`GET /matches/{id}/replay?at=V`, service/views_at.py): for every game, a
seeded match played through the API with every seat's and the spectator's view recorded at every
version; the view at V must be exactly the recorded one, for that viewer only."""

import random

import pytest

import engine
from service import views_at
from service.views_at import VersionCache

GAMES = ("toy", "classified", "darkagent", "ifthen", "insidejob")
MAX_STEPS = 40  # versions per game (the toy plays to its end): enough to cross checkpoints


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def play_and_record(client, game, seed, steps=MAX_STEPS):
    """(match id, {seat or None: token}, {(viewer, version): view}) after up to `steps` actions."""
    made = client.post("/matches", json={"game": game, "seed": seed}).json
    mid = made["match_id"]
    tokens = {None: None, **{t["seat"]: t["token"] for t in made["tokens"]}}
    pick = random.Random(seed)
    recorded = {}
    for done in range(steps + 1):
        for viewer, token in tokens.items():
            view = client.get(f"/matches/{mid}", headers=auth(token)).json
            recorded[(viewer, view["version"])] = view
        if view["finished"] or done == steps:
            break
        seat = pick.choice(view["to_move"])
        mine = recorded[(seat, view["version"])]
        answer = client.post(f"/matches/{mid}/actions", headers=auth(tokens[seat]),
                             json={"action": pick.choice(mine["legal_actions"]), "version": view["version"]})
        assert answer.status_code == 200, answer.json
    return mid, tokens, recorded


@pytest.mark.parametrize("game", GAMES)
def test_view_at_every_version_is_the_view_recorded_then(client, game):
    views_at.CACHE.__init__()  # cold: rebuilds from the seed, from checkpoints and from neighbours
    mid, tokens, recorded = play_and_record(client, game, seed=7)
    assert all("prompt" in v and "choices" in v and all(e["text"] for e in v["log"])
               for v in recorded.values())  # the words come with the view at V too
    keys = list(recorded)
    random.Random(1).shuffle(keys)
    for viewer, version in keys:
        answer = client.get(f"/matches/{mid}/replay?at={version}", headers=auth(tokens[viewer]))
        assert answer.status_code == 200, answer.json
        assert answer.json == recorded[(viewer, version)], (viewer, version)


@pytest.mark.parametrize("game", ("classified", "darkagent", "insidejob"))
def test_a_seat_token_never_yields_another_viewers_view(client, game):
    mid, tokens, recorded = play_and_record(client, game, seed=5, steps=12)
    versions = sorted({v for _, v in recorded})
    differed = set()
    for version in versions:
        for viewer, token in tokens.items():
            got = client.get(f"/matches/{mid}/replay?at={version}", headers=auth(token)).json
            assert got["seat"] == viewer
            for other in tokens:
                if other != viewer and recorded[(other, version)]["state"] != got["state"]:
                    differed.add(viewer)
            assert got == recorded[(viewer, version)]
    assert differed == set(tokens)  # every viewer's view differed from another's somewhere


def test_finished_match_every_version_and_the_full_replay_still_served(client):
    mid, tokens, recorded = play_and_record(client, "toy", seed=3, steps=500)
    last = max(v for _, v in recorded)
    assert recorded[(None, last)]["finished"]
    assert client.get(f"/matches/{mid}/replay").json["history"]  # without `at`: as before
    spectator = client.get(f"/matches/{mid}/replay?at=0").json
    assert spectator == recorded[(None, 0)] and spectator["status"] == "active"
    assert client.get(f"/matches/{mid}/replay?at={last}", headers=auth(tokens[1])).json == recorded[(1, last)]


def test_bad_at_is_400_naming_it_and_a_version_not_reached_is_409(client):
    mid, tokens, recorded = play_and_record(client, "toy", seed=4, steps=2)
    for bad in ("-1", "x", "1.5", "", "99999999999999999999"):
        answer = client.get(f"/matches/{mid}/replay?at={bad}")
        assert answer.status_code == 400 and answer.json["error"]["field"] == "at", bad
    answer = client.get(f"/matches/{mid}/replay?at=3", headers=auth(tokens[0]))
    assert answer.status_code == 409
    assert answer.json["error"] == {"code": "version_not_reached", "message": "the match is at version 2",
                                    "field": "at", "current_version": 2}
    assert client.get(f"/matches/{mid}/replay?at=0", headers=auth("nope")).status_code == 401
    assert client.get("/matches/none/replay?at=0").json["error"]["code"] == "match_not_found"
    assert client.get(f"/matches/{mid}/replay?at=1&x=1").status_code == 400


def _toy_match(seed, steps, index=-1):
    match = engine.start("toy", {"target": 8}, seed)
    for _ in range(steps):
        seat = engine.to_move(match)[0]
        match = engine.step(match, seat, engine.legal_actions(match, seat)[index])
    return match


def _versions(match):
    return [views_at.match_at("m", match, {"commitment": "c"}, v, VersionCache())
            for v in range(match.version + 1)]


def test_cache_is_bounded_in_entries_and_bytes_and_checks_the_history():
    match = _toy_match(1, 6)
    cache = VersionCache(max_entries=3, max_bytes=10 ** 9)
    for at in _versions(match):
        cache.put("m", "c", at)
    assert len(cache) == 3 and cache.nearest("m", "c", match.history, 3) is None
    assert cache.nearest("m", "c", match.history, 9).version == 6
    other = _toy_match(1, 6, index=0)  # same id and commitment, another history: never served
    assert other.history[0] != match.history[0]
    assert cache.nearest("m", "c", other.history, 6) is None
    sizes = [views_at.estimated_bytes(at) for at in _versions(match)]
    small = VersionCache(max_entries=100, max_bytes=sizes[-1] + sizes[-2])
    for at in _versions(match):
        small.put("m", "c", at)
    assert len(small) == 2 and small.bytes == small.max_bytes
    assert small.nearest("m", "c", match.history, 6) is not None


def test_rebuild_starts_from_the_nearest_cached_version(monkeypatch):
    match = _toy_match(1, 10)
    cache = VersionCache()
    views_at.match_at("m", match, {"commitment": "c"}, 6, cache)
    steps = []
    real = engine.step
    monkeypatch.setattr(engine, "step", lambda *a: steps.append(1) or real(*a))
    rebuilt = views_at.match_at("m", match, {"commitment": "c"}, 8, cache)
    assert len(steps) == 2 and rebuilt.version == 8 and rebuilt.history == match.history[:8]
    assert rebuilt.log == tuple(e for e in match.log if e["seq"] <= 8) and rebuilt.log
    replayed = engine.replay("toy", match.options, 1, match.history[:8])
    assert engine.render(rebuilt, 0) == engine.render(replayed, 0)
    assert views_at.match_at("m", match, {"commitment": "c"}, 10, cache) is match


def test_a_reused_id_with_the_same_seed_never_meets_the_old_rebuilt_match(client, config):
    """An id reused by `archive export --delete` + import of another match with the same game,
    options and seed (so the same commitment): the cache's history check refuses the old versions."""
    import json

    import engine.words
    from service import create_app, matches
    from service.cli import archive
    from service.store import Store

    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    old_id, _, old, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    for kind in ("play", "play", "draw"):
        seat = engine.to_move(old)[0]
        old, _ = matches.act(store, old_id, seat, next(a for a in engine.legal_actions(old, seat)
                                                       if a["type"] == kind))
    before = client.get(f"/matches/{old_id}/replay?at=2").json  # cached in this process
    old_texts = [e["entries"] for e in client.get(f"/matches/{old_id}/events").json["events"]]
    other_id, _, other, meta = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    while engine.to_move(other):
        seat = engine.to_move(other)[0]
        other, meta = matches.act(store, other_id, seat, engine.legal_actions(other, seat)[-1])
    assert other.history[:2] != old.history[:2]
    record = archive.archive_record(other_id, other, meta)
    store.delete_match(other_id)
    store.delete_match(old_id)
    record["match_id"] = old_id
    archive.import_matches(store, [json.dumps(record)])
    after = client.get(f"/matches/{old_id}/replay?at=2").json
    texts = [e["entries"] for e in client.get(f"/matches/{old_id}/events").json["events"]]
    elsewhere = create_app(config).test_client()  # the new match's entries, from another app
    fresh = [e["entries"] for e in elsewhere.get(f"/matches/{old_id}/events").json["events"]]
    assert texts != old_texts and all(entry["text"] for entries in texts for entry in entries)
    assert [[entry["text"] for entry in entries] for entries in texts] == [
        [engine.words.generic_entry_text(entry) for entry in entries] for entries in fresh]
    assert after["commitment"] == before["commitment"]
    expected = engine.render(engine.replay("toy", other.options, other.seed, other.history[:2]), None)
    assert after["state"] == expected["state"] != before["state"]


def test_a_walk_over_ascending_versions_steps_each_action_once_and_caches_only_checkpoints(monkeypatch):
    match = _toy_match(1, 10)
    cache = VersionCache()
    steps = []
    real = engine.step
    monkeypatch.setattr(engine, "step", lambda *a: steps.append(1) or real(*a))
    walked = list(views_at.matches_at("m", match, {"commitment": "c"}, [1, 2, 2, 5, 9, 10], cache))
    assert [m.version for m in walked] == [1, 2, 2, 5, 9, 10] and walked[-1] is match
    assert len(steps) == 9 and len(cache) == 0  # no checkpoint below 64 versions, no target kept
    for at in walked:
        assert at.history == match.history[:at.version]
        assert engine.render(at, 1) == engine.render(engine.replay("toy", match.options, 1,
                                                                   match.history[:at.version]), 1)

"""Finding 2: GET /tournaments/{id} recomputed the standings from every match record on each
call (1.2 s of CPU at 2,000 matches, on the API's event loop). Now the workers cache the
standings when a batch lands and a read serves that aggregate: it reads no match record, and
the records a page of /matches reads are that page's, however many matches there are."""

import pytest

from engine.tournament import standings
from service.api import tournaments as api_tournaments

from .tournament_helpers import play_batches, queued_batches

SPEC = {"game": "classified", "entrants": ["random", "heuristic", {"name": "r2", "bot": "random"}],
        "deals": 6, "seed": 11}
RECORD_READS = {"HVALS", "HGETALL", "HSCAN", "HMGET", "HGET", "HRANDFIELD"}


@pytest.fixture
def reads(app, monkeypatch):
    """The (command, fields asked) of every read of a tournament's results hash by the API."""
    client = app.extensions["safehouse"]["store"].queue_redis
    real, seen = client.execute_command, []

    def spy(*args, **options):
        name = str(args[0]).upper()
        if name in RECORD_READS and str(args[1]).endswith(":results"):
            seen.append((name, len(args) - 2))
        return real(*args, **options)
    monkeypatch.setattr(client, "execute_command", spy)
    return seen


def _records_read(seen):
    """How many records the reads could have returned (all of them for a whole-hash read)."""
    return sum(10 ** 9 if name in ("HVALS", "HGETALL", "HSCAN") else fields for name, fields in seen)


def test_a_read_serves_cached_standings_and_reads_no_record(client, config, monkeypatch, reads):
    made = client.post("/tournaments", json={"spec": SPEC}).json  # no worker: played below
    tid, total = made["tournament_id"], made["total"]
    batches = len(queued_batches(config))
    assert batches > 2
    monkeypatch.setattr(api_tournaments, "standings", _no_standings, raising=False)
    play_batches(config, monkeypatch, count=1)
    early = client.get(f"/tournaments/{tid}").json
    play_batches(config, monkeypatch)
    late = client.get(f"/tournaments/{tid}").json
    assert early["done"] < late["done"] == total and late["status"] == "finished"
    assert _records_read(reads) == 0  # neither read touched a record, at 1 batch or at all
    assert early["standings_done"] == early["done"] and late["standings_done"] == total
    pages = [client.get(f"/tournaments/{tid}/matches", query_string={"cursor": c, "limit": 10}).json
             for c in range(0, total, 10)]
    records = [r for page in pages for r in page["matches"]]
    rows = {r["entrant"]: r for r in late["standings"]}
    expected = standings(late["spec"], records)["standings"]
    assert {r["entrant"]: (r["n"], r["wins"]) for r in expected} == {
        name: (row["n"], row["wins"]) for name, row in rows.items()}


def test_a_page_of_records_reads_that_page_only(client, config, monkeypatch, reads):
    tid = client.post("/tournaments", json={"spec": SPEC}).json["tournament_id"]
    play_batches(config, monkeypatch)
    reads.clear()
    page = client.get(f"/tournaments/{tid}/matches", query_string={"cursor": 4, "limit": 5}).json
    assert [m["index"] for m in page["matches"]] == [4, 5, 6, 7, 8] and page["next_cursor"] == 9
    assert _records_read(reads) <= 5


def _no_standings(*args, **kwargs):
    raise AssertionError("the API recomputed the standings from the records")

"""RQ entry point for tournaments: play one batch of whole matches and store each record.

`play_batch(spec_json, indices, results_key)` plays the listed match indices of a (normalised)
spec and stores each record in the Redis hash `results_key` (field = match index) with HSETNX,
skipping indices already stored: a retried, repeated or concurrent job never counts a match
twice. Records are written in groups at most FLUSH_S apart (one script call per group, not
per match: fast games play a match in well under a millisecond), so a crashed job loses at
most that much play, which its retry redoes. Returns how many it played and skipped, and the
seconds spent playing vs in the whole job (the difference is the per-batch overhead).

A tournament queued over HTTP has two more keys beside its results (service/tournament_rq.py):
`secret`, the server-side key its deal and bot seeds are drawn with (engine/tournament/schedule.py:
nobody can predict a deal from the public spec), and `standings`, the cached standings the API
serves: after storing its records a batch recomputes them when they are behind (a compare-and-set
on the number of matches they cover, so the newest wins; at most every STANDINGS_EVERY_S until
the last), so a read never touches the records.
Remote entrants are called as engine/tournament/remote.py says: only public addresses unless
SAFEHOUSE_TOURNAMENT_REMOTE_ALLOW names others.
"""

import json
import time

import orjson

from engine.tournament import play_scheduled, standings, validate_spec
from engine.tournament.schedule import groups_for
from service.store import connection as store_connection
from service.store.tournaments import TournamentStore

from .jobs import settings

FLUSH_S = 0.5
_RECORDS = {}
_SPECS = {}  # spec JSON -> validated spec (a worker plays many batches of one tournament)


def records():
    """The tournament records on one Redis connection per worker process: the queues' Redis,
    where the results live too (settings.queue_redis_url, else the data Redis or, on a cluster,
    the master serving RQ's slot: service/store/connection.py)."""
    url = store_connection.queue_url(settings().redis_url, settings().queue_redis_url or None)
    if url not in _RECORDS:
        _RECORDS[url] = TournamentStore(store_connection.queue_client(
            settings().redis_url, settings().queue_redis_url or None, settings().redis_retry_s))
    return _RECORDS[url]


def _spec(spec_json):
    """(validated spec, its line-ups), computed once per tournament in this process."""
    if spec_json not in _SPECS:
        _SPECS.clear()
        spec = validate_spec(json.loads(spec_json))
        _SPECS[spec_json] = (spec, None if spec["format"] == "swiss" else groups_for(spec))
    return _SPECS[spec_json]


STANDINGS_EVERY_S = 2.0  # cached standings are recomputed at most this often, and at the end

def refresh_standings(stored, spec, results_key):
    """Recompute the cached standings of an HTTP tournament when they cover fewer matches than
    are stored, at most every STANDINGS_EVERY_S until every match is stored (nothing for a
    tournament without a standings key, e.g. the CLI's --rq runs). A batch reads the count after
    storing its own records, so the batch that stores last always sees them all."""
    done, at = stored.standings_state(results_key)
    count = stored.count(results_key)
    if done is None or count <= int(done):
        return False
    if count < spec["matches"] and time.time() - float(at or 0) < STANDINGS_EVERY_S:
        return False
    found = [orjson.loads(raw) for raw in stored.all_records(results_key)]
    table = standings(spec, found)["standings"]  # NaN becomes null in orjson
    return stored.set_standings(results_key, len(found), orjson.dumps(table))


def _flush(stored, results_key, pending):
    """HSETNX the pending records in one command; returns how many were new."""
    if not pending:
        return 0
    new = stored.store_new(results_key, pending)
    pending.clear()
    return new


def _record_json(record):
    """The record as compact JSON bytes: orjson (about ten times json.dumps), the standard library
    for anything it declines."""
    try:
        return orjson.dumps(record)
    except TypeError:
        return json.dumps(record, separators=(",", ":")).encode()


def play_batch(spec_json, indices, results_key):
    """Play and store the batch's matches not stored yet; returns counts and timings."""
    started = time.perf_counter()
    spec, groups = _spec(spec_json)
    client = records()
    secret = client.secret_for(results_key)
    existing = client.records_at(results_key, indices)
    todo = [i for i, found in zip(indices, existing) if found is None]
    played, playing, pending, flushed = 0, 0.0, [], time.perf_counter()
    for index in todo:
        begun = time.perf_counter()
        record = play_scheduled(spec, index, secret=secret, groups=groups)
        playing += time.perf_counter() - begun
        pending.append((str(index), _record_json(record)))
        if time.perf_counter() - flushed >= FLUSH_S:
            played += _flush(client, results_key, pending)
            flushed = time.perf_counter()
    played += _flush(client, results_key, pending)
    refresh_standings(client, spec, results_key)
    return {"played": played, "skipped": len(indices) - played, "play_s": playing,
            "job_s": time.perf_counter() - started}

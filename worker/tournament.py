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
from service.tournament_rq import sibling_key

from .jobs import settings

FLUSH_S = 0.5
_CONNECTION = {}
_SPECS = {}  # spec JSON -> validated spec (a worker plays many batches of one tournament)
_STORE_NEW = {}  # client -> its registered STORE_NEW_SCRIPT


def connection():
    """One Redis connection per worker process: the queues' Redis, where the results live too
    (SAFEHOUSE_QUEUE_REDIS_URL, else SAFEHOUSE_REDIS_URL or, on a cluster, the master serving RQ's
    slot: service/store/connection.py), from this worker's settings."""
    url = store_connection.queue_url(settings().redis_url, settings().queue_redis_url or None)
    if url not in _CONNECTION:
        _CONNECTION[url] = store_connection.connect_plain(url)
    return _CONNECTION[url]


def _spec(spec_json):
    """(validated spec, its line-ups), computed once per tournament in this process."""
    if spec_json not in _SPECS:
        _SPECS.clear()
        spec = validate_spec(json.loads(spec_json))
        _SPECS[spec_json] = (spec, None if spec["format"] == "swiss" else groups_for(spec))
    return _SPECS[spec_json]


STANDINGS_EVERY_S = 2.0  # cached standings are recomputed at most this often, and at the end

# Replace the cached standings only with ones covering more matches (ARGV[1]); 0 when not.
SET_STANDINGS_SCRIPT = """
local done = tonumber(redis.call('HGET', KEYS[1], 'done') or '-1')
if done < 0 or done >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'done', ARGV[1], 'standings', ARGV[2], 'at', ARGV[3])
return 1
"""


def refresh_standings(client, spec, results_key):
    """Recompute the cached standings of an HTTP tournament when they cover fewer matches than
    are stored, at most every STANDINGS_EVERY_S until every match is stored (nothing for a
    tournament without a standings key, e.g. the CLI's --rq runs). A batch reads the count after
    storing its own records, so the batch that stores last always sees them all."""
    key = sibling_key(results_key, "standings")
    done, at = client.hmget(key, ["done", "at"])
    stored = client.hlen(results_key)
    if done is None or stored <= int(done):
        return False
    if stored < spec["matches"] and time.time() - float(at or 0) < STANDINGS_EVERY_S:
        return False
    records = [orjson.loads(raw) for raw in client.hvals(results_key)]
    table = standings(spec, records)["standings"]  # NaN becomes null in orjson
    return bool(client.eval(SET_STANDINGS_SCRIPT, 1, key, len(records), orjson.dumps(table),
                            time.time()))


def _secret(client, results_key):
    """The tournament's seed key (bytes), or None (public seeds: the library's and the CLI's)."""
    raw = client.get(sibling_key(results_key, "secret"))
    return bytes.fromhex(raw.decode()) if raw else None


# HSETNX of every (field, value) pair in ARGV: one command per group, however many records.
STORE_NEW_SCRIPT = """
local new = 0
for i = 1, #ARGV, 2 do new = new + redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) end
return new
"""


def _flush(client, results_key, pending):
    """HSETNX the pending records in one command; returns how many were new."""
    if not pending:
        return 0
    if client not in _STORE_NEW:
        _STORE_NEW.clear()
        _STORE_NEW[client] = client.register_script(STORE_NEW_SCRIPT)
    new = _STORE_NEW[client](keys=[results_key], args=[x for pair in pending for x in pair])
    pending.clear()
    return int(new)


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
    client = connection()
    secret = _secret(client, results_key)
    stored = client.hmget(results_key, [str(i) for i in indices]) if indices else []
    todo = [i for i, existing in zip(indices, stored) if existing is None]
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

"""RQ entry point for tournaments: play one batch of whole matches and store each record.

`play_batch(spec_json, indices, results_key)` plays the listed match indices of a (normalised)
spec and stores each record in the Redis hash `results_key` (field = match index) with HSETNX,
skipping indices already stored: a retried, repeated or concurrent job never counts a match
twice. Records are written in pipelined groups at most FLUSH_S apart (one round trip per group,
not per match: fast games play a match in well under a millisecond), so a crashed job loses at
most that much play, which its retry redoes. Returns how many it played and skipped, and the
seconds spent playing vs in the whole job (the difference is the per-batch overhead).
"""

import json
import os
import time

import redis

from engine.tournament import play_scheduled, validate_spec

FLUSH_S = 0.5
_CONNECTION = {}
_SPECS = {}  # spec JSON -> validated spec (a worker plays many batches of one tournament)


def connection():
    """One Redis connection per worker process: the queues' Redis (SAFEHOUSE_QUEUE_REDIS_URL,
    else SAFEHOUSE_REDIS_URL)."""
    url = (os.environ.get("SAFEHOUSE_QUEUE_REDIS_URL")  # where the queues (and results) live
           or os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"))
    if url not in _CONNECTION:
        _CONNECTION[url] = redis.Redis.from_url(url)
    return _CONNECTION[url]


def _spec(spec_json):
    if spec_json not in _SPECS:
        _SPECS.clear()
        _SPECS[spec_json] = validate_spec(json.loads(spec_json))
    return _SPECS[spec_json]


def _flush(client, results_key, pending):
    """HSETNX the pending records in one round trip; returns how many were new."""
    if not pending:
        return 0
    pipe = client.pipeline(transaction=False)
    for index, text in pending:
        pipe.hsetnx(results_key, str(index), text)
    new = sum(bool(flag) for flag in pipe.execute())
    pending.clear()
    return new


def play_batch(spec_json, indices, results_key):
    """Play and store the batch's matches not stored yet; returns counts and timings."""
    started = time.perf_counter()
    spec = _spec(spec_json)
    client = connection()
    stored = client.hmget(results_key, [str(i) for i in indices]) if indices else []
    todo = [i for i, existing in zip(indices, stored) if existing is None]
    played, playing, pending, flushed = 0, 0.0, [], time.perf_counter()
    for index in todo:
        begun = time.perf_counter()
        record = play_scheduled(spec, index)
        playing += time.perf_counter() - begun
        pending.append((index, json.dumps(record, separators=(",", ":"))))
        if time.perf_counter() - flushed >= FLUSH_S:
            played += _flush(client, results_key, pending)
            flushed = time.perf_counter()
    played += _flush(client, results_key, pending)
    return {"played": played, "skipped": len(indices) - played, "play_s": playing,
            "job_s": time.perf_counter() - started}

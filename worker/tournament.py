"""RQ entry point for tournaments: play one batch of whole matches and store each record.

`play_batch(spec_json, indices, results_key)` plays the listed match indices of a (normalised)
spec and stores each record in the Redis hash `results_key` (field = match index) with HSETNX,
skipping indices already stored: a retried, repeated or concurrent job never counts a match
twice. Returns how many it played and skipped, and the seconds spent playing vs in the whole job
(the difference is the per-batch overhead that bench/ reports).
"""

import json
import os
import time

import redis

from engine.tournament import play_scheduled, validate_spec

_CONNECTION = {}


def connection():
    """One Redis connection per worker process, from SAFEHOUSE_REDIS_URL."""
    url = os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0")
    if url not in _CONNECTION:
        _CONNECTION[url] = redis.Redis.from_url(url)
    return _CONNECTION[url]


def play_batch(spec_json, indices, results_key):
    """Play and store the batch's matches not stored yet; returns counts and timings."""
    started = time.perf_counter()
    spec = validate_spec(json.loads(spec_json))
    client = connection()
    stored = client.hmget(results_key, [str(i) for i in indices]) if indices else []
    played, skipped, playing = 0, 0, 0.0
    for index, existing in zip(indices, stored):
        if existing is not None:
            skipped += 1
            continue
        begun = time.perf_counter()
        record = play_scheduled(spec, index)
        playing += time.perf_counter() - begun
        if client.hsetnx(results_key, str(index), json.dumps(record, separators=(",", ":"))):
            played += 1
        else:
            skipped += 1
    return {"played": played, "skipped": skipped, "play_s": playing,
            "job_s": time.perf_counter() - started}

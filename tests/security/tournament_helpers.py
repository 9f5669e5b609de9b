"""Helpers of the tournament security tests: play an HTTP tournament's queued batches in this
process (worker/tournament.py's job function, on the jobs the API queued) and look at Redis."""

import json

import redis
from rq import Queue

from service.jobs import BULK_SUFFIX


def queued_batches(config):
    """The (spec_json, indices, results_key) of every tournament batch job queued, in order."""
    client = redis.Redis.from_url(config["REDIS_URL"])
    queue = Queue(config["QUEUE"] + BULK_SUFFIX, connection=client)
    return [job.args for job in queue.jobs]


def play_batches(config, monkeypatch, count=None):
    """Play the first `count` (default: all) queued batches in-process, as a worker would;
    returns how many were played. The jobs stay queued (the test owns them)."""
    from worker import jobs
    from worker import tournament as batch_job
    monkeypatch.setenv("SAFEHOUSE_REDIS_URL", config["REDIS_URL"])
    monkeypatch.setattr(jobs, "_SETTINGS", None)  # the worker's settings, read anew
    batch_job._RECORDS.clear()
    batches = queued_batches(config)[:count]
    for args in batches:
        batch_job.play_batch(*args)
    return len(batches)


def all_values(config):
    """Every string, hash value and list item stored under the test's key prefix and in its jobs."""
    client = redis.Redis.from_url(config["REDIS_URL"])
    seen = []
    for pattern in (f"{config['PREFIX']}*", "rq:job:tourney-*"):
        for key in client.scan_iter(pattern, count=1000):
            kind = client.type(key)
            if kind == b"string":
                seen.append(client.get(key))
            elif kind == b"hash":
                seen.extend(client.hvals(key))
            elif kind == b"list":
                seen.extend(client.lrange(key, 0, -1))
    return b"\n".join(v for v in seen if v)


def meta(config, tid):
    """The tournament's stored meta (JSON)."""
    client = redis.Redis.from_url(config["REDIS_URL"])
    return json.loads(client.get(f"{config['PREFIX']}tourney:{{{tid}}}:meta"))

"""Tournaments over RQ: fan a spec's unfinished matches out as batches of whole matches on
`<QUEUE>-bulk`, gather the records as they come into the local results directory.

Any number of `python -m worker` processes, on any machines sharing the Redis, play the batches
(worker/tournament.py). Each record is stored in one Redis hash per tournament (field = match
index, written with HSETNX), so a retried or repeated job never counts a match twice; this side
copies new fields into DIR/matches.jsonl (keyed by index too) and a stopped run resumes: records
already in the hash are collected first and only the still missing indices are queued again.
A command-line run's id is a hash of its normalised spec, so the same spec finds its own results
(and resumes); a tournament queued over HTTP gets a random id instead (service/api/tournaments.py).
"""

import hashlib
import math
import secrets
import time

import orjson
from rq import Worker
from rq.job import Job
from rq.registry import FailedJobRegistry

from engine.tournament.results import RecordWriter, prepare, read_records
from engine.tournament.spec import SpecError, spec_to_json, validate_spec

from .jobs import bulk_queue_for, enqueue_tournament_batch
from .store import connection
from .store.keys import tournament_key
from .store.tournaments import TournamentStore

RESULTS_TTL_S = 7 * 24 * 3600
BATCHES_PER_WORKER = 8  # enough for the last batches not to leave workers idle for long
MAX_BATCH = 2000


def auto_batch(matches, workers):
    """Matches per job when not given: about BATCHES_PER_WORKER jobs per listening worker (few
    jobs: RQ's own cost per job is milliseconds, a fast game's match a fraction of one)."""
    return max(1, min(MAX_BATCH, math.ceil(matches / (max(1, workers) * BATCHES_PER_WORKER))))


def new_tournament_id():
    """A random id for a tournament queued over HTTP (128 bits: never derived from its spec)."""
    return secrets.token_hex(16)


def tournament_id(spec):
    """A short stable id of a normalised spec (command-line runs, which resume by it)."""
    return hashlib.sha256(spec_to_json(spec).encode()).hexdigest()[:16]




def results_key(prefix, spec):
    """The Redis hash holding the tournament's records."""
    return tournament_key(prefix, tournament_id(spec), "results")


def queue_batches(client, queue_name, tid, spec, results_key_name):
    """Queue every match of an HTTP tournament in batches (sized for two workers); the job ids."""
    queue, spec_json = bulk_queue_for(client, queue_name), spec_to_json(spec)
    batch, indices = auto_batch(spec["matches"], 2), list(range(spec["matches"]))
    return [enqueue_tournament_batch(queue, tid, spec_json, indices[i:i + batch], results_key_name)
            for i in range(0, len(indices), batch)]


def cancel_queued(client, job_ids):
    """Cancel the jobs not started yet (a batch being played finishes)."""
    for job_id in job_ids:
        try:
            job = Job.fetch(job_id, connection=client)
        except Exception:  # noqa: BLE001 - gone already
            continue
        if job.get_status(refresh=False) in ("queued", "deferred", "scheduled"):
            job.cancel()


class BatchFailed(RuntimeError):
    """A batch job failed after its retries; the run stops (resume once the cause is fixed)."""


def _collect(stored, key, records, writer, progress, total):
    new = sorted(i for i in stored.stored_indices(key) if i not in records)
    for start in range(0, len(new), 500):
        chunk = new[start:start + 500]
        for index, raw in zip(chunk, stored.records_at(key, chunk)):
            record = orjson.loads(raw)
            writer.write(record)
            records[index] = record
            if progress:
                progress(len(records), total, record)


def run_rq(spec, directory, redis_url, queue_name="safehouse", prefix="sh:",
           batch=None, progress=None, poll_s=0.2, on_queued=None, queue_redis_url=None):
    """Queue the unfinished matches in batches (`batch` matches per job; by default sized from
    the workers listening now) and gather every record into `directory`; returns
    {index: record}. Raises BatchFailed when a batch fails for good."""
    spec = validate_spec(spec)
    if spec["format"] == "swiss":
        raise SpecError("a Swiss tournament runs in-process (each round depends on the last)",
                        "format")
    prepare(directory, spec)
    # RQ's Redis (settings.queue_redis_url when given; on a cluster, the node serving RQ's slot)
    client = connection.queue_client(redis_url, queue_redis_url)
    key, spec_json = results_key(prefix, spec), spec_to_json(spec)
    tid = hashlib.sha256(key.encode()).hexdigest()[:16]  # job ids differ per prefix too
    records = read_records(directory)
    total = spec["matches"]
    with RecordWriter(directory) as writer:
        stored = TournamentStore(client, prefix)
        _collect(stored, key, records, writer, progress, total)  # a previous run's results
        todo = [i for i in range(total) if i not in records]
        queue = bulk_queue_for(client, queue_name)
        batch = batch or auto_batch(len(todo), len(Worker.all(queue=queue)))
        jobs = [enqueue_tournament_batch(queue, tid, spec_json, todo[i:i + batch], key)
                for i in range(0, len(todo), batch)]
        stored.expire(key, RESULTS_TTL_S)
        if on_queued:
            on_queued(len(jobs), queue.name, batch)
        failed_registry, checked = FailedJobRegistry(queue=queue), time.monotonic()
        while len(records) < total:
            time.sleep(poll_s)
            _collect(stored, key, records, writer, progress, total)
            if time.monotonic() - checked > 2 and len(records) < total:
                checked = time.monotonic()
                failed = set(failed_registry.get_job_ids()) & set(jobs)
                if failed:
                    raise BatchFailed(f"{len(failed)} batch job(s) failed after retries, e.g. "
                                      f"{sorted(failed)[0]}; fix the cause and run again to resume")
    return records

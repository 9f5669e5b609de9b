"""Tournaments over RQ against the real Redis: batches of whole matches on <QUEUE>-bulk played by
real `python -m worker` processes; a retried or repeated batch never counts a match twice."""

import json
import os
import subprocess
import sys

import pytest
import redis

from engine.tournament import validate_spec, without_timings
from engine.tournament.play import play_scheduled
from engine.tournament.results import matches_path
from service.cli import compiled_engine
from service.tournament_rq import results_key, run_rq
from tests.service.conftest import REDIS_URL, delete_namespace, new_namespace
from worker import tournament as batch_job

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "deals": 6,
                      "seed": 8})


@pytest.fixture
def namespace():
    client = redis.Redis.from_url(REDIS_URL)
    client.ping()
    space = new_namespace()
    yield space
    delete_namespace(client, space["PREFIX"][len("sht"):-1])


def test_a_retried_batch_never_counts_a_match_twice(namespace, monkeypatch):
    from worker import jobs
    monkeypatch.setenv("SAFEHOUSE_REDIS_URL", REDIS_URL)
    monkeypatch.setattr(jobs, "_SETTINGS", None)  # the worker's settings, read anew
    monkeypatch.setattr(batch_job, "_RECORDS", {})
    key = results_key(namespace["PREFIX"], SPEC)
    spec_json = json.dumps(SPEC)
    real, calls = batch_job.play_scheduled, []

    def flaky(spec, index, **kwargs):
        calls.append(index)
        if len(calls) == 3:
            raise RuntimeError("worker crashed mid-batch")
        return real(spec, index, **kwargs)
    monkeypatch.setattr(batch_job, "play_scheduled", flaky)
    monkeypatch.setattr(batch_job, "FLUSH_S", 0)  # store every record at once
    with pytest.raises(RuntimeError):
        batch_job.play_batch(spec_json, [0, 1, 2, 3], key)
    first = batch_job.play_batch(spec_json, [0, 1, 2, 3], key)  # the retry
    again = batch_job.play_batch(spec_json, [2, 3, 4], key)     # an overlapping batch
    assert first["played"] == 2 and first["skipped"] == 2  # 0 and 1 were stored before the crash
    assert again["played"] == 1 and again["skipped"] == 2
    client = redis.Redis.from_url(REDIS_URL)
    assert sorted(int(f) for f in client.hkeys(key)) == [0, 1, 2, 3, 4]
    stored = json.loads(client.hget(key, "4"))
    assert without_timings(stored) == without_timings(play_scheduled(SPEC, 4))


def test_rq_run_with_two_workers_gathers_every_match_once(namespace, tmp_path):
    env = {**os.environ, "PYTHONPATH": ROOT}
    workers = [subprocess.Popen([sys.executable, "-m", "worker", "--url", REDIS_URL, "--queue",
                                 namespace["QUEUE"], "--prefix", namespace["PREFIX"]],
                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL) for _ in range(2)]
    try:
        out = str(tmp_path / "rq")
        queued = []
        records = run_rq(SPEC, out, REDIS_URL, queue_name=namespace["QUEUE"],
                         prefix=namespace["PREFIX"], batch=3,
                         on_queued=lambda jobs, name, size: queued.append((jobs, name, size)))
        assert queued == [(4, namespace["QUEUE"] + "-bulk", 3)]
        assert sorted(records) == list(range(SPEC["matches"]))
        with open(matches_path(out)) as handle:
            indices = [json.loads(line)["index"] for line in handle]
        assert sorted(indices) == list(range(SPEC["matches"]))
        # a second run of the same spec finds everything done: nothing queued, nothing added
        again = run_rq(SPEC, out, REDIS_URL, queue_name=namespace["QUEUE"],
                       prefix=namespace["PREFIX"],
                       on_queued=lambda jobs, name, size: queued.append(jobs))
        assert queued[-1] == 0 and len(again) == SPEC["matches"]
        with open(matches_path(out)) as handle:
            assert len(handle.readlines()) == SPEC["matches"]
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=30)


@pytest.mark.skipif(not (compiled_engine.compiled_build_present() and compiled_engine.build_is_current()),
                    reason="no current compiled engine in build/compiled (make compiled)")
def test_a_worker_on_the_compiled_engine_plays_the_same_matches(namespace, tmp_path):
    """`python -m worker --engine compiled` restarts itself on the build and plays each match
    exactly as the pure engine does (deterministic bots: the same records, timings aside)."""
    worker = subprocess.Popen([sys.executable, "-m", "worker", "--engine", "compiled", "--url", REDIS_URL,
                               "--queue", namespace["QUEUE"], "--prefix", namespace["PREFIX"], "--no-sweeper"],
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT}, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        records = run_rq(SPEC, str(tmp_path / "rq"), REDIS_URL, queue_name=namespace["QUEUE"],
                         prefix=namespace["PREFIX"], batch=4)
        assert sorted(records) == list(range(SPEC["matches"]))
        with open(matches_path(str(tmp_path / "rq"))) as handle:
            played = sorted((json.loads(line) for line in handle), key=lambda r: r["index"])
        assert [without_timings(r) for r in played] == \
            [without_timings(play_scheduled(SPEC, i)) for i in range(SPEC["matches"])]
    finally:
        worker.terminate()
        _, errors = worker.communicate(timeout=30)
    assert "engine: compiled (build/compiled)" in errors

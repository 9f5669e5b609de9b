"""Shared helpers for benchmarks that need the real service: Redis, gunicorn and RQ workers,
all on 127.0.0.1, all ended by their PID when the benchmark ends."""

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time

import redis
import requests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, q):
    """The q-th percentile (0..100) of a list, nearest-rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = max(0, min(len(ordered) - 1, int(round(q / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


def _stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def service(workers=1, redis_url=None, extra_env=None):
    """Yield the base URL of a gunicorn API with `workers` RQ SimpleWorkers, isolated by prefix."""
    redis_url = redis_url or os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0")
    redis.Redis.from_url(redis_url).ping()
    tag = secrets.token_hex(4)
    env = dict(os.environ, SAFEHOUSE_REDIS_URL=redis_url, SAFEHOUSE_PREFIX=f"shb{tag}:",
               SAFEHOUSE_QUEUE=f"safehouse-bench-{tag}", SAFEHOUSE_RATE_LIMIT="1000000/minute",
               PYTHONPATH=ROOT, **(extra_env or {}))
    port = free_port()
    procs = [subprocess.Popen([sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "1", "-b",
                               f"127.0.0.1:{port}", "service.process.wsgi:app"], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    procs += [subprocess.Popen([sys.executable, "-m", "worker"], env=env, cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(workers)]
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(base + "/healthz", timeout=2).ok:
                    break
            except requests.RequestException:
                time.sleep(0.1)
        yield base
    finally:
        for proc in procs:
            _stop(proc)
        client = redis.Redis.from_url(redis_url)
        for key in client.scan_iter(f"shb{tag}:*", count=1000):
            client.delete(key)

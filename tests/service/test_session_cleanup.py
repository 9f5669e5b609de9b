"""The test suite's own Redis hygiene: database 15 by default (never database 0, which `make run`
uses), and a test session leaves no key behind (run as a nested pytest session against an empty,
throw-away embedded Redis, then the keys left are counted)."""

import os
import signal
import subprocess
import sys

import redis

from service.process.run import start_embedded_redis
from tests.service.conftest import ROOT

RQ_SHARED = {b"rq:clean_groups"}  # RQ's own throttle key, shared by every queue (expires by itself)


def test_default_test_redis_is_database_15():
    env = {k: v for k, v in os.environ.items() if k != "SAFEHOUSE_TEST_REDIS_URL"}
    done = subprocess.run([sys.executable, "-c", "import tests.service.conftest as c; print(c.REDIS_URL)"],
                          cwd=ROOT, env=dict(env, PYTHONPATH=ROOT), capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "redis://127.0.0.1:6379/15", done.stderr


def test_a_test_session_deletes_every_key_it_created():
    proc, url = start_embedded_redis(persist=False)
    try:
        client = redis.Redis.from_url(url)
        # a session with module-scoped servers, bot jobs on a real worker and an HTTP-level match
        tests = ["tests/service/test_e2e_bots.py", "tests/service/test_readme_walkthrough.py",
                 "tests/service/test_contract_behaviour.py"]
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests],
                              cwd=ROOT, env=dict(os.environ, SAFEHOUSE_TEST_REDIS_URL=url, PYTHONPATH=ROOT),
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout[-3000:]
        left = set(client.keys("*")) - RQ_SHARED
        assert not left, sorted(left)[:20]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)

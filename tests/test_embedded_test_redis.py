"""`make test` needs no Redis set up: pointed at a port where nothing listens, a test session
starts its own Redis, passes its service tests against it and stops it at the end."""

import os
import subprocess
import sys

from tests import embedded_redis

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_a_session_with_no_redis_brings_its_own():
    dead = f"redis://127.0.0.1:{embedded_redis._free_port()}/15"
    assert not embedded_redis.answers(dead)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "tests/security/test_fixtures_reachable.py", "tests/service/test_outbox.py"],
                          cwd=ROOT, env=dict(os.environ, SAFEHOUSE_TEST_REDIS_URL=dead, PYTHONPATH=ROOT),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "error" not in done.stdout.lower()
    own = done.stdout.split("the tests used an embedded one at ")[1].split()[0]
    assert not embedded_redis.answers(own)  # stopped when the session ended

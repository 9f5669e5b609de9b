"""Test-wide set-up: the toy game is registered here and for every subprocess we start, and the
session brings its own Redis when none answers at the test URL (tests/embedded_redis.py)."""

import os

os.environ.setdefault("SAFEHOUSE_EXTRA_GAMES", "tests.toygame:RULES")

from tests import embedded_redis  # noqa: E402

embedded_redis.ensure()  # before any test module reads SAFEHOUSE_TEST_REDIS_URL

import engine  # noqa: E402
from tests import toygame  # noqa: E402

engine.register(toygame.RULES)


def pytest_terminal_summary(terminalreporter):
    """Say when the session brought its own Redis."""
    for note in embedded_redis.NOTES:
        terminalreporter.write_line(f"tests: {note}")

"""Test-wide set-up: the toy game is registered here and for every subprocess we start."""

import os

os.environ.setdefault("SAFEHOUSE_EXTRA_GAMES", "tests.toygame:RULES")

import engine  # noqa: E402
from tests import toygame  # noqa: E402

engine.register(toygame.RULES)

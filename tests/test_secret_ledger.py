"""The secret-ledger sweep over every game (tests/secret_ledger): 1,000 bot matches per game here,
`SAFEHOUSE_LEDGER_MATCHES` (10,000 in `make soak`) elsewhere."""

import importlib.util
import os

import pytest

import engine
from tests.secret_ledger import sweep

MATCHES = int(os.environ.get("SAFEHOUSE_LEDGER_MATCHES", "1000"))
CHUNKS = 10
GAMES = sorted(g for g in engine.GAMES if importlib.util.find_spec(f"tests.secret_ledger.{g}"))
SEED_BASE = 9_113_000_000_000


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_no_render_names_an_unseen_secret(game_id, chunk):
    seeds = [SEED_BASE + i for i in range(chunk, MATCHES, CHUNKS)]
    played, problems = sweep(game_id, seeds)
    assert played == len(seeds)
    assert not problems, "\n".join(problems[:5])



def test_every_game_has_a_ledger():
    """The sweep covers every built-in game (a new game must bring its ledger)."""
    builtin = {g for g, rules in engine.GAMES.items() if type(rules).__module__.startswith("engine.")}
    assert builtin and set(GAMES) >= builtin, sorted(builtin - set(GAMES))

"""The secret-ledger sweep over every game (tests/secret_ledger): 1,000 bot matches per game here,
`SAFEHOUSE_LEDGER_MATCHES` (10,000 in `make soak`) elsewhere."""

import importlib.util
import os

import pytest

import engine
from engine.classified.data import DESIGNS
from engine.classified.words import copy_word
from engine.ifthen.challenges import CURATED_BY_ID
from engine.ifthen.words import rule_words
from engine.registry import EXTRA
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
    """The sweep covers every built-in game and every game SAFEHOUSE_EXTRA_GAMES registered (the
    test toy game): a new game must bring its ledger (docs/adding-a-game.md)."""
    builtin = {g for g, rules in engine.GAMES.items() if type(rules).__module__.startswith("engine.")}
    registered = builtin | set(EXTRA)
    assert builtin and EXTRA and set(GAMES) >= registered, sorted(registered - set(GAMES))


LEAKY_WORDS = (  # (game, words that name more than the entry holds)
    ("classified", lambda seen: " ".join(f"{c // 2 + 1} · {DESIGNS[d][2]} ({copy_word(c)})"
                                         for c, d in enumerate(seen.get("designs") or []))),
    ("insidejob", lambda seen: " ".join(f"blue {v}" for v in range(1, 14))),
    ("ifthen", lambda seen: " ".join(f"card {c}" for c in range(1, 61))),
    ("ifthen", lambda seen: " ".join(rule_words(c.rule) for c in CURATED_BY_ID.values())),  # the secret rule
    ("darkagent", lambda seen: "Seat 1 voted to rotate. Seat 2 voted not to rotate."),
)


@pytest.mark.parametrize(("game_id", "leak"), LEAKY_WORDS)
def test_the_sweep_catches_words_that_say_more_than_their_entry(game_id, leak, monkeypatch):
    """The ledgers read the words too: a text naming unseen cards, the secret rule or secret votes
    is caught."""
    words = importlib.import_module(f"engine.{game_id}.words")
    monkeypatch.setattr(words, "entry_text", lambda entry, viewer, seen: "Leak: " + leak(seen))
    problems = []
    for seed in range(SEED_BASE, SEED_BASE + 6):
        problems += sweep(game_id, [seed])[1]
        if problems:
            break
    assert any("names unseen" in p for p in problems), problems[:3]

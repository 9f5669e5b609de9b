"""Golden playthroughs: three seeded random matches must replay to the committed digests.

Regenerate after an intended rules change with:
    IFTHEN_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/ifthen/test_ifthen_golden.py
"""

import hashlib
import json
import os

import pytest

import engine
from engine import Rng

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "playthroughs.json")
CASES = [
    ("solo-level0", {"players": 2}, 101),
    ("four-level2", {"players": 4, "level": 2}, 202),
    ("mastermind-level1", {"players": 4, "level": 1, "allKnowing": "seat", "mastermind": True}, 303),
]


def play(options, seed):
    """A random match picked with a fixed Rng; returns the finished match."""
    match = engine.start("ifthen", options, seed)
    pick = Rng(seed * 7 + 1)
    while engine.to_move(match):
        seat = pick.choice(engine.to_move(match))
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))
    return match


def digest(match):
    """sha256 of the match's canonical JSON, plus the outcome and length."""
    text = json.dumps(engine.match_to_json(match), sort_keys=True, separators=(",", ":"))
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "version": match.version,
            "outcome": match.rules.outcome(match.state)}


def test_golden_playthroughs():
    got = {name: digest(play(options, seed)) for name, options, seed in CASES}
    if os.environ.get("IFTHEN_REGEN_GOLDEN"):
        os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
        with open(GOLDEN, "w", encoding="utf-8") as handle:
            json.dump(got, handle, indent=1, sort_keys=True)
            handle.write("\n")
        pytest.skip("golden file regenerated")
    with open(GOLDEN, encoding="utf-8") as handle:
        expected = json.load(handle)
    for name in expected:
        assert got[name] == expected[name], f"{name} changed"

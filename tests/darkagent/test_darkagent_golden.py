"""Golden playthroughs: three seeded random matches must replay to the committed digests.

Regenerate with DARKAGENT_REGEN=1 .venv/bin/python -m pytest tests/darkagent -k golden
"""

import hashlib
import json
import os

import pytest

import engine
from engine import Rng

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "darkagent_golden.json")
CASES = [(101, {"players": 2}), (202, {"players": 4, "objective_effects": True}),
         (303, {"players": 1, "aim_limit": 2})]


def play(seed, options):
    """A random match picked by a fixed Rng; returns (sha256 of canonical match JSON, outcome)."""
    m = engine.start("darkagent", options, seed=seed)
    pick = Rng(seed * 7 + 1)
    while engine.to_move(m):
        seat = pick.choice(engine.to_move(m))
        m = engine.step(m, seat, pick.choice(engine.legal_actions(m, seat)))
    text = json.dumps(engine.match_to_json(m), sort_keys=True, separators=(",", ":"))
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "version": m.version,
            "outcome": engine.render(m, None, with_log=False)["outcome"]}


def _load():
    with open(GOLDEN, encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("seed,options", CASES, ids=[f"seed{c[0]}" for c in CASES])
def test_golden(seed, options):
    got = play(seed, options)
    key = str(seed)
    if os.environ.get("DARKAGENT_REGEN"):
        data = _load() if os.path.exists(GOLDEN) else {}
        data[key] = got
        with open(GOLDEN, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
    assert _load()[key] == got

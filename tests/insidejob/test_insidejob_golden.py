"""Inside Job golden playthroughs: 3 fixed seeded random matches must replay byte-identically.

Each case plays a random match through the library API (actions picked by a fixed `Rng`) and
compares the sha256 of the canonical JSON of `engine.match_to_json(final match)` and the outcome
with tests/insidejob/golden/golden.json. Regenerate after an intended rules change with
`INSIDEJOB_REGEN=1 .venv/bin/python -m pytest tests/insidejob/test_insidejob_golden.py`.
"""

import hashlib
import json
import os

import pytest

import engine
from engine import Rng

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "golden.json")
CASES = {
    "seed101-3p": ({"players": 3}, 101),
    "seed202-4p-accomplice-professor": (
        {"players": 4, "special_roles": ["accomplice", "professor_no"]}, 202),
    "seed303-5p-risk-tim-sleeper": (
        {"players": 5, "risk_mode": True, "special_roles": ["tim_shady", "sleeper_agent"]}, 303),
}


def canonical(value):
    """Canonical JSON text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def play_case(options, seed):
    """The final match of a seeded random playthrough."""
    match = engine.start("insidejob", options, seed)
    pick = Rng(seed * 7 + 1)
    while engine.to_move(match):
        seat = pick.choice(engine.to_move(match))
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))
    return match


def record(match):
    """What the golden file stores for a match."""
    data = engine.match_to_json(match)
    return {"sha256": hashlib.sha256(canonical(data).encode()).hexdigest(),
            "version": match.version, "outcome": engine.render(match, None)["outcome"]}


def load_golden():
    with open(GOLDEN, encoding="utf-8") as handle:
        return json.load(handle)


def save_golden(name, entry):
    """Rewrite one entry of the golden file (INSIDEJOB_REGEN=1)."""
    golden = load_golden() if os.path.exists(GOLDEN) else {}
    golden[name] = entry
    with open(GOLDEN, "w", encoding="utf-8") as handle:
        json.dump(golden, handle, indent=1, sort_keys=True)
        handle.write("\n")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    got = record(play_case(*CASES[name]))
    if os.environ.get("INSIDEJOB_REGEN"):
        save_golden(name, got)
    assert got == load_golden()[name]

"""Issue 25: 40 curated challenges per level 1-3, each unique, solvable, with true hints and a
difficulty fitting its level (engine/ifthen/semantics.py: involved attributes + situations)."""

import json
import os
import statistics

import pytest

import engine.ifthen
from engine.ifthen.challenges import CURATED, Challenge
from engine.ifthen.deckbuild import DECK_SIZE, deck_problems
from engine.ifthen.generator import level0_shape_tables
from engine.ifthen.semantics import difficulty

ALL = [c for lv in sorted(CURATED) for c in CURATED[lv]]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_forty_challenges_per_level(level):
    assert len(CURATED[level]) == DECK_SIZE == 40
    assert len({c.id for c in CURATED[level]}) == 40


def test_every_deck_entry_is_unique_solvable_true_and_fits_its_level():
    taken, lower, problems = set(), set(level0_shape_tables()), {}
    for level in sorted(CURATED):
        below = set(lower) - (level0_shape_tables() if level == 0 else set())
        for challenge in CURATED[level]:
            found = deck_problems(challenge, taken, below)
            if found:
                problems[challenge.id] = found
            taken.add(challenge.table)
        lower |= {c.table for c in CURATED[level]}
    assert problems == {}


def test_difficulty_grows_with_the_level():
    means = [statistics.mean(difficulty(c.table) for c in CURATED[lv]) for lv in (1, 2, 3)]
    assert means == sorted(means) and len(set(means)) == 3


def test_deck_file_is_flagged_as_ours():
    path = os.path.join(os.path.dirname(engine.ifthen.__file__), "challenges.json")
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    assert doc["ours"] is True and "ours, not official" in doc["_comment"]


def test_deck_check_rejects_a_false_hint_and_a_wrong_level():
    easy = dict(CURATED[1][0].rule, level=3, id="x")
    assert any("difficulty" in p for p in deck_problems(Challenge(easy), set(), set()))
    dead = {"id": "y", "level": 1, "hints": ["triangle", "circle"], "clauses": [
        {"if": {"attr": "ncol", "op": "in", "values": ["Y", "R"]}, "then": "ANY"},
        {"if": {"attr": "bg", "op": "in", "values": ["B"]}, "then": {"step": 3}}],
        "otherwise": {"attr": "size", "op": "in", "values": ["S"]}}
    assert any("never changes a verdict" in p for p in deck_problems(Challenge(dead), set(), set()))

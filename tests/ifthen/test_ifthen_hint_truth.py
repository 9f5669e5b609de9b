"""Issue 25: a hint's truth is decided by the rule's semantics, not its text."""

from engine import Rng
from engine.ifthen.challenges import Challenge
from engine.ifthen.data import ATTRS, HALVES, HINT_ATTR, hint_text
from engine.ifthen.generator import generate_challenge
from engine.ifthen.rulelang import attrs_of
from engine.ifthen.semantics import involved_attrs

# the audit's example: a number's colour never equals its background, so once "number colour
# is yellow or red" has been passed, "background is blue" can never hold: its clause is dead.
DEAD_BG = {"clauses": [
    {"if": {"attr": "ncol", "op": "in", "values": ["Y", "R"]}, "then": {"parity": "value", "is": "even"}},
    {"if": {"attr": "bg", "op": "in", "values": ["B"]}, "then": {"step": 3}}],
    "otherwise": {"attr": "size", "op": "in", "values": ["S"]}}


def _naive_involved(table):
    """Brute force: two halves differing only in X, judged differently as prev or as next."""
    found = set()
    for a, attr in enumerate(ATTRS):
        for h1, x in enumerate(HALVES):
            for h2, y in enumerate(HALVES):
                if x[a] == y[a] or any(x[i] != y[i] for i in range(4) if i != a):
                    continue
                if table[h1] != table[h2] or any(
                        ((row >> h1) ^ (row >> h2)) & 1 for row in table):
                    found.add(attr)
    return found


def test_dead_clause_attribute_is_not_named_as_involved():
    challenge = Challenge(dict(DEAD_BG, hints=["circle", "triangle"]))
    assert "bg" in attrs_of(DEAD_BG)
    assert challenge.hint_texts["triangle"] == hint_text("triangle", False)
    assert challenge.hint_texts["circle"] == hint_text("circle", True)


def test_derived_hints_skip_the_dead_attribute():
    challenge = Challenge(DEAD_BG)
    assert involved_attrs(challenge.table) == {"value", "ncol", "size"}
    assert all(challenge.hint_texts[s] == hint_text(s, True) for s in challenge.hints)


def test_semantics_agree_with_brute_force_on_a_sample():
    for seed in range(6):
        challenge = generate_challenge(1 + seed % 3, Rng(900 + seed))
        assert involved_attrs(challenge.table) == _naive_involved(challenge.table)
    assert _naive_involved(Challenge(DEAD_BG).table) == {"value", "ncol", "size"}


def test_ten_thousand_generated_challenges_have_true_hints():
    for seed in range(10_000):
        challenge = generate_challenge(1 + seed % 3, Rng(seed))
        involved = involved_attrs(challenge.table)
        for sym in challenge.hints:
            assert challenge.hint_texts[sym] == hint_text(sym, HINT_ATTR[sym] in involved), seed
        assert attrs_of(challenge.rule) == involved, seed  # no dead attribute in its text

"""Rule-language tests: every operator, both seed examples, cyclic arithmetic, errors."""

import pytest

from engine.ifthen.data import HALVES, N_HALVES
from engine.ifthen.rulelang import RuleError, compile_rule, describe

SEED_STEP = {"clauses": [{"if": "TRUE", "then": {"step": -1}}], "otherwise": "ANY"}
SEED_BG = {"clauses": [{"if": {"attr": "bg", "op": "in", "values": ["Y", "B", "R"]},
                        "then": {"diff": "bg"}}], "otherwise": "ANY"}


def half_with(**attrs):
    """The first half id whose attributes match (value int, size/colour indices)."""
    names = ("value", "size", "ncol", "bg")
    for h, half in enumerate(HALVES):
        if all(half[names.index(k)] == v for k, v in attrs.items()):
            return h
    raise LookupError(attrs)


def valid(rule, prev, nxt):
    return bool((compile_rule(rule)[prev] >> nxt) & 1)


def always(req):
    return {"clauses": [{"if": "TRUE", "then": req}], "otherwise": "ANY"}


def test_seed_example_one_less_is_cyclic():
    # the seed's line 1, 0, 9, 8 is valid, and 0 - 1 = 9
    line = [half_with(value=v) for v in (1, 0, 9, 8)]
    for prev, nxt in zip(line, line[1:]):
        assert valid(SEED_STEP, prev, nxt)
    assert not valid(SEED_STEP, half_with(value=1), half_with(value=2))


def test_seed_example_different_background():
    prev = half_with(bg=0)
    assert valid(SEED_BG, prev, half_with(bg=1)) and valid(SEED_BG, prev, half_with(bg=2))
    assert not valid(SEED_BG, prev, half_with(bg=0, value=5))


def test_step_wraps_both_ways():
    assert valid(always({"step": 3}), half_with(value=8), half_with(value=1))   # 8 + 3 = 1
    assert valid(always({"step": -4}), half_with(value=2), half_with(value=8))  # 2 - 4 = 8


def test_zero_is_even():
    rule = always({"parity": "value", "is": "even"})
    assert valid(rule, 0, half_with(value=0))
    assert not valid(rule, 0, half_with(value=7))
    assert valid(always({"sameParity": True}), half_with(value=0), half_with(value=4))
    assert valid(always({"diffParity": True}), half_with(value=0), half_with(value=3))


def test_in_notin_same_diff_cross_cmp():
    assert valid(always({"attr": "size", "op": "in", "values": ["L"]}), 0, half_with(size=2))
    assert not valid(always({"attr": "size", "op": "notin", "values": ["L"]}), 0, half_with(size=2))
    assert valid(always({"same": "ncol"}), half_with(ncol=1), half_with(ncol=1, value=3))
    assert not valid(always({"diff": "ncol"}), half_with(ncol=1), half_with(ncol=1, value=3))
    # next background == previous number colour
    assert valid(always({"cross": ["bg", "ncol"]}), half_with(ncol=2), half_with(bg=2))
    assert not valid(always({"cross": ["bg", "ncol"]}), half_with(ncol=2), half_with(bg=1))
    # cmp is not cyclic
    assert valid(always({"cmp": "value", "op": ">"}), half_with(value=3), half_with(value=4))
    assert not valid(always({"cmp": "value", "op": ">"}), half_with(value=9), half_with(value=0))
    assert valid(always({"cmp": "size", "op": "<"}), half_with(size=1), half_with(size=0))


def test_and_or_not_any_none():
    both = always({"and": [{"same": "bg"}, {"same": "size"}]})
    either = always({"or": [{"step": 1}, {"step": -1}]})
    assert valid(both, half_with(bg=0, size=0), half_with(bg=0, size=0, value=5))
    assert not valid(both, half_with(bg=0, size=0), half_with(bg=0, size=1))
    assert valid(either, half_with(value=5), half_with(value=4))
    assert valid(either, half_with(value=5), half_with(value=6))
    assert not valid(always({"not": "ANY"}), 0, 1)
    assert not valid(always("NONE"), 0, 1)


def test_first_matching_clause_wins_and_otherwise():
    rule = {"clauses": [{"if": {"parity": "value", "is": "even"}, "then": {"step": 1}},
                        {"if": {"attr": "value", "op": "in", "values": [2, 3]}, "then": "NONE"}],
            "otherwise": {"same": "value"}}
    assert valid(rule, half_with(value=2), half_with(value=3))      # clause 1, not clause 2
    assert not valid(rule, half_with(value=3), half_with(value=4))  # clause 2: nothing
    assert valid(rule, half_with(value=5), half_with(value=5))      # otherwise
    cond = {"clauses": [{"if": {"and": [{"not": {"attr": "bg", "op": "in", "values": ["Y"]}},
                                         {"or": ["TRUE"]}]}, "then": "NONE"}], "otherwise": "ANY"}
    assert valid(cond, half_with(bg=0), 3) and not valid(cond, half_with(bg=1), 3)


def test_extensional_equality_of_different_spellings():
    a = always({"diff": "bg"})
    assert compile_rule(a) == compile_rule(SEED_BG)
    assert compile_rule(always({"not": {"same": "bg"}})) == compile_rule(a)
    assert compile_rule(always({"step": 1})) != compile_rule(always({"step": -1}))
    assert len(compile_rule(a)) == N_HALVES


@pytest.mark.parametrize("bad", [
    None, {}, {"clauses": []}, {"clauses": [{"if": "TRUE"}]},
    always({"step": 10}), always({"same": "shape"}), always({"cmp": "ncol", "op": "<"}),
    always({"attr": "size", "op": "in", "values": ["XL"]}), always({"cross": ["value", "bg"]}),
    always({"attr": "value", "op": "in", "values": [True]}), always({"and": []}),
    {"clauses": [{"if": {"step": 1}, "then": "ANY"}]}, dict(always("ANY"), extra=1),
])
def test_malformed_rules_raise(bad):
    with pytest.raises(RuleError):
        compile_rule(bad)


def test_describe_reads():
    assert "-1" in describe(SEED_STEP)
    assert "background" in describe(SEED_BG)

"""Mission predicates: the small language the mission data (missions.json) is written in.

A mission's `predicate` is a list of clauses, all of which must hold for the finished trick.
Each clause is `[primitive, argument?]`. The primitives see a `TrickFacts` record:

- values: printed values in play order (lists); suits: *effective* suits (a wagered card
  counts as the trump suit, rules digest B4.4); led: the printed suit of the lead card (T6);
  winner: position in play order of the winning card; trump_positions: positions of
  effective trump cards; wagered: whether each card carries a token.

Value tests are "odd", "even" or [op, k] with op in lt/le/gt/ge/eq. Predicates are compiled once
at import time, so evaluating a mission is a couple of plain function calls.
"""

import operator
from collections import namedtuple

from .data import MISSIONS, PROPOSALS

TrickFacts = namedtuple("TrickFacts", "values suits led winner trump_positions wagered")

# op -> a maker of `v op k` tests: one closure per bound, so a value test is a single call
_COMPARISONS = {
    "lt": lambda k: (lambda v: v < k), "le": lambda k: (lambda v: v <= k),
    "gt": lambda k: (lambda v: v > k), "ge": lambda k: (lambda v: v >= k),
    "eq": lambda k: (lambda v: v == k),
}


def compile_test(test):
    """A one-argument predicate over an int from a value test ("odd", "even", [op, k])."""
    if test == "odd":
        return lambda v: v % 2 == 1
    if test == "even":
        return lambda v: v % 2 == 0
    op, bound = test
    return _COMPARISONS[op](bound)


def _middle(values):
    n = len(values)
    if n % 2 or PROPOSALS["middle_card_even_count"] != "both_central":
        return values[n // 2:n // 2 + 1]
    return values[n // 2 - 1:n // 2 + 1]


def _order(kind):
    def ascending(f):
        values = f.values
        return all(map(operator.lt, values, values[1:]))

    def descending(f):
        values = f.values
        return all(map(operator.gt, values, values[1:]))

    def run(f):
        steps = {b - a for a, b in zip(f.values, f.values[1:])}
        return steps == {1} or steps == {-1}
    return {"ascending": ascending, "descending": descending, "run": run}[kind]


def _winner_position(where):
    if where == "first":
        return lambda f: f.winner == 0
    if where == "last":
        return lambda f: f.winner == len(f.values) - 1
    return lambda f: f.winner != 0


def _lead_highest(f):
    lead = f.values[0]
    return all(v <= lead for v, s in zip(f.values[1:], f.suits[1:]) if s == f.led)


def compile_clause(clause):
    """A predicate over TrickFacts for one `[primitive, argument?]` clause."""
    name, arg = clause[0], (clause[1] if len(clause) > 1 else None)
    if name in ("all_values", "middle_values", "winner_value", "sum", "min_value"):
        test = compile_test(arg)
        return {
            "all_values": lambda f: all(map(test, f.values)),
            "middle_values": lambda f: all(map(test, _middle(f.values))),
            "winner_value": lambda f: test(f.values[f.winner]),
            "sum": lambda f: test(sum(f.values)),
            "min_value": lambda f: test(min(f.values)),
        }[name]
    simple = {
        "order": lambda: _order(arg),
        "winner_position": lambda: _winner_position(arg),
        "same_suit": lambda: (lambda f: len(set(f.suits)) == 1),
        "all_in_led_suit": lambda: (lambda f: all(s == f.led for s in f.suits)),
        "distinct_suits_at_least": lambda: (lambda f: len(set(f.suits)) >= arg),
        "distinct_values": lambda: (lambda f: len(set(f.values)) == len(f.values)),
        "any_value": lambda: (lambda f: any(v in arg for v in f.values)),
        "trump_played": lambda: (lambda f: bool(f.trump_positions) == arg),
        "wager_played": lambda: (lambda f: any(f.wagered) == arg),
        "lead_highest_in_led_suit": lambda: _lead_highest,
    }
    if name not in simple:
        raise ValueError(f"unknown mission primitive {name!r}")
    return simple[name]()


def compile_mission(mission):
    """A predicate over TrickFacts for a whole mission (all clauses must hold)."""
    clauses = tuple(compile_clause(c) for c in mission["predicate"])
    if len(clauses) == 1:
        return clauses[0]
    return lambda facts: all(clause(facts) for clause in clauses)


PREDICATES = {mid: compile_mission(m) for mid, m in MISSIONS.items()}
TRUMPS = {mid: m["trump"] for mid, m in MISSIONS.items()}


_make_facts = tuple.__new__  # TrickFacts from a 6-tuple without the namedtuple's Python __new__
CARD_VALUES = tuple(card % 13 + 1 for card in range(52))   # printed value per card id
CARD_SUITS = tuple(card // 13 for card in range(52))       # printed suit per card id


def trick_facts(plays, trump):
    """The TrickFacts of a finished trick (plays = ((seat, card, wagered), ...)); one pass, the
    winner found on the way (the same position as `winning_position`: the first effective
    trump becomes the best card whatever came before, a later one needs a value >= the best's;
    with no trump yet, a card of the led suit needs a strictly higher value)."""
    values, suits, trumps, wagers = [], [], [], []
    card_values, card_suits = CARD_VALUES, CARD_SUITS  # (typed tuples in the build: C reads)
    led = card_suits[plays[0][1]]
    best = best_value = 0
    best_trump = False
    position = 0
    for _, card, wagered in plays:
        value = card_values[card]
        values.append(value)
        wagers.append(wagered)
        suit = card_suits[card]
        if wagered or suit == trump:
            suits.append(trump)
            trumps.append(position)
            if not best_trump or value >= best_value:
                best, best_value, best_trump = position, value, True
        else:
            suits.append(suit)
            if not best_trump and suit == led and (value > best_value or not position):
                best, best_value = position, value
        position += 1
    return _make_facts(TrickFacts, (values, suits, led, best, trumps, wagers))


def winning_position(values, suits, led, trumps):
    """Position of the winning card: highest effective trump (later wins ties), else the
    highest card of the led suit (rules digest B4.5, T7)."""
    if trumps:
        best = trumps[0]
        for i in trumps[1:]:
            if values[i] >= values[best]:
                best = i
        return best
    best = 0
    for i, suit in enumerate(suits):
        if suit == led and values[i] > values[best]:
            best = i
    return best


def judge_trick(plays, mission_id):
    """(winner position, mission success) of a finished trick under a mission."""
    facts = trick_facts(plays, TRUMPS[mission_id])
    return facts.winner, PREDICATES[mission_id](facts)

"""Exact attack odds for Dark Agent, plus a Monte Carlo cross-check over the engine's dice code.

`p_success(bonus, defence, vs_spy=False, rocket_launcher=False)` is the probability (a Fraction)
that an attack with additive `bonus` beats `defence` (or, vs a spy, `defence` + 1d6), counting
four of a kind as a success and, with the Rocket launcher, one die set optimally after the roll.
It enumerates all 6^4 attack outcomes (and the defender's die): pure, no I/O.
"""

import itertools
import math
from fractions import Fraction
from functools import cache

from engine.rng import Rng

from .data import ATTACK_DICE, DIE_SIDES
from .dice import apply_rocket_launcher, is_success, resolve_roll

FACES = range(1, DIE_SIDES + 1)


@cache
def _outcomes(rocket_launcher):
    """Every equally likely attack roll, after the Rocket launcher if held."""
    rolls = itertools.product(FACES, repeat=ATTACK_DICE)
    if rocket_launcher:
        return tuple(apply_rocket_launcher(r) for r in rolls)
    return tuple(rolls)


@cache
def p_fixed(need, rocket_launcher=False):
    """P(success) against a fixed defence with bonus 0 and defence `need`."""
    outcomes = _outcomes(rocket_launcher)
    wins = sum(1 for dice in outcomes if is_success(dice, 0, need))
    return Fraction(wins, len(outcomes))


def p_success(bonus, defence, vs_spy=False, rocket_launcher=False):
    """Exact success probability of an attack as a Fraction."""
    if not vs_spy:
        return p_fixed(defence - bonus, rocket_launcher)
    total = sum(p_fixed(defence + d - bonus, rocket_launcher) for d in FACES)
    return total / DIE_SIDES


def sum_counts():
    """{s: number of 4d6 rolls summing to s} (the N(s) table of the digest)."""
    counts = {}
    for dice in itertools.product(FACES, repeat=ATTACK_DICE):
        counts[sum(dice)] = counts.get(sum(dice), 0) + 1
    return counts


def estimate(bonus, defence, vs_spy=False, rocket_launcher=False, trials=20000, seed=0, z=3.0):
    """Monte Carlo estimate through the engine's dice code: {"p", "low", "high", "trials"}.

    The interval is a Wilson score interval at `z` standard errors.
    """
    rng = Rng(seed)
    wins = 0
    for _ in range(trials):
        wins += resolve_roll(rng, bonus, defence, vs_spy, rocket_launcher)[0]
    p = wins / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return {"p": p, "low": centre - half, "high": centre + half, "trials": trials}


def odds_table(bonuses, defences, vs_spy=False, rocket_launcher=False):
    """{bonus: {defence: Fraction}} for a grid of bonuses and defences."""
    return {a: {d: p_success(a, d, vs_spy, rocket_launcher) for d in defences} for a in bonuses}

"""Exact attack odds against the digest's tables (A16), and the Monte Carlo cross-check."""

from fractions import Fraction as F

import pytest

from engine.darkagent import odds
from engine.darkagent.dice import apply_rocket_launcher, is_success

# digest A16: x -> (P(sum >= x), P_fix(x), with Rocket launcher)
FIXED_TABLE = {
    8: (F(1261, 1296), F(631, 648), F(1)),
    10: (F(65, 72), F(293, 324), F(1)),
    12: (F(493, 648), F(247, 324), F(215, 216)),
    13: (F(287, 432), F(2, 3), F(71, 72)),
    14: (F(721, 1296), F(181, 324), F(26, 27)),
    15: (F(575, 1296), F(289, 648), F(199, 216)),
    16: (F(145, 432), F(73, 216), F(31, 36)),
    18: (F(103, 648), F(35, 216), F(143, 216)),
    20: (F(35, 648), F(37, 648), F(5, 12)),
    22: (F(5, 432), F(5, 324), F(5, 24)),
    24: (F(1, 1296), F(1, 216), F(7, 72)),
    25: (F(0), F(1, 216), F(7, 72)),
    40: (F(0), F(1, 216), F(7, 72)),
}

FIXED_GRID = {  # A \ D, rounded to 3 places
    2: [0.904, 0.762, 0.559, 0.338, 0.162, 0.057, 0.015],
    3: [0.948, 0.843, 0.667, 0.446, 0.242, 0.100, 0.031],
    5: [0.989, 0.948, 0.843, 0.667, 0.446, 0.242, 0.100],
    7: [1.000, 0.989, 0.948, 0.843, 0.667, 0.446, 0.242],
    8: [1.000, 0.997, 0.974, 0.904, 0.762, 0.559, 0.338],
    10: [1.000, 1.000, 0.997, 0.974, 0.904, 0.762, 0.559],
}
SPY_GRID = {  # A \ B with D = B + 1d6
    2: [0.903, 0.780, 0.602, 0.402, 0.224, 0.101, 0.036],
    3: [0.942, 0.850, 0.697, 0.502, 0.308, 0.155, 0.062],
    5: [0.985, 0.942, 0.850, 0.697, 0.502, 0.308, 0.155],
    7: [0.998, 0.985, 0.942, 0.850, 0.697, 0.502, 0.308],
    8: [0.999, 0.993, 0.969, 0.903, 0.780, 0.602, 0.402],
    10: [1.000, 0.999, 0.993, 0.969, 0.903, 0.780, 0.602],
}


def test_sum_counts_match_the_digest():
    expected = [1, 4, 10, 20, 35, 56, 80, 104, 125, 140, 146, 140, 125, 104, 80, 56, 35, 20, 10, 4, 1]
    counts = odds.sum_counts()
    assert [counts[s] for s in range(4, 25)] == expected


@pytest.mark.parametrize("x", sorted(FIXED_TABLE))
def test_fixed_table_exact(x):
    _plain, with_four, rocket = FIXED_TABLE[x]
    assert odds.p_success(0, x) == with_four
    assert odds.p_success(0, x, rocket_launcher=True) == rocket


def test_floor_and_ceiling():
    assert odds.p_success(10, 15) == 1
    assert odds.p_success(0, 99) == F(1, 216)


@pytest.mark.parametrize("bonus", sorted(FIXED_GRID))
def test_fixed_grid(bonus):
    got = [round(float(odds.p_success(bonus, d)), 3) for d in (12, 14, 16, 18, 20, 22, 24)]
    assert got == FIXED_GRID[bonus]


@pytest.mark.parametrize("bonus", sorted(SPY_GRID))
def test_spy_grid(bonus):
    got = [round(float(odds.p_success(bonus, b, vs_spy=True)), 3) for b in (8, 10, 12, 14, 16, 18, 20)]
    assert got == SPY_GRID[bonus]


def test_worked_examples():
    assert odds.p_success(2, 16) == F(181, 324)          # L2 alone vs sentinel D16
    assert odds.p_success(8, 16) == F(631, 648)          # L3 + L5
    assert odds.p_success(5, 20) == F(289, 648)          # objective D20
    assert odds.p_success(7, 20) == F(2, 3)              # after Binoculars
    assert odds.p_success(3, 12, vs_spy=True) == F(301, 432)
    assert odds.p_success(7, 18, vs_spy=True) == F(217, 432)
    assert odds.p_success(9, 18, vs_spy=True) == F(301, 432)


def test_test_vectors():
    assert is_success((3, 3, 3, 3), 0, 30)
    assert is_success((1, 2, 2, 1), 10, 16)
    assert is_success((6, 5, 4, 1), 3, 14 + 5)
    assert not is_success((6, 5, 4, 1), 3, 14 + 6)
    assert apply_rocket_launcher((2, 5, 5, 5)) == (5, 5, 5, 5)
    assert apply_rocket_launcher((1, 2, 3, 4)) == (2, 3, 4, 6)


@pytest.mark.parametrize("bonus,defence,vs_spy,rocket", [
    (2, 16, False, False), (7, 18, True, False), (0, 20, False, True), (3, 14, True, True)])
def test_monte_carlo_agrees_within_its_interval(bonus, defence, vs_spy, rocket):
    exact = float(odds.p_success(bonus, defence, vs_spy, rocket))
    est = odds.estimate(bonus, defence, vs_spy, rocket, trials=20000, seed=bonus * 100 + defence)
    print(f"exact {exact:.4f} estimate {est['p']:.4f} [{est['low']:.4f}, {est['high']:.4f}]")
    assert est["low"] <= exact <= est["high"]


def test_library_api_path():
    import engine
    assert engine.darkagent.odds.p_success(2, 16) == F(181, 324)
    assert engine.darkagent.odds.p_success(7, 18, vs_spy=True, rocket_launcher=False) == F(217, 432)

"""The match RNG's stream is part of every saved match: these pinned values must never change
(a change would alter every golden playthrough and every stored match's future)."""

import pytest

from engine.rng import Rng


def test_raw_draws_are_pinned():
    rng = Rng(42)
    assert [rng.next64() for _ in range(3)] == [
        9129838320742759465, 2139811525164838579, 4875857236239627170]
    assert rng.counter == 3


def test_dice_are_pinned_and_counted():
    rng = Rng(7)
    assert [rng.randbelow(6) for _ in range(12)] == [2, 2, 1, 0, 4, 5, 0, 5, 1, 0, 5, 1]
    assert rng.counter == 12


def test_fork_is_pinned_and_draws_nothing():
    rng = Rng(9)
    assert rng.fork(3).to_json() == {"seed": 14016160603282362391, "counter": 0}
    assert rng.counter == 0


def test_json_round_trip_continues_the_stream():
    rng = Rng(5)
    rng.randbelow(10)
    copy = Rng.from_json(rng.to_json())
    assert [copy.randbelow(1000) for _ in range(20)] == [rng.randbelow(1000) for _ in range(20)]


@pytest.mark.parametrize("n", [1, 2, 3, 5000, 2 ** 63 + 5])
def test_randbelow_stays_in_range(n):
    rng = Rng(11)
    assert all(0 <= rng.randbelow(n) < n for _ in range(200))


@pytest.mark.parametrize("n", [0, -1])
def test_randbelow_rejects_empty_ranges(n):
    with pytest.raises(ValueError):
        Rng(1).randbelow(n)

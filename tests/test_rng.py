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


@pytest.mark.parametrize("n", [0, -1, 2 ** 64 + 1, 2 ** 80])  # empty, or wider than a draw
def test_randbelow_rejects_empty_and_too_wide_ranges(n):
    with pytest.raises(ValueError):
        Rng(1).randbelow(n)  # (a range wider than 2**64 looped for ever before)


@pytest.mark.parametrize("start", [0, 4090])  # the counter crosses the precomputed table's end
def test_a_batch_of_draws_is_the_stream_drawn_one_by_one(start):
    one, batch = Rng(11, start), Rng(11, start)
    assert batch.draws(12) == [one.next64() for _ in range(12)]
    assert batch.counter == one.counter == start + 12
    assert batch.draws(0) == [] and batch.counter == start + 12


def test_choice_draws_what_randbelow_draws():
    one, other = Rng(3), Rng(3)
    items = list(range(5000))  # 5000: past randbelow's cached limits too
    for size in (1, 2, 7, 60, 4097, 5000):
        assert [one.choice(items[:size]) for _ in range(20)] == [
            items[other.randbelow(size)] for _ in range(20)]
    assert one.counter == other.counter
    with pytest.raises((IndexError, ValueError)):
        Rng(1).choice([])


@pytest.mark.parametrize("n", [4096, 5000, 2 ** 40 + 3, 2 ** 62 - 1, 2 ** 63 + 5, 2 ** 64 - 1, 2 ** 64])
def test_a_wide_randbelow_draws_what_the_rejection_rule_says(n):
    """randbelow's 64-bit path (C integers in the compiled build: a shuffle's block of swaps) and
    its arbitrary-size path both take the first raw draw at or below 2**64 - 2**64 % n - 1,
    modulo n."""
    rng, raw = Rng(23), Rng(23)
    limit = 2 ** 64 - 2 ** 64 % n - 1
    for _ in range(50):
        z = raw.next64()
        while z > limit:
            z = raw.next64()
        assert rng.randbelow(n) == z % n
    assert rng.counter == raw.counter

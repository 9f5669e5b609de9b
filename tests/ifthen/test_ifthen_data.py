"""Data checks: the proposed deck, the curated challenges, the generator, set-up sizes."""

from collections import Counter

import pytest

from engine import Rng
from engine.ifthen.challenges import (
    CURATED,
    check_challenge,
    lower_level_tables,
    playable_counts,
    valid_rate,
)
from engine.ifthen.data import EVENTS, HALVES, HOUSE_RULES
from engine.ifthen.generator import generate_challenge, level0_shape_tables

from .helpers import fresh


def test_deck_is_the_digest_proposal():
    assert len(HALVES) == 120 and len(set(HALVES)) == 120
    assert Counter(h[0] for h in HALVES) == {v: 12 for v in range(10)}
    assert Counter(h[1] for h in HALVES) == {s: 40 for s in range(3)}
    assert Counter((h[2], h[3]) for h in HALVES) == {p: 20 for p in Counter((h[2], h[3]) for h in HALVES)}
    assert len({(h[2], h[3]) for h in HALVES}) == 6
    assert all(h[2] != h[3] for h in HALVES)  # number colour never equals background


def test_level_zero_has_the_four_cards_of_the_component_list():
    """Digest B2: 4 Level-0 challenge cards, each one unconditional clause on one attribute
    with a simple relation; the four relations the digest names appear once each."""
    level0 = CURATED[0]
    assert [c.id for c in level0] == ["L0-1", "L0-2", "L0-3", "L0-8"]
    thens = [c.rule["clauses"][0]["then"] for c in level0]
    assert thens == [{"step": -1}, {"diff": "bg"}, {"same": "ncol"}, {"diffParity": True}]
    assert all(len(c.rule["clauses"]) == 1 and c.rule.get("otherwise", "ANY") == "ANY"
               for c in level0)
    assert {c.table for c in level0} <= level0_shape_tables()


def test_no_level_zero_shape_above_level_zero():
    shapes = level0_shape_tables()
    assert not [c.id for lv in (1, 2, 3) for c in CURATED[lv] if c.table in shapes]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_at_least_ten_curated_challenges_per_level(level):
    assert len(CURATED[level]) >= 10
    assert all(c.level == level and len(c.hints) == 2 and len(set(c.hints)) == 2
               for c in CURATED[level])


@pytest.mark.parametrize("challenge", [c for lv in CURATED.values() for c in lv],
                         ids=lambda c: c.id)
def test_curated_challenge_has_no_dead_end_and_sane_rate(challenge):
    problems = check_challenge(challenge, HOUSE_RULES["curated_valid_rate"],
                               lower_level_tables(challenge.level))
    assert problems == []
    assert min(playable_counts(challenge.table)) >= HOUSE_RULES["min_playable_cards"]


def test_curated_challenges_are_extensionally_distinct():
    tables = [c.table for lv in CURATED.values() for c in lv]
    assert len(set(tables)) == len(tables)


def test_seed_examples_are_curated_with_their_hints():
    step, bg = CURATED[0][0], CURATED[0][1]
    assert step.rule["clauses"][0]["then"] == {"step": -1} and step.hints == ("x", "triangle")
    assert bg.rule["clauses"][0]["then"] == {"diff": "bg"} and bg.hints == ("triangle", "square")
    assert "does NOT involve the background" in step.hint_texts["triangle"]
    assert "involves the value" in step.hint_texts["x"]


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_generator_per_level_passes_the_checks(level):
    lower = lower_level_tables(level) | (level0_shape_tables() if level else set())
    for seed in range(8):
        challenge = generate_challenge(level, Rng(seed))
        assert challenge.level == level
        assert check_challenge(challenge, HOUSE_RULES["generated_valid_rate"], lower) == []
        assert HOUSE_RULES["generated_valid_rate"][0] <= valid_rate(challenge.table)


def test_generator_is_deterministic():
    assert generate_challenge(3, Rng(5)).key == generate_challenge(3, Rng(5)).key


def test_twenty_events():
    assert [e["id"] for e in EVENTS] == list(range(1, 21))
    assert {e["kind"] for e in EVENTS} == {"instant", "round", "keep"}


# digest B5: draw-deck size after set-up, by codebreakers and level
DECK_SIZES = {2: (25, 25, 35, 45), 3: (25, 25, 35, 45), 4: (22, 22, 32, 42),
              5: (19, 19, 29, 39), 6: (16, 16, 26, 36)}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_setup_sizes(players, level):
    state = fresh(players, level=level)
    assert len(state.deck) == DECK_SIZES[players][level]
    assert len(state.boxed) == (25, 25, 15, 5)[level]
    assert all(len(h) == (6 if players == 2 else 3) for h in state.hands)
    assert len(state.market) == 3 and len(state.line) == 1 and state.phase == "turn"
    assert len(state.hands) == players - 1
    everything = state.deck + state.boxed + tuple(c for h in state.hands for c in h)
    everything += tuple(c for c, _ in state.market) + (state.line[0][0],)
    assert sorted(everything) == list(range(60))
    assert state.challenge in {c.key for c in CURATED[level]}
    assert sorted(state.event_deck) == list(range(1, 21))

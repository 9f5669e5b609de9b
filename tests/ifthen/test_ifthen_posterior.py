"""Search bots on generated challenges: posterior determinizations, the playout policy, the cut-off
evaluation (engine/ifthen/posterior.py, rollout.py)."""

import gc
import json
from dataclasses import replace

import pytest

import engine
from engine import Rng
from engine.bots import choose_action, ismcts, validate_bot
from engine.ifthen import challenges, posterior, rollout
from engine.ifthen.challenges import challenge_from_key
from engine.ifthen.posterior import PosteriorChallenge
from engine.ifthen.state import cb_seat

from .helpers import RULES, craft, fresh

GENERATED = {"level": 3, "challenges": "generated"}


def turn_state(seed=1, **changes):
    """A generated level-3 match at its first codebreaker turn, with fields replaced."""
    state = fresh(players=3, seed=seed, **GENERATED)
    assert state.phase == "turn" and state.challenge
    return craft(state, **changes) if changes else state


def top(state):
    card, orient = state.line[-1]
    return 2 * card + orient


def view_of(state):
    seat = cb_seat(state, state.turn)
    return RULES.view(state, seat), seat


def test_every_draw_keeps_the_public_judgments():
    state = turn_state()
    prev = top(state)
    judged = (("play", prev, 10, -1, True), ("play", prev, 11, -1, False),
              ("inspect", prev, 20, -1, True), ("discard", prev, 30, 31, False),
              ("discard", prev, 40, 41, True), ("play", 7, 50, -1, False))
    view, seat = view_of(craft(state, judgments=judged))
    sample = rollout.belief_sampler(RULES, view, seat)
    for k in range(200):
        drawn = challenge_from_key(sample(view, seat, Rng(k)).challenge)
        assert isinstance(drawn, PosteriorChallenge)
        assert drawn.is_valid(prev, 10) and not drawn.is_valid(prev, 11)
        assert drawn.is_valid(prev, 20)
        assert not drawn.is_valid(prev, 30) and not drawn.is_valid(prev, 31)
        assert drawn.card_valid(prev, 20)  # half 40/41 is card 20: actually valid, one half at least
        assert not drawn.is_valid(7, 50)


def test_unjudged_pairs_are_drawn_from_the_calibrated_model_and_answer_the_same_each_time():
    state = turn_state()
    view, seat = view_of(state)
    sample = rollout.belief_sampler(RULES, view, seat)
    prev, halves = top(state), (0, 33, 77, 119)
    counts = dict.fromkeys(halves, 0)
    for k in range(300):
        drawn = challenge_from_key(sample(view, seat, Rng(k)).challenge)
        for half in halves:
            counts[half] += drawn.is_valid(prev, half)
        if k == 5:
            first = drawn
    beliefs = first.beliefs
    for half in halves:
        assert abs(counts[half] / 300 - beliefs.probability(prev, half)) < 0.12
    assert any(0 < count < 300 for count in counts.values())  # a real draw, not a constant table
    again = challenge_from_key(sample(view, seat, Rng(5)).challenge)
    for p in (60, 1):  # the same seed gives the same table, whatever order it is asked in
        for h in range(117, -1, -9):
            assert again.is_valid(p, h) == first.is_valid(p, h)


def test_a_posterior_table_is_never_a_right_guess_and_lives_as_long_as_its_decision():
    state = turn_state()
    view, seat = view_of(state)
    sample = rollout.belief_sampler(RULES, view, seat)
    keys = [sample(view, seat, Rng(k)).challenge for k in range(posterior.KEEP_DRAWS + 50)]
    drawn = challenge_from_key(keys[-1])
    assert all(drawn.table != c.table for c in challenges.CURATED[3])
    gc.collect()
    assert sum(key in challenges._POSTERIOR for key in keys) == posterior.KEEP_DRAWS  # bounded
    with pytest.raises(LookupError):
        challenge_from_key(keys[0])  # an old draw is gone, with a clear error
    del sample, drawn
    gc.collect()
    assert not any(key in challenges._POSTERIOR for key in keys)


def test_the_sampled_state_renders_the_seats_own_view():
    state = turn_state(seed=4)
    view, seat = view_of(state)
    sample = rollout.belief_sampler(RULES, view, seat)
    assert RULES.view(sample(json.loads(json.dumps(view)), seat, Rng(9)), seat) == view


def test_the_belief_sampler_applies_only_to_an_unseen_chosen_generated_challenge():
    state = turn_state()
    view, seat = view_of(state)
    assert ismcts._sampler(RULES, view, seat, 1) is not RULES.sample_state
    assert ismcts._sampler(RULES, view, seat, 0) == RULES.sample_state
    curated = fresh(players=3, seed=1, level=3)
    assert rollout.belief_sampler(RULES, view_of(curated)[0], view_of(curated)[1]) is None
    human_ak = fresh(players=3, seed=1, allKnowing="seat", **GENERATED)
    assert rollout.belief_sampler(RULES, RULES.view(human_ak, 0), 0) is None  # it sees the rule


def test_the_playout_policy_plays_a_judged_valid_card_discards_a_dead_one_and_never_hints():
    state = turn_state()
    prev = top(state)
    hand = state.hands[state.turn]
    good, dead = hand[0], hand[1]
    judged = (("play", prev, 2 * good + 1, -1, True), ("play", prev, 2 * dead, -1, False),
              ("play", prev, 2 * dead + 1, -1, False))
    state = craft(state, judgments=judged)
    view, seat = view_of(state)
    sampled = rollout.belief_sampler(RULES, view, seat)(view, seat, Rng(2))
    actions = RULES.legal_actions(sampled, seat)
    assert rollout.choose(RULES, sampled, seat, actions, Rng(1)) == \
        {"type": "play", "card": good, "orient": 1}
    others = [a for a in actions if a.get("card") != good]
    assert rollout.choose(RULES, sampled, seat, others, Rng(1)) == {"type": "discard", "card": dead}
    assert rollout.choose(RULES, state, seat, actions, Rng(1)) is None  # a real rule: not its job


def test_the_evaluation_falls_with_cards_in_hand_and_the_penalty():
    state = turn_state()
    values = RULES.evaluate(state)
    assert set(values) == {cb_seat(state, i) for i in range(state.n_cb)}
    assert all(0 < v < 1 for v in values.values())
    fewer = craft(state, hands=tuple(hand[:1] for hand in state.hands))
    assert RULES.evaluate(fewer)[0] > values[0]
    penalised = craft(state, invalid=((0, 1, 0),) * 12)
    assert RULES.evaluate(penalised)[0] < values[0]
    against = fresh(players=4, seed=1, allKnowing="seat", mastermind=True, level=1)
    against = craft(against, allegiance="FALSE", phase="turn")
    scores = RULES.evaluate(against)
    assert abs(scores[0] - (1 - scores[1])) < 1e-9


def test_ismcts_on_generated_challenges_is_legal_blind_and_reproducible():
    """The default search (paired, posterior deals, cut playouts) over a few real turns: its move
    is legal and depends only on the seat's view (another deal with the same view: same move)."""
    spec = validate_bot("ifthen", {"bot": "ismcts", "iterations": 40})
    match = engine.start("ifthen", {"players": 3, **GENERATED}, 31)
    for step in range(6):
        seat = engine.to_move(match)[0]
        view = engine.render(match, seat)
        other = RULES.sample_state(json.loads(json.dumps(view["state"])), seat, Rng(step + 70))
        first = choose_action("ifthen", spec, view, seat, Rng(7))
        assert first in view["legal_actions"]
        again = choose_action("ifthen", spec, engine.render(replace(match, state=other), seat),
                              seat, Rng(7))
        assert first == again
        match = engine.step(match, seat, first)


def test_a_cut_in_the_middle_of_a_penalty_counts_the_cards_still_to_draw():
    state = turn_state()
    pending = craft(state, phase="penalty", penalty_left=3)
    assert RULES.evaluate(pending)[0] < RULES.evaluate(state)[0]


def test_the_root_shortlist_is_the_heuristics_move_and_the_card_events():
    from engine.ifthen.data import EV_FREE_SHRED, EV_INSPECTION, EV_PASS
    state = turn_state(held=(EV_INSPECTION, EV_FREE_SHRED, EV_PASS))
    view, seat = view_of(state)
    legal = RULES.legal_actions(state, seat)
    favourite = [a for a in legal if a["type"] == "play"][-1]
    short = rollout.root_actions(view, legal, favourite)
    assert short[0] == favourite and all(a in legal for a in short)
    assert [a["type"] for a in short[1:]] == ["use_event"] * (len(short) - 1)
    assert {a["event"] for a in short[1:]} == {EV_INSPECTION, EV_FREE_SHRED}
    penalty = craft(state, phase="penalty", penalty_left=2)
    draws = RULES.legal_actions(penalty, seat)
    assert rollout.root_actions(RULES.view(penalty, seat), draws, draws[-1]) == [draws[-1]]
    curated = fresh(players=3, seed=1, level=3)
    curated_view, curated_seat = view_of(curated)
    curated_legal = RULES.legal_actions(curated, curated_seat)
    assert rollout.root_actions(curated_view, curated_legal, curated_legal[0]) == [curated_legal[0]]
    human_ak = fresh(players=3, seed=1, allKnowing="seat", **GENERATED)
    ak_legal = RULES.legal_actions(human_ak, 0)
    assert rollout.root_actions(RULES.view(human_ak, 0), ak_legal, ak_legal[0]) is None

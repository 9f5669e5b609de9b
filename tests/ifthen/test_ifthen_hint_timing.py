"""Issue 25 / seed 002: while penalty 2 or 3 is active a hint may be asked for at any time: by
any codebreaker (not only the one on turn), as many as the penalty grants, and again after a
refusal once something else has happened (the bound that keeps playouts finite)."""

import pytest

import engine
from engine.core import Match
from engine.errors import NotYourTurn

from .helpers import RULES, act, craft, playing_state
from .test_ifthen_team import with_invalid

HINT = {"type": "hint"}


def test_a_codebreaker_off_turn_may_propose_a_hint():
    state = with_invalid(playing_state(players=4), 3)
    assert state.turn == 0 and RULES.to_move(state) == (0,)
    assert RULES.off_turn_actions(state, 2) == [HINT]
    state, evs = act(state, 2, HINT)
    assert evs[0]["public"]["hint_proposed"] == 2
    assert state.phase == "hint_vote" and RULES.to_move(state) == (0, 1)
    state, _ = act(state, 0, {"type": "approve"})
    state, _ = act(state, 1, {"type": "approve"}, seed=2)
    assert state.phase == "turn" and state.turn == 0 and len(state.hints_revealed) == 1


def test_off_turn_proposal_goes_through_engine_step_and_the_view():
    state = with_invalid(playing_state(players=3), 3)
    match = Match("ifthen", RULES.validate_options({"players": 3}), 1, 0, 0, state)
    assert engine.legal_actions(match, 1) == [HINT]
    assert engine.render(match, 1)["legal_actions"] == [HINT]
    with pytest.raises(NotYourTurn):
        engine.step(match, 1, {"type": "play", "card": state.hands[1][0], "orient": 0})
    moved = engine.step(match, 1, HINT)
    assert moved.version == 1 and moved.state.phase == "hint_vote"
    assert moved.state.voters == (0,)
    assert engine.legal_actions(moved, 1) == []  # no second proposal while one is voted on


def test_both_hints_in_one_turn_at_penalty_three():
    state = with_invalid(playing_state(players=2), 6)
    state, _ = act(state, 0, HINT, seed=1)
    assert len(state.hints_revealed) == 1
    assert HINT in RULES.legal_actions(state, 0)
    state, _ = act(state, 0, HINT, seed=2)
    assert len(state.hints_revealed) == 2 and state.turn == 0


def test_second_hint_by_another_codebreaker_in_the_same_turn():
    state = with_invalid(playing_state(players=3), 6)
    state, _ = act(state, 0, HINT)
    state, _ = act(state, 1, {"type": "approve"}, seed=1)
    assert len(state.hints_revealed) == 1 and state.phase == "turn"
    assert RULES.off_turn_actions(state, 1) == [HINT]
    state, _ = act(state, 1, HINT)
    state, _ = act(state, 0, {"type": "approve"}, seed=2)
    assert len(state.hints_revealed) == 2 and state.turn == 0


def test_a_refused_proposal_may_be_made_again_after_another_action():
    state = with_invalid(playing_state(players=3), 3)
    state, _ = act(state, 0, HINT)
    state, _ = act(state, 1, {"type": "refuse"})
    assert HINT not in RULES.legal_actions(state, 0)       # not at once: bounded
    assert RULES.off_turn_actions(state, 1) == [HINT]       # another codebreaker may
    assert RULES.view(state, None)["hint_refused"] == [0]
    card = state.hands[0][0]
    state, _ = act(state, 0, {"type": "discard", "card": card})
    if state.phase == "turn" and state.turn == 0:
        assert HINT in RULES.legal_actions(state, 0)
    else:
        assert state.hint_refused == 0


def test_no_hint_off_turn_below_penalty_two_or_during_a_vote_or_penalty():
    state = with_invalid(playing_state(players=3), 2)
    assert RULES.off_turn_actions(state, 1) == []
    state = with_invalid(playing_state(players=3), 3)
    assert RULES.off_turn_actions(craft(state, phase="penalty", penalty_left=2), 1) == []
    assert RULES.off_turn_actions(craft(state, bonus_plays=2), 1) == []

"""The human All Knowing seat and the Mastermind variant."""

import pytest

from engine import Rng
from engine.errors import InvalidOptions
from engine.ifthen.challenges import CURATED

from .helpers import RULES, act, card_both, craft, fresh, with_hand

MM = {"mastermind": True, "allKnowing": "seat"}


def test_mastermind_needs_a_seat_and_three_players():
    with pytest.raises(InvalidOptions):
        RULES.validate_options({"players": 4, "mastermind": True})
    with pytest.raises(InvalidOptions):
        RULES.validate_options({"players": 2, **MM})
    assert RULES.seat_count(RULES.validate_options({"players": 4, **MM})) == 4
    assert RULES.seat_count(RULES.validate_options({"players": 4})) == 3


def test_human_all_knowing_orients_the_start_card_and_wins_with_the_team():
    state = fresh(3, allKnowing="seat")
    assert state.phase == "orient" and RULES.to_move(state) == (0,) and state.line == ()
    assert "challenge" in RULES.view(state, 0) and "challenge" not in RULES.view(state, 1)
    start = state.start_card
    state, _ = act(state, 0, {"type": "orient", "orient": 1})
    assert state.line == ((start, 1),) and RULES.to_move(state) == (1,)
    won = craft(state, result="win", reason="test")
    assert RULES.outcome(won)["winners"] == [0, 1, 2]


def test_mastermind_setup_keeps_spares_as_the_all_knowing_deck():
    state = fresh(4, level=2, **MM)
    assert len(state.ak_hand) == 3 and len(state.ak_deck) == 12 and state.boxed == ()
    assert state.phase == "choose_challenge" and len(state.challenge_options) == 2
    assert set(state.challenge_options) <= {c.key for c in CURATED[2]}
    kept = state.challenge_options[1]
    state, _ = act(state, 0, {"type": "choose_challenge", "index": 1})
    assert state.challenge == kept and state.phase == "allegiance"
    state, evs = act(state, 0, {"type": "allegiance", "side": "FALSE"})
    assert evs[0]["private"]["0"] == {"allegiance": "FALSE"} and "FALSE" not in str(evs[0]["public"])
    assert "allegiance" not in RULES.view(state, 1) and RULES.view(state, 0)["allegiance"] == "FALSE"
    state, _ = act(state, 0, {"type": "orient", "orient": 0})
    assert state.phase == "turn" and RULES.to_move(state) == (1,)


def mastermind_in_play(side="TRUE"):
    """A Mastermind state in the codebreakers' play with the All Knowing set up."""
    state = fresh(3, level=0, **MM)
    for action in ({"type": "choose_challenge", "index": 0}, {"type": "allegiance", "side": side},
                   {"type": "orient", "orient": 0}):
        state, _ = act(state, 0, action)
    return state


def test_all_knowing_turn_after_the_round_event_then_swap():
    state = craft(mastermind_in_play(), event_deck=(12,))
    for seat in (1, 2):
        card = state.hands[seat - 1][0]
        state = craft(state, challenge=state.challenge)
        state, _ = act(state, seat, {"type": "use_event", "event": 15}) if 15 in state.held else (
            state, None)
        state = craft(state, held=(15,))
        state, _ = act(state, seat, {"type": "use_event", "event": 15})
        assert card in state.hands[seat - 1]
    assert state.phase == "ak_turn" and state.current_event == 12 and RULES.to_move(state) == (0,)
    actions = RULES.legal_actions(state, 0)
    assert {"type": "cycle"} in actions and actions[0]["type"] == "swap"
    mine, taken = state.ak_hand[0], state.market[2][0]
    after, _evs = act(state, 0, {"type": "swap", "card": mine, "slot": 2, "orient": 1})
    assert after.market[2] == (mine, 1) and taken in after.ak_hand and after.ak_known == (taken,)
    assert after.phase == "turn" and RULES.to_move(after) == (1,)
    drawn, _ = act(state, 0, {"type": "cycle"})
    assert drawn.phase == "ak_bottom" and len(drawn.ak_hand) == 4
    assert "card" not in str(_[0]["public"])
    bottom = drawn.ak_hand[0]
    done, _ = act(drawn, 0, {"type": "bottom", "card": bottom})
    assert done.ak_deck[-1] == bottom and len(done.ak_hand) == 3 and done.phase == "turn"


@pytest.mark.parametrize("side,result,ak_wins", [
    ("TRUE", "win", True), ("TRUE", "loss", False), ("FALSE", "win", False), ("FALSE", "loss", True)])
def test_who_wins_in_mastermind(side, result, ak_wins):
    state = craft(mastermind_in_play(side), result=result, reason="test")
    outcome = RULES.outcome(state)
    assert (0 in outcome["winners"]) == ak_wins
    assert (1 in outcome["winners"]) == (result == "win")
    assert RULES.view(state, 1)["allegiance"] == side  # revealed at the end


def test_all_knowing_does_not_see_hands_and_judging_stays_automatic():
    state = mastermind_in_play()
    view = RULES.view(state, 0)
    assert "hand" not in view and all(h["revealed"] == [] for h in view["hands"])
    card = card_both(lambda v, s, n, b: True, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    assert RULES.to_move(state) == (1,)
    state, evs = act(state, 1, {"type": "discard", "card": card})
    assert "actually_valid" in evs[0]["public"]
    assert RULES.sample_state(RULES.view(state, 0), 0, Rng(2)).challenge == state.challenge

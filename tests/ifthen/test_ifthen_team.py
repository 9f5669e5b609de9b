"""Scenario tests for hints (consent, costs, levels) and guesses (timing, judging, costs)."""

import pytest

from engine.errors import IllegalAction, InvalidAction
from engine.ifthen.challenges import CURATED_BY_ID, candidate_ids, challenge_from_key

from .helpers import DIFF_BG, RULES, act, craft, playing_state

DIFF_BG_GUESS = {"clauses": [{"if": "TRUE", "then": {"not": {"same": "bg"}}}], "otherwise": "ANY"}
WRONG_GUESS = {"clauses": [{"if": "TRUE", "then": {"same": "ncol"}}], "otherwise": "ANY"}


def with_invalid(state, count):
    """The state with `count` boxed cards lying beside the code line."""
    return craft(state, invalid=tuple((0, c, 0) for c in state.boxed[:count]))


def test_no_hint_below_penalty_two():
    state = with_invalid(playing_state(), 2)
    assert {"type": "hint"} not in RULES.legal_actions(state, 0)


def test_hint_needs_every_codebreaker_and_costs_three():
    state = with_invalid(playing_state(players=4), 3)
    deck = state.deck
    state, _ = act(state, 0, {"type": "hint"})
    assert state.phase == "hint_vote" and RULES.to_move(state) == (1, 2)
    assert RULES.legal_actions(state, 1) == [{"type": "approve"}, {"type": "refuse"}]
    state, _ = act(state, 2, {"type": "approve"})
    assert RULES.to_move(state) == (1,)
    state, evs = act(state, 1, {"type": "approve"}, seed=3)
    assert state.phase == "turn" and state.turn == 0 and state.deck == deck[3:]
    assert state.burned == deck[:3] and len(state.hints_revealed) == 1
    symbol = state.hints_revealed[0]
    assert symbol in challenge_from_key(DIFF_BG).hints
    assert evs[-1]["public"]["hint"] == symbol
    assert RULES.view(state, 1)["hints_revealed"][0][0] == symbol
    assert {"type": "hint"} not in RULES.legal_actions(state, 0)  # second needs penalty 3


def test_a_refusal_cancels_the_hint():
    state = with_invalid(playing_state(players=3), 3)
    state, _ = act(state, 0, {"type": "hint"})
    state, _ = act(state, 1, {"type": "refuse"})
    assert state.phase == "turn" and state.hints_revealed == () and state.hint_asked
    assert {"type": "hint"} not in RULES.legal_actions(state, 0)  # not again until something happens


def test_second_hint_costs_six_at_penalty_three_and_solo_needs_no_vote():
    state = with_invalid(playing_state(players=2), 6)
    state, _ = act(state, 0, {"type": "hint"}, seed=1)
    assert len(state.hints_revealed) == 1 and len(state.burned) == 3
    deck = state.deck
    state, _ = act(state, 0, {"type": "hint"}, seed=2)
    assert set(state.hints_revealed) == set(challenge_from_key(DIFF_BG).hints)
    assert state.deck == deck[6:]


def test_hint_needs_a_deck_that_can_pay():
    state = with_invalid(playing_state(players=2), 3)
    state = craft(state, deck=state.deck[:2])
    assert {"type": "hint"} not in RULES.legal_actions(state, 0)


def test_cheap_intel_makes_the_next_hint_free():
    state = with_invalid(playing_state(players=2, held=(18,)), 3)
    state, _ = act(state, 0, {"type": "use_event", "event": 18})
    deck = state.deck
    state, _ = act(state, 0, {"type": "hint"})
    assert state.deck == deck and len(state.hints_revealed) == 1 and not state.free_hint


def test_guess_only_when_one_codebreaker_holds_cards():
    state = playing_state(players=3)
    assert not [a for a in RULES.legal_actions(state, 0) if a["type"] == "guess"]
    with pytest.raises(IllegalAction):
        RULES.check_action(state, 0, {"type": "guess", "rule": DIFF_BG_GUESS})
    state = craft(state, hands=(state.hands[0], ()))
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "guess"]


def test_correct_guess_in_any_spelling_wins_with_a_master_code_breaker():
    state = playing_state(players=2)
    state, _evs = act(state, 0, {"type": "guess", "rule": DIFF_BG_GUESS})
    assert state.result == "win" and state.master == 0
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [0] and "Master Code Breaker" in outcome["seats"][0]["reason"]


def test_wrong_guess_costs_double_penalty_solo_once_per_turn():
    state = playing_state(players=2)
    deck = state.deck
    state, evs = act(state, 0, {"type": "guess", "rule": WRONG_GUESS})
    assert state.result == "" and state.deck == deck[4:] and evs[0]["public"]["cost"] == 4
    assert state.wrong_guesses and not [a for a in RULES.legal_actions(state, 0)
                                        if a["type"] == "guess"]
    assert "L0-3" not in candidate_ids(0, state.candidates)  # L0-3 is "same number colour"


def test_wrong_guess_with_two_codebreakers_costs_the_penalty_once():
    state = with_invalid(playing_state(players=3), 3)
    state = craft(state, hands=(state.hands[0], ()))
    deck = state.deck
    state, _ = act(state, 0, {"type": "guess", "rule": WRONG_GUESS})
    assert state.deck == deck[3:]


def test_wrong_guess_that_cannot_be_paid_loses():
    state = playing_state(players=2)
    state = craft(state, deck=state.deck[:3])
    state, _ = act(state, 0, {"type": "guess", "rule": WRONG_GUESS})
    assert state.result == "loss"


def test_malformed_guess_is_invalid():
    state = playing_state(players=2)
    with pytest.raises(InvalidAction):
        RULES.check_action(state, 0, {"type": "guess", "rule": {"clauses": "nope"}})


def test_listed_guesses_are_the_consistent_curated_challenges():
    state = playing_state(players=2)
    guesses = [a["rule"] for a in RULES.legal_actions(state, 0) if a["type"] == "guess"]
    assert len(guesses) == len(candidate_ids(0, state.candidates)) == 4
    # after a valid play of a same-background card, "different background" is ruled out
    from engine.ifthen.data import HALVES

    from .helpers import card_where, with_hand
    card, orient = card_where(lambda v, s, n, b: b != 0, exclude={state.line[0][0]})
    state = craft(with_hand(state, 0, [card, state.hands[0][1]]), challenge=CURATED_BY_ID["L0-8"].key)
    before = state.line[-1]
    state, _evs = act(state, 0, {"type": "play", "card": card, "orient": orient})
    judged = state.judgments[-1]
    assert judged[1] == 2 * before[0] + before[1] and judged[2] == 2 * card + orient
    for cid in candidate_ids(0, state.candidates):
        assert CURATED_BY_ID[cid].is_valid(judged[1], judged[2]) == judged[4]
    assert HALVES[judged[2]]

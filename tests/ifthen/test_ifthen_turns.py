"""Scenario tests for turns: plays, discards, penalties, inactive codebreakers, rounds, win/loss."""

import pytest

from engine.errors import IllegalAction

from .helpers import RULES, act, card_both, card_where, craft, playing_state, with_hand

BG_Y = lambda v, s, n, b: b == 0
BG_NOT_Y = lambda v, s, n, b: b != 0


def test_valid_play_extends_the_code_line_and_passes_the_turn():
    state = playing_state()
    card, orient = card_where(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card] + list(state.hands[0][:2]))
    state, evs = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.line[-1] == (card, orient) and evs[0]["public"]["valid"] is True
    assert state.turn == 1 and state.phase == "turn" and card not in state.hands[0]
    assert state.judgments[-1][0] == "play" and state.judgments[-1][4] is True


def test_invalid_play_goes_beside_the_last_valid_card_and_costs_two():
    state = playing_state()
    card, orient = card_where(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    deck_before = state.deck
    state, evs = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.invalid == ((0, card, orient),) and len(state.line) == 1
    assert state.phase == "penalty" and state.penalty_left == 2
    assert RULES.to_move(state) == (0,)
    taken = state.market[1][0]
    state, evs = act(state, 0, {"type": "draw", "source": "market", "slot": 1})
    assert taken in state.hands[0] and taken in state.revealed   # the market card was public
    assert len(state.market) == 3 and state.market[2] == (deck_before[0], 0)  # refilled from deck
    assert state.phase == "penalty" and state.penalty_left == 1
    state, evs = act(state, 0, {"type": "draw", "source": "deck"})
    assert evs[0]["private"]["0"] == {"cards": [deck_before[1]]} and "cards" not in evs[0]["public"]
    assert deck_before[1] in state.hands[0] and deck_before[1] not in state.revealed
    assert state.phase == "turn" and state.turn == 1


def test_the_rest_of_a_penalty_can_come_from_the_deck_at_once():
    state = playing_state()
    card, orient = card_where(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    deck = state.deck
    state, _ = act(state, 0, {"type": "draw", "source": "deck"})
    assert state.deck == deck[2:] and set(deck[:2]) <= set(state.hands[0])
    short = craft(playing_state(), deck=())
    short = craft(short, phase="penalty", penalty_left=2)
    assert [a["source"] for a in RULES.legal_actions(short, 0)] == ["market"] * 3


@pytest.mark.parametrize("before,draws", [(0, 2), (2, 3), (4, 3), (5, 4), (8, 4)])
def test_penalty_level_is_recomputed_after_placing(before, draws):
    state = playing_state()
    filler = tuple((0, c, 0) for c in state.boxed[:before])
    card, orient = card_where(BG_Y, exclude={state.line[0][0]} | set(state.boxed[:before]))
    state = with_hand(craft(state, invalid=filler), 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.penalty_left == draws


def test_penalty_that_cannot_be_drawn_loses():
    state = playing_state()
    card, orient = card_where(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state = craft(state, deck=(), market=((state.deck[0], 0),))
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.result == "loss" and RULES.outcome(state)["winners"] == []


def test_truly_invalid_discard_is_gone_without_penalty():
    state = playing_state()
    card = card_both(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, evs = act(state, 0, {"type": "discard", "card": card})
    assert state.discard == (card,) and card not in state.hands[0]
    assert evs[0]["public"]["actually_valid"] is False and state.turn == 1


def test_actually_valid_discard_returns_to_hand_revealed_with_penalty():
    state = playing_state()
    card = card_both(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _evs = act(state, 0, {"type": "discard", "card": card})
    assert card in state.hands[0] and card in state.revealed
    assert state.phase == "penalty" and state.penalty_left == 2 and state.invalid == ()
    view = RULES.view(state, 1)
    assert view["hands"][0]["revealed"] == [card]


def test_inactive_codebreakers_are_skipped_and_emptying_all_hands_wins():
    state = playing_state(players=4)
    card, orient = card_where(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card])
    state = craft(state, hands=(state.hands[0], (), state.hands[2]))
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.hands[0] == () and state.turn == 2          # seat 1 has no cards: skipped
    last, last_o = card_where(lambda v, s, n, b: b != HALF_BG(state), exclude={card})
    state = with_hand(state, 2, [last])
    state, _ = act(state, 2, {"type": "play", "card": last, "orient": last_o})
    assert state.result == "win" and RULES.outcome(state)["winners"] == [0, 1, 2]


def HALF_BG(state):
    """The background of the last valid top half."""
    from engine.ifthen.data import HALVES
    card, orient = state.line[-1]
    return HALVES[2 * card + orient][3]


def test_round_ends_after_each_active_codebreaker_with_an_event():
    state = playing_state(players=3, event_deck=(12,))
    for seat in (0, 1):
        card = card_both(BG_Y, exclude={state.line[0][0]} | set(state.discard))
        state = with_hand(state, seat, [card] + [c for c in state.hands[seat] if c != card][:1])
        state, _ = act(state, seat, {"type": "discard", "card": card})
    assert state.current_event == 12 and state.round == 2 and state.turn == 0


def test_solo_event_every_two_turns_and_six_cards():
    state = playing_state(players=2, event_deck=(12,))
    assert len(state.hands[0]) == 6 and RULES.seat_count({"players": 2, "allKnowing": "engine"}) == 1
    card = card_both(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card] + list(state.hands[0][1:]))
    state, _ = act(state, 0, {"type": "discard", "card": card})
    assert state.current_event == 0 and state.turns_in_round == 1
    card = card_both(BG_Y, exclude={state.line[0][0], card})
    state = with_hand(state, 0, [card] + list(state.hands[0][1:]))
    state, _ = act(state, 0, {"type": "discard", "card": card})
    assert state.current_event == 12 and state.round == 2


def test_turn_cap_loses():
    state = playing_state(turns_taken=299)
    card = card_both(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "discard", "card": card})
    assert state.result == "loss" and "turn limit" in state.reason


def test_cards_not_in_hand_are_illegal():
    state = playing_state()
    foreign = state.hands[1][0]
    with pytest.raises(IllegalAction):
        RULES.check_action(state, 0, {"type": "play", "card": foreign, "orient": 0})
    with pytest.raises(IllegalAction):
        RULES.check_action(state, 0, {"type": "draw", "source": "deck"})


def test_a_hand_emptied_mid_round_does_not_cut_the_round_short():
    """4 players: codebreaker 1 empties its hand on the round's second turn; codebreaker 2 must
    still have its turn before the end-of-round event (the old code fired the event at once)."""
    state = playing_state(players=4, event_deck=(12,))
    used = {state.line[0][0]}
    for seat in (0, 1):
        card = card_both(BG_Y, exclude=used)
        used.add(card)
        keep = [c for c in state.hands[seat] if c not in used][:1] if seat == 0 else []
        state = with_hand(state, seat, [card] + keep)
        state, _ = act(state, seat, {"type": "discard", "card": card})
    assert not state.hands[1] and state.current_event == 0 and state.round == 1
    assert state.turn == 2 and state.phase == "turn"
    card = card_both(BG_Y, exclude=used)
    state = with_hand(state, 2, [card] + [c for c in state.hands[2] if c != card][:1])
    state, _ = act(state, 2, {"type": "discard", "card": card})
    assert state.current_event == 12 and state.round == 2 and state.turn == 0


def test_the_round_after_an_emptied_hand_counts_only_active_codebreakers():
    state = playing_state(players=4, event_deck=(12, 7))
    state = craft(state, hands=(state.hands[0], (), state.hands[2]))
    used = {state.line[0][0]}
    for seat, expect_event in ((0, 0), (2, 12)):
        card = card_both(BG_Y, exclude=used)
        used.add(card)
        state = with_hand(state, seat, [card] + [c for c in state.hands[seat] if c not in used][:1])
        state, _ = act(state, seat, {"type": "discard", "card": card})
        assert state.current_event == expect_event
    assert state.round == 2 and state.turn == 0 and state.round_start == 0

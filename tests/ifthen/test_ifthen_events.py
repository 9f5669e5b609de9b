"""Scenario tests for the 20 events (PROPOSAL texts) and the event deck mechanics."""

from engine import Rng
from engine.ifthen.events import reveal_event
from engine.ifthen.state import penalty_level

from .helpers import RULES, act, card_both, card_where, craft, playing_state, with_hand

BG_Y = lambda v, s, n, b: b == 0
BG_NOT_Y = lambda v, s, n, b: b != 0


def reveal(state, event_id):
    """Reveal `event_id` as the next event."""
    return reveal_event(craft(state, event_deck=(event_id,)), Rng(0), [])


def invalid_play_state(players=3, **changes):
    """Codebreaker 0 holds an invalid card (returned with its orientation)."""
    state = playing_state(players=players, **changes)
    card, orient = card_where(BG_Y, exclude={state.line[0][0]})
    return with_hand(state, 0, [card, state.hands[0][1]]), card, orient


def test_amnesty_and_clean_slate_remove_invalid_cards_and_lower_the_penalty():
    state = playing_state()
    state = craft(state, invalid=tuple((0, c, 0) for c in state.boxed[:3]))
    assert penalty_level(state) == 2
    after = reveal(state, 1)
    assert len(after.invalid) == 2 and after.discard == (state.boxed[2],) and penalty_level(after) == 1
    after = reveal(state, 2)
    assert len(after.invalid) == 1 and after.discard == state.boxed[1:3]


def test_reinforcements_and_supply_drop_draw_for_codebreakers():
    state = playing_state(players=4)
    state = craft(state, hands=(state.hands[0], (), state.hands[2][:1]))
    after = reveal(state, 3)
    assert [len(h) for h in after.hands] == [4, 0, 2] and after.deck == state.deck[2:]
    after = reveal(state, 4)
    assert [len(h) for h in after.hands] == [3, 0, 2]


def test_event_draw_that_cannot_be_covered_loses():
    state = craft(playing_state(players=4), deck=(), market=())
    assert reveal(state, 3).result == "loss"


def test_market_crash_and_shredder():
    state = playing_state()
    after = reveal(state, 5)
    assert after.discard == tuple(c for c, _ in state.market) and len(after.market) == 3
    after = reveal(state, 6)
    assert after.deck == state.deck[2:] and after.burned == state.deck[:2]


def test_double_jeopardy_adds_one_to_penalties():
    state, card, orient = invalid_play_state(current_event=7)
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.penalty_left == 3


def test_safe_harbour_spares_the_first_invalid_play_only():
    state, card, orient = invalid_play_state(current_event=8)
    state, _evs = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert state.phase == "turn" and state.turn == 1 and state.safe_harbour_used
    assert len(state.invalid) == 1
    card2, orient2 = card_where(BG_Y, exclude={state.line[0][0], card})
    state = with_hand(state, 1, [card2, state.hands[1][0]])
    state, _ = act(state, 1, {"type": "play", "card": card2, "orient": orient2})
    assert state.phase == "penalty"


def test_lockdown_forbids_discards():
    state = playing_state(current_event=9)
    assert not [a for a in RULES.legal_actions(state, 0) if a["type"] == "discard"]


def test_open_book_forces_market_draws():
    state, card, orient = invalid_play_state(current_event=10)
    state, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert {a["source"] for a in RULES.legal_actions(state, 0)} == {"market"}


def test_reverse_runs_right():
    state = playing_state(players=4, current_event=11)
    card = card_both(BG_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "discard", "card": card})
    assert state.turn == 2


def test_quiet_round_and_keep_events_and_replacing_the_current_event():
    state = playing_state(current_event=9)
    after = reveal(state, 12)
    assert after.current_event == 12 and after.event_discard == (9,)
    after = reveal(after, 15)
    assert after.held == (15,) and after.current_event == 0 and after.event_discard == (9, 12)


def test_empty_event_deck_reshuffles_the_discard_but_keeps_held_events():
    state = playing_state(event_deck=(), event_discard=(12, 9), held=(15,), current_event=7)
    after = reveal_event(state, Rng(4), [])
    assert after.held == (15,)
    assert sorted(after.event_deck + (after.current_event,)) == [7, 9, 12]


def test_inspection_answers_without_penalty_and_reveals_the_card():
    state = playing_state(held=(13,))
    card, orient = card_where(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, evs = act(state, 0, {"type": "use_event", "event": 13, "card": card, "orient": orient})
    assert evs[0]["public"]["valid"] is True and state.judgments[-1][0] == "inspect"
    assert card in state.revealed and state.phase == "turn" and state.turn == 0
    assert state.held == () and state.event_discard == (13,)


def test_second_chance_window():
    state, card, orient = invalid_play_state(held=(14,))
    played, _ = act(state, 0, {"type": "play", "card": card, "orient": orient})
    assert played.phase == "second_chance"
    assert RULES.legal_actions(played, 0) == [{"type": "use_event", "event": 14}, {"type": "decline"}]
    saved, _ = act(played, 0, {"type": "use_event", "event": 14})
    assert card in saved.hands[0] and saved.invalid == () and saved.turn == 1
    assert saved.held == () and card in saved.revealed
    declined, _ = act(played, 0, {"type": "decline"})
    assert declined.phase == "penalty" and declined.held == (14,)


def test_pass_skips_the_turn():
    state = playing_state(held=(15,))
    state, _ = act(state, 0, {"type": "use_event", "event": 15})
    assert state.turn == 1 and state.turns_taken == 1


def test_hand_off_can_reactivate_an_inactive_codebreaker():
    state = playing_state(players=3, held=(16,))
    state = craft(state, hands=(state.hands[0], ()))
    card = state.hands[0][0]
    state, evs = act(state, 0, {"type": "use_event", "event": 16, "card": card, "to": 1})
    assert state.hands[1] == (card,) and card not in state.hands[0]
    assert "card" not in evs[0]["public"] and evs[0]["private"]["1"] == {"card": card}


def test_free_shred_discards_without_a_check():
    state = playing_state(held=(17,))
    card = card_both(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [card, state.hands[0][1]])
    state, _ = act(state, 0, {"type": "use_event", "event": 17, "card": card})
    assert state.discard == (card,) and state.phase == "turn" and state.turn == 0


def test_double_play_plays_two_cards():
    state = playing_state(held=(19,))
    first, o1 = card_where(BG_NOT_Y, exclude={state.line[0][0]})
    state = with_hand(state, 0, [first, state.hands[0][1], state.hands[0][2]])
    state, _ = act(state, 0, {"type": "use_event", "event": 19})
    state, _ = act(state, 0, {"type": "play", "card": first, "orient": o1})
    assert state.turn == 0 and state.bonus_plays == 1
    assert {a["type"] for a in RULES.legal_actions(state, 0)} == {"play"}
    second = state.hands[0][0]
    state, _ = act(state, 0, {"type": "play", "card": second, "orient": 0})
    assert state.turn == 1 or state.phase in ("penalty", "second_chance")


def test_recount_moves_the_last_invalid_card_to_a_chosen_hand():
    state = playing_state(held=(20,))
    state = craft(state, invalid=tuple((0, c, 0) for c in state.boxed[:3]))
    state, _ = act(state, 0, {"type": "use_event", "event": 20, "to": 1})
    assert state.boxed[2] in state.hands[1] and state.boxed[2] in state.revealed
    assert len(state.invalid) == 2 and penalty_level(state) == 1

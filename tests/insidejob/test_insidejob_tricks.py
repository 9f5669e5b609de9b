"""Inside Job scenario tests: trump resolution, wagers, Intel payout, follow rules, missions."""

import pytest

from engine.errors import IllegalAction
from engine.insidejob import RULES
from engine.insidejob.missions import judge_trick
from tests.insidejob.helpers import BLUE, GREEN, RED, YELLOW, card, make_state, play_trick

# Mission M03: "the first card played wins the trick", trump blue.


def four_hands(*hands):
    """A 4-player play-phase state (seat 0 Insider, seat 0 leads M03) with these hands."""
    return make_state(hands=[tuple(h) for h in hands])


def test_printed_trump_beats_the_led_suit():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(BLUE, 2)], [card(RED, 13)])
    state, _ = play_trick(state, [card(RED, 5), card(RED, 9), card(BLUE, 2), card(RED, 13)])
    assert state.tricks[-1][3] == 2
    assert state.intel == (1, 1, 2, 1) and state.supply == 9
    assert state.failed == ("M03",) and state.completed == ()


def test_wager_makes_a_card_trump_and_returns_with_the_win():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(BLUE, 2)], [card(RED, 13)])
    state, _ = play_trick(state, [card(RED, 5), card(RED, 9), card(BLUE, 2), card(RED, 13)],
                          wagers=(1,))
    assert state.tricks[-1][3] == 1
    assert state.intel == (1, 2, 1, 1)  # paid 1, got back 1 + 1 from the supply
    assert state.supply == 9


def test_wagered_token_leaves_the_hand_at_once():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(BLUE, 2)], [card(RED, 13)])
    state, _ = play_trick(state, [card(RED, 5), card(RED, 9)], wagers=(1,))
    assert state.intel == (1, 0, 1, 1) and state.trick[1] == (1, card(RED, 9), True)


@pytest.mark.parametrize("first,second", [((BLUE, False), (YELLOW, True)),
                                          ((YELLOW, True), (BLUE, False)),
                                          ((YELLOW, True), (GREEN, True))])
def test_equal_trumps_go_to_the_later_card(first, second):
    state = four_hands([card(RED, 5)], [card(first[0], 7)], [card(second[0], 7)], [card(RED, 2)])
    wagers = tuple(seat for seat, (_, w) in ((1, first), (2, second)) if w)
    state, _ = play_trick(state, [card(RED, 5), card(first[0], 7), card(second[0], 7),
                                  card(RED, 2)], wagers=wagers)
    assert state.tricks[-1][3] == 2
    assert state.intel[2] == 1 - (2 in wagers) + 1 + len(wagers)


def test_higher_trump_beats_a_later_lower_trump():
    state = four_hands([card(RED, 5)], [card(BLUE, 8)], [card(YELLOW, 7)], [card(RED, 2)])
    state, _ = play_trick(state, [card(RED, 5), card(BLUE, 8), card(YELLOW, 7), card(RED, 2)],
                          wagers=(2,))
    assert state.tricks[-1][3] == 1


def test_without_trump_the_highest_led_suit_card_wins():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(GREEN, 13)], [card(RED, 2)])
    state, _ = play_trick(state, [card(RED, 5), card(RED, 9), card(GREEN, 13), card(RED, 2)])
    assert state.tricks[-1][3] == 1


def test_wagered_lead_card_is_the_only_trump():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(RED, 10)], [card(RED, 2)])
    state, _ = play_trick(state, [card(RED, 5), card(RED, 9), card(RED, 10), card(RED, 2)],
                          wagers=(0,))
    assert state.tricks[-1][3] == 0 and state.completed == ("M03",)


def test_mission_success_goes_to_the_completed_row():
    state = four_hands([card(RED, 13)], [card(RED, 9)], [card(RED, 1)], [card(RED, 2)])
    state, events = play_trick(state, [card(RED, 13), card(RED, 9), card(RED, 1), card(RED, 2)])
    assert state.completed == ("M03",) and state.failed == ()
    won = [e["public"] for e in events if e["public"]["type"] == "trick_won"][0]
    assert won == {"type": "trick_won", "winner": 0, "intel": 1, "mission": "M03",
                   "success": True}


def test_winner_leads_next_trick_after_drawing_two_missions():
    state = four_hands([card(RED, 5)], [card(RED, 9)], [card(BLUE, 2)], [card(RED, 13)])
    state, events = play_trick(state, [card(RED, 5), card(RED, 9), card(BLUE, 2), card(RED, 13)])
    assert state.phase == "mission" and state.lead == 2 and state.drawn == ("M10", "M11")
    draw = [e for e in events if e["public"]["type"] == "draw_missions"][0]
    assert draw["private"] == {"2": {"drawn": ["M10", "M11"]}}


def test_choosing_a_mission_discards_the_other_unseen():
    state = make_state(phase="mission", drawn=("M10", "M11"), mission="")
    action = {"type": "choose_mission", "mission": "M11"}
    assert RULES.legal_actions(state, 0) == [{"type": "choose_mission", "mission": "M10"}, action]
    new, events = RULES.apply(state, 0, action, None)
    assert new.mission == "M11" and new.discarded == ((0, "M10"),) and new.phase == "play"
    assert "M10" not in str(events[0]["public"])
    assert events[0]["private"] == {"0": {"discarded": "M10"}}


def test_accomplice_gets_no_intel_for_a_trick():
    roles = ["insider", "accomplice", "agent", "agent"]
    state = make_state(roles=roles, hands=[(card(RED, 5),), (card(BLUE, 13),), (card(RED, 9),),
                                           (card(RED, 2),)], specials=("accomplice",),
                       accomplice_target=0)
    state, _ = play_trick(state, [card(RED, 5), card(BLUE, 13), card(RED, 9), card(RED, 2)],
                          wagers=(2,))
    assert state.tricks[-1][3] == 1
    assert state.intel == (1, 1, 0, 1) and state.supply == 11  # wager back to the supply


# ---- follow rules and wager availability ------------------------------------------------

def after_red_lead(roles=None, **fields):
    """Seat 0 has led red 5; seat 1 to play."""
    state = make_state(roles=roles, trick=((0, card(RED, 5), False),), turn=1, **fields)
    return state


def cards_of(actions):
    return sorted({a["card"] for a in actions if a["type"] == "play"})


def test_agent_must_follow_suit():
    state = after_red_lead(hands=[(), (card(RED, 9), card(BLUE, 3)), (), ()])
    assert cards_of(RULES.legal_actions(state, 1)) == [card(RED, 9)]


def test_void_agent_may_play_anything():
    state = after_red_lead(hands=[(), (card(GREEN, 9), card(BLUE, 3)), (), ()])
    assert cards_of(RULES.legal_actions(state, 1)) == [card(BLUE, 3), card(GREEN, 9)]


def test_insider_may_always_play_anything():
    roles = ["agent", "insider", "agent", "agent"]
    state = after_red_lead(roles=roles, hands=[(), (card(RED, 9), card(BLUE, 3)), (), ()])
    assert cards_of(RULES.legal_actions(state, 1)) == [card(BLUE, 3), card(RED, 9)]


def test_legal_actions_order_card_then_wager():
    state = after_red_lead(hands=[(), (card(RED, 9), card(RED, 3)), (), ()])
    assert RULES.legal_actions(state, 1) == [
        {"type": "play", "card": card(RED, 3), "wager": False},
        {"type": "play", "card": card(RED, 3), "wager": True},
        {"type": "play", "card": card(RED, 9), "wager": False},
        {"type": "play", "card": card(RED, 9), "wager": True}]


@pytest.mark.parametrize("fields", [
    {"revealed": (False, True, False, False)},
    {"intel": (1, 0, 1, 1)},
    {"wagers": False},
])
def test_no_wager_when_revealed_broke_or_wagers_off(fields):
    state = after_red_lead(hands=[(), (card(RED, 9),), (), ()], **fields)
    assert RULES.legal_actions(state, 1) == [{"type": "play", "card": card(RED, 9),
                                               "wager": False}]


def test_rejections_do_not_tell_whether_a_seat_could_follow():
    state = after_red_lead(hands=[(), (card(RED, 9), card(BLUE, 3)), (), ()])
    messages = []
    for bad in (card(BLUE, 3), card(GREEN, 1)):  # a must-follow breach, a card not held
        with pytest.raises(IllegalAction) as info:
            RULES.check_action(state, 1, {"type": "play", "card": bad, "wager": False})
        messages.append(info.value.to_json())
    assert messages[0] == messages[1]


def test_follow_is_judged_by_the_printed_lead_suit_even_when_wagered():
    state = make_state(trick=((0, card(RED, 5), True),), turn=1,
                       hands=[(), (card(RED, 9), card(BLUE, 3)), (), ()])
    assert cards_of(RULES.legal_actions(state, 1)) == [card(RED, 9)]


def test_judge_trick_uses_effective_suits_for_missions():
    plays = ((0, card(RED, 4), False), (1, card(RED, 6), True), (2, card(RED, 2), False))
    position, ok = judge_trick(plays, "M09")  # "all the same suit", trump red: stays red
    assert position == 1 and ok
    position, ok = judge_trick(plays, "M21")  # "all in the led suit", trump green
    assert position == 1 and not ok           # the wagered red 6 counts as green

"""Scenario tests for the Emerald cards (crafted states; card id = 2 * (number - 1) + copy)."""

from tests.classified.helpers import act, events, guards, last_answer, legal, scenario, slot, top

EMERALD = {c: f"emerald_{c // 2 + 1}" for c in range(18)}
DEPLOY = "deploy"


def emerald(**zones):
    """A crafted Emerald-deck state."""
    return scenario(designs=EMERALD, **zones)


def test_high_tech_bookends_reveals_a_card_and_asks_one_to_n():
    s = emerald(hands=((0, 12), (2, 4)), suitcases=(8, 6), leftover="deck")
    assert [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 0] == [{"type": DEPLOY, "card": 0, "give": 12}]
    s, log = act(s, 0, {"type": DEPLOY, "card": 0, "give": 12})
    assert events(log, "reveal")[0]["card"] == 12
    assert last_answer(s)["answer"] is True and last_answer(s)["possible"] == [1, 2, 3, 4, 5, 6, 7]


def test_mind_control_takes_the_guard_and_answers_about_own_code():
    s = emerald(hands=((0, 2, 4), (1, 5)), suitcases=(14, 8), guards=guards([], [slot(12)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 2, "slot": 0})
    assert s.guards[0][0] == (12, True, -1) and s.guards[1][0] is None and s.discard == (2,)
    qa = last_answer(s)
    assert (qa["answerer"], qa["answer"], qa["question"]["number"]) == (0, True, 7)


def test_mind_control_needs_a_free_spot():
    s = emerald(hands=((0, 2, 4), (1, 5)), suitcases=(14, 8),
                guards=guards([slot(6), slot(10), slot(16)], [slot(12)]), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 2]


def test_resilience_blocks_mind_control():
    s = emerald(hands=((0, 2, 4), (1, 5)), suitcases=(14, 8), guards=guards([], [slot(10)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 2, "slot": 0})
    assert top(s).kind == "defend" and {"type": "resilience"} in legal(s, 1)
    s, log = act(s, 1, {"type": "resilience"})
    assert s.guards[1][0] == (10, True, -1) and s.guards[0][0] is None and 2 in s.discard
    assert events(log, "resilience")


def test_resilience_blocks_an_enlisted_attack_once():
    s = emerald(hands=((0, 9, 13), (1, 5)), suitcases=(14, 8), guards=guards([], [slot(10)]), leftover="deck")
    s, _ = act(s, 0, {"type": "assassinate", "card": 9, "slot": 0})
    s, _ = act(s, 1, {"type": "resilience"})
    assert s.guards[1][0] == (10, True, -1) and s.discard == (9,)
    s, _ = act(s, 1, {"type": "encrypt", "card": 1})
    attack = {"type": "assassinate", "card": 13, "slot": 0}
    assert attack in legal(s, 0)
    s, _ = act(s, 0, attack)
    assert top(s).kind == "order_discards"  # face up now: no further effect, no window (no Vest in Emerald)


def test_interrogation_offers_only_guilds_the_suitcase_lacks():
    s = emerald(hands=((0, 4), (1, 5)), suitcases=(14, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    assert legal(s, 1) == [{"type": "answer", "word": "assassin"}, {"type": "answer", "word": "sentinel"}]
    s, _ = act(s, 1, {"type": "answer", "word": "sentinel"})
    assert last_answer(s)["possible"] == [1, 2, 4, 5, 7, 8] and 6 in last_answer(s)["possible_cards"]


def test_split_personality_swaps_a_revealed_guard_with_the_suitcase():
    s = emerald(hands=((0, 6), (1, 5)), suitcases=(14, 8), guards=guards([slot(12)], []),
                deck=(2, 3, 4, 15), leftover="encrypted")
    s, log = act(s, 0, {"type": DEPLOY, "card": 6, "slot": 0})
    assert s.suitcases[0] == 12 and s.suitcase_up[0] and s.guards[0][0] == (14, False, -1) and s.epochs[0] == 1
    assert events(log, "split_personality")[0]["new_suitcase"]["card"] == 12


def test_split_personality_needs_four_in_the_deck():
    s = emerald(hands=((0, 6), (1, 5)), suitcases=(14, 8), guards=guards([slot(12)], []),
                deck=(2, 3, 4), leftover="encrypted")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 6]


def test_hiding_spot_tucks_top_bottom_or_guard():
    base = dict(hands=((0, 8), (1, 5)), suitcases=(14, 6), discard=(2, 3), leftover="deck")
    s, _ = act(emerald(guards=guards([slot(12)], []), **base), 0, {"type": DEPLOY, "card": 8, "mode": "top"})
    assert s.play[0] == ((8, "hiding_spot", 3),) and s.discard == (2,)
    s, _ = act(emerald(guards=guards([slot(12)], []), **base), 0, {"type": DEPLOY, "card": 8, "mode": "bottom"})
    assert s.play[0] == ((8, "hiding_spot", 2),) and s.discard == (3,)
    s, log = act(emerald(guards=guards([slot(12)], []), **base), 0,
                 {"type": DEPLOY, "card": 8, "mode": "guard", "slot": 0})
    assert s.play[0] == ((8, "hiding_spot", 12),) and s.guards[0][0] is None
    assert events(log, "tuck")[0]["tucked"]["card"] == 12


def test_hiding_spot_final_turn_swap():
    s = emerald(hands=((0, 4), (1,)), suitcases=(14, 6), play=(((8, "hiding_spot", 12),), ()),
                final_left=1, leftover="encrypted")
    s, _ = act(s, 0, {"type": "encrypt", "card": 4})
    assert top(s).kind == "hiding_final" and legal(s) == [{"type": "pass"}, {"type": "swap", "card": 8}]
    s, _ = act(s, 0, {"type": "swap", "card": 8})
    assert s.hands[0] == (12,) and s.play[0] == ((8, "hiding_spot", 0),) and s.stage == "over"


def test_digital_dig_moves_to_bottom_asks_and_peeks():
    s = emerald(hands=((0, 12), (1, 5)), suitcases=(14, 3), discard=(4, 6, 7), deck=(9, 10), leftover="encrypted")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 12, "take": 7})
    assert s.discard[:1] == (7,) and s.discard[-1] == 12
    assert last_answer(s)["answer"] is False and last_answer(s)["question"] == {"kind": "equals", "number": 4}
    assert s.knowledge[0][-1] == {"kind": "peek", "where": "deck_top", "cards": [9], "turn": 1}


def test_web_search_swap_with_bottom_discard():
    s = emerald(hands=((4, 14), (1, 5)), suitcases=(12, 3), discard=(0, 2), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 14, "mode": "swap", "give": 4})
    assert s.hands[0] == (0,) and s.discard == (4, 2, 14)


def test_web_search_look_moves_encrypted_top_to_bottom():
    s = emerald(hands=((4, 14), (1, 5)), suitcases=(12, 3), encrypted=(6, 7), encrypted_by=(-1, 1), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 14, "mode": "look"})
    assert s.encrypted == (7, 6) and s.encrypted_by == (1, -1)
    assert s.knowledge[0][-1]["cards"] == [6] and s.knowledge[0][-1]["where"] == "encrypted_top"


def test_return_to_sender_returns_the_guard_and_forces_a_discard():
    s = emerald(hands=((0, 4, 12), (2, 16)), suitcases=(14, 3), leftover="deck")
    s, _ = act(s, 0, {"type": "guard", "card": 0})
    assert top(s).kind == "window_rts" and legal(s, 1) == [{"type": "pass"}, {"type": "react", "card": 16}]
    s, log = act(s, 1, {"type": "react", "card": 16})
    assert events(log, "returned_to_hand")[0]["card"] == 0 and s.guards[0][0] is None
    assert top(s).kind == "forced_discard" and s.hands[0] == (0, 4, 12)
    s, log = act(s, 0, {"type": "discard", "card": 12})
    assert s.discard == (16, 12)
    assert s.turn == 0 and events(log, "skip_action")  # seat 1 paid the REACT cost
    assert s.hands[0] == (0, 4, 5)  # and seat 0 has drawn for its new turn


def test_return_to_sender_window_can_be_passed():
    s = emerald(hands=((0, 4, 12), (2, 16)), suitcases=(14, 3), leftover="deck")
    s, _ = act(s, 0, {"type": "guard", "card": 0})
    s, _ = act(s, 1, {"type": "pass"})
    assert s.guards[0][0] == (0, False, -1) and s.turn == 1


def test_no_window_when_reactor_would_be_left_without_cards():
    s = emerald(hands=((0, 4, 12), (16,)), suitcases=(14, 3), leftover="deck")
    s, _ = act(s, 0, {"type": "guard", "card": 0})
    assert not s.stack and s.turn == 1


def test_resilience_and_return_to_sender_are_not_deployable():
    s = emerald(hands=((10, 16), (1, 5)), suitcases=(14, 3), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY]

"""Scenario tests for the Citrine (base) cards and the assassination rules, from crafted states."""

import pytest

from engine.errors import IllegalAction
from tests.classified.helpers import act, events, guards, last_answer, legal, scenario, slot, top

DEPLOY = "deploy"


def test_fortune_teller_is_circular():
    s = scenario(hands=((0, 2), (4, 6)), suitcases=(8, 16), leftover="deck")
    assert [a for a in legal(s) if a.get("card") == 0 and a["type"] == DEPLOY] == \
        [{"type": DEPLOY, "card": 0, "number": n} for n in range(1, 10)]
    s2, _ = act(s, 0, {"type": DEPLOY, "card": 0, "number": 1})
    qa = last_answer(s2)
    assert (qa["answer"], qa["possible"], qa["answerer"]) == (True, [1, 2, 3, 8, 9], 1)
    s3, _ = act(s, 0, {"type": DEPLOY, "card": 0, "number": 5})
    assert last_answer(s3)["answer"] is False
    assert s3.discard[-1] == 0 and s3.turn == 1


def test_test_access_codes_reveals_hand_and_asks_a_revealed_number():
    s = scenario(hands=((0, 2), (8, 12)), suitcases=(4, 13), leftover="deck")
    s, log = act(s, 0, {"type": DEPLOY, "card": 2})
    assert top(s).kind == "tac_pick" and legal(s) == [{"type": "pick", "number": 5}, {"type": "pick", "number": 7}]
    assert s.knowledge[0][-1]["cards"] == [8, 12] and log[-1]["private"]["0"]["cards"] == [8, 12]
    assert "cards" not in log[-1]["public"]
    s, _ = act(s, 0, {"type": "pick", "number": 7})
    assert last_answer(s)["answer"] is True and last_answer(s)["possible"] == [7]


def test_picking_petals_two_numbers_without_guards():
    s = scenario(hands=((0, 4), (8, 2)), suitcases=(6, 13), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    assert top(s).kind == "petals" and top(s).seat == 1
    assert [a["number"] for a in legal(s, 1)] == [1, 2, 4, 5, 6, 8, 9]  # never 3 nor 7 (the Suitcase)
    s, _ = act(s, 1, {"type": "answer", "number": 1})
    assert [a["number"] for a in legal(s, 1)] == [2, 4, 5, 6, 8, 9]
    s, _ = act(s, 1, {"type": "answer", "number": 9})
    assert [e["answer"] for e in s.qa] == [1, 9] and not s.stack


def test_picking_petals_one_number_with_a_guard_in_play():
    s = scenario(hands=((0, 4), (8, 2)), suitcases=(6, 13), guards=guards([slot(14)], []), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    s, _ = act(s, 1, {"type": "answer", "number": 2})
    assert len(s.qa) == 1 and s.turn == 1 and not s.stack


def test_switch_places_with_opponent_guard_turns_both_face_up_and_keeps_covers():
    s = scenario(hands=((6, 0), (2, 4)), suitcases=(14, 16),
                 guards=guards([slot(8)], [slot(12, cover=10)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 6, "mode": "opponent", "slot": 0, "slot2": 0})
    assert s.guards[0][0] == (12, True, -1) and s.guards[1][0] == (8, True, 10)
    assert s.discard[-1] == 6


def test_switch_places_with_top_discard():
    s = scenario(hands=((6, 0), (2, 4)), suitcases=(12, 16), discard=(14,), guards=guards([slot(8)], []),
                 leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 6, "mode": "discard", "slot": 0})
    assert s.guards[0][0] == (14, True, -1) and s.discard == (8, 6)


def test_switch_places_self_mode_takes_the_spot_and_discards():
    s = scenario(hands=((0, 6), (2, 4)), suitcases=(12, 16), guards=guards([slot(8)], []), leftover="deck")
    options = [a for a in legal(s) if a["type"] == DEPLOY and a.get("mode") == "self"]
    assert {a["give"] for a in options} == {0, 8}
    s, _ = act(s, 0, {"type": DEPLOY, "card": 6, "mode": "self", "slot": 0, "give": 0})
    assert s.guards[0][0] == (6, False, -1) and s.hands[0] == (8,) and s.discard == (0,)


def test_scavenge_takes_from_top_three_and_discards_after():
    s = scenario(hands=((8, 12), (2, 4)), suitcases=(14, 16), discard=(0, 1, 6, 7), leftover="deck")
    takes = {a["take"] for a in legal(s) if a["type"] == DEPLOY and a["card"] == 8}
    assert takes == {1, 6, 7}
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8, "take": 1, "give": 12})
    assert s.hands[0] == (1,) and s.discard == (0, 6, 7, 12, 8)


def test_scavenge_may_discard_the_card_just_taken():
    s = scenario(hands=((8, 12), (2, 4)), suitcases=(14, 16), discard=(0,), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8, "take": 0, "give": 0})
    assert s.hands[0] == (12,) and s.discard == (0, 8)


def test_extra_protection_must_be_assassinated_first():
    s = scenario(hands=((0, 10, 12), (1, 9)), suitcases=(14, 16), guards=guards([slot(2)], []), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 10, "slot": 0})
    assert s.guards[0][0] == (2, False, 10)
    attacks = [a for a in legal(s, 1) if a["type"] == "assassinate"]
    assert attacks == [{"type": "assassinate", "card": 9, "slot": 0, "cover": True}]  # card 1 (9-1-2) misses 5-6-7
    s, _ = act(s, 1, attacks[0])
    assert top(s).kind == "defend"  # Bullet Proof Vest is in the Citrine deck: the window opens
    s, _ = act(s, 0, {"type": "pass"})
    s, _ = act(s, 1, {"type": "order", "order": [9, 10]})
    assert s.guards[0][0] == (2, False, -1) and s.discard[-2:] == (9, 10)


def test_wheel_of_fate_flips_own_guard_and_asks_about_the_code():
    s = scenario(hands=((12, 0), (2, 4)), suitcases=(8, 13), guards=guards([slot(3)], []), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 12, "slot": 0})
    assert s.guards[0][0] == (3, True, -1)
    qa = last_answer(s)
    assert qa["question"] == {"kind": "number_in_code", "number": 2} and qa["answer"] is False
    assert qa["possible"] == [4, 5, 6, 7, 8, 9]


def test_wheel_of_fate_needs_a_guard():
    s = scenario(hands=((12, 0), (2, 4)), suitcases=(8, 13), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 12]


def test_neutralize_flip():
    s = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 13), guards=guards([], [slot(6)]), leftover="deck")
    s, log = act(s, 0, {"type": DEPLOY, "card": 14, "mode": "flip", "slot2": 0})
    assert s.guards[1][0] == (6, True, -1) and events(log, "flip")[0]["card"] == 6


def test_neutralize_rearrange_accepts_any_permutation():
    s = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 13), discard=(1, 3, 5), leftover="deck")
    listed = [a["order"] for a in legal(s) if a.get("mode") == "rearrange"]
    assert [3, 5, 1] in listed and [5, 3, 1] in listed
    s2, _ = act(s, 0, {"type": DEPLOY, "card": 14, "mode": "rearrange", "order": [5, 1, 3]})
    assert s2.discard == (5, 1, 3, 14)
    with pytest.raises(IllegalAction):
        act(s, 0, {"type": DEPLOY, "card": 14, "mode": "rearrange", "order": [5, 1, 1]})


def test_neutralize_bottom_two_is_private_knowledge():
    s = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 13), deck=(3, 5, 7), leftover="encrypted")
    s, log = act(s, 0, {"type": DEPLOY, "card": 14, "mode": "bottom"})
    assert s.knowledge[0][-1]["cards"] == [5, 7] and s.knowledge[0][-1]["where"] == "deck_bottom"
    assert "cards" not in events(log, "peek")[0]


def test_bullet_proof_vest_blocks_and_costs_the_next_action():
    s = scenario(hands=((0, 1), (4, 16)), suitcases=(8, 13), guards=guards([], [slot(2)]), leftover="deck")
    s, log = act(s, 0, {"type": "assassinate", "card": 1, "slot": 0})
    assert events(log, "attack_succeeds") and top(s).kind == "defend" and top(s).seat == 1
    assert legal(s, 1) == [{"type": "pass"}, {"type": "react", "card": 16}]
    s, log = act(s, 1, {"type": "react", "card": 16})
    assert s.guards[1][0] == (2, True, -1) and set(s.discard) == {1, 16}
    # seat 1's turn: drew, skipped its action, peeked 1; it is seat 0's turn again
    assert s.turn == 0 and events(log, "skip_action") and len(s.hands[1]) == 2
    assert s.knowledge[1][-1]["where"] == "deck_top" and not s.skip[1]


def test_bullet_proof_vest_cannot_be_deployed():
    s = scenario(hands=((0, 16), (2, 4)), suitcases=(8, 13), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 16]


def test_successful_assassination_attacker_orders_discards():
    s = scenario(hands=((0, 1), (4, 6)), suitcases=(8, 13), guards=guards([], [slot(2)]), leftover="deck")
    s, _ = act(s, 0, {"type": "assassinate", "card": 1, "slot": 0})
    s, _ = act(s, 1, {"type": "pass"})
    assert top(s).kind == "order_discards" and len(legal(s, 0)) == 2
    s, _ = act(s, 0, {"type": "order", "order": [2, 1]})
    assert s.discard == (2, 1) and s.guards[1][0] is None


def test_face_up_target_needs_shared_code_face_down_does_not():
    up = scenario(hands=((0, 1), (4, 6)), suitcases=(8, 14), guards=guards([], [slot(12, True)]), leftover="deck")
    assert not [a for a in legal(up) if a["type"] == "assassinate"]
    with pytest.raises(IllegalAction):
        act(up, 0, {"type": "assassinate", "card": 1, "slot": 0})
    down = scenario(hands=((0, 1), (4, 6)), suitcases=(8, 14), guards=guards([], [slot(12)]), leftover="deck")
    assert {"type": "assassinate", "card": 1, "slot": 0} in legal(down)


def test_failed_attempt_shows_attacker_one_random_hand_card():
    s = scenario(hands=((0, 1), (4,)), suitcases=(8, 14), guards=guards([], [slot(12)]), leftover="deck")
    s, log = act(s, 0, {"type": "assassinate", "card": 1, "slot": 0})
    assert events(log, "attack_fails") and s.guards[1][0] == (12, False, -1)
    assert s.knowledge[0][-1] == {"kind": "saw_card", "seat": 1, "cards": [4], "reason": "random", "turn": 1}
    assert s.discard == (1,)
    assert all("cards" not in e["public"] for e in log)


def test_guard_enlist_face_down_max_three():
    s = scenario(hands=((0, 4), (2, 6)), suitcases=(8, 14), guards=guards([slot(10), slot(12)], []), leftover="deck")
    s, log = act(s, 0, {"type": "guard", "card": 4})
    assert s.guards[0][2] == (4, False, -1) and "card" not in events(log, "guard")[0]
    s2 = scenario(hands=((0, 4), (2, 6)), suitcases=(8, 14), guards=guards([slot(10), slot(12), slot(16)], []),
                  leftover="deck")
    assert not [a for a in legal(s2) if a["type"] == "guard"]


def test_sentinel_plays_as_guard_or_assassin():
    s = scenario(hands=((4, 0), (2, 6)), suitcases=(8, 14), guards=guards([], [slot(12)]), leftover="deck")
    kinds = {a["type"] for a in legal(s) if a.get("card") == 4}
    assert {"guard", "assassinate", "encrypt", DEPLOY} <= kinds
    assert not [a for a in legal(s) if a.get("card") == 0 and a["type"] == "assassinate"]  # Guard copy
    assert [a for a in legal(s) if a.get("card") == 0 and a["type"] == "guard"]


def test_encrypt_goes_on_top_and_only_owner_sees_it():
    from engine.classified.view import view_state
    s = scenario(hands=((0, 4), (2, 6)), suitcases=(8, 14), deck=(10, 11), leftover="encrypted")
    s, _ = act(s, 0, {"type": "encrypt", "card": 4})
    assert s.encrypted[0] == 4 and s.encrypted_by[0] == 0
    assert view_state(s, 0)["encrypted"][0] == {"by": 0, "card": 4}
    assert view_state(s, 1)["encrypted"][0] == {"by": 0, "card": None}


def test_proposals_are_data(monkeypatch):
    from engine.classified.data import PROPOSALS
    up = scenario(hands=((0, 1), (4, 6)), suitcases=(8, 14), guards=guards([], [slot(12, True)]), leftover="deck")
    monkeypatch.setitem(PROPOSALS, "face_up_target_needs_shared_code", False)
    assert {"type": "assassinate", "card": 1, "slot": 0} in legal(up)

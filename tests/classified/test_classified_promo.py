"""Scenario tests for the 13 Promo designs (crafted Citrine states with promo designs swapped in)."""

from engine.classified.view import view_state
from tests.classified.helpers import act, events, guards, last_answer, legal, scenario, slot, top

DEPLOY = "deploy"


def promo(key, number, **zones):
    """A Citrine state where both copies of `number` show the promo design `key`."""
    c = 2 * (number - 1)
    return scenario(designs={c: key, c + 1: key}, **zones)


def test_take_a_closer_look_deck_or_encrypted():
    base = dict(hands=((0, 12), (15,)), suitcases=(14, 6), deck=(2, 3, 5, 7), encrypted=(10, 11),
                encrypted_by=(-1, -1), leftover="encrypted")
    s, _ = act(promo("promo_1a", 1, **base), 0, {"type": DEPLOY, "card": 0, "mode": "deck"})
    assert s.knowledge[0][-1]["cards"] == [2, 3, 5]
    s, _ = act(promo("promo_1a", 1, **base), 0, {"type": DEPLOY, "card": 0, "mode": "encrypted"})
    assert s.knowledge[0][-1]["cards"][:2] == [10, 11] and s.knowledge[0][-1]["where"] == "encrypted_top"


def test_loyalty_test_truthful_and_either_when_equal():
    s = promo("promo_1b", 1, hands=((0, 12), (15,)), suitcases=(2, 14), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 0, "give": 12})
    assert legal(s, 1) == [{"type": "answer", "word": "higher"}]
    tie = promo("promo_1b", 1, hands=((0, 12), (15,)), suitcases=(2, 13), leftover="deck")
    tie, _ = act(tie, 0, {"type": DEPLOY, "card": 0, "give": 12})
    assert legal(tie, 1) == [{"type": "answer", "word": "higher"}, {"type": "answer", "word": "lower"}]
    tie, _ = act(tie, 1, {"type": "answer", "word": "lower"})
    assert last_answer(tie)["possible"] == [1, 2, 3, 4, 5, 6, 7]


def test_short_circuit_wins_with_three_guards():
    s = promo("promo_3a", 3, hands=((0, 4), (15, 14)), suitcases=(12, 6),
              guards=guards([slot(2), slot(3), slot(7)], []), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    assert s.play[0] == ((4, "short_circuit", -1),)
    s, _ = act(s, 1, {"type": "encrypt", "card": 15})
    assert s.stage == "over" and s.result == ((0,), "short_circuit")


def test_short_circuit_discarded_without_three_guards():
    s = promo("promo_3a", 3, hands=((0, 4), (15, 14)), suitcases=(12, 6), guards=guards([slot(2)], []),
              leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    s, _ = act(s, 1, {"type": "encrypt", "card": 15})
    assert s.stage == "action" and s.play[0] == () and 4 in s.discard


def test_suitcase_handoff_needs_three_guards_and_swaps_with_deck_top():
    s = promo("promo_3b", 3, hands=((0, 4), (15,)), suitcases=(12, 6), deck=(8, 9, 10),
              guards=guards([slot(2), slot(3), slot(7)], []), leftover="encrypted")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    assert s.suitcases[0] == 8 and s.epochs[0] == 1 and s.knowledge[0][-1]["cards"] == [12]
    assert s.hands[1][-1] == 12 or 12 in s.hands[1]  # seat 1 drew the old Suitcase
    none = promo("promo_3b", 3, hands=((0, 4), (15,)), suitcases=(12, 6), deck=(8, 9, 10), leftover="encrypted")
    assert not [a for a in legal(none) if a["type"] == DEPLOY and a["card"] == 4]


def test_cyber_trap_wins_while_holding_a_pair():
    s = promo("promo_3c", 3, hands=((0, 1, 4), (15,)), suitcases=(12, 6), leftover="deck")
    s, log = act(s, 0, {"type": DEPLOY, "card": 4})
    assert s.result == ((0,), "cyber_trap") and events(log, "cyber_trap")


def test_cyber_trap_cancelled_by_three_cards_of_one_guild():
    s = promo("promo_3c", 3, hands=((12,), (5, 10, 11)), suitcases=(14, 6), play=(((4, "cyber_trap", -1),), ()),
              turn=1, leftover="deck")
    assert legal(s, 1)[0] == {"type": "cancel_trap"}
    s, log = act(s, 1, {"type": "cancel_trap"})
    assert s.play[0] == () and s.discard == (4,) and s.turn == 1 and s.stage == "action"
    assert len(events(log, "cancel_trap")[0]["revealed"]) == 3


def test_high_stakes_gamble_win_lose_and_deck_limit():
    base = dict(hands=((0, 6), (15,)), suitcases=(12, 14), deck=(1, 2, 3, 5), leftover="encrypted")
    s, _ = act(promo("promo_4a", 4, **base), 0, {"type": DEPLOY, "card": 6, "number": 8})
    assert s.result == ((0,), "high_stakes_gamble")
    s, _ = act(promo("promo_4a", 4, **base), 0, {"type": DEPLOY, "card": 6, "number": 7})
    assert s.result == ((1,), "high_stakes_gamble")
    short = promo("promo_4a", 4, hands=((0, 6), (15,)), suitcases=(12, 14), deck=(1, 2, 3), leftover="encrypted")
    assert not [a for a in legal(short) if a["type"] == DEPLOY and a["card"] == 6]


def test_telepathy_vision_guess_is_private():
    s = promo("promo_4b", 4, hands=((0, 6), (15,)), suitcases=(12, 14), leftover="deck")
    s, log = act(s, 0, {"type": DEPLOY, "card": 6, "number": 8})
    assert s.play[0] == ((6, "telepathy", 8),)
    assert view_state(s, 1)["players"][0]["play_area"] == [{"card": 6, "kind": "telepathy", "guess": None}]
    assert view_state(s, 0)["players"][0]["play_area"][0]["guess"] == 8
    assert all("8" not in str(e["public"].get("params", "")) for e in log)


def test_cyberpunk_sandwich_takes_three_and_returns_three():
    s = promo("promo_5a", 5, hands=((0, 8), (15,)), suitcases=(10, 6), deck=(2, 3, 5),
              guards=guards([], [slot(12)]), leftover="encrypted")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8, "slot2": 0})
    assert s.hands[0] == (0, 2, 5, 12) and top(s).kind == "sandwich" and len(legal(s)) == 24
    s, _ = act(s, 0, {"type": "order", "order": [0, 12, 2]})
    assert s.guards[1][0] == (2, True, -1) and s.hands[0] == (5,)
    assert s.deck[-1] == 12 and 0 in s.hands[1] + s.deck  # seat 1 then drew the top card (0)


def test_armored_fedora_deploys_as_guard_and_swaps_on_death():
    s = promo("promo_5b", 5, hands=((8, 0, 2), (9, 15)), suitcases=(12, 14), discard=(4,), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8})
    assert s.guards[0][0] == (8, True, -1)
    s, _ = act(s, 1, {"type": "assassinate", "card": 9, "slot": 0})
    s, _ = act(s, 0, {"type": "pass"})  # Bullet Proof Vest window (Citrine deck)
    s, _ = act(s, 1, {"type": "order", "order": [9, 8]})
    assert top(s).kind == "fedora_swap" and top(s).seat == 0
    assert {"type": "swap", "give": 0, "take": 4} in legal(s, 0)
    s, _ = act(s, 0, {"type": "swap", "give": 0, "take": 4})
    assert 4 in s.hands[0] and 0 in s.discard and 4 not in s.discard


def test_armored_fedora_may_be_assassinated_by_its_owner():
    s = promo("promo_5b", 5, hands=((9, 0), (15,)), suitcases=(12, 14), guards=guards([slot(8, True)], []),
              leftover="deck")
    assert {"type": "assassinate", "card": 9, "slot": 0, "mine": True} in legal(s)
    s, _ = act(s, 0, {"type": "assassinate", "card": 9, "slot": 0, "mine": True})
    s, _ = act(s, 0, {"type": "order", "order": [8, 9]})
    assert top(s).kind == "fedora_swap" and s.guards[0][0] is None


def test_cct_tucks_a_discard_as_guard_and_dies_as_a_pair():
    s = promo("promo_7a", 7, hands=((0, 12), (15, 1)), suitcases=(14, 3), discard=(2, 16), leftover="deck")
    options = [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 12]
    assert {"type": DEPLOY, "card": 12, "take": 2, "number": 3} in options and len(options) == 6
    s, _ = act(s, 0, {"type": DEPLOY, "card": 12, "take": 2, "number": 2})
    assert s.guards[0][0] == (2, True, 12) and last_answer(s)["answer"] is True
    attacks = [a for a in legal(s, 1) if a["type"] == "assassinate"]
    assert {"type": "assassinate", "card": 15, "slot": 0, "cover": True} in attacks  # the CCT (6-7-8)
    assert {"type": "assassinate", "card": 1, "slot": 0} in attacks  # the tucked card (1-2-3)
    assert {"type": "assassinate", "card": 15, "slot": 0} not in attacks
    s, _ = act(s, 1, {"type": "assassinate", "card": 1, "slot": 0})
    assert s.guards[0][0] is None and top(s).kind == "order_discards" and len(legal(s, 1)) == 6


def test_sands_of_time_keeps_one_of_the_bottom_three_once_per_player():
    s = promo("promo_7b", 7, hands=((0, 12, 13), (15,)), suitcases=(14, 6), deck=(2, 3, 5, 7), leftover="encrypted")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 12})
    assert top(s).kind == "sands_keep" and [a["card"] for a in legal(s)] == [3, 5, 7]
    s, _ = act(s, 0, {"type": "pick", "card": 5})
    assert s.discard == (3, 7) and s.play[0] == ((12, "sands", -1),) and s.sands_used[0]
    assert 5 in s.deck + s.hands[1]
    s, _ = act(s, 1, {"type": "encrypt", "card": 15})
    assert not [a for a in legal(s, 0) if a["type"] == DEPLOY and a["card"] == 13]


def test_unstable_grenade_two_kills_reveal_two_and_opponent_peeks():
    s = promo("promo_9a", 9, hands=((2, 3, 16), (15, 10)), suitcases=(12, 4), deck=(5, 7),
              guards=guards([], [slot(14), slot(0), slot(6)]), leftover="encrypted")
    s, log = act(s, 0, {"type": DEPLOY, "card": 16})
    assert events(log, "grenade_result")[0]["kills"] == 2
    assert s.guards[1] == (None, None, (6, False, -1))
    assert sorted(events(log, "reveal")[0]["cards"][i]["card"] for i in range(2)) == [2, 3]
    assert top(s).kind == "grenade_peek" and top(s).seat == 1
    s, _ = act(s, 1, {"type": "peek", "mode": "deck"})
    assert s.knowledge[1][-1]["cards"] == [5, 7]


def test_unstable_grenade_extra_protection_shields_and_three_kills_show_the_suitcase():
    shielded = promo("promo_9a", 9, hands=((2, 3, 16), (15,)), suitcases=(12, 4),
                     guards=guards([], [slot(14, cover=10)]), leftover="deck")
    s, log = act(shielded, 0, {"type": DEPLOY, "card": 16})
    assert events(log, "grenade_result")[0]["kills"] == 0 and s.guards[1][0] == (14, False, 10)
    full = promo("promo_9a", 9, hands=((2, 3, 16), (15,)), suitcases=(12, 4),
                 guards=guards([], [slot(14), slot(0), slot(1)]), leftover="deck")
    s, _ = act(full, 0, {"type": DEPLOY, "card": 16})
    assert s.suitcase_up[0] and view_state(s, 1)["players"][0]["suitcase"] == 12


def test_no_return_mail_exchanges_cards():
    s = promo("promo_9b", 9, hands=((2, 16), (15,)), suitcases=(12, 4), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 16, "give": 2})
    assert top(s).kind == "mail_return" and legal(s, 1) == [{"type": "pick", "card": 2}, {"type": "pick", "card": 15}]
    s, _ = act(s, 1, {"type": "pick", "card": 15})
    assert s.hands[0] == (15,) and 2 in s.hands[1]


def test_bullet_proof_vest_blocks_one_grenade_kill():
    s = scenario(designs={16: "promo_9a", 17: "citrine_9"}, hands=((2, 3, 16), (10, 11, 17)), suitcases=(12, 4),
                 guards=guards([], [slot(14), slot(0)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 16})
    assert top(s).kind == "defend" and {"type": "react", "card": 17} in legal(s, 1)
    s, log = act(s, 1, {"type": "react", "card": 17})
    assert s.guards[1][0] == (14, True, -1)  # blocked (revealed, stays)
    s, log = act(s, 1, {"type": "pass"})  # second kill not blocked
    assert events(log, "grenade_result")[0]["kills"] == 1 and s.guards[1][1] is None


def test_sniper_kill_of_armored_fedora_fires_no_trigger():
    s = scenario(designs={8: "promo_5b", 9: "promo_5b", 16: "ruby_9"}, hands=((0, 16), (4,)), suitcases=(12, 6),
                 guards=guards([], [slot(8, True)]), discard=(2,), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 16, "slot": 0})
    s, _ = act(s, 0, {"type": "order", "order": [8, 16]})
    assert not s.stack and s.turn == 1

"""Scenario tests for the Ruby cards (crafted states; card id = 2 * (number - 1) + copy).

An opponent holding a single card gets no REACT window (it would be left without a card), which
keeps most scenarios free of the Pull the Plug window; the window itself is tested explicitly.
"""

from tests.classified.helpers import act, events, guards, last_answer, legal, scenario, slot, top

RUBY = {c: f"ruby_{c // 2 + 1}" for c in range(18)}
DEPLOY = "deploy"


def ruby(**zones):
    """A crafted Ruby-deck state."""
    return scenario(designs=RUBY, **zones)


def test_hacking_dart_odd_or_even():
    s = ruby(hands=((0, 12), (1,)), suitcases=(14, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 0})
    assert last_answer(s)["answer"] == "even" and last_answer(s)["possible"] == [2, 4, 6, 8]


def test_pull_the_plug_blocks_a_deploy_before_it_resolves():
    s = ruby(hands=((0, 12, 13), (1, 10)), suitcases=(14, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 0})
    assert top(s).kind == "window_ptp" and legal(s, 1) == [{"type": "pass"}, {"type": "react", "card": 10}]
    s, log = act(s, 1, {"type": "react", "card": 10})
    assert not s.qa and set(s.discard) == {0, 10} and s.turn == 0 and events(log, "skip_action")


def test_pull_the_plug_window_pass_lets_the_effect_resolve():
    s = ruby(hands=((0, 12, 13), (1, 10)), suitcases=(14, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 0})
    s, _ = act(s, 1, {"type": "pass"})
    assert last_answer(s)["answer"] == "even"


def test_pull_the_plug_cannot_be_deployed():
    s = ruby(hands=((10, 12), (1,)), suitcases=(14, 6), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 10]


def test_decoy_guard_deploys_face_up():
    s = ruby(hands=((2, 12), (1,)), suitcases=(14, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 2})
    assert s.guards[0][0] == (2, True, -1)


def test_decoy_guard_trigger_makes_the_assassin_name_a_code_number():
    s = ruby(hands=((6,), (1, 13, 15)), suitcases=(14, 8), guards=guards([slot(2, True)], []), turn=1,
             leftover="deck")
    s, _ = act(s, 1, {"type": "assassinate", "card": 1, "slot": 0})
    s, _ = act(s, 1, {"type": "order", "order": [1, 2]})
    assert top(s).kind == "decoy_tell" and top(s).seat == 1
    assert legal(s, 1) == [{"type": "answer", "number": n} for n in (4, 5, 6)]
    s, _ = act(s, 1, {"type": "answer", "number": 6})
    qa = last_answer(s)
    assert (qa["answerer"], qa["asker"], qa["possible"]) == (1, 0, [5, 6, 7])


def test_tough_choice_plays_one_of_the_top_two_then_shuffles_back():
    s = ruby(hands=((0, 4), (1,)), suitcases=(14, 6), deck=(12, 5, 16, 17), discard=(8,), leftover="encrypted")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4})
    assert top(s).kind == "tc_choose" and top(s).secret == (12, 5)
    options = legal(s)
    assert {"type": "encrypt", "card": 12} in options and {"type": "guard", "card": 5} in options
    assert not [a for a in options if a["type"] == DEPLOY and a["card"] == 5]  # no chained Tough Choice
    s, _ = act(s, 0, {"type": "guard", "card": 5})
    assert s.guards[0][0] == (5, False, -1) and top(s).kind == "tc_finish"
    assert legal(s) == [{"type": "pick", "card": 8}]
    s, _ = act(s, 0, {"type": "pick", "card": 8})
    assert s.discard == (4,) and s.hands[0] == (0,)
    assert sorted(s.deck + s.hands[1]) == [1, 8, 12, 16, 17]


def test_digital_resurrection_plays_top_encrypted_face_up():
    s = ruby(hands=((0, 6), (1,)), suitcases=(14, 8), encrypted=(12, 13), encrypted_by=(-1, -1), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 6, "mode": "encrypted"})
    assert s.guards[0][0] == (12, True, -1) and s.encrypted == (13,)


def test_digital_resurrection_swaps_a_guard_with_an_opponent_hand_card():
    s = ruby(hands=((0, 6), (1,)), suitcases=(14, 12), guards=guards([slot(8)], []), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 6, "mode": "hand", "slot": 0})
    assert top(s).kind == "dr_give" and legal(s, 1) == [{"type": "pick", "card": 1}]
    s, log = act(s, 1, {"type": "pick", "card": 1})
    assert s.guards[0][0] == (1, True, -1) and s.hands[1] == (8,)
    assert legal(s, 0) == [{"type": "pass"}, {"type": "swap", "give": 0}]
    s, _ = act(s, 0, {"type": "swap", "give": 0})
    assert s.guards[0][0] == (0, False, -1) and s.hands[0] == (1,) and s.discard == (6,)


def test_precision_procedure_swaps_with_discard_and_enlists_another_card():
    s = ruby(hands=((0, 8), (1,)), suitcases=(16, 17), discard=(12, 14), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8, "mode": "top"})
    assert s.discard == (12, 8) and s.hands[0] == (0, 14) and top(s).kind == "pp_follow"
    assert {"type": "discard", "card": 14} in legal(s) and {"type": "guard", "card": 0} in legal(s)
    s, _ = act(s, 0, {"type": "guard", "card": 0})
    assert s.guards[0][0] == (0, False, -1) and s.hands[0] == (14,) and s.turn == 1


def test_precision_procedure_bottom_then_discard():
    s = ruby(hands=((0, 8), (1,)), suitcases=(16, 17), discard=(12, 14), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 8, "mode": "bottom"})
    s, _ = act(s, 0, {"type": "discard", "card": 12})
    assert s.discard == (8, 14, 12) and s.hands[0] == (0,)


def test_infiltration_joins_the_opponent_guards_and_asks_a_number():
    s = ruby(hands=((0, 12), (1,)), suitcases=(16, 6), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 12})
    assert s.guards[1][0] == (12, True, -1) and s.knowledge[0][-1]["cards"] == [1]
    assert len(legal(s)) == 9
    s, _ = act(s, 0, {"type": "pick", "number": 4})
    assert last_answer(s)["answer"] is True


def test_infiltration_needs_an_empty_opponent_spot():
    s = ruby(hands=((0, 12), (1,)), suitcases=(16, 6), guards=guards([], [slot(2), slot(3), slot(4)]),
             leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 12]


def test_shine_spotlights_flips_all_and_asks_between_two_guards():
    s = ruby(hands=((0, 14), (1,)), suitcases=(12, 6), guards=guards([slot(2)], [slot(16)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 14})
    assert s.guards[0][0][1] and s.guards[1][0][1]
    assert legal(s) == [{"type": "pick", "number": 2, "number2": 9}]
    s, _ = act(s, 0, {"type": "pick", "number": 2, "number2": 9})
    assert last_answer(s)["answer"] is True and last_answer(s)["possible"] == list(range(2, 10))


def test_shine_spotlights_needs_two_guards():
    s = ruby(hands=((0, 14), (1,)), suitcases=(12, 6), guards=guards([slot(2)], []), leftover="deck")
    assert not [a for a in legal(s) if a["type"] == DEPLOY and a["card"] == 14]


def test_rooftop_sniper_ignores_codes_vest_and_resilience():
    designs = {c: f"citrine_{c // 2 + 1}" for c in range(18)}
    designs.update({16: "ruby_9", 2: "emerald_6"})
    s = scenario(designs=designs, hands=((0, 16), (17, 4)), suitcases=(12, 6), guards=guards([], [slot(2)]),
                 leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 16, "slot": 0})
    assert top(s).kind == "order_discards" and top(s).seat == 0  # no defend window at all
    s, _ = act(s, 0, {"type": "order", "order": [16, 2]})
    assert s.guards[1][0] is None and s.discard == (16, 2)


def test_rooftop_sniper_may_hit_extra_protection_but_not_the_guard_under_it():
    designs = {c: f"citrine_{c // 2 + 1}" for c in range(18)}
    designs.update({16: "ruby_9"})
    s = scenario(designs=designs, hands=((0, 16), (4,)), suitcases=(12, 6), guards=guards([], [slot(2, cover=10)]),
                 leftover="deck")
    assert [a for a in legal(s) if a.get("card") == 16 and a["type"] == DEPLOY] == \
        [{"type": DEPLOY, "card": 16, "slot": 0, "cover": True}]


def test_rooftop_sniper_ignores_decoy_trigger():
    s = ruby(hands=((0, 16), (1,)), suitcases=(12, 6), guards=guards([], [slot(2, True)]), leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 16, "slot": 0})
    s, _ = act(s, 0, {"type": "order", "order": [2, 16]})
    assert not s.stack and not s.qa


def test_mind_control_on_decoy_guard_fires_its_trigger():
    designs = dict(RUBY)
    designs.update({4: "emerald_2", 5: "emerald_2"})
    s = scenario(designs=designs, hands=((0, 4), (1,)), suitcases=(14, 8), guards=guards([], [slot(2, True)]),
                 leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 4, "slot": 0})
    assert s.guards[0][0] == (2, True, -1) and top(s).kind == "decoy_tell" and top(s).seat == 0
    assert legal(s, 0) == [{"type": "answer", "number": n} for n in (7, 8, 9)]


def test_bullet_proof_vest_blocks_mind_control():
    designs = {c: f"citrine_{c // 2 + 1}" for c in range(18)}
    designs.update({2: "emerald_2", 3: "emerald_2"})
    s = scenario(designs=designs, hands=((0, 2, 4), (16, 6)), suitcases=(14, 8), guards=guards([], [slot(12)]),
                 leftover="deck")
    s, _ = act(s, 0, {"type": DEPLOY, "card": 2, "slot": 0})
    s, _ = act(s, 1, {"type": "react", "card": 16})
    assert s.guards[1][0] == (12, True, -1) and s.guards[0][0] is None and set(s.discard) == {2, 16}

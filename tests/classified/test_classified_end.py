"""End of game (hit test, Guard blocks, tie-breaks, shared victory), the final no-draw round, the
hand limit, set-up options and the suitcase-pick variant."""

import pytest

from engine import Rng
from engine.classified import RULES
from engine.classified.setup import build_designs
from engine.classified.turns import end_game
from engine.errors import InvalidOptions
from tests.classified.helpers import act, guards, random_playout, scenario, slot

# (name, hand0, hand1, suitcases, guards0, guards1, play0, play1, designs, hits, winners)
END_TABLE = [
    ("p0_hits_p1_misses", 12, 0, (8, 14), [], [], (), (), {}, [True, False], [0]),
    ("face_down_guard_blocks_hit_then_more_guards", 12, 0, (8, 14), [], [slot(13)], (), (), {},
     [False, False], [1]),
    ("both_hit_more_guards_wins", 12, 9, (8, 14), [slot(2)], [], (), (), {}, [True, True], [0]),
    ("both_hit_equal_guards_shared", 12, 9, (8, 14), [], [], (), (), {}, [True, True], [0, 1]),
    ("neither_hits_equal_shared", 0, 2, (8, 14), [slot(4)], [slot(5)], (), (), {}, [False, False], [0, 1]),
    ("extra_protection_counts_half", 0, 2, (8, 14), [slot(4)], [slot(5, cover=10)], (), (), {},
     [False, False], [1]),
    ("correct_telepathy_counts_two", 0, 2, (8, 14), [slot(4), slot(6)], [slot(5)], (), ((7, "telepathy", 5),),
     {7: "promo_4b"}, [False, False], [1]),
    ("wrong_telepathy_counts_zero", 0, 2, (8, 14), [slot(4), slot(6)], [slot(5)], (), ((7, "telepathy", 4),),
     {7: "promo_4b"}, [False, False], [0]),
    ("cct_tucked_card_blocks_and_counts_one", 15, 0, (8, 16), [], [slot(14, True, 12)], (), (),
     {12: "promo_7a"}, [False, False], [1]),
    ("extra_protection_does_not_block", 11, 0, (8, 12), [], [slot(2, False, 10)], (), (), {},
     [True, False], [0]),
    ("guard_blocks_only_its_own_number", 12, 0, (8, 14), [], [slot(16)], (), (), {}, [True, False], [0]),
    ("own_guard_does_not_block_own_hit", 12, 0, (8, 14), [slot(13)], [], (), (), {}, [True, False], [0]),
]


@pytest.mark.parametrize("case", END_TABLE, ids=[c[0] for c in END_TABLE])
def test_end_of_game_resolution(case):
    name, hand0, hand1, suitcases, g0, g1, play0, play1, designs, hits, winners = case
    s = scenario(designs=designs, hands=((hand0,), (hand1,)), suitcases=suitcases, guards=guards(g0, g1),
                 play=(play0, play1), final_left=0, leftover="encrypted")
    log = []
    s = end_game(s, log)
    assert log[-1]["public"]["hits"] == hits
    outcome = RULES.outcome(s)
    assert outcome["winners"] == winners
    if len(winners) == 2:
        assert outcome["summary"] == "shared victory"


def test_final_round_two_no_draw_turns_after_the_deck_empties():
    s = scenario(hands=((0, 2, 4), (1, 3)), suitcases=(8, 14), deck=(), leftover="encrypted")
    s, log = act(s, 0, {"type": "encrypt", "card": 4})
    assert s.final_left == 2 and s.turn == 1 and s.hands[1] == (1, 3)
    assert any(e["public"].get("event") == "final_round" for e in log)
    s, _ = act(s, 1, {"type": "encrypt", "card": 3})
    assert s.final_left == 1 and s.turn == 0 and s.hands[0] == (0, 2)
    s, _ = act(s, 0, {"type": "encrypt", "card": 2})
    assert s.stage == "over" and s.hands == ((0,), (1,)) and RULES.outcome(s) is not None


def test_react_cost_turn_can_be_a_final_turn():
    s = scenario(hands=((0, 1, 4), (16, 6)), suitcases=(8, 14), guards=guards([], [slot(2)]), deck=(),
                 leftover="encrypted")
    s, _ = act(s, 0, {"type": "assassinate", "card": 1, "slot": 0})
    s, _ = act(s, 1, {"type": "react", "card": 16})
    # seat 1's final turn was skipped (no draw, no action); seat 0 takes its final turn
    assert s.final_left == 1 and s.turn == 0 and s.hands[1] == (6,)


@pytest.mark.parametrize("options", [{}, {"card_set": "emerald"}, {"card_set": "ruby", "difficulty": "hard"},
                                     {"card_set": "random_full", "promos": True, "difficulty": "insane"}])
def test_hand_limit_and_final_cards_in_random_matches(options):
    for seed in range(40):
        state, steps = random_playout(options, seed)
        assert steps <= RULES.max_length
        if state.result[1] == "end":
            assert [len(h) for h in state.hands] == [1, 1]


def test_turn_start_hand_sizes():
    state = RULES.new_state(RULES.validate_options({}), Rng(5))
    assert len(state.hands[state.turn]) == 3 and len(state.hands[1 - state.turn]) == 2
    assert len(state.deck) == 9 and len(state.encrypted) == 2


@pytest.mark.parametrize("difficulty,encrypted,deck", [("normal", 2, 10), ("hard", 4, 8), ("insane", 6, 6)])
def test_difficulty_sets_encrypted_and_deck(difficulty, encrypted, deck):
    state = RULES.new_state(RULES.validate_options({"difficulty": difficulty}), Rng(1))
    assert len(state.encrypted) == encrypted and len(state.deck) + 1 == deck


@pytest.mark.parametrize("card_set", ["citrine", "emerald", "ruby"])
def test_fixed_sets(card_set):
    designs = build_designs(RULES.validate_options({"card_set": card_set}), Rng(1))
    assert designs == tuple(f"{card_set}_{c // 2 + 1}" for c in range(18))


@pytest.mark.parametrize("preset", ["recommended_1", "recommended_2", "recommended_3"])
def test_recommended_presets_alias_citrine(preset):
    designs = build_designs(RULES.validate_options({"card_set": preset}), Rng(1))
    assert designs == tuple(f"citrine_{c // 2 + 1}" for c in range(18))
    assert "alias Citrine" in RULES.notes


def test_random_pairs_keeps_copies_identical_and_random_full_may_split():
    seen_split, seen_promo = False, False
    for seed in range(60):
        pairs = build_designs(RULES.validate_options({"card_set": "random_pairs", "promos": True}), Rng(seed))
        assert all(pairs[2 * n] == pairs[2 * n + 1] for n in range(9))
        full = build_designs(RULES.validate_options({"card_set": "random_full", "promos": True}), Rng(seed))
        assert all(int(full[c].split("_")[1][0]) == c // 2 + 1 for c in range(18))
        seen_split |= any(full[2 * n] != full[2 * n + 1] for n in range(9))
        seen_promo |= any(d.startswith("promo") for d in full)
    assert seen_split and seen_promo
    for seed in range(30):
        plain = build_designs(RULES.validate_options({"card_set": "random_full"}), Rng(seed))
        assert not any(d.startswith("promo") for d in plain)


def test_selection_per_number():
    options = RULES.validate_options({"card_set": "selection", "promos": True, "selection": [
        "promo_1a", "emerald", "ruby", "citrine", "promo_5b", "emerald_6", "ruby", "citrine", "promo_9b"]})
    designs = build_designs(options, Rng(0))
    assert designs[0] == designs[1] == "promo_1a" and designs[10] == "emerald_6" and designs[17] == "promo_9b"


@pytest.mark.parametrize("options", [
    {"card_set": "selection", "selection": ["citrine"] * 8},
    {"card_set": "selection", "selection": ["promo_1a"] + ["citrine"] * 8},
    {"card_set": "selection", "selection": ["emerald_2"] + ["citrine"] * 8},
    {"card_set": "citrine", "selection": ["citrine"] * 9},
    {"difficulty": "easy"}, {"players": 3},
])
def test_bad_options_are_rejected(options):
    with pytest.raises(InvalidOptions):
        RULES.validate_options(options)


def test_suitcase_pick_variant():
    state = RULES.new_state(RULES.validate_options({"suitcase_pick": True, "first_player": "seat0"}), Rng(3))
    assert state.stage == "pick" and RULES.to_move(state) == (0, 1)
    assert [len(h) for h in state.hands] == [3, 3]
    first = state.hands[1][0]
    state, log = RULES.apply(state, 1, {"type": "choose_suitcase", "card": first}, Rng(1))
    assert RULES.to_move(state) == (0,) and "card" not in log[0]["public"]
    state, _ = RULES.apply(state, 0, {"type": "choose_suitcase", "card": state.hands[0][2]}, Rng(1))
    assert state.stage == "action" and state.turn == 0 and state.suitcases[1] == first
    assert [len(h) for h in state.hands] == [3, 2]


def test_first_player_option():
    for seat in (0, 1):
        state = RULES.new_state(RULES.validate_options({"first_player": f"seat{seat}"}), Rng(9))
        assert state.turn == seat == state.first


def test_card_catalog_has_every_design_of_every_set():
    from engine.classified.data import DEPLOY_KINDS_NOT_DEPLOYABLE, card_catalog
    from engine.classified.common import DEPLOY
    cards = card_catalog()
    by_set = {}
    for c in cards:
        by_set.setdefault(c["set"], []).append(c)
    assert {k: len(v) for k, v in by_set.items()} == {"citrine": 9, "emerald": 9, "ruby": 9, "promo": 13}
    assert {c["number"] for c in by_set["promo"]} == {1, 3, 4, 5, 7, 9}
    fv = [c for c in cards if c["design"] == "citrine_9"][0]
    assert fv["code"] == [8, 9, 1] and fv["guilds"] == ["sentinel", "sentinel"] and fv["name"] == "Bullet Proof Vest"
    for c in cards:  # every design either has a Deploy or is a REACT / TRIGGER-only card
        assert (c["design"] in DEPLOY) != (c["kind"] in DEPLOY_KINDS_NOT_DEPLOYABLE), c["design"]

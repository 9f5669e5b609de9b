"""Hidden information: the allow-listed views, the knowledge log, legal lists that leak nothing,
`sample_state` (information-set invariance, answers and pins respected), and golden playthroughs."""

import hashlib
import json
import os
from pathlib import Path

import pytest

import engine
from engine import Rng
from engine.classified import RULES
from engine.classified.view import allowed_suitcase, view_state
from tests.classified.helpers import act, check_conservation, guards, legal, scenario, slot, top

GOLDEN = Path(__file__).parent / "golden"


def dumps(value):
    """Canonical JSON."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def test_opponent_hidden_zones_are_not_in_view():
    s = scenario(hands=((0, 2), (4, 6)), suitcases=(8, 14), guards=guards([slot(10)], [slot(12), slot(13, True)]),
                 deck=(1, 3), leftover="encrypted")
    v = view_state(s, 0)
    them = v["players"][1]
    assert them["hand"] is None and them["hand_size"] == 2 and them["suitcase"] is None
    assert them["guards"][0] == {"card": None, "face_up": False, "cover": None}
    assert them["guards"][1]["card"] == 13
    assert v["players"][0]["guards"][0]["card"] == 10 and v["players"][0]["suitcase"] == 8
    assert "deck" not in v and all(e["card"] is None for e in v["encrypted"])
    spectator = view_state(s, None)
    assert spectator["players"][0]["hand"] is None and spectator["knowledge"] == []


def test_revealed_cards_go_to_knowledge_not_to_the_view():
    s = scenario(hands=((0, 2), (8, 12)), suitcases=(4, 13), leftover="deck")
    s, _ = act(s, 0, {"type": "deploy", "card": 2})
    s, _ = act(s, 0, {"type": "pick", "number": 5})
    v0, v1 = view_state(s, 0), view_state(s, 1)
    assert v0["players"][1]["hand"] is None
    assert v0["knowledge"][0]["cards"] == [8, 12] and v1["knowledge"] == []


def test_pending_secret_only_for_the_decider():
    s = scenario(hands=((0, 2), (8, 12)), suitcases=(4, 13), leftover="deck")
    s, _ = act(s, 0, {"type": "deploy", "card": 2})
    assert view_state(s, 0)["stack"][-1]["secret"] == [5, 7]
    assert "secret" not in view_state(s, 1)["stack"][-1]


def test_answer_decision_options_not_visible_to_the_asker():
    s = scenario(hands=((0, 4), (8, 2)), suitcases=(6, 13), leftover="deck")
    s, _ = act(s, 0, {"type": "deploy", "card": 4})
    rendered = engine.render(engine.Match("classified", {}, 0, 0, 0, s), 0)
    assert rendered["legal_actions"] == [] and rendered["to_move"] == [1]
    assert "secret" not in dumps(rendered["state"]["stack"])


def test_react_windows_open_whatever_the_hand():
    """A window opens when the design is in the match, so it never tells whether it is held."""
    with_vest = scenario(hands=((0, 1), (4, 16)), suitcases=(8, 13), guards=guards([], [slot(2)]), leftover="deck")
    without = scenario(hands=((0, 1), (4, 6)), suitcases=(8, 13), guards=guards([], [slot(2)]), leftover="deck")
    a, _ = act(with_vest, 0, {"type": "assassinate", "card": 1, "slot": 0})
    b, _ = act(without, 0, {"type": "assassinate", "card": 1, "slot": 0})
    assert top(a).kind == top(b).kind == "defend"
    assert legal(b, 1) == [{"type": "pass"}]
    assert dumps(view_state(a, 0)) == dumps(view_state(b, 0)) and RULES.to_move(a) == RULES.to_move(b)


def test_sample_state_respects_answers_about_the_suitcase():
    s = scenario(hands=((0, 2), (4, 6)), suitcases=(8, 14), leftover="deck")
    s, _ = act(s, 0, {"type": "deploy", "card": 0, "number": 8})
    view = json.loads(dumps(view_state(s, 0)))
    numbers, _ = allowed_suitcase(view, 1)
    assert numbers == {6, 7, 8, 9, 1}
    rng = Rng(4)
    for _ in range(40):
        sampled = RULES.sample_state(view, 0, rng)
        check_conservation(sampled)
        assert (sampled.suitcases[1] // 2 + 1) in numbers
        assert dumps(view_state(sampled, 0)) == dumps(view)


def test_sample_state_keeps_tough_choice_cards_on_top():
    designs = {c: f"ruby_{c // 2 + 1}" for c in range(18)}
    s = scenario(designs=designs, hands=((0, 4), (1,)), suitcases=(14, 6), deck=(12, 5, 16, 17), discard=(8,),
                 leftover="encrypted")
    s, _ = act(s, 0, {"type": "deploy", "card": 4})
    view = json.loads(dumps(view_state(s, 0)))
    for seed in range(10):
        sampled = RULES.sample_state(view, 0, Rng(seed))
        assert sampled.deck[:2] == (12, 5) and legal(sampled, 0) == legal(s, 0)
    other = RULES.sample_state(json.loads(dumps(view_state(s, 1))), 1, Rng(3))
    assert other.stack[-1].secret == other.deck[:2]


@pytest.mark.parametrize("options", [{}, {"card_set": "random_full", "promos": True, "difficulty": "hard"}])
def test_information_set_invariance_deep(options):
    """Across whole matches: p's view and legal actions survive re-dealing what p cannot see."""
    for seed in range(6):
        match = engine.start("classified", options, 9_000_000_000_000 + seed)
        pick = Rng(seed)
        while engine.to_move(match):
            for seat in (0, 1):
                view = json.loads(dumps(RULES.view(match.state, seat)))
                sampled = RULES.sample_state(view, seat, pick)
                check_conservation(sampled)
                assert dumps(RULES.view(sampled, seat)) == dumps(view)
                if seat in engine.to_move(match):
                    assert legal(sampled, seat) == legal(match.state, seat)
            seat = engine.to_move(match)[0]
            match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))


def test_game_over_reveals_suitcases_guards_and_final_cards():
    s = scenario(hands=((0, 2, 4), (1, 3)), suitcases=(8, 14), deck=(), final_left=1, turn=0,
                 guards=guards([], [slot(12)]), leftover="encrypted")
    s, _ = act(s, 0, {"type": "encrypt", "card": 4})
    v = view_state(s, 0)
    assert v["players"][1]["suitcase"] == 14 and v["players"][1]["hand"] == [1, 3]
    assert v["players"][1]["guards"][0]["card"] == 12 and v["result"]["reason"] == "end"


def _golden_digest(seed, options):
    match = engine.start("classified", options, seed)
    pick = Rng(seed * 31 + 7)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))
    text = dumps(engine.match_to_json(match))
    return {"seed": seed, "options": options, "sha256": hashlib.sha256(text.encode()).hexdigest(),
            "version": match.version, "outcome": engine.render(match, None)["outcome"]}


GOLDEN_CASES = [(101, {}), (202, {"card_set": "ruby", "difficulty": "hard"}),
                (303, {"card_set": "random_full", "promos": True})]


@pytest.mark.parametrize("seed,options", GOLDEN_CASES, ids=[f"seed{s}" for s, _ in GOLDEN_CASES])
def test_golden_playthrough(seed, options):
    """Regenerate with CLASSIFIED_REGEN=1 after an intended rules change."""
    path = GOLDEN / f"seed{seed}.json"
    digest = _golden_digest(seed, options)
    if os.environ.get("CLASSIFIED_REGEN") or not path.exists():
        path.write_text(json.dumps(digest, indent=1, sort_keys=True) + "\n")
    assert digest == json.loads(path.read_text())


def test_sample_state_never_deals_a_seen_card_as_the_suitcase():
    s = scenario(hands=((0, 2), (8, 12)), suitcases=(4, 13), leftover="deck")
    s, _ = act(s, 0, {"type": "deploy", "card": 2})
    s, _ = act(s, 0, {"type": "pick", "number": 5})
    view = json.loads(dumps(view_state(s, 0)))
    for seed in range(30):
        sampled = RULES.sample_state(view, 0, Rng(seed))
        assert sampled.suitcases[1] not in (8, 12, 9) and dumps(view_state(sampled, 0)) == dumps(view)


def test_deck_memory_follows_draws_and_places_known_cards_when_sampling():
    s = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 13), deck=(3, 5, 7), leftover="encrypted")
    s, _ = act(s, 0, {"type": "deploy", "card": 14, "mode": "bottom"})
    # seat 1 drew the top card (3); seat 0 still knows the remaining two
    assert s.deck == (5, 7) and s.deck_memory == ((5, 7), (-1, -1))
    view = json.loads(dumps(view_state(s, 0)))
    assert view["deck_memory"] == [5, 7] and view_state(s, 1)["deck_memory"] == [None, None]
    for seed in range(10):
        assert RULES.sample_state(view, 0, Rng(seed)).deck == (5, 7)


def test_deck_memory_forgets_after_a_shuffle():
    designs = {c: f"ruby_{c // 2 + 1}" for c in range(18)}
    s = scenario(designs=designs, hands=((0, 4), (1,)), suitcases=(14, 6), deck=(12, 5, 16, 17), discard=(8,),
                 leftover="encrypted")
    s, _ = act(s, 0, {"type": "deploy", "card": 4})
    assert s.deck_memory[0] == (12, 5, -1, -1)
    s, _ = act(s, 0, {"type": "encrypt", "card": 12})
    assert s.deck_memory[0] == (5, -1, -1)
    s, _ = act(s, 0, {"type": "pick", "card": 8})
    assert set(s.deck_memory[0]) == {-1}


def test_hand_memory_kept_through_public_plays_and_forgotten_after_hidden_ones():
    s = scenario(hands=((0, 2), (8, 12)), suitcases=(4, 13), deck=(1, 3, 5, 7), leftover="encrypted")
    s, _ = act(s, 0, {"type": "deploy", "card": 2})
    s, _ = act(s, 0, {"type": "pick", "number": 5})
    assert s.hand_memory[0] == (8, 12) and view_state(s, 0)["opponent_hand_known"] == [8, 12]
    assert view_state(s, 1)["opponent_hand_known"] == []
    view = json.loads(dumps(view_state(s, 0)))
    for seed in range(5):
        assert {8, 12} <= set(RULES.sample_state(view, 0, Rng(seed)).hands[1])
    public, _ = act(s, 1, {"type": "deploy", "card": 8, "take": 2, "give": 1})  # Scavenge: all in the open
    assert public.hand_memory[0] == (2, 12)
    hidden, _ = act(s, 1, {"type": "encrypt", "card": 12})
    assert hidden.hand_memory[0] == ()


def test_hand_memory_learns_a_drawn_card_the_seat_had_peeked():
    s = scenario(hands=((14, 0), (2, 4)), suitcases=(8, 13), deck=(3, 5), leftover="encrypted")
    s, _ = act(s, 0, {"type": "deploy", "card": 14, "mode": "bottom"})
    assert s.hands[1] == (2, 3, 4) and s.hand_memory[0] == (3,) and s.deck_memory[0] == (5,)

"""Scenario tests: the multiplayer game has no round limit; OUR termination guard is the explicit
option `safety_round_cap` with its own end reason, distinct from `max_rounds` ("rounds")."""

from dataclasses import replace

import pytest

import engine
from engine.darkagent import RULES
from engine.darkagent.state import OVER, VOTE
from engine.darkagent.turns import round_limit
from engine.errors import InvalidOptions

from .scenario import act, blank


def last_turn_of_round(round_number, **options):
    """Seat 1 (the last player of a 2-player round) about to end its turn in `round_number`."""
    return replace(blank(**options), turn=1, round=round_number)


def test_safety_round_cap_is_a_documented_option_marked_ours():
    spec = RULES.options_spec["safety_round_cap"]
    assert spec["default"] == 30 and spec["min"] == 1
    assert "OURS" in spec["description"] and "safety_round_cap" in spec["description"]
    entry = next(g for g in engine.catalog() if g["game"] == "darkagent")
    assert entry["options"]["safety_round_cap"]["default"] == 30
    assert engine.start("darkagent", {"players": 2}, seed=1).options["safety_round_cap"] == 30
    with pytest.raises(InvalidOptions):
        engine.start("darkagent", {"players": 2, "safety_round_cap": 0}, seed=1)


def test_without_max_rounds_the_safety_cap_ends_the_game_with_its_own_reason():
    s = last_turn_of_round(30)
    assert round_limit(s.cfg) == 30
    over, events = act(s, 1, {"type": "end_turn"})
    assert over.phase == OVER and over.end_reason == "safety_round_cap"
    assert {"game_over": "safety_round_cap"} in [e["public"] for e in events]
    assert "safety_round_cap" in RULES.outcome(over)["summary"]
    going, _ = act(last_turn_of_round(29), 1, {"type": "end_turn"})
    assert going.phase == VOTE


def test_a_smaller_safety_cap_and_max_rounds_keep_their_reasons():
    over, _ = act(last_turn_of_round(4, safety_round_cap=4), 1, {"type": "end_turn"})
    assert over.phase == OVER and over.end_reason == "safety_round_cap"
    over, _ = act(last_turn_of_round(6, max_rounds=6), 1, {"type": "end_turn"})
    assert over.phase == OVER and over.end_reason == "rounds"
    over, _ = act(last_turn_of_round(4, max_rounds=6, safety_round_cap=4), 1, {"type": "end_turn"})
    assert over.end_reason == "safety_round_cap"


def test_a_seeded_match_without_a_round_limit_stops_at_the_cap():
    m = engine.start("darkagent", {"players": 2, "safety_round_cap": 2, "aim_limit": 5}, seed=11)
    while engine.to_move(m):
        seat = engine.to_move(m)[0]
        m = engine.step(m, seat, {"type": "end_turn"} if m.state.phase == "act"
                        else engine.legal_actions(m, seat)[0])
    assert m.state.end_reason == "safety_round_cap" and m.state.round == 2

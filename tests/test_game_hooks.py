"""What each game declares about itself on its rules object (engine.core.Game), read by the
generic code instead of a table keyed by game id: tournament roles, sides and measures, the
cooperative side, the typical match length and the web client's card faces."""

import re

import pytest

import engine
from engine import Rng
from engine.registry import BUILTIN
from tests.readme_blocks import doc_text

ROLES = {"classified": {"first", "second"}, "insidejob": {"Insider", "Agent"},
         "ifthen": {"Codebreaker"}, "darkagent": {None}}


def _random_match(game_id, options, seed):
    match, rng = engine.start(game_id, options, seed), Rng(seed + 1)
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        legal = engine.legal_actions(match, seat)
        match = engine.step(match, seat, legal[rng.randbelow(len(legal))])
    return match


@pytest.mark.parametrize("game_id", BUILTIN)
def test_typical_moves_is_about_a_random_match(game_id):
    """`typical_moves` (the service's tournament cost estimate) is within a factor 1.5 of the
    mean length of 20 random-bot matches with default options."""
    rules = engine.get_game(game_id)
    mean = sum(_random_match(game_id, {}, seed).version for seed in range(20)) / 20
    assert rules.typical_moves / 1.5 <= mean <= rules.typical_moves * 1.5, mean


@pytest.mark.parametrize("game_id", BUILTIN)
def test_roles_and_sides_come_from_the_game(game_id):
    rules = engine.get_game(game_id)
    match = _random_match(game_id, {}, 3)
    seats = range(rules.seat_count(match.options))
    assert {rules.seat_role(match.state, s) for s in seats} <= ROLES[game_id]
    sides = [rules.seat_side(match.state, s) for s in seats]
    if rules.cooperative_side:
        assert set(sides) == {rules.cooperative_side}  # the engine is the All Knowing
    if game_id in ("classified", "darkagent"):
        assert sides == [None] * len(sides)


def test_a_human_all_knowing_is_its_own_side():
    match = _random_match("ifthen", {"allKnowing": "seat", "players": 3}, 4)
    rules = match.rules
    assert [rules.seat_role(match.state, s) for s in range(3)] == [
        "All Knowing", "Codebreaker", "Codebreaker"]
    assert [rules.seat_side(match.state, s) for s in range(3)] == [
        "All Knowing", "Codebreakers", "Codebreakers"]
    assert rules.measures(match.state, match.options) == {"rounds": match.state.round, "level": 0}


def test_a_game_without_hooks_has_the_defaults():
    from tests.tournament.riggame import SayGame
    rules = SayGame()
    assert rules.seat_role(None, 0) is None and rules.seat_side(None, 0) is None
    assert rules.measures(None, {}) == {} and rules.cooperative_side == ""
    assert rules.typical_moves is None and rules.card_faces() == {}
    assert rules.module("words") is None and rules.module("heuristic") is None


def test_the_recipe_names_every_hook_of_the_game_class():
    """docs/adding-a-game.md lists every public attribute and method of engine.core.Game."""
    text = doc_text("docs/adding-a-game.md")
    missing = [name for name in dir(engine.Game)
               if not name.startswith("_") and not re.search(rf"`{name}[`(]", text)]
    assert not missing, missing

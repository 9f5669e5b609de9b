"""A game's optional bot modules (its `heuristic` and `rollout`, e.g. engine/<game>/heuristic.py),
found through the game's rules class (`Game.module`), so a game outside engine/ works the same way;
shared by the bots package and ISMCTS, which imports it at the top (no late import)."""

from ..registry import GAMES


def game_module(game_id, name):
    """The module `name` beside the game's rules class, or None when the game has none. A module
    that exists but fails to import its own dependencies raises."""
    rules = GAMES.get(game_id)
    return rules.module(name) if rules is not None else None


def heuristic_module(game_id):
    """The game's `heuristic` module, or None when the game has none."""
    return game_module(game_id, "heuristic")

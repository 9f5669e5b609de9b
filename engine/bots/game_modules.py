"""A game's optional bot modules, engine/<game>/heuristic.py and rollout.py, found by name
(shared by the bots package and ISMCTS, which imports it at the top: no late import)."""

import importlib

_GAME_MODULES = {}


def game_module(game_id, name):
    """engine/<game_id>/<name>.py (a game's `heuristic` or `rollout`), or None when the game has
    none. A module that exists but fails to import its own dependencies raises."""
    key = (game_id, name)
    if key not in _GAME_MODULES:
        path = f"engine.{game_id}.{name}"
        try:
            _GAME_MODULES[key] = importlib.import_module(path)
        except ModuleNotFoundError as error:
            if error.name not in (path, f"engine.{game_id}"):
                raise
            _GAME_MODULES[key] = None
    return _GAME_MODULES[key]


def heuristic_module(game_id):
    """The game's `heuristic` module, or None when the game has none."""
    return game_module(game_id, "heuristic")

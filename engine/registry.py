"""The game registry: game id -> rules object.

The four games register themselves from their packages. Extra games (tests' toy game, or a
program embedding the engine) are added with `register(rules)` or, for separate processes such as
RQ workers, listed in the SAFEHOUSE_EXTRA_GAMES environment variable as `module:ATTRIBUTE`
entries separated by commas. SAFEHOUSE_GAMES (comma-separated ids) limits which built-in games
load; by default all of them do.
"""

import importlib
import os

from .errors import UnknownGame

GAME_PACKAGES = ("classified", "insidejob", "ifthen", "darkagent")
GAMES = {}
BUILTIN = []  # ids of the games shipped in this package (the contract documents only these)
EXTRA = []  # ids of the games SAFEHOUSE_EXTRA_GAMES registered when the engine was imported


def register(rules):
    """Add (or replace) a rules object under its id."""
    GAMES[rules.id] = rules
    return rules


def get_game(game_id):
    """The rules object for game_id; raises UnknownGame."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {game_id!r}", "game") from None


def _load_builtin():
    wanted = os.environ.get("SAFEHOUSE_GAMES")
    names = GAME_PACKAGES if not wanted else [n for n in GAME_PACKAGES if n in wanted.split(",")]
    for name in names:
        module_name = f"{__package__}.{name}"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a game package not yet written
            if exc.name != module_name:
                raise
            continue
        register(module.RULES)
        BUILTIN.append(module.RULES.id)


def _load_extra():
    for entry in filter(None, os.environ.get("SAFEHOUSE_EXTRA_GAMES", "").split(",")):
        module_name, _, attr = entry.strip().partition(":")
        rules = register(getattr(importlib.import_module(module_name), attr or "RULES"))
        EXTRA.append(rules.id)


_load_builtin()
_load_extra()

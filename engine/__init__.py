"""Safehouse engine: pure rules for four spy-themed tabletop games.

The library API (stable, everything JSON-able)::

    import engine
    engine.GAMES                       # {"classified": rules, ...}
    engine.catalog()                   # game types with players, options, bots
    m = engine.start("insidejob", {"players": 4}, seed=7)
    engine.to_move(m); engine.legal_actions(m, seat)
    m2 = engine.step(m, seat, action)  # new Match; raises EngineError
    engine.render(m2, seat_or_None)
    engine.render(m2, seat, words=True)  # plus log texts, prompt, labelled choices (people)
    engine.reference("classified")     # cards, missions, roles... with names, texts, source
    engine.match_to_json(m2); engine.match_from_json(d)
"""

from .core import (Game, Match, event, legal_actions, make_outcome, match_from_json,
                   match_to_json, render, render_log, replay, start, step, to_move)
from .errors import (EngineError, GameOver, IllegalAction, InvalidAction, InvalidOptions,
                     NotYourTurn, UnknownGame)
from .registry import GAMES, get_game, register
from .rng import Rng


def catalog():
    """Every registered game type: players, options with defaults and choices, actions, bots."""
    from .bots import bot_catalog
    entries = []
    for game_id in sorted(GAMES):
        entry = GAMES[game_id].describe()
        entry["bots"] = bot_catalog(game_id)
        entries.append(entry)
    return entries


def reference(game_id):
    """A game's reference data: every card, mission, role, equipment... with its name, its rules
    text in words and its `source` ("published" or "ours"); raises UnknownGame."""
    return get_game(game_id).reference()


def __getattr__(name):
    # engine.darkagent etc. resolve lazily to the game packages (the registry lists them)
    from .registry import GAME_PACKAGES
    if name in GAME_PACKAGES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(name)


__all__ = [
    "GAMES", "Game", "Match", "Rng", "catalog", "event", "get_game", "legal_actions",
    "make_outcome", "match_from_json", "match_to_json", "reference", "register", "render", "render_log",
    "replay", "start", "step", "to_move", "EngineError", "GameOver", "IllegalAction",
    "InvalidAction", "InvalidOptions", "NotYourTurn", "UnknownGame",
]

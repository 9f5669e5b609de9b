"""Bots: generic players over the Game protocol that see only their seat's rendered view.

A bot is a function `choose(view, seat, rules, rng, params) -> action`, where `view` is
`engine.render(match, seat)` (the redacted state, legal actions and log) and `rng` is an `Rng`
the caller derives without the match seed. `BOTS` maps bot names to their spec.

Library callers use `choose(name, view, seat, params, seed)`: any bot, in-process, by name.
"""

from ..registry import GAMES, get_game
from ..rng import Rng
from .game_modules import game_module, heuristic_module  # noqa: F401 (engine.bots.game_module is API)
from .ismcts import PARAMS as ISMCTS_PARAMS
from .ismcts import choose_ismcts
from .random_bot import choose_random


def choose_heuristic(view, seat, rules, rng, params):
    """Delegate to the game's own heuristic (engine/<game>/heuristic.py)."""
    return heuristic_module(rules.id).choose(view, seat, rules, rng, params)


BOTS = {
    "random": {
        "choose": choose_random, "params": {},
        "description": "uniformly random legal action",
    },
    "heuristic": {
        "choose": choose_heuristic, "params": {}, "needs": heuristic_module,
        "description": "the game's obvious good sense (per-game rules of thumb)",
    },
    "ismcts": {
        "choose": choose_ismcts, "params": ISMCTS_PARAMS, "clock": True,
        "description": "information-set Monte Carlo tree search over sample_state; "
                       "iterations cap always, budget_ms caps wall time per move",
    },
}


def register_bot(name, choose, params=None, description="", games=None):
    """Add a bot: `choose(view, seat, rules, rng, params)`; `games` limits it to some game ids."""
    BOTS[name] = {"choose": choose, "params": dict(params or {}),
                  "description": description, "games": games}


def _plays(spec, game_id):
    if spec.get("games") and game_id not in spec["games"]:
        return False
    return spec.get("needs") is None or spec["needs"](game_id) is not None


def bot_params(spec, game_id, name=None):
    """The bot's parameter specs for one game: its generic specs with the defaults the game
    declares for the bot `name` (`rules.bot_defaults[name]`)."""
    rules = GAMES.get(game_id)
    own = (getattr(rules, "bot_defaults", None) or {}).get(name, {})
    return {k: {**v, "default": own.get(k, v["default"])} for k, v in spec["params"].items()}


def bot_catalog(game_id):
    """[{"bot", "description", "params"}] for the bots that play game_id."""
    entries = []
    for name, spec in BOTS.items():
        if not _plays(spec, game_id):
            continue
        entries.append({"bot": name, "description": spec["description"],
                        "params": bot_params(spec, game_id, name)})
    return entries


def validate_bot(game_id, seat_spec):
    """A seat spec {"bot": name, params...} with defaults filled; raises ValueError naming the field."""
    name = seat_spec.get("bot")
    spec = BOTS.get(name)
    if spec is None or not _plays(spec, game_id):
        raise ValueError(f"unknown bot {name!r} for {game_id}")
    params = {}
    specs = bot_params(spec, game_id, name)
    for key, value in seat_spec.items():
        if key in ("bot", "kind"):
            continue
        if key not in specs:
            raise ValueError(f"unknown bot parameter {key!r}")
        params[key] = value
    for key, pspec in specs.items():
        value = params.get(key, pspec["default"])
        if not isinstance(value, int) or isinstance(value, bool) or not (
                pspec.get("min", value) <= value <= pspec.get("max", value)):
            raise ValueError(f"bot parameter {key!r} must be an integer in "
                             f"[{pspec.get('min')}, {pspec.get('max')}]")
        params[key] = value
    return {"bot": name, **params}


def choose_action(game_id, seat_spec, view, seat, rng, clock=None):
    """Ask the named bot for an action given the seat's rendered view (`clock` for time budgets)."""
    spec = BOTS[seat_spec["bot"]]
    params = {k: v for k, v in seat_spec.items() if k != "bot"}
    if spec.get("clock"):
        return spec["choose"](view, seat, get_game(game_id), rng, params, clock=clock)
    return spec["choose"](view, seat, get_game(game_id), rng, params)


def choose(name, view, seat, params=None, seed=0, clock=None):
    """The action the bot `name` picks for `seat` from its view (`engine.render(match, seat)`).

    params: the bot's parameters (`engine.catalog()` lists them per game; missing ones take that
    game's defaults; a wrong name or value raises ValueError). seed: the bot's own randomness
    (never the match seed: a bot must not see the deal). clock: a function returning seconds, e.g.
    time.monotonic, for ISMCTS's `budget_ms` (without it only `iterations` bounds the search and
    the choice is reproducible for a given seed)."""
    game_id = view["game"]
    spec = validate_bot(game_id, {**(params or {}), "bot": name})
    return choose_action(game_id, spec, view, seat, Rng(seed), clock=clock)

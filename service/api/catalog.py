"""The catalog as this service serves it: the engine's catalog with the server's real limits.

- Bot parameter ranges are capped by the settings the server enforces at creation
  (`max_bot_budget_ms`, `max_bot_iterations`, service/matches.py `check_bot_budget`), so a client
  that stays inside the advertised range is never refused.
- `seat_counts` says, machine-readably, how many entries `seats` must have: one row per players
  count (and per value of any option that changes the count, e.g. If Then's `allKnowing`).
"""

import copy
import functools
import itertools

import engine
from engine.errors import EngineError

CAPPED = {"budget_ms": "max_bot_budget_ms", "iterations": "max_bot_iterations"}


def _option_values(spec):
    if "choices" in spec:
        return list(spec["choices"])
    return [False, True] if spec.get("type") == "bool" else None


def seat_counts(rules):
    """[{"options": {...the options that decide it}, "seats": n}] over every players count."""
    spec = rules.options_spec
    players = _option_values(spec.get("players", {})) or [None]
    base = rules.validate_options({})
    deciding = [name for name, option in spec.items() if name != "players" and _option_values(option)
                and len({_seats(rules, dict(base, **{name: v})) for v in _option_values(option)} - {None}) > 1]
    rows = []
    for combo in itertools.product(players, *(_option_values(spec[name]) for name in deciding)):
        chosen = {k: v for k, v in zip(["players", *deciding], combo) if k != "players" or v is not None}
        seats = _seats(rules, chosen)
        if seats is not None:
            rows.append({"options": chosen, "seats": seats})
    return rows


def _seats(rules, options):
    try:
        return rules.seat_count(rules.validate_options(options))
    except EngineError:  # a combination the game refuses names no seat count
        return None


@functools.lru_cache(maxsize=8)
def _catalog(budget_ms, iterations):
    limits = {"max_bot_budget_ms": budget_ms, "max_bot_iterations": iterations}
    entries = copy.deepcopy(engine.catalog())
    for entry in entries:
        entry["seat_counts"] = seat_counts(engine.get_game(entry["game"]))
        for bot in entry["bots"]:
            for name, param in bot.get("params", {}).items():
                if name in CAPPED and "max" in param:
                    param["max"] = min(param["max"], limits[CAPPED[name]])
                    param["default"] = min(param["default"], param["max"])
    return entries


def catalog(settings):
    """Every game type as this server accepts it (built once per process and limits)."""
    return _catalog(settings.max_bot_budget_ms, settings.max_bot_iterations)

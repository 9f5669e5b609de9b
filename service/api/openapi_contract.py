"""Rules the marshmallow schemas cannot say, written into the contract so a client sees them.

- `CreateMatchRequest` becomes a oneOf per game (discriminated by `game`): `options` is the game's
  `<Game>Options`, each `seats` entry a `HumanSeat` (human or open: `kind` and `name` only) or one
  of the game's `<Game>BotSeat`s (the bot's own parameters, with the ranges this server accepts),
  and `seats` holds between the fewest and the most seats the game's `seat_counts` name.
- `OddsAttack` carries exactly one of `defence` or `spy_base`.
- `TournamentRequest.spec` and `Tournament.spec` are a `TournamentSpec` (types, names, bounds;
  what depends on other fields, such as a gauntlet's challenger being an entrant, stays prose).
"""

import copy

import engine
from engine.registry import BUILTIN

from ..settings import Settings
from .catalog import catalog

PARAM_TYPES = {"int": {"type": "integer"}, "bool": {"type": "boolean"}, "str": {"type": "string"},
               "float": {"type": "number"}}
HUMAN_SEAT = {"type": "object", "additionalProperties": False,
              "description": "a human seat (token issued now) or an open seat (joined later)",
              "properties": {"kind": {"type": "string", "enum": ["human", "open"]},
                             "name": {"type": "string", "maxLength": 64, "nullable": True}}}


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def _param(spec):
    out = dict(PARAM_TYPES.get(spec.get("type", "int"), {}))
    for bound, key in (("min", "minimum"), ("max", "maximum")):
        if bound in spec:
            out[key] = spec[bound]
    if "choices" in spec:
        out["enum"] = list(spec["choices"])
    if spec.get("description"):
        out["description"] = spec["description"]
    return out


def _bot_seats(schemas, entry, prefix):
    """Name -> schema of each of the game's bots as a seat; returns the names."""
    names = []
    for bot in entry["bots"]:
        name = f"{prefix}{bot['bot'].title().replace('_', '')}BotSeat"
        props = {"kind": {"type": "string", "enum": ["bot"]}, "bot": {"type": "string", "enum": [bot["bot"]]},
                 "name": {"type": "string", "maxLength": 64, "nullable": True}}
        props.update({k: _param(v) for k, v in bot.get("params", {}).items()})
        schemas[name] = {"type": "object", "additionalProperties": False, "required": ["bot"],
                         "properties": props, "description": f"a {bot['bot']} bot seat: {bot['description']}"}
        names.append(name)
    return names


def type_create_request(schemas, prefixes):
    """CreateMatchRequest as a oneOf over the games."""
    base = schemas["CreateMatchRequest"]
    schemas["HumanSeat"] = copy.deepcopy(HUMAN_SEAT)
    entries = {e["game"]: e for e in catalog(Settings.from_env({}))}
    mapping = {}
    for game_id, prefix in prefixes.items():
        typed = copy.deepcopy(base)
        props = typed["properties"]
        props["game"] = {"type": "string", "enum": [game_id]}
        props["options"] = _ref(f"{prefix}Options")
        counts = [row["seats"] for row in entries[game_id]["seat_counts"]]
        seats = [_ref("HumanSeat")] + [_ref(n) for n in _bot_seats(schemas, entries[game_id], prefix)]
        props["seats"] = dict(props["seats"], items={"oneOf": seats}, minItems=min(counts), maxItems=max(counts))
        typed["description"] = f"POST /matches for a {engine.get_game(game_id).name} match"
        schemas[f"{prefix}CreateMatchRequest"] = typed
        mapping[game_id] = f"#/components/schemas/{prefix}CreateMatchRequest"
    schemas["CreateMatchRequest"] = {
        "description": "POST /matches: one schema per game, chosen by `game` (`seats` must have as many "
                       "entries as the game's `seat_counts` in GET /games name for the options)",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping}}


def type_odds(schemas):
    """OddsAttack: exactly one of defence or spy_base."""
    schemas["OddsAttack"]["oneOf"] = [{"required": ["defence"]}, {"required": ["spy_base"]}]


def _int(low, high):
    return {"type": "integer", "minimum": low, "maximum": high}


def tournament_spec():
    """The spec of `safehouse tournament run` / POST /tournaments (engine/tournament/spec.py)."""
    from engine.bots import BOTS
    from engine.tournament.spec import FORMATS, MAX_ENTRANTS, ORDERS, SEATINGS
    params = {"type": "object", "description": "the bot's parameters (GET /games: bots[].params)"}
    entrant = {"oneOf": [
        {"type": "string", "enum": sorted(BOTS), "description": "a built-in bot by name"},
        {"type": "object", "additionalProperties": False, "required": ["bot"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 64},
            "bot": {"type": "string", "enum": sorted(BOTS)}, "params": params}},
        {"type": "object", "additionalProperties": False, "required": ["name", "remote"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 64},
            "remote": {"type": "object", "additionalProperties": False, "required": ["url"], "properties": {
                "url": {"type": "string", "pattern": "^[hH][tT][tT][pP][sS]?://"},
                "timeout_ms": _int(1, 60_000)}}}}]}
    options = {"description": "the game's options, or a non-empty list of option sets (same seat count)",
               "oneOf": [{"type": "object"}, {"type": "array", "minItems": 1, "items": {"type": "object"}}]}
    return {"type": "object", "additionalProperties": False, "required": ["game", "entrants"],
            "description": "a tournament (README, Tournaments); errors name the field as spec.<field>",
            "properties": {
                "game": {"type": "string", "enum": sorted(BUILTIN)}, "options": options,
                "entrants": {"type": "array", "minItems": 1, "maxItems": MAX_ENTRANTS, "items": entrant},
                "format": {"type": "string", "enum": list(FORMATS)},
                "challenger": {"type": "string", "description": "gauntlet only: an entrant's name"},
                "seatings": {"type": "string", "enum": list(SEATINGS)},
                "deals": _int(1, 2**31), "matches_per_pairing": _int(1, 2**31), "total_matches": _int(1, 2**31),
                "seed": {"oneOf": [_int(0, 2**63 - 1), {"type": "string", "pattern": "^[0-9]{1,19}$"}]},
                "budget": {"type": "object", "additionalProperties": False, "properties": {
                    "iterations": _int(1, 200_000), "cpu_ms": _int(1, 60_000)}},
                "name": {"type": "string"}, "rounds": _int(1, 1000),
                "order": {"type": "string", "enum": list(ORDERS)},
                "seats": {"type": "integer", "description": "derived (ignored on input)"},
                "matches": {"type": "integer", "description": "derived (ignored on input)"}}}


def apply(spec, prefixes):
    """Rewrite the contract dict in place."""
    schemas = spec["components"]["schemas"]
    type_create_request(schemas, {g: p for g, p in prefixes.items() if g in BUILTIN})
    type_odds(schemas)
    schemas["TournamentSpec"] = tournament_spec()
    for name in ("TournamentRequest", "Tournament"):
        description = schemas[name]["properties"]["spec"].get("description", "")
        schemas[name]["properties"]["spec"] = {"allOf": [_ref("TournamentSpec")], "description": description}
    return spec

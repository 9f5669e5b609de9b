"""Typed end to end: per-game match views, legal-action lists and action requests in the contract.

The marshmallow schemas describe `MatchView.state`, `legal_actions` and `ActionRequest.action` as
free-form objects (one server serves every game). This step rewrites them so that a generated
client gets real types per game:

- `<Game>MatchView`: MatchView with `game` fixed, `state` a `<Game>View` and `legal_actions`
  `<Game>Action`s; `MatchView` becomes a oneOf of those, discriminated by `game`.
- `<Game>LegalActions` likewise for `GET /matches/{id}/actions`, discriminated by `game`.
- `ActionRequest.action` becomes anyOf the games' `<Game>Action` unions (each discriminated by
  `type`; anyOf because two games may share an action shape such as `{"type": "pass"}`).
"""

import copy


def _ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def _per_game(schemas, base_name, prefixes, fill):
    """Replace schemas[base_name] by a oneOf over one typed copy per game (discriminated by game)."""
    base = schemas[base_name]
    mapping = {}
    for game_id, prefix in prefixes.items():
        typed = copy.deepcopy(base)
        typed["properties"]["game"] = {"type": "string", "enum": [game_id]}
        fill(typed["properties"], prefix)
        typed["description"] = f"{base_name} of a {game_id} match"
        schemas[f"{prefix}{base_name}"] = typed
        mapping[game_id] = f"#/components/schemas/{prefix}{base_name}"
    schemas[base_name] = {
        "description": f"{base_name}: one schema per game, chosen by `game`",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping}}


def type_views_and_actions(spec, prefixes):
    """Rewrite the contract dict in place; `prefixes` maps game id -> schema name prefix."""
    schemas = spec["components"]["schemas"]

    def view_fields(props, prefix):
        props["state"] = dict(_ref(f"{prefix}View"))
        props["legal_actions"] = {"type": "array", "items": _ref(f"{prefix}Action")}

    def legal_fields(props, prefix):
        props["legal_actions"] = {"type": "array", "items": _ref(f"{prefix}Action")}

    _per_game(schemas, "MatchView", prefixes, view_fields)
    schemas["LegalActions"]["required"] = sorted(set(schemas["LegalActions"]["required"]) | {"game"})
    _per_game(schemas, "LegalActions", prefixes, legal_fields)
    action = schemas["ActionRequest"]["properties"]["action"]
    schemas["ActionRequest"]["properties"]["action"] = {
        "description": action.get("description", ""),
        "anyOf": [_ref(f"{prefix}Action") for prefix in prefixes.values()]}
    return spec

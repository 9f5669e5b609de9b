"""Infer an OpenAPI 3.0 schema for each game's view from seeded sample playouts.

The engine builds views as plain JSON; rather than keep a hand-written schema per game in step
with four view modules, the contract derives `<Game>View` from views actually rendered for every
seat and the spectator along fixed-seed random playouts (deterministic, so openapi.yaml is stable
until a view really changes). Keys present in every sample are `required`; objects keyed by seat
numbers become maps; a value seen as null somewhere is `nullable`; mixed types become `{}`.
"""

import engine

MAX_STEPS = 150
SEEDS = (11, 12)


def infer(value):
    """The schema of one JSON value."""
    if value is None:
        return {"nullable": True}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, list):
        items = None
        for item in value:
            items = infer(item) if items is None else merge(items, infer(item))
        return {"type": "array", "items": items or {}}
    if value and all(k.lstrip("-").isdigit() for k in value):
        values = None
        for item in value.values():
            values = infer(item) if values is None else merge(values, infer(item))
        return {"type": "object", "additionalProperties": values}
    return {"type": "object", "properties": {k: infer(v) for k, v in value.items()},
            "required": sorted(value)}


def merge(a, b):
    """A schema that admits everything either schema admits."""
    nullable = a.get("nullable") or b.get("nullable")
    ta, tb = a.get("type"), b.get("type")
    if ta is None and a.get("nullable") and len(a) == 1:
        out = dict(b)
    elif tb is None and b.get("nullable") and len(b) == 1:
        out = dict(a)
    elif ta != tb:
        out = {"type": "number"} if {ta, tb} == {"integer", "number"} else {}
    elif ta == "array":
        out = {"type": "array", "items": merge(a["items"], b["items"]) if a["items"] and b["items"] else {}}
    elif ta == "object":
        out = _merge_objects(a, b)
    else:
        out = {"type": ta}
    if nullable and out:
        out["nullable"] = True
    return out


def _merge_objects(a, b):
    if "properties" in a and "properties" in b:
        props = dict(a["properties"])
        for key, schema in b["properties"].items():
            props[key] = merge(props[key], schema) if key in props else schema
        required = sorted(set(a["required"]) & set(b["required"]))
        return {"type": "object", "properties": props, "required": required}
    values = [s.get("additionalProperties") for s in (a, b)]
    values += [p for s in (a, b) for p in s.get("properties", {}).values()]
    merged = None
    for item in values:
        if item:
            merged = item if merged is None else merge(merged, item)
    return {"type": "object", "additionalProperties": merged or {}}


def _finish(schema):
    """Drop empty `required` lists (OpenAPI 3.0 wants at least one entry)."""
    if schema.get("required") == []:
        del schema["required"]
    for sub in list(schema.get("properties", {}).values()) + [schema.get("items"), schema.get("additionalProperties")]:
        if isinstance(sub, dict):
            _finish(sub)
    return schema


def view_schema(game_id):
    """The inferred schema of `render(match, seat)["state"]` for a game."""
    rules = engine.get_game(game_id)
    schema = None
    for options in rules.conformance_options[:4]:
        for seed in SEEDS:
            for view in _sample_views(game_id, options, seed):
                schema = infer(view) if schema is None else merge(schema, infer(view))
    return _finish(schema or {"type": "object"})


def _sample_views(game_id, options, seed):
    match = engine.start(game_id, options, seed)
    seats = [None] + list(range(match.rules.seat_count(match.options)))
    pick = engine.Rng(seed)
    for _ in range(MAX_STEPS):
        for seat in seats:
            yield match.rules.view(match.state, seat)
        moving = engine.to_move(match)
        if not moving:
            return
        seat = pick.choice(moving)
        match = engine.step(match, seat, pick.choice(engine.legal_actions(match, seat)))

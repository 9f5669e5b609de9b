"""Generate the OpenAPI 3.0.3 contract from the marshmallow schemas and the game registry.

Per game it adds named schemas: `<Game>Options`, one `<Game><Type>Action` per action type,
`<Game>Action` (oneOf, discriminated by `type`) and `<Game>View`. `make openapi` writes the
result to openapi.yaml; a test fails when the committed file differs.
"""

import functools

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

import engine
from engine.registry import BUILTIN

from . import schemas
from . import openapi_contract
from .openapi_paths import PATHS
from .openapi_typed import type_views_and_actions
from .view_schema import view_schema as _view_schema


@functools.lru_cache(maxsize=None)
def inferred_view_schema(game_id):
    """The inferred view schema of a game (cached per process), plus the cypher-wheel notes the
    service adds to a seat's own view in games that have them (service/api/notes.py)."""
    schema = _view_schema(game_id)
    if getattr(engine.get_game(game_id), "cypher_wheel", None) is not None:
        schema = dict(schema, properties=dict(schema.get("properties", {}), notes={
            "type": "object", "additionalProperties": {"type": "string", "enum": ["none", "coloured", "black"]},
            "description": "the seat's own cypher-wheel notes, number 1-9 -> mark (seats only)"}))
    return schema

JSON_TYPES = {"int": {"type": "integer"}, "str": {"type": "string"}, "bool": {"type": "boolean"},
              "object": {"type": "object"}, "list": {"type": "array", "items": {}},
              "int[]": {"type": "array", "items": {"type": "integer"}},
              "str[]": {"type": "array", "items": {"type": "string"}}}


def camel(text):
    """`classified` -> `Classified`; `if-then`/`if_then` -> `IfThen`."""
    return "".join(part[:1].upper() + part[1:] for part in text.replace("-", "_").split("_"))


def game_schema_prefix(rules):
    """The prefix of a game's schema names (from its display name)."""
    return "".join(ch for ch in camel(rules.name.title().replace(" ", "")) if ch.isalnum())


def _option_schema(spec):
    if "choices" in spec:
        return {"enum": list(spec["choices"]), "default": spec["default"]}
    out = dict(JSON_TYPES.get(spec.get("type", "int"), {"type": "string"}), default=spec["default"])
    for bound, key in (("min", "minimum"), ("max", "maximum")):
        if bound in spec:
            out[key] = spec[bound]
    if spec.get("description"):
        out["description"] = spec["description"]
    return out


def game_components(rules):
    """{schema name: schema} for one game's options, actions and view."""
    prefix = game_schema_prefix(rules)
    out = {f"{prefix}Options": {
        "type": "object", "additionalProperties": False,
        "properties": {k: _option_schema(v) for k, v in rules.options_spec.items()}}}
    mapping = {}
    for kind, fields in rules.action_schemas.items():
        name = f"{prefix}{camel(kind)}Action"
        props = {"type": {"type": "string", "enum": [kind]}}
        props.update({k: dict(JSON_TYPES[t.rstrip("?")]) for k, t in fields.items()})
        required = ["type"] + [k for k, t in fields.items() if not t.endswith("?")]
        out[name] = {"type": "object", "properties": props, "required": required,
                     "additionalProperties": False}
        mapping[kind] = f"#/components/schemas/{name}"
    out[f"{prefix}Action"] = {
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping}}
    view = getattr(rules, "view_schema", None) or inferred_view_schema(rules.id)
    out[f"{prefix}View"] = dict(view, description=f"The `state` of a {rules.name} MatchView "
                                "(inferred from seeded sample playouts; see service/view_schema.py).")
    return out


def build_spec():
    """The whole contract as a dict."""
    spec = APISpec(title="Safehouse", version="1.0.0", openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()],
                   info={"description": "Game-state service for four spy-themed tabletop games."})
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    spec.components.security_scheme("tournamentOwner", {"type": "http", "scheme": "bearer",
                                    "description": "the owner_token of POST /tournaments"})
    for name in dir(schemas):
        obj = getattr(schemas, name)
        if (isinstance(obj, type) and issubclass(obj, schemas.Schema) and obj is not schemas.Schema
                and name not in spec.components.schemas):
            spec.components.schema(name, schema=obj)
    for game_id in BUILTIN:
        for name, component in game_components(engine.get_game(game_id)).items():
            spec.components.schema(name, component=component)
    for path, operations in PATHS.items():
        spec.path(path=path, operations=operations)
    prefixes = {game_id: game_schema_prefix(engine.get_game(game_id)) for game_id in BUILTIN}
    return openapi_contract.apply(type_views_and_actions(spec.to_dict(), prefixes), prefixes)


def spec_yaml():
    """The contract as YAML text (stable key order)."""
    return yaml.safe_dump(build_spec(), sort_keys=True, allow_unicode=True, width=100)


def main():
    """Write openapi.yaml (`python -m service.openapi [path]`)."""
    import sys
    path = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(spec_yaml())


if __name__ == "__main__":
    main()

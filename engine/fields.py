"""Field types of game options and action payloads, and the check of one option value against its
spec (engine.core.Game validates options and action shapes with them)."""

from .errors import InvalidOptions

FIELD_TYPES = {
    "int": int, "str": str, "bool": bool, "object": dict, "list": list,
    "int[]": list, "str[]": list,
}


def is_type(value, type_name):
    """Whether a JSON value has the named field type ("int", "int[]", "str[]", "bool", ...)."""
    if type_name == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if type_name == "int[]":
        return isinstance(value, list) and all(is_type(v, "int") for v in value)
    if type_name == "str[]":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, FIELD_TYPES[type_name])


def check_option(name, spec, value):
    """The value of option `name` checked against its spec; raises InvalidOptions naming it."""
    if "choices" in spec:
        if value not in spec["choices"]:
            raise InvalidOptions(f"option {name!r} must be one of {spec['choices']}", f"options.{name}")
        return value
    kind = spec.get("type", "int")
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidOptions(f"option {name!r} must be a boolean", f"options.{name}")
        return value
    if kind == "int":
        if not is_type(value, "int"):
            raise InvalidOptions(f"option {name!r} must be an integer", f"options.{name}")
        if ("min" in spec and value < spec["min"]) or ("max" in spec and value > spec["max"]):
            raise InvalidOptions(
                f"option {name!r} must be between {spec.get('min')} and {spec.get('max')}",
                f"options.{name}")
        return value
    if kind in ("str[]", "int[]", "object", "str"):
        if not is_type(value, kind):
            raise InvalidOptions(f"option {name!r} must be {kind}", f"options.{name}")
        return value
    raise InvalidOptions(f"option {name!r} has an unsupported type", f"options.{name}")

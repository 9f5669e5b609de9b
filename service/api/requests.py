"""The request side, shared by the route modules: JSON bodies and query strings through
marshmallow schemas, bearer tokens, version counters. (The response side, ETags and conditional
requests included, is `headers`; idempotent POSTs are `idempotency`.)"""

import json

from flask import request
from marshmallow import ValidationError

from .errors import ApiError

MAX_JSON_DEPTH = 32
MAX_NUMBER_DIGITS = 16  # versions and cursors stay below 2^53


def parse_body(schema):
    """The JSON body loaded through a marshmallow schema; 400/413/415 naming the bad field."""
    if request.content_length and not request.is_json:
        raise ApiError("unsupported_media_type", "send the body as application/json", "body")
    raw = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH with a Content-Length
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(raw) >= limit:
        raise ApiError("payload_too_large", f"the body is over {limit} bytes", "body")
    data = {}
    if raw:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise ApiError("invalid_request", "the body is not valid JSON (or nests too deep)",
                           "body") from None
    if not isinstance(data, dict):
        raise ApiError("invalid_request", "the body must be a JSON object", "body")
    # a body with at most MAX_JSON_DEPTH brackets cannot nest deeper: skip the walk (a hot path)
    if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and _depth(data) > MAX_JSON_DEPTH:
        raise ApiError("invalid_request", f"the body nests deeper than {MAX_JSON_DEPTH} levels", "body")
    fast = getattr(schema, "fast_load", None)
    if fast is not None:
        loaded = fast(data)  # what schema.load answers, for the plain valid bodies it recognises
        if loaded is not None:
            return loaded
    try:
        return schema.load(data)
    except ValidationError as exc:
        field, message = _first_error(exc.messages)
        raise ApiError("invalid_request", f"{field}: {message}", field) from None


def _depth(value, level=1):
    """How deeply a JSON value nests (stops counting past MAX_JSON_DEPTH + 1)."""
    if level > MAX_JSON_DEPTH or not isinstance(value, (dict, list)):
        return level
    items = value.values() if isinstance(value, dict) else value
    return max((_depth(item, level + 1) for item in items), default=level)


def parse_counter(raw, name):
    """A version or event cursor from a header: digits only, below 2^53; else 400 naming it."""
    if not raw.isdigit() or len(raw) > MAX_NUMBER_DIGITS or int(raw) > 2**53:
        raise ApiError("invalid_request", f"{name} must be a version number (0..2^53)", name)
    return int(raw)


_NO_QUERY = {}  # schema class -> what it loads from an empty query (its defaults)


def parse_query(schema):
    """Query parameters loaded through a marshmallow schema; 400 naming the bad field."""
    if not request.query_string:  # the common case: the schema's defaults, loaded once per class
        kind = type(schema)
        if kind not in _NO_QUERY:
            _NO_QUERY[kind] = schema.load({})
        return dict(_NO_QUERY[kind])
    try:
        return schema.load(request.args.to_dict())
    except ValidationError as exc:
        field, message = _first_error(exc.messages)
        raise ApiError("invalid_request", f"{field}: {message}", field) from None


def _first_error(messages, prefix=""):
    for key, value in messages.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            return _first_error(value, name + ".")
        return name, value[0] if isinstance(value, list) else str(value)
    return prefix or "body", "invalid"


def bearer_token():
    """The token from `Authorization: Bearer <token>`, or None."""
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("unauthorized", "use 'Authorization: Bearer <token>'", "Authorization")
    return token.strip()

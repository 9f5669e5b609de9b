"""Request helpers shared by the blueprints: JSON bodies, bearer tokens, versions and ETags
(idempotent POSTs are in `idempotency`)."""

import json

from flask import request
from marshmallow import ValidationError

from .errors import ApiError

from .headers import GZIP_SUFFIX, gzip_etag

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


def _entity_tags(header):
    """The opaque tags of an If-Match/If-None-Match list (RFC 9110 §8.8.3), weak or strong alike;
    ["*"] for the wildcard."""
    header = header.strip()
    if header == "*":
        return ["*"]
    return [tag.strip().removeprefix("W/").strip().strip('"') for tag in header.split(",") if tag.strip()]


def none_match(etag):
    """The tag to answer 304 with when If-None-Match names `etag` or its gzip variant (weak
    comparison: W/"x" matches "x"; `*` matches any), else None."""
    header = request.headers.get("If-None-Match")
    if not header:
        return None
    tags = _entity_tags(header)
    if "*" in tags or etag.strip('"') in tags:
        return etag
    if etag.strip('"') + GZIP_SUFFIX in tags:
        return gzip_etag(etag)
    return None


def if_match_version(body_version=None):
    """The version the client acted on: the body's `version` or the If-Match header ("3", "3-1",
    W/"3-1", a list of tags naming one version). `*` or neither gives None (no version check).
    Two different versions (in the header, or header against body) are a 400."""
    header = request.headers.get("If-Match")
    if not header:
        return body_version
    tags = _entity_tags(header)
    if tags == ["*"]:
        return body_version
    raws = {tag.split("-")[0] for tag in tags}
    if not raws:
        raise ApiError("invalid_request", "If-Match must carry the match version", "If-Match")
    versions = {parse_counter(raw, "If-Match") for raw in raws}
    if len(versions) > 1:
        raise ApiError("invalid_request", "If-Match names more than one version", "If-Match")
    version = versions.pop()
    if body_version is not None and body_version != version:
        raise ApiError("invalid_request", f"If-Match names version {version} but the body says "
                       f"{body_version}", "If-Match")
    return version


def etag_for(version, seat, meta, log_since=None):
    """The ETag of a seat's view at a version, after so many joins (a join changes the view, not
    the version), and log cut, when one was asked for."""
    cut = "" if log_since is None else f"-l{log_since}"
    joins = sum(1 for spec in meta["seats"] if spec["joined"])
    return f'"{version}-{"s" if seat is None else seat}-j{joins}{cut}"'

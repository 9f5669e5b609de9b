"""Request helpers shared by the blueprints: JSON bodies, bearer tokens, versions, ETags and
idempotent POSTs."""

import functools

from flask import current_app, g, request
from marshmallow import ValidationError

from engine.errors import EngineError

from .errors import ApiError, error_response
from .headers import GZIP_SUFFIX, gzip_etag
from .matches import token_hash


def parse_body(schema):
    """The JSON body loaded through a marshmallow schema; 400/415 naming the bad field."""
    if request.content_length and not request.is_json:
        raise ApiError("unsupported_media_type", "send the body as application/json", "body")
    data = request.get_json(silent=True)
    if data is None:
        if request.get_data():
            raise ApiError("invalid_request", "the body is not valid JSON", "body")
        data = {}
    if not isinstance(data, dict):
        raise ApiError("invalid_request", "the body must be a JSON object", "body")
    try:
        return schema.load(data)
    except ValidationError as exc:
        field, message = _first_error(exc.messages)
        raise ApiError("invalid_request", f"{field}: {message}", field) from None


def parse_query(schema):
    """Query parameters loaded through a marshmallow schema; 400 naming the bad field."""
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
    if not raws or not all(raw.isdigit() for raw in raws):
        raise ApiError("invalid_request", "If-Match must carry the match version", "If-Match")
    if len(raws) > 1:
        raise ApiError("invalid_request", "If-Match names more than one version", "If-Match")
    version = int(raws.pop())
    if body_version is not None and body_version != version:
        raise ApiError("invalid_request", f"If-Match names version {version} but the body says "
                       f"{body_version}", "If-Match")
    return version


def etag_for(version, seat, log_since=None):
    """The ETag of a seat's view at a version (and log cut, when one was asked for)."""
    cut = "" if log_since is None else f"-l{log_since}"
    return f'"{version}-{"s" if seat is None else seat}{cut}"'


def idempotent(view):
    """Make a mutating POST safe to retry: with an Idempotency-Key the first response is stored
    and a retry gets it back byte for byte without acting again."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        key = request.headers.get("Idempotency-Key")
        if not key:
            return view(*args, **kwargs)
        if len(key) > 200:
            raise ApiError("invalid_request", "Idempotency-Key is too long", "Idempotency-Key")
        token = request.headers.get("Authorization", "")
        scope = f"{token_hash(token)[:32]}:{request.method}:{request.path}"
        store = current_app.extensions["safehouse"]["store"]
        found = store.idempotent_get(scope, key)
        if found is None:
            try:
                response = current_app.make_response(view(*args, **kwargs))
            except (ApiError, EngineError) as exc:
                response = error_response(exc)
            record = {"status": response.status_code, "body": response.get_data(as_text=True),
                      "headers": {k: v for k, v in response.headers.items()
                                  if k in ("Content-Type", "ETag", "Location")}}
            found = store.idempotent_put(scope, key, record)
            if found is record:
                return response
        g.idempotent_replay = True
        response = current_app.response_class(found["body"], status=found["status"],
                                              headers=found["headers"])
        response.headers["Idempotent-Replayed"] = "true"
        return response

    return wrapper

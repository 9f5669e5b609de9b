"""One JSON error envelope for every status: {"error": {"code", "message", "field"?, ...}}.

This is the only place where error codes map to HTTP statuses: the core raises DomainError
(service/errors.py), the API also ApiError (a DomainError with response headers), the engine
EngineError; a store that cannot be reached answers 503.
"""

import re

from flask import jsonify, request
from werkzeug.exceptions import HTTPException

from engine.errors import EngineError

from ..errors import DomainError
from ..metrics import REDIS_ERRORS
from ..store import UNAVAILABLE

STATUS = {
    "invalid_action": 422, "illegal_action": 409, "not_your_turn": 409, "game_over": 409,
    "invalid_options": 422, "wrong_seat_count": 422, "tournament_finished": 409, "no_such_seat": 409, "unknown_game": 404, "match_not_found": 404, "stale_version": 409,
    "forbidden_seat": 403, "invalid_request": 400, "unauthorized": 401, "seat_taken": 409,
    "not_found": 404, "method_not_allowed": 405, "payload_too_large": 413,
    "rate_limited": 429, "not_finished": 409, "version_not_reached": 409, "unsupported_media_type": 415,
    "precondition_required": 428, "too_many_bot_matches": 429, "too_many_open_matches": 429,
    "server_full": 503,
    "idempotency_key_reused": 422, "idempotency_in_progress": 409, "service_unavailable": 503,
    "weak_idempotency_key": 400, "request_timeout": 408, "too_many_streams": 429,
    "invalid_ticket": 401, "tournament_not_found": 404, "not_tournament_owner": 403, "tournament_quota": 429,
    "uri_too_long": 414, "job_not_found": 404, "internal_error": 500,
}


MAX_URI_LENGTH = 4096  # path + query; the server in front refuses request lines over 8190 bytes
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f]")  # never in a path we serve (a NUL breaks file APIs)


class ApiError(DomainError):
    """A DomainError raised by the HTTP layer, which may carry response headers."""

    def __init__(self, code, message, field=None, headers=None, **extra):
        super().__init__(code, message, field, **extra)
        self.headers = headers or {}


def status_of(exc):
    """The HTTP status of a DomainError's code."""
    return STATUS[exc.code]


_HTTP_CODES = {400: "invalid_request", 401: "unauthorized", 404: "not_found",
               405: "method_not_allowed", 413: "payload_too_large", 415: "unsupported_media_type",
               408: "request_timeout", 429: "rate_limited"}


def error_response(exc):
    """The JSON response for a DomainError (ApiError included) or EngineError."""
    if isinstance(exc, EngineError):
        exc = DomainError(exc.code, exc.message, exc.field)
    retry_after = getattr(exc, "extra", {}).pop("retry_after", None)  # a header, not a body field
    response = jsonify(exc.body())
    response.status_code = STATUS[exc.code]
    response.headers.update(getattr(exc, "headers", None) or {})
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response


def register_error_handlers(app):
    """Answer every error, including Flask's own, with the JSON envelope."""

    app.register_error_handler(DomainError, error_response)

    @app.before_request
    def _uri_length():
        asked = request._get_current_object()  # one proxy lookup
        if len(asked.full_path) > MAX_URI_LENGTH:
            raise ApiError("uri_too_long", f"the path and query are over {MAX_URI_LENGTH} bytes")
        if CONTROL_CHARACTERS.search(asked.path):  # names nothing we serve (the contract's 404)
            raise ApiError("not_found", "no resource has a control character in its path", "path")
    app.register_error_handler(EngineError, error_response)

    @app.errorhandler(HTTPException)
    def _http_error(exc):
        code = _HTTP_CODES.get(exc.code, "invalid_request" if exc.code < 500 else "internal_error")
        response = jsonify({"error": {"code": code, "message": exc.description or exc.name}})
        response.status_code = exc.code
        if exc.code == 429 and getattr(exc, "retry_after", None):
            response.headers["Retry-After"] = str(exc.retry_after)
        if exc.code == 405 and getattr(exc, "valid_methods", None):
            response.headers["Allow"] = ", ".join(exc.valid_methods)  # RFC 9110 15.5.6
        return response

    def _storage_unavailable(exc):
        app.logger.warning("storage unavailable: %s", exc)
        REDIS_ERRORS.labels("api").inc()
        return error_response(ApiError(
            "service_unavailable", "the match store is unavailable; retry shortly",
            headers={"Retry-After": "1"}))
    for kind in UNAVAILABLE:
        app.register_error_handler(kind, _storage_unavailable)

    @app.errorhandler(Exception)
    def _unexpected(exc):
        app.logger.exception("unhandled error")
        response = jsonify({"error": {"code": "internal_error", "message": "internal error"}})
        response.status_code = 500
        return response

"""gunicorn's own error answers as the service's JSON envelope.

gunicorn refuses some requests before the app sees them (a request line over 8,190 bytes: 414;
a header over `limit_request_field_size` or more than `limit_request_fields` headers: 431; a
malformed request: 400) and writes a small HTML page for them. `install()` (called by
gunicorn_conf.py, so in every worker) makes that page `{"error": {"code", "message"}}` with
`application/json`, as the contract documents for those statuses. The message is the status's
reason only: nothing of the refused request is echoed.
"""

import json

from gunicorn import util

CODES = {400: "invalid_request", 403: "forbidden", 414: "uri_too_long", 417: "invalid_request",
         431: "headers_too_large", 500: "internal_error", 501: "not_implemented"}


def write_json_error(sock, status_int, reason, mesg):
    """gunicorn.util.write_error's signature; the body is the JSON error envelope."""
    code = CODES.get(status_int, "invalid_request" if status_int < 500 else "internal_error")
    body = json.dumps({"error": {"code": code, "message": reason}}, separators=(",", ":"))
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    util.write_nonblock(sock, (head + body).encode("latin1"))


def install():
    """Replace gunicorn's HTML error writer (used by every worker class's handle_error)."""
    util.write_error = write_json_error

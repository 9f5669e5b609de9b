"""The headers of every answer, and conditional requests: the ETag of a seat's view and the
If-None-Match / If-Match checks against it (`etag_for`, `none_match`, `if_match_version`);
response-header hygiene and compression (registered before the rate limiter's own hook, so
these run after it):

- Retry-After only where a retry is the point (429, 503);
- gzip when the client accepts it and the body is at least 1 KB, with `Vary: Accept-Encoding`
  and the ETag of the gzip variant suffixed `-gzip` (a distinct representation, a distinct tag;
  If-None-Match accepts either form, see `none_match`);
- security headers on every answer, precomputed once (docs/security.md): on pages and assets a
  self-only Content-Security-Policy that also forbids framing (`frame-ancestors 'none'`,
  `X-Frame-Options: DENY`), `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`; on
  JSON answers `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and
  `X-Content-Type-Options: nosniff` (see API_SECURITY_HEADERS); and `Cache-Control:
  no-store` on the answers to POST/PUT/PATCH/DELETE (seat tokens, tickets and owner tokens are
  only ever in those, replays included) unless the view set its own.
"""

import zlib

from flask import current_app, request

from .errors import ApiError
from .requests import parse_counter

try:  # Intel ISA-L's deflate: at level 1 ~2.5x faster than zlib's level 1 for the same size
    # (mean 5.6 KB Inside Job view: 27 us vs 70 us; README, Performance)
    from isal import isal_zlib as deflate
except ImportError:  # a platform without its wheel: the standard library's zlib
    deflate = zlib

RETRY_STATUSES = (429, 503)
GZIP_MIN_BYTES = 1024
# the fastest level of zlib and of ISA-L (nginx's default too): on a 4 KB Inside Job view ~40% less
# CPU than zlib's level 6 for ~17% more bytes (measured with bench/profile_service.py's workload)
GZIP_LEVEL = 1
GZIP_WBITS = 31  # a gzip member (header, deflate, trailer); its header's mtime is 0: same bytes each time
GZIP_SUFFIX = "-gzip"
COMPRESSIBLE = ("application/json", "application/yaml", "text/html", "text/plain")
# the web client and Swagger UI load only their own files (no inline script or style; Swagger UI
# draws its icons from data: URIs); no page may be framed, no plugin runs, no form posts elsewhere
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = (("Content-Security-Policy", CSP), ("X-Frame-Options", "DENY"),
                    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"))
# a JSON answer is data, never a document a browser renders: the pair the OWASP REST Security
# Cheat Sheet gives for API responses. Nothing may load from it or frame it (`frame-ancestors`
# is what X-Frame-Options said, for every browser with CSP 2), nosniff keeps it from being read
# as HTML or script, and a referrer policy has no document here to apply to. Two headers, not four,
# on the answers that are nearly all of the traffic (gunicorn and werkzeug handle each header).
API_CSP = "default-src 'none'; frame-ancestors 'none'"
API_SECURITY_HEADERS = (("Content-Security-Policy", API_CSP), ("X-Content-Type-Options", "nosniff"))
JSON = "application/json"
SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


def gzip_etag(etag):
    """The ETag of the gzip variant of a representation tagged `etag`."""
    weak, tag = ("W/", etag[2:]) if etag.startswith("W/") else ("", etag)
    return f'{weak}"{tag.strip(chr(34))}{GZIP_SUFFIX}"'


def gzip_bytes(body):
    """`body` as one gzip member, the same bytes for the same body."""
    return deflate.compress(body, GZIP_LEVEL, GZIP_WBITS)


def _accepts_gzip():
    """Whether Accept-Encoding allows gzip; a plain list ("gzip, deflate, br") is read without
    werkzeug's full parse (a hot path), anything with q-values goes through it."""
    header = request.environ.get("HTTP_ACCEPT_ENCODING", "")
    if ";" not in header:
        return any(token.strip().lower() in ("gzip", "*") for token in header.split(","))
    return request.accept_encodings["gzip"] > 0


def _finish(response):
    """Retry-After only on 429/503; gzip where it applies. One pass over the headers (werkzeug's
    per-name lookups scan the list and raise internally for absent names: a hot path)."""
    headers = response.headers
    present = {name.lower(): value for name, value in headers.items()}
    if "retry-after" in present and response.status_code not in RETRY_STATUSES:
        headers.remove("Retry-After")
    kind = present.get("content-type", "").split(";", 1)[0].strip()
    security = API_SECURITY_HEADERS if kind == JSON else SECURITY_HEADERS
    raw = getattr(headers, "_list", None)  # werkzeug's pairs: extending them skips the per-value
    if isinstance(raw, list):  # validation of Headers.extend (~16 us for these 4 constants; ~0.1 us)
        raw.extend(security)
    else:
        headers.extend(security)
    if request.method not in SAFE_METHODS and "cache-control" not in present:
        headers.add("Cache-Control", "no-store")
    if kind not in COMPRESSIBLE:
        return response
    vary = present.get("vary")
    if not vary:
        headers.add("Vary", "Accept-Encoding")
    elif "accept-encoding" not in vary.lower():
        headers.set("Vary", f"{vary}, Accept-Encoding")
    if (response.direct_passthrough or response.is_streamed
            or "content-encoding" in present or not _accepts_gzip()):
        return response
    body = response.get_data()
    if len(body) < GZIP_MIN_BYTES:
        return response
    response.set_data(gzip_bytes(body))
    headers.add("Content-Encoding", "gzip")
    if "etag" in present:
        headers.set("ETag", gzip_etag(present["etag"]))
    return response


def register(app):
    """Install the after_request hook on `app` (call before the rate limiter is attached)."""
    app.after_request(_finish)


def representation_etag(etag, body):
    """The tag of what a 200 with `body` (a dict) would carry now: the `-gzip` variant when the
    request accepts gzip and the body is long enough to be sent gzipped (a 304 names the current
    representation, RFC 9110 §15.4.5, not the tag the client sent)."""
    if not _accepts_gzip():
        return etag
    return gzip_etag(etag) if len(current_app.json.dumps(body)) >= GZIP_MIN_BYTES else etag


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

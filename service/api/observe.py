"""What an operator sees of each request: a request id, one access-log line, two metrics; and
`GET /metrics` (Prometheus text format; docs/operations.md).

- `X-Request-ID`: the caller's when it is sane (1-64 characters of letters, digits and `._:-`),
  else a made one; echoed in the response and carried by every log line of the request.
- the access line (logger `safehouse.access`): method, route (the URL rule, never the path: no
  ids, no query string, so no stream ticket), status, milliseconds, request id.
- metrics: one counter increment and one histogram observation (service/metrics.py).

`/metrics` is rate-limited like any route (a scrape every 15 s is far below the budget) and
shows no match or seat: counts only.
"""

import os
import re
import time

from flask import Blueprint, Response, current_app, g, has_request_context, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
)

from .. import logs, metrics
from ..settings import metrics_dir

bp = Blueprint("observe", __name__)
SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"))


def request_id():
    """The current request's id (None outside a request): the log context of service/logs.py."""
    return g.get("request_id") if has_request_context() else None


def _start():
    given = request.environ.get("HTTP_X_REQUEST_ID")  # (werkzeug's header lookup: ~3x the cost)
    here = g._get_current_object()  # one proxy lookup, not one per attribute
    here.request_id = given if given and SANE_ID.fullmatch(given) else os.urandom(8).hex()
    here.request_start = time.perf_counter()


def _finish(response):
    asked, here = request._get_current_object(), g._get_current_object()
    rule = asked.url_rule
    route = rule.rule if rule is not None else "unmatched"
    method = asked.method if asked.method in METHODS else "other"
    seconds = time.perf_counter() - getattr(here, "request_start", time.perf_counter())
    request_id = getattr(here, "request_id", None) or "-"
    metrics.observe_request(route, method, response.status_code, seconds)
    raw = getattr(response.headers, "_list", None)  # werkzeug's pairs (no view sets this header):
    if isinstance(raw, list):  # appended without Headers.set's scan and checks
        raw.append(("X-Request-ID", request_id))
    else:
        response.headers["X-Request-ID"] = request_id
    logs.access_line(method, route, response.status_code, round(seconds * 1000, 1), request_id)
    return response


def register(app):
    """Install the hooks; call first in create_app (the start hook runs first, the finish hook
    last, so both see the whole request)."""
    app.before_request(_start)
    app.after_request(_finish)


def _registry():
    """Every process's metrics (multiprocess mode) or this process's."""
    if not metrics_dir():
        return REGISTRY
    from prometheus_client import multiprocess
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    return registry


class _StoreCollector:
    """Counts in Redis at scrape time (queue depths, outbox, worker heartbeats)."""

    def __init__(self, store, settings):
        self.store, self.settings = store, settings

    def collect(self):
        base = self.settings.queue
        names = [f"{base}-bots", f"{base}-allbots", f"{base}-bulk"]
        return metrics.collect_store(self.store, names, f"{base}-bots")


@bp.get("/metrics")
def scrape():
    """Prometheus text format: every process's figures plus what Redis holds now."""
    ctx = current_app.extensions["safehouse"]
    metrics.flush_requests()  # this process's requests up to now; the others' within a second
    metrics.record_cache_sizes()  # this process's caches now; the others' as last reported
    text = generate_latest(_registry())
    text += generate_latest(_StoreRegistry(_StoreCollector(ctx["store"], ctx["settings"])))
    return Response(text, content_type=CONTENT_TYPE_LATEST)


class _StoreRegistry(CollectorRegistry):
    """A registry of one collector, built per scrape (never the global one)."""

    def __init__(self, collector):
        super().__init__(auto_describe=False)
        self.register(collector)

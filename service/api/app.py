"""The app factory: `create_app(settings)` is the only wiring point of the HTTP layer."""

from inspect import iscoroutinefunction

from flask import Flask
from flask_cors import CORS

from .. import jobs, views
from ..settings import Settings
from ..store import connection, open_store
from ..store.notifier import Notifier
from . import (
    connections,
    events,
    headers,
    matches,
    meta,
    notes,
    observe,
    odds,
    static,
    stream_tickets,
    tournament_list,
    tournaments,
)
from .errors import register_error_handlers
from .json_provider import FastJSONProvider
from .rate_limit import RateLimiter, caller_address

# what a browser page on an allowed origin may send and read (CORS)
CORS_REQUEST_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match",
                        "If-None-Match", "Last-Event-ID"]
CORS_EXPOSED_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed",
                        "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]


class SafehouseFlask(Flask):
    """Flask, remembering which functions are plain (synchronous): Flask asks `ensure_sync` for
    every hook and view on every request, and inspect's coroutine check was ~8 calls a request."""

    MAX_KNOWN = 4096  # hooks and views are a few dozen; a per-request closure is never kept past this

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._known_sync = set()

    def ensure_sync(self, func):
        try:
            if func in self._known_sync:
                return func
        except TypeError:  # an unhashable callable: asked afresh each time
            return super().ensure_sync(func)
        if iscoroutinefunction(func):
            return self.async_to_sync(func)
        if len(self._known_sync) < self.MAX_KNOWN:
            self._known_sync.add(func)
        return func


def _settings(settings):
    """(Settings, extra app.config entries): `settings` may be a Settings, None (the environment)
    or an old-style upper-case dict of overrides (extra keys are kept in app.config)."""
    if isinstance(settings, Settings):
        return settings, {}
    base = Settings.from_env()
    return base.with_config(settings), dict(settings or {})


def create_app(settings=None):
    """The Flask app, configured by `settings` (see _settings)."""
    settings, extra = _settings(settings)
    app = SafehouseFlask(__name__)
    app.json = FastJSONProvider(app)
    app.config.update(settings.as_config())
    app.config.update(extra)
    observe.register(app)  # first: the request id and the clock cover every other hook
    app.json.sort_keys = False
    # one bounded pool per process, shared by the store and the rate limiter: a burst of
    # requests waits for a free connection (up to POOL_WAIT_S, then 503) instead of failing
    # (a Redis Cluster client keeps a pool per node of its own)
    store = open_store(settings, pooled=True)
    views.configure(settings)  # the text memos' bound in bytes (issue 31)
    queue = jobs.queue_for(store.queue_redis, settings.queue)

    notifier = Notifier(settings.redis_url, store.notify_channel, **connection.REDIS_TIMEOUTS)
    app.extensions["safehouse"] = {"store": store, "queue": queue,
                                   "notifier": notifier, "stream_slots": connections.StreamSlots(),
                                   "settings": settings}
    headers.register(app)  # before the limiter: Flask runs after_request hooks last-registered first
    # one Redis round trip per request for the limits and their headers (see rate_limit); the
    # match routes count theirs in the round trip of their load (matches.COUNTED_WITH_LOAD)
    app.extensions["safehouse"]["limiter"] = RateLimiter(
        app, store, caller_address, "RATE_LIMIT",
        exempt_blueprints=[meta.bp.name, static.bp.name],
        # creation has a tighter budget of its own
        endpoint_limits={"matches.create_match": "CREATE_LIMIT", "odds.turn_odds": "ODDS_LIMIT"},
        counted_by_route=matches.COUNTED_WITH_LOAD)
    app.before_request(connections.read_body)  # bodies arrive within BODY_TIMEOUT_S or 408
    for blueprint in (meta.bp, observe.bp, matches.bp, events.bp, odds.bp, stream_tickets.bp,
                      tournaments.bp, tournament_list.bp, static.bp, notes.bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    if settings.cors_origins:
        CORS(app, origins=list(settings.cors_origins), allow_headers=CORS_REQUEST_HEADERS,
             expose_headers=CORS_EXPOSED_HEADERS, max_age=600)
    return app

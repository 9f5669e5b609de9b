"""Safehouse HTTP service: `create_app(config)` is the only wiring point."""

import functools

from flask import Flask

from flask_cors import CORS

from . import (api_events, api_matches, api_meta, api_notes, api_odds, api_tournaments, api_web,
               config as config_module, connections, headers, redis_conn, stream_tickets)
from .errors import ApiError, register_error_handlers
from .fast_json import FastJSONProvider
from .jobs import after_save as jobs_after_save, queue_for
from .notifier import Notifier
from .rate_limit import RateLimiter
from .store import Store

# what a browser page on an allowed origin may send and read (CORS)
CORS_REQUEST_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match",
                        "If-None-Match", "Last-Event-ID"]
CORS_EXPOSED_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed",
                        "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]

# a Redis that is down or paused costs a request at most this long before it answers 503
REDIS_TIMEOUTS = {"socket_connect_timeout": 2, "socket_timeout": 3}
POOL_WAIT_S = 5


def _rate_key():
    """Budgets are per caller address: no token (nor any spelling of one) ever names a budget, so
    a junk or re-spelled bearer gets no fresh budget and no token reaches a Redis key name."""
    from flask import request
    return request.remote_addr or "127.0.0.1"


def create_app(config=None):
    """The Flask app, configured from SAFEHOUSE_* environment variables and `config`."""
    app = Flask(__name__)
    app.json = FastJSONProvider(app)
    app.config.update(config_module.from_env())
    app.config.update(config or {})
    app.json.sort_keys = False
    # one bounded pool per process, shared by the store and the rate limiter: a burst of
    # requests waits for a free connection (up to POOL_WAIT_S, then 503) instead of failing
    # (a Redis Cluster client keeps a pool per node of its own)
    if redis_conn.is_cluster(app.config["REDIS_URL"]):
        store = Store(app.config["REDIS_URL"], prefix=app.config["PREFIX"], **REDIS_TIMEOUTS)
    else:
        pool = redis_conn.WaitingConnectionPool.from_url(
            app.config["REDIS_URL"], max_connections=app.config["REDIS_POOL"], timeout=POOL_WAIT_S,
            **REDIS_TIMEOUTS)
        store = Store(app.config["REDIS_URL"], prefix=app.config["PREFIX"], connection_pool=pool)
    queue = queue_for(store.queue_redis, app.config["QUEUE"])

    def after_save(match_id, match, meta):
        if app.config["ENQUEUE_BOTS"]:
            jobs_after_save(queue, match_id, match, meta)

    notifier = Notifier(app.config["REDIS_URL"], store.notify_channel, **REDIS_TIMEOUTS)
    app.extensions["safehouse"] = {"store": store, "queue": queue, "after_save": after_save,
                                   "notifier": notifier, "stream_slots": connections.StreamSlots()}
    headers.register(app)  # before the limiter: Flask runs after_request hooks last-registered first
    # one Redis round trip per request for the limits and their headers (see rate_limit)
    app.extensions["safehouse"]["limiter"] = RateLimiter(app, store.redis, _rate_key, app.config["PREFIX"],
                lambda: app.config["RATE_LIMIT"], exempt_blueprints=[api_meta.bp.name, api_web.bp.name],
                # creation has a tighter budget of its own
                endpoint_limits={"matches.create_match": lambda: app.config["CREATE_LIMIT"],
                                 "odds.turn_odds": lambda: app.config["ODDS_LIMIT"]},
                prefetch=None if redis_conn.is_cluster(app.config["REDIS_URL"])
                else functools.partial(api_matches.prefetch_match, store))
    app.before_request(connections.read_body)  # bodies arrive within BODY_TIMEOUT_S or 408
    for blueprint in (api_meta.bp, api_matches.bp, api_events.bp, api_odds.bp, stream_tickets.bp,
                      api_tournaments.bp, api_web.bp, api_notes.bp):
        app.register_blueprint(blueprint)
    register_error_handlers(app)
    if app.config["CORS_ORIGINS"]:
        CORS(app, origins=app.config["CORS_ORIGINS"], allow_headers=CORS_REQUEST_HEADERS,
             expose_headers=CORS_EXPOSED_HEADERS, max_age=600)
    return app


__all__ = ["create_app", "ApiError"]

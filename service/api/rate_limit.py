"""Per-caller fixed-window rate limits: one Redis round trip per request, headers included.

This replaces flask-limiter, whose generic per-request machinery (limit resolution, exemption
scopes, context objects; measured ~0.2 ms of CPU per request, about a sixth of a view's cost) did
more than this service needs. What it keeps of flask-limiter's behaviour:
- limits written as strings in its grammar (`600/minute`, `10/second;1000/hour`, parsed by
  `limits`); a window starts at a caller's first hit and lasts the limit's period;
- the application limit applies to every routed request outside the exempt blueprints; an
  endpoint may add its own (creation); every limit is counted on every request, refused or not;
- `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch seconds) on every limited answer, from the
  endpoint's own limit when it has one, else the first breached, else the application limit;
- over a limit: 429 `rate_limited` with `Retry-After` (seconds);
- the counters' Redis down (on a cluster, the master of the caller's slot; after a failover's
  retries on a plain Redis): the request is not limited (fails open, with a log line and
  `safehouse_store_degraded{step="rate_limit"}`) and carries no X-RateLimit-* headers; a
  request that needs the store for more than its counters then answers 503 by itself;
- OPTIONS (CORS preflights, answered by Flask/flask-cors without running a view) is never counted
  and never refused: a browser's preflight must not spend its caller's creation budget.

The counting itself is the store's (service/store/rate_limits.py: one MULTI/EXEC per request).
A route that loads a match counts its hit in the same round trip: it is named in
`counted_by_route`, this hook leaves it alone, and the route calls `check(fetch)` itself
(service/api/matches.py). Keys: service/store/keys.py (`limit`).
"""

import functools
import time

from flask import current_app, g, request
from limits import parse_many

from ..metrics import DEGRADED, RATE_LIMITED
from .errors import ApiError


def caller_address():
    """Budgets are per caller address: no token (nor any spelling of one) ever names a budget, so
    a junk or re-spelled bearer gets no fresh budget and no token reaches a Redis key name."""
    return request.remote_addr or "127.0.0.1"


@functools.lru_cache(maxsize=64)
def parse(spec):
    """[(amount, seconds)] of a limit string such as "600/minute" or "10/second;100/hour"."""
    return [(item.amount, item.get_expiry()) for item in parse_many(spec)]


class RateLimiter:
    """Fixed-window limits per caller (`key_func()`), counted by `store`."""

    def __init__(self, app, store, key_func, app_limit, exempt_blueprints=(), endpoint_limits=None,
                 counted_by_route=()):
        """`app_limit` and the values of `endpoint_limits` ({endpoint: limit}) name the app.config
        entries that hold the limit strings (read on each request). Endpoints in `counted_by_route` call
        `check` themselves (with the read their hit rides along with)."""
        self.store, self.key_func = store, key_func
        self.app_limit = app_limit
        self.exempt_blueprints = set(exempt_blueprints)
        self.endpoint_limits = dict(endpoint_limits or {})
        self.counted_by_route = frozenset(counted_by_route)
        app.before_request(self._before)
        app.after_request(self._headers)

    @staticmethod
    def _spec(name):
        return current_app.config[name]

    def _before(self):
        if request.endpoint not in self.counted_by_route:
            self.check()

    def check(self, fetch=None):
        """Count this request's hit and refuse it (429) over a limit. `fetch(hits)`, when given,
        answers (counts, payload): the [count, ttl] of each (key, window) hit, counted as
        `Store.count_hits` does, together with a read the route needs; returns the payload."""
        asked = request._get_current_object()  # one proxy lookup
        endpoint = asked.endpoint
        if endpoint is None or asked.blueprint in self.exempt_blueprints or asked.method == "OPTIONS":
            return fetch(())[1] if fetch else None
        scopes = [("app", self._spec(self.app_limit))]
        if endpoint in self.endpoint_limits:
            scopes.append((endpoint, self._spec(self.endpoint_limits[endpoint])))
        caller = self.key_func()
        items = [(scope, amount, seconds) for scope, spec in scopes for amount, seconds in parse(spec)]
        hits = tuple((self.store.keys.limit(caller, scope, amount, seconds), seconds)
                     for scope, amount, seconds in items)
        answers, payload = fetch(hits) if fetch else (self.store.count_hits(hits), None)
        if answers is None:  # the counters' Redis cannot be reached: fail open
            DEGRADED.labels("rate_limit").inc()
            current_app.logger.warning("rate limit not counted for this request: its Redis is unavailable")
            return payload
        now = time.time()
        windows = [(scope, amount, max(0, amount - int(count)), now + max(int(ttl), 0), int(count) > amount)
                   for (scope, amount, _), (count, ttl) in zip(items, answers)]
        breached = [w for w in windows if w[4]]
        own = [w for w in windows if w[0] != "app"]
        g.rate_limit = own[-1] if own else (breached[0] if breached else windows[0])
        if breached:
            reset = min(w[3] for w in breached)
            RATE_LIMITED.labels(breached[0][0]).inc()
            raise ApiError("rate_limited", f"rate limit exceeded ({breached[0][1]} per "
                           f"{self._period(breached[0], items)} s); retry later",
                           headers={"Retry-After": str(max(1, int(reset - now + 1)))})
        return payload

    @staticmethod
    def _period(window, items):
        return next(seconds for scope, amount, seconds in items
                    if scope == window[0] and amount == window[1])

    @staticmethod
    def _headers(response):
        window = g.get("rate_limit")
        if window is not None:
            _, amount, remaining, reset, _ = window
            added = (("X-RateLimit-Limit", str(amount)), ("X-RateLimit-Remaining", str(remaining)),
                     ("X-RateLimit-Reset", str(int(reset + 1))))
            raw = getattr(response.headers, "_list", None)  # set nowhere else: appended to
            if isinstance(raw, list):  # werkzeug's pairs (no per-value checks: digits only)
                raw.extend(added)
            else:
                response.headers.extend(added)
        return response

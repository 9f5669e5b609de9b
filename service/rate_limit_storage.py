"""A rate-limit storage that costs one Redis round trip per request instead of three.

flask-limiter's stock Redis storage counts a hit with one script (INCRBY + EXPIRE), then, to write
the X-RateLimit-* headers, reads the counter (GET) and its TTL (TTL) again: three round trips on
every request. This storage's hit script answers the count and the TTL together and keeps them for
the rest of the request (in `flask.g`), so the header reads are answered without Redis. Outside a
request, or for a key not hit in this request, it reads Redis as the stock storage does.

Selected by the scheme `safehouse+redis://` (also `safehouse+rediss://`, `safehouse+unix://`);
`create_app` hands it the service's connection pool.
"""

import time

from flask import g, has_app_context
from limits.storage import RedisStorage

# like limits' incr_expire.lua, plus the TTL in the same answer
INCR_EXPIRE_TTL = """
local amount = tonumber(ARGV[2])
local current = redis.call('INCRBY', KEYS[1], amount)
if tonumber(current) == amount then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return {current, redis.call('TTL', KEYS[1])}
"""


def storage_uri(redis_url):
    """The limiter storage URI for a Redis URL (only its scheme matters: the pool connects)."""
    return "safehouse+" + redis_url


class RequestCachedRedisStorage(RedisStorage):
    """RedisStorage whose counts and expiries read after a hit come from that hit's answer."""

    STORAGE_SCHEME = ["safehouse+redis", "safehouse+rediss", "safehouse+unix"]

    def __init__(self, uri, connection_pool=None, **options):
        super().__init__(uri.removeprefix("safehouse+"), connection_pool=connection_pool, **options)

    def initialize_storage(self, uri):
        super().initialize_storage(uri)
        self.lua_incr_expire_ttl = self.get_connection().register_script(INCR_EXPIRE_TTL)

    @staticmethod
    def _request_cache():
        if not has_app_context():
            return None
        cache = g.get("_rate_limit_hits")
        if cache is None:
            cache = g._rate_limit_hits = {}
        return cache

    def incr(self, key, expiry, amount=1):
        """Count `amount` hits on `key` (expiring in `expiry` s); remember count and reset time."""
        current, ttl = self.lua_incr_expire_ttl([self.prefixed_key(key)], [expiry, amount])
        cache = self._request_cache()
        if cache is not None:
            cache[key] = (int(current), max(int(ttl), 0) + time.time())
        return int(current)

    def get(self, key):
        """The counter of `key`: this request's hit's answer, else read from Redis."""
        cache = self._request_cache()
        if cache is not None and key in cache:
            return cache[key][0]
        return super().get(key)

    def get_expiry(self, key):
        """When the window of `key` resets: from this request's hit, else from Redis."""
        cache = self._request_cache()
        if cache is not None and key in cache:
            return cache[key][1]
        return super().get_expiry(key)

    def clear(self, key):
        cache = self._request_cache()
        if cache is not None:
            cache.pop(key, None)
        super().clear(key)

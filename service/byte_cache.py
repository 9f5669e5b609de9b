"""Per-process caches bounded in bytes (issue 31), and what they hold now (`cache_sizes`).

A `ByteLRU` keeps values with a cheap size estimate each (the caller's: e.g. the length of the
JSON a value was parsed from, times how much bigger parsed Python objects are) and drops the
least recently stored ones once the estimates add up to more than its bound. A value estimated
above the whole bound is not kept at all. Every cache registers itself by name, so
`cache_sizes()` answers {name: estimated bytes} for a metrics endpoint, and a put logs the sizes
at most once a minute. A leaf module like fast_json: the store may import it.
"""

import logging
import time
import weakref
from collections import OrderedDict

MIB = 1024 * 1024
REPORT_EVERY_S = 60.0

log = logging.getLogger(__name__)
_CACHES = weakref.WeakSet()
_REPORTERS = {}  # name -> function answering the bytes of a cache with its own bounds
_reported = [time.monotonic()]


class ByteLRU:
    """A least-recently-stored cache bounded by the sum of its entries' estimated sizes."""

    __slots__ = ("__weakref__", "_items", "bytes", "max_bytes", "name")

    def __init__(self, name, max_bytes):
        self.name, self.max_bytes, self.bytes = name, int(max_bytes), 0
        self._items = OrderedDict()  # key -> (value, estimated bytes)
        _CACHES.add(self)

    def get(self, key, default=None):
        """The value of `key` (its place in the order stays: `put` renews it)."""
        item = self._items.get(key)
        return default if item is None else item[0]

    def size_of(self, key):
        """The estimate `key` was stored with (0 when absent)."""
        item = self._items.get(key)
        return 0 if item is None else item[1]

    def put(self, key, value, size):
        """Store (or renew) `key` as the most recent entry; older entries go while over the bound."""
        size = max(int(size), 0)
        self.pop(key)
        if size > self.max_bytes:
            return
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.max_bytes and self._items:
            try:
                _, (_, dropped) = self._items.popitem(last=False)
            except KeyError:  # emptied meanwhile by another thread
                break
            self.bytes -= dropped
        _maybe_report()

    def pop(self, key, default=None):
        """Forget `key`; its value or `default`."""
        item = self._items.pop(key, None)
        if item is None:
            return default
        self.bytes -= item[1]
        return item[0]

    def resize(self, max_bytes):
        """A new bound (entries over it go now)."""
        self.max_bytes = int(max_bytes)
        while self.bytes > self.max_bytes and self._items:
            self.bytes -= self._items.popitem(last=False)[1][1]

    def clear(self):
        self._items.clear()
        self.bytes = 0

    def __len__(self):
        return len(self._items)

    def __contains__(self, key):
        return key in self._items


def cache_sizes():
    """{cache name: estimated bytes} over every live cache of this process (same names summed)."""
    sizes = {name: size() for name, size in _REPORTERS.items()}
    for cache in list(_CACHES):
        sizes[cache.name] = sizes.get(cache.name, 0) + cache.bytes
    return sizes


def report(name, size):
    """Count a cache bounded elsewhere (`size()`: its estimated bytes) in `cache_sizes`."""
    _REPORTERS[name] = size


_LISTENERS = []  # called with cache_sizes() whenever the sizes are reported (service/metrics.py)


def listen(callback):
    """Have `callback(sizes)` called with `cache_sizes()` at each report (at most once a minute)."""
    _LISTENERS.append(callback)


def _maybe_report():
    now = time.monotonic()
    if now - _reported[0] >= REPORT_EVERY_S:
        _reported[0] = now
        sizes = cache_sizes()
        log.info("per-process cache bytes (estimated): %s", sizes)
        for callback in _LISTENERS:
            callback(sizes)

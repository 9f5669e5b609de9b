"""Wake-ups for waiting clients without a Redis connection each.

Every save publishes the match id on one channel (`<prefix>notify`). Each API process keeps ONE
subscriber connection, read by one background thread (a greenlet under gunicorn's gevent worker),
which wakes the long-polls and SSE streams waiting on that match. A waiting client therefore holds
a greenlet and an Event, not a connection from the pool: thousands can wait per process. A client
re-reads the event stream (one short XRANGE on the shared pool) when woken and at each keep-alive,
so a notification lost while the subscriber reconnects costs at most one keep-alive interval.
"""

import threading
import time
from contextlib import contextmanager

from . import connection as redis_conn
from .resilience import TRANSIENT


class Notifier:
    """One subscriber per process fanning out "match changed" to local waiters."""

    def __init__(self, url, channel, **redis_options):
        self.url, self.channel = url, channel
        self._options = {k: v for k, v in redis_options.items() if k == "socket_connect_timeout"}
        self._waiters = {}  # match id -> set of threading.Event
        self._lock = threading.Lock()
        self._thread = None
        # what the waiters of a match last read, so that a wake-up costs one read per match and
        # process, not one per client: match id -> {cursor: events}; dropped at each wake-up
        self._generation = {}  # match id -> count of wake-ups seen
        self._cache = {}

    @contextmanager
    def watch(self, match_id):
        """An Event set whenever `match_id` changes, for the duration of the `with` block.

        Register before reading the stream, so a change between the read and the wait is not
        missed."""
        self._ensure_listening()
        event = threading.Event()
        with self._lock:
            self._waiters.setdefault(match_id, set()).add(event)
        try:
            yield event
        finally:
            with self._lock:
                waiting = self._waiters.get(match_id)
                if waiting is not None:
                    waiting.discard(event)
                    if not waiting:
                        del self._waiters[match_id]
                        self._generation.pop(match_id, None)
                        self._cache.pop(match_id, None)

    def waiting(self):
        """How many clients wait in this process (for tests and metrics)."""
        with self._lock:
            return sum(len(events) for events in self._waiters.values())

    def _ensure_listening(self):
        if self._thread is not None and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._listen, name="safehouse-notifier",
                                                daemon=True)
                self._thread.start()

    def _listen(self):
        """Read the channel forever; on a lost connection, wake everyone (they re-read) and retry."""
        while True:
            try:
                client = redis_conn.connect(self.url, socket_timeout=None, **self._options)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(self.channel)
                self._wake_all()  # anything published while we were not subscribed
                for message in pubsub.listen():
                    if message.get("type") == "message":
                        self._wake(message["data"].decode())
            except (*TRANSIENT, OSError):  # also a cluster's CLUSTERDOWN or a refused seed
                self._wake_all()
                time.sleep(0.5)

    def events(self, store, match_id, after):
        """`store.events(match_id, after)`, shared by this process's waiters on the match until
        the next wake-up (a read that raced a wake-up is used but not kept)."""
        with self._lock:
            cached = self._cache.get(match_id, {}).get(after)
            if cached is not None:
                return cached
            generation = self._generation.get(match_id, 0)
        found = store.events(match_id, after)
        with self._lock:
            if self._generation.get(match_id, 0) == generation and match_id in self._waiters:
                self._cache.setdefault(match_id, {})[after] = found
        return found

    def _forget(self, match_id):
        self._generation[match_id] = self._generation.get(match_id, 0) + 1
        self._cache.pop(match_id, None)

    def _wake(self, match_id):
        with self._lock:
            if match_id not in self._waiters:  # nobody here reads it: nothing cached to drop, and
                return                         # no generation kept (it would grow with every id)
            self._forget(match_id)
            events = list(self._waiters.get(match_id, ()))
        for event in events:
            event.set()

    def _wake_all(self):
        with self._lock:
            for match_id in list(self._waiters):
                self._forget(match_id)
            events = [e for waiting in self._waiters.values() for e in waiting]
        for event in events:
            event.set()


def wait_for_events(store, notifier, match_id, after, wait_s):
    """Events after `after`, waiting up to `wait_s` seconds for the first one (no Redis
    connection is held while waiting)."""
    deadline = time.monotonic() + wait_s
    with notifier.watch(match_id) as changed:
        while True:
            events = notifier.events(store, match_id, after)
            remaining = deadline - time.monotonic()
            if events or remaining <= 0:
                return events
            changed.wait(remaining)
            changed.clear()

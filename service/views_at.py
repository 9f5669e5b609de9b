"""Views at any version (`GET /matches/{id}/replay?at=V`), rebuilt from the stored history.

Replaying the first V actions of the stored history from the seed with `engine.step` gives the
match as it was at version V; the view is rendered by the same `views.match_view` as the live one,
so a viewer's view at V is what `GET /matches/{id}` answered it at V (only `seats`, `status` and
`deadline` are of now). Rebuilt matches, without their logs (the log at V is the stored log's
prefix), are kept in a per-process LRU bounded in entries and estimated bytes, keyed by (match
id, commitment, version) and checked against the stored history before use. A rebuild starts
from the nearest kept version at or below V and leaves a checkpoint every CHECKPOINT_EVERY
versions: one request replays at most V actions, none at the current version. Flask-free.
"""

import bisect
import threading
from collections import OrderedDict
from dataclasses import replace

import engine

from . import byte_cache, matches, views
from .errors import DomainError
from .fast_json import dumps_bytes

MAX_ENTRIES = 512  # rebuilt matches kept per process
MAX_BYTES = 64 * 1024 * 1024  # their estimated size (SAFEHOUSE_VIEWS_AT_CACHE_MB)
CHECKPOINT_EVERY = 64  # versions between the checkpoints a rebuild leaves in the cache
LOG_ENTRY_BYTES = 800  # a log entry as charged to each cached match that holds it (measured 590-800)
HISTORY_BYTES = 80  # a (seat, action) pair and its slot (the action dicts are the stored ones)


def estimated_bytes(match):
    """A deliberately generous estimate of what a cached Match keeps alive: its state (three times
    its JSON, for Python objects), its log entries (none: the cache keeps lean matches) and its
    history (pairs shared between the checkpoints of one rebuild are charged to each)."""
    state = len(dumps_bytes(match.rules.state_to_json(match.state)))
    return 3 * state + LOG_ENTRY_BYTES * len(match.log) + HISTORY_BYTES * len(match.history) + 1024


class VersionCache:
    """An LRU of rebuilt matches per (match id, commitment, version), bounded in entries and bytes."""

    def __init__(self, max_entries=MAX_ENTRIES, max_bytes=MAX_BYTES):
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self.bytes = 0
        self._items = OrderedDict()  # key -> (match, size)
        self._versions = {}  # (match id, commitment) -> {version: key}
        self._lock = threading.Lock()

    def __len__(self):
        return len(self._items)

    def nearest(self, match_id, commitment, history, version):
        """The cached match of this match with the highest version ≤ `version` whose history is
        a prefix of `history` (None when there is none)."""
        with self._lock:
            known = self._versions.get((match_id, commitment), {})
            for candidate in sorted((v for v in known if v <= version), reverse=True):
                key = known[candidate]
                cached = self._items[key][0]
                if cached.history == history[:candidate]:
                    self._items.move_to_end(key)
                    return cached
        return None

    def put(self, match_id, commitment, match):
        """Keep `match` (one more entry), evicting the least recently used beyond the bounds."""
        size = estimated_bytes(match)
        if size > self.max_bytes:
            return
        key = (match_id, commitment, match.version)
        with self._lock:
            if key in self._items:
                self._drop(key)
            self._items[key] = (match, size)
            self._versions.setdefault(key[:2], {})[match.version] = key
            self.bytes += size
            while len(self._items) > self.max_entries or self.bytes > self.max_bytes:
                self._drop(next(iter(self._items)))

    def resize(self, max_bytes):
        """A new bound in estimated bytes (entries over it go now)."""
        with self._lock:
            self.max_bytes = int(max_bytes)
            while self._items and self.bytes > self.max_bytes:
                self._drop(next(iter(self._items)))

    def _drop(self, key):
        _, size = self._items.pop(key)
        self.bytes -= size
        known = self._versions[key[:2]]
        del known[key[2]]
        if not known:
            del self._versions[key[:2]]


CACHE = VersionCache()
byte_cache.report("views_at", lambda: CACHE.bytes)  # bounded here: 512 entries, 64 MiB estimated by default


def _lean(match):
    """The match without its log: what the cache keeps (the log at V is the stored log's prefix)."""
    return replace(match, log=())


def _advance(match_id, commitment, match, at, version, cache):
    """`at` stepped along `match`'s history to `version`, leaving checkpoints in the cache."""
    for seat, action in match.history[at.version:version]:
        at = _lean(engine.step(at, seat, action))
        if at.version % CHECKPOINT_EVERY == 0:
            cache.put(match_id, commitment, at)
    return at


def _origin(match_id, commitment, match, at, version, cache):
    """Where to step from to reach `version`: `at` (the version walked before) when it is less than
    a checkpoint's distance behind, else the nearest cached version if nearer, else the set-up."""
    behind = at is not None and at.version <= version
    if behind and version - at.version < CHECKPOINT_EVERY:
        return at
    cached = cache.nearest(match_id, commitment, match.history, version)
    if cached is not None and (not behind or cached.version > at.version):
        return cached
    return at if behind else _lean(engine.start(match.game, match.options, match.seed))


def _with_log(at, match):
    """A lean rebuilt match with the stored log's entries up to its version."""
    cut = bisect.bisect_right(match.log, at.version, key=lambda entry: entry["seq"])
    return replace(at, log=match.log[:cut])


def matches_at(match_id, match, meta, versions, cache=CACHE, keep=False):
    """The match as it was at each of `versions` (ascending, 0..match.version), each rebuilt from
    the previous one or the nearest cached version at or below it; only checkpoints are cached,
    and with `keep` each version asked for too. Its log is the stored log's entries up to the
    version (what the live view showed; replaying makes the same)."""
    commitment, at = meta["commitment"], None
    for version in versions:
        if version == match.version:
            yield match
            continue
        at = _origin(match_id, commitment, match, at, version, cache)
        at = _advance(match_id, commitment, match, at, version, cache)
        if keep:
            cache.put(match_id, commitment, at)
        yield _with_log(at, match)


def match_at(match_id, match, meta, version, cache=CACHE):
    """The match as it was at `version`, kept in the cache; steps `version` - (nearest cached
    version) actions, none at the current version."""
    return next(matches_at(match_id, match, meta, [version], cache, keep=True))


def view_at(match_id, match, meta, seat, version, cache=CACHE):
    """The MatchView `seat` (None = spectator) had at `version`; DomainError version_not_reached
    (409, with `current_version`) past the match's version."""
    if version < 0:
        raise DomainError("invalid_request", "at: must be a version, 0 or more", "at")
    if version > match.version:
        raise DomainError("version_not_reached", f"the match is at version {match.version}", "at",
                       current_version=match.version)
    at = match_at(match_id, match, meta, version, cache)
    if at is not match:
        meta = dict(meta, status=matches.status_of(at, meta), deadline=None)
    return views.match_view(match_id, at, meta, seat)

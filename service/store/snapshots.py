"""Match snapshots: create, import, load (the one load path of the API, the worker and the
sweeper), save with compare-and-set, events, metadata, delete. Key names: service/store/keys.py.

Saving is one atomic compare-and-set (a Lua script, service/store/scripts.py): check the revision,
write the snapshot and meta, append the event. A conflict gets the current version back and nothing
changes. Loading is one MULTI/EXEC of plain reads on a plain Redis (service/store/transaction.py),
the Lua load on a cluster; a rate-limit hit (service/store/rate_limits.py) and extra reads such as
a seat's notes may ride in the same round trip.
"""

import secrets
import time
from typing import NamedTuple

from ..fast_json import dumps_bytes, loads
from . import transaction
from .compaction import PACKED
from .compaction import meta_of as packed_meta
from .replication import write_and_wait
from .keys import STATUSES
from .rate_limits import hit_commands


def _due_arg(due):
    return "" if due is None else repr(float(due))




class Loaded(NamedTuple):
    """What one `read` answers: the match (doc, meta, rev) or None, its outbox attempts, the
    rate-limit counts and the extra replies."""

    found: tuple | None
    attempts: int
    counts: list
    extras: list


class Conflict(Exception):
    """Someone wrote the match since it was loaded (`version` and `rev` are the stored ones)."""

    def __init__(self, version, rev):
        super().__init__(f"conflict; stored version {version}, rev {rev}")
        self.version, self.rev = version, rev


def _dumps(value):
    return dumps_bytes(value, sort_keys=True)


# the parsed logs and histories a process keeps, bounded by an estimate in bytes (least recently
# stored out; SAFEHOUSE_TAIL_CACHE_MB): parsed JSON takes about PARSED_FACTOR times its length
# (a finished 4-player Dark Agent match: ~85 KB of JSON, ~600 KB of Python objects)
TAIL_CACHE_BYTES = 64 * 1024 * 1024
PARSED_FACTOR = 8
TAIL_OVERHEAD = 512  # the tuple, the id and the nonce of an entry
HISTORY_TAIL = 16  # history entries sent with each save (a save adds at most this many)


def _split(doc):
    """(snapshot without log and history, history): what the hash keeps and what is appended."""
    core = {k: v for k, v in doc.items() if k not in ("log", "history")}
    return core, doc.get("history", [])


class Snapshots:
    """Match snapshots, metadata and events (a part of service/store's `Store`, which sets
    `redis`, `keys`, `retention_s`, the scripts and the parsed-tail cache)."""

    def _ttl_ms(self, meta):
        """How long the match's keys live after this write, by its status (0 = for ever); an
        active match nobody has played yet (version 0) is kept as long as an open one."""
        status = meta.get("status")
        if status == "active" and not meta.get("version"):
            status = "open"
        return int(self.retention_s.get(status, 0) * 1000)

    def _key(self, kind, match_id):
        return self.keys.of_match(kind, match_id)

    def due_key(self, match_id):
        """The due index (outbox) of the match's shard."""
        return self.keys.due(match_id)

    @property
    def notify_channel(self):
        """The pub/sub channel every save announces its match id on (see store/notifier.py)."""
        return self.keys.notify_channel

    def ping(self):
        """True when Redis answers."""
        return bool(self.redis.ping())

    def create(self, match_id, doc, meta, first_event, due=None):
        """Store a new match (rev 1) with its creation event (seq 1) and its outbox entry (`due`
        time, None = nothing due); False if the id exists."""
        core, _ = _split(doc)  # a new match has no history; its set-up log is in first_event
        created = bool(self._write(self._create,
            keys=[self._key("match", match_id), self._key("events", match_id), self.due_key(match_id)],
            args=[_dumps(core), _dumps(meta), doc["version"], _dumps(first_event),
                  time.time(), match_id, _due_arg(due), self._ttl_ms(meta), self.notify_channel,
                  secrets.token_hex(8)]))
        return created  # the script announced it on the notify channel

    def import_match(self, match_id, doc, meta, events, due=None, replace=False):
        """Write a whole match at once (an archive import): snapshot, meta, every event (seq
        1..n) and the history in one atomic script, with a fresh nonce; False (nothing written)
        when the id exists, unless `replace` (then the old match's keys go in the same script)."""
        core, history = _split(doc)
        done = bool(self._import(
            keys=[self._key("match", match_id), self._key("events", match_id),
                  self._key("history", match_id), self.due_key(match_id)],
            args=["1" if replace else "0", _dumps(core), _dumps(meta), doc["version"],
                  secrets.token_hex(8), _due_arg(due), match_id, self._ttl_ms(meta), len(events),
                  *(_dumps(e) for e in events), *(_dumps(h) for h in history)]))
        if done:
            self._tails.pop(match_id, None)
            if replace:
                for status in STATUSES:
                    self.redis.zrem(self.keys.index(game=meta["game"], status=status), match_id)
        return done

    def load(self, match_id):
        """(doc, meta, rev) or None when no such match; `doc` is whole again (log from the event
        stream, history from the history list). Both are append-only, so this process keeps what
        it parsed of a match (`_tails`) and reads and parses only what was appended since: one
        round trip (a transaction on a plain Redis, a script on a cluster)."""
        return self.read(match_id).found

    def read(self, match_id, hits=(), extra=()):
        """The one load path (API, worker, sweeper): a `Loaded` with the match (`found`, what
        `load` answers), its outbox `attempts`, the [count, ttl] of a rate-limit hit on `hits`
        ((key, window seconds) pairs, counted as store/rate_limits.py counts) and the replies of
        `extra` commands (reads in the match's slot), all in one round trip.

        Plain commands in one MULTI/EXEC, not a script: as atomic, and a fifth of the Redis CPU
        (a script copies the snapshot through Lua). The event stream and history are read from
        what this process has parsed on, so they answer nothing when nothing was appended. On a
        Redis Cluster (other slots) the hit and extras are separate commands and the load a script."""
        cached, seen, (match_key, events_key, history_key), (_, known) = self._load_request(match_id)
        if not self._plain:
            counts = self.count_hits(hits) if hits else []
            extras = [self.redis.execute_command(*command) for command in extra]
            raw = self._load(keys=[match_key, events_key, history_key], args=[seen, known])
            return self._loaded(match_id, cached, seen, raw, counts, extras)
        commands = [command for key, window in hits for command in hit_commands(key, window)]
        commands += [("HMGET", match_key, "doc", "meta", "rev", "version", "nonce", "attempts", PACKED),
                     ("XRANGE", events_key, f"(0-{seen}", "+"), ("LRANGE", history_key, known, -1),
                     *extra]
        replies = transaction.transaction(self.redis, commands)
        counts = [replies[i + 1:i + 3] for i in range(0, 3 * len(hits), 3)]
        fields, events, history = replies[3 * len(hits):3 * len(hits) + 3]
        raw = 0 if fields[0] is None and fields[6] is None else [
            fields[0], fields[1], fields[2], events, history, fields[4], fields[5], fields[6]]
        return self._loaded(match_id, cached, seen, raw, counts, replies[len(replies) - len(extra):])

    def load_counting(self, match_id, counter_keys, windows):
        """(counts, what `load` answers): `read` with a rate-limit hit."""
        loaded = self.read(match_id, tuple(zip(counter_keys, windows)))
        return loaded.counts, loaded.found

    def _loaded(self, match_id, cached, seen, raw, counts, extras):
        if raw and raw[0] is None:  # compacted (store/compaction.py): rebuilt by replaying
            return Loaded(self._unpacked(match_id, raw[2], raw[7]), 0, counts,
                          list(extras) if extras else [])
        attempts = int(raw[6] or 0) if raw and len(raw) > 6 else 0
        return Loaded(self._finish_load(match_id, cached, seen, raw and raw[:6]), attempts,
                      counts, list(extras) if extras else [])

    def _load_request(self, match_id):
        cached = self._tails.get(match_id)
        seen, known = (cached[0], len(cached[2])) if cached else (0, 0)
        keys = [self._key(kind, match_id) for kind in ("match", "events", "history")]
        return cached, seen, keys, [seen, known]

    def _finish_load(self, match_id, cached, seen, raw):
        if not raw:
            self._tails.pop(match_id, None)
            return None
        raw_doc, raw_meta, raw_rev, events, history, nonce = raw
        rev, doc = int(raw_rev), loads(raw_doc)
        if "log" in doc:  # an older snapshot that carries its own log and history
            return doc, loads(raw_meta), rev
        if cached and (seen > rev or cached[3] != nonce):  # deleted and written anew: start over
            self._tails.pop(match_id, None)
            return self.load(match_id)
        if cached and not events and not history:  # nothing appended since: the parsed tail
            # as it is (tuples, shared read-only; engine.match_from_json takes them as they are)
            log, full_history = cached[1], cached[2][:doc["version"]]
            self._remember(match_id, cached, 0, cached)
        else:
            log = list(cached[1]) if cached else []
            parsed = sum(map(len, history))
            for sid, fields in events:
                seq = int(sid.split(b"-")[1])
                if seq > rev:
                    break
                log.extend(loads(fields[1])["entries"])
                parsed += len(fields[1])
                seen = seq
            log = tuple(log)
            full_history = ((cached[2] if cached else ())
                            + tuple((seat, action) for seat, action in map(loads, history)))[:doc["version"]]
            self._remember(match_id, (seen, log, full_history, nonce), parsed, cached)
        doc["log"], doc["history"] = log, full_history
        return doc, loads(raw_meta), rev

    def _remember(self, match_id, tail, parsed_bytes, cached):
        """Keep `tail` with its estimate: what the kept entry was, plus `parsed_bytes` of JSON more."""
        size = (self._tails.size_of(match_id) if cached else TAIL_OVERHEAD) + PARSED_FACTOR * parsed_bytes
        self._tails.put(match_id, tail, size)

    def load_meta(self, match_id):
        """The meta dict or None."""
        raw, packed = self.redis.hmget(self._key("match", match_id), "meta", PACKED)
        return loads(raw) if raw is not None else None if packed is None else packed_meta(packed)

    def save(self, match_id, rev, doc, meta, event_entry, due=None, known_history=None):
        """Compare-and-set on `rev`: write the snapshot and meta, append the event (its seq is the
        new rev) and the new history entries, set the outbox entry (`due` time, None = nothing
        due) and announce the match on the notify channel, all in one atomic script. `doc` is a
        whole `match_to_json`; its log is kept by the event stream and its history by the
        history list, so a write costs the same at action 10 as at action 1,000.
        `known_history`: how many history entries the loaded match had (only the rest is sent;
        without it the last HISTORY_TAIL are, and the script appends what is missing).

        Returns the new rev; raises Conflict when the match was written since it was loaded."""
        core, history = _split(doc)
        fresh = len(history) - known_history if known_history is not None else HISTORY_TAIL
        tail = history[-fresh:] if 0 < fresh <= HISTORY_TAIL else \
            ([] if fresh == 0 else history[-HISTORY_TAIL:])
        event_json, tail_json = _dumps(event_entry), [_dumps(h) for h in tail]
        attempt = secrets.token_hex(8)  # this save's mark on the match: see `_saved_by`
        ok, version, new_rev = self._write(self._save,
            keys=[self._key("match", match_id), self._key("events", match_id), self.due_key(match_id),
                  self._key("history", match_id)],
            args=[rev, _dumps(core), _dumps(meta), doc["version"], event_json,
                  _due_arg(due), match_id, self._ttl_ms(meta), len(history), self.notify_channel,
                  attempt, *tail_json])
        if not ok and not (new_rev == rev + 1 and self._saved_by(match_id, attempt)):
            raise Conflict(version, new_rev)
        cached = self._tails.get(match_id)
        if cached is not None and cached[0] == rev and len(cached[2]) + len(tail) >= len(history):
            # what this process parsed, plus what it just wrote: the next load reads nothing old
            self._remember(match_id, (new_rev, cached[1] + tuple(event_entry["entries"]),
                                      cached[2] + tuple((seat, action) for seat, action in history[len(cached[2]):]),
                                      cached[3]),
                           len(event_json) + sum(map(len, tail_json)), cached)
        return new_rev

    def _write(self, script, keys, args):
        """Run a writing script: as it is (retried on transient errors by the client), or with
        `wait_replicas`, followed by WAIT on the same connection; NotReplicated when fewer
        replicas than that acknowledged it within `wait_timeout_ms` (it is written on the master,
        but not acknowledged: the API answers 503)."""
        if not self.wait_replicas:
            return script(keys=keys, args=args)
        return write_and_wait(self, script, keys, args)

    def _saved_by(self, match_id, attempt):
        """True when the match's last save was this very attempt: a save whose first try was
        written but whose answer was lost (a failover) then sees its own write as a conflict. The
        mark is per attempt, so a concurrent save of the same action by another request (the
        same seat in two tabs) stays a conflict."""
        return self.redis.hget(self._key("match", match_id), "saved") == attempt.encode()

    def notify(self, match_id):
        """Wake the clients waiting on this match in every API process."""
        self.redis.publish(self.notify_channel, match_id)

    def events(self, match_id, after=0, count=500):
        """Event entries with seq > after (oldest first)."""
        key = self._key("events", match_id)
        items = self.redis.xrange(key, min=f"(0-{max(after, 0)}", count=count)
        if not items:  # caught up, or a compacted match (store/compaction.py)
            return self._packed_events(match_id, after, count)
        return [dict(loads(fields[b"entry"]), seq=int(sid.split(b"-")[1]))
                for sid, fields in items]

    def last_event_seq(self, match_id):
        """The seq of the match's newest event (0 when it has none)."""
        items = self.redis.xrevrange(self._key("events", match_id), count=1)
        return int(items[0][0].split(b"-")[1]) if items else self._packed_last_seq(match_id)

    def scan_match_ids(self):
        """Every stored match id (a SCAN over the match hashes: no global list is needed)."""
        for key in self.redis.scan_iter(self.keys.match_pattern(), count=1000):
            yield key.decode().rsplit(":match:", 1)[1]

    def delete_match(self, match_id):
        """Remove a match's own keys and its game and status index entry (a seat token's index
        forgets it when it next meets it)."""
        self._tails.pop(match_id, None)
        game = self.metas([match_id]).get(match_id, {}).get("game")
        self.redis.delete(*(self._key(kind, match_id) for kind in ("match", "events", "history")),
                          *(self.keys.notes(match_id, seat) for seat in range(2)))
        self.redis.zrem(self.due_key(match_id), match_id)
        for status in STATUSES if game is not None else ():
            self.redis.zrem(self.keys.index(game=game, status=status), match_id)

    def metas(self, match_ids):
        """{id: meta} for the ids that exist (one round trip)."""
        pipe = self.redis.pipeline()
        for match_id in match_ids:
            pipe.hmget(self._key("match", match_id), "meta", PACKED)
        return {m: loads(r) if r is not None else packed_meta(packed)
                for m, (r, packed) in zip(match_ids, pipe.execute()) if r is not None or packed is not None}

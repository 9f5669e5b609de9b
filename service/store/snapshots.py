"""The match store: the only module that talks to Redis for match data.

Layout (prefix `sh:`). Every key of one match carries the hash tag of its shard, `{s<n>}` with n =
crc32(id) mod 16, as does that shard's due index, so each script touches a single Redis Cluster
slot; the listing indexes are single keys written after the save (they may lag, never block):
- `sh:{s<n>}:match:<id>` hash: `doc` (the Match as JSON), `meta` (seats, status, commitment, clock),
  `version` (accepted actions), `rev` (writes of any kind: creation, actions, joins) and `nonce`
  (random, set when the match is created or imported: a process's parsed-log cache is keyed by
  it, so a reused id never meets the old match's log).
- `sh:{s<n>}:events:<id>` stream: one entry per write, with stream id `0-<rev>` so `rev` is the event
  sequence number clients use as a cursor; entries hold the full unredacted log entries and the
  API redacts them per viewer on the way out. It is also where the match's log lives: the
  snapshot (`doc`) holds state, RNG position and version only.
- `sh:{s<n>}:history:<id>` list: the (seat, action) history, one entry appended per action (revealed
  only in the replay). Writes append; nothing grows with the match's length but these two.
- `sh:{s<n>}:due` the shard's outbox (what is due when); `sh:matches` sorted set of match ids by
  creation time (for listing), `sh:matches:status:<status>` the same per status; `sh:matches:game:<game>`
  the same per game, `sh:matches:game:<game>:status:<status>` per game and status, and
  `sh:mine:<sha256 of a seat token>` the matches where that token holds a
  seat (written at creation and join, separately from the match's own keys; never raw tokens).
- `sh:botmatches:{<client address>}` sorted set: the all-bot matches a caller created that may
  still run (for the per-caller cap, service/matches.py; finished or gone ones are dropped).
- `sh:idem:<sha256>` idempotency records (24 h): a hash of scope and key names each, the stored
  response is encrypted (see service/idempotency.py).

Saving is one atomic compare-and-set (a Lua script, service/store_scripts.py): check the revision,
write the snapshot and meta, append the event. A conflict gets the current version back and nothing
changes. Loading is one MULTI/EXEC of plain reads on a plain Redis (service/redis_tx.py), the Lua
load on a cluster.
"""

import os
import secrets
import time
import zlib
from collections import OrderedDict

import redis
from redis.cluster import RedisCluster

from . import redis_conn, redis_tx
from .fast_json import dumps_bytes, loads
from .store_scripts import (CLAIM_SCRIPT, CREATE_SCRIPT, IMPORT_SCRIPT, LOAD_SCRIPT, RESCHEDULE_SCRIPT,
                            SAVE_SCRIPT)

def _due_arg(due):
    return "" if due is None else repr(float(due))


def retention_from_env():
    """Seconds a match is kept after its last write, by status (SAFEHOUSE_*_TTL_S; 0 = for ever):
    abandoned open matches go after a day, active and finished ones after 30 days
    (`safehouse archive export` keeps finished ones for good, in files)."""
    env = os.environ.get
    return {"open": float(env("SAFEHOUSE_OPEN_TTL_S", str(86400))),
            "active": float(env("SAFEHOUSE_ACTIVE_TTL_S", str(30 * 86400))),
            "finished": float(env("SAFEHOUSE_FINISHED_TTL_S", str(30 * 86400)))}


SHARDS = 16  # hash-tag shards: a match's keys and its shard's due index share a cluster slot


def shard_of(match_id):
    """The shard of a match id (stable across processes and versions)."""
    return zlib.crc32(match_id.encode()) % SHARDS


class Conflict(Exception):
    """Someone wrote the match since it was loaded (`version` and `rev` are the stored ones)."""

    def __init__(self, version, rev):
        super().__init__(f"conflict; stored version {version}, rev {rev}")
        self.version, self.rev = version, rev


def _dumps(value):
    return dumps_bytes(value, sort_keys=True)


TAIL_CACHE = 2000  # matches whose parsed log and history a process keeps (least recently used out)
HISTORY_TAIL = 16  # history entries sent with each save (a save adds at most this many)


def _split(doc):
    """(snapshot without log and history, history): what the hash keeps and what is appended."""
    core = {k: v for k, v in doc.items() if k not in ("log", "history")}
    return core, doc.get("history", [])


def _join(raw_core, events, history):
    """The whole match document: the snapshot, the log (every event's entries, in order) and the
    history."""
    doc = loads(raw_core)
    if "log" not in doc:  # the append-only layout (older snapshots carry their own log)
        doc["log"] = [entry for _, fields in events for entry in loads(fields[b"entry"])["entries"]]
        doc["history"] = [loads(item) for item in history]
    return doc


class Store:
    """Match snapshots, metadata, events and idempotency records in Redis."""

    def __init__(self, url, prefix="sh:", queue_url=None, **redis_options):
        """`redis_options` (e.g. socket timeouts, or a `connection_pool`) apply to the data
        connection; `url` may name a Redis Cluster (service/redis_conn.py). `queue_redis` is the
        plain Redis RQ uses (`queue_url`, else service/redis_conn.py's `queue_url`: SAFEHOUSE_QUEUE_REDIS_URL,
        the same Redis, or on a cluster the master serving RQ's hash-tagged keys).
        Nothing here blocks: waiting clients wait on service/notifier.py, not on a connection."""
        self.url = url
        self.prefix = prefix
        pool = redis_options.pop("connection_pool", None)
        self.redis = (redis.Redis(connection_pool=pool) if pool is not None
                      else redis_conn.connect(url, **redis_options))
        rq_url = queue_url or redis_conn.queue_url(url)
        self.queue_redis = self.redis if rq_url == url else redis.Redis.from_url(rq_url)
        self._save = self.redis.register_script(SAVE_SCRIPT)
        self._create = self.redis.register_script(CREATE_SCRIPT)
        self._load = self.redis.register_script(LOAD_SCRIPT)  # on a cluster (see `load`)
        self._plain = not isinstance(self.redis, RedisCluster)  # MULTI/EXEC on one connection
        self._reschedule = self.redis.register_script(RESCHEDULE_SCRIPT)
        self._claim = self.redis.register_script(CLAIM_SCRIPT)
        self._import = self.redis.register_script(IMPORT_SCRIPT)
        self.due_index = self.due_key  # kept for callers that name one match's index
        self.retention_s = retention_from_env()
        self._tails = OrderedDict()  # match id -> (last event seq, log, history, nonce) parsed so far

    def _ttl_ms(self, meta):
        """How long the match's keys live after this write, by its status (0 = for ever)."""
        return int(self.retention_s.get(meta.get("status"), 0) * 1000)

    def _key(self, kind, match_id):
        """A key of one match: every key of a match, and its shard's due index, carry the same
        hash tag `{s<shard>}`, so each script touches one Redis Cluster slot."""
        return f"{self.prefix}{{s{shard_of(match_id)}}}:{kind}:{match_id}"

    def match_key(self, match_id):
        """The hash that holds a match's snapshot and meta."""
        return self._key("match", match_id)

    def notes_key(self, match_id, seat):
        """A seat's private cypher-wheel notes (service/api_notes.py), in the match's slot."""
        return self._key(f"notes{int(seat)}", match_id)

    def due_key(self, match_id):
        """The due index (outbox) of the match's shard."""
        return self._shard_due(shard_of(match_id))

    def _shard_due(self, shard):
        return f"{self.prefix}{{s{shard}}}:due"

    def ping(self):
        """True when Redis answers."""
        return bool(self.redis.ping())

    def create(self, match_id, doc, meta, first_event, due=None):
        """Store a new match (rev 1) with its creation event (seq 1) and its outbox entry (`due`
        time, None = nothing due); False if the id exists."""
        core, _ = _split(doc)  # a new match has no history; its set-up log is in first_event
        created = bool(self._create(
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
                for status in self.STATUSES:
                    self.redis.zrem(f"{self.prefix}matches:status:{status}", match_id)
        return done

    def load(self, match_id):
        """(doc, meta, rev) or None when no such match; `doc` is whole again (log from the event
        stream, history from the history list). Both are append-only, so this process keeps what
        it parsed of a match (`_tails`) and reads and parses only what was appended since: one
        round trip (a transaction on a plain Redis, a script on a cluster)."""
        if self._plain:
            return self.load_counting(match_id, (), ())[1]
        cached, seen, keys, args = self._load_request(match_id)
        return self._finish_load(match_id, cached, seen, self._load(keys=keys, args=args))

    def load_counting(self, match_id, counter_keys, windows):
        """(counts, what `load` answers): the load with a rate-limit hit on `counter_keys`
        (windows in seconds) counted in the same round trip, as service/rate_limit.py's HIT_SCRIPT
        counts it ([count, ttl] per key). Plain Redis only (the counters are in other slots).

        Plain commands in one MULTI/EXEC, not a script: as atomic, and a fifth of the Redis CPU
        (a script copies the snapshot through Lua). The event stream and history are read from
        what this process has parsed on, so they answer nothing when nothing was appended."""
        cached, seen, (match_key, events_key, history_key), (_, known) = self._load_request(match_id)
        commands = []
        for key, window in zip(counter_keys, windows):
            commands += [("SET", key, 0, "EX", window, "NX"), ("INCR", key), ("TTL", key)]
        commands += [("HMGET", match_key, "doc", "meta", "rev", "version", "nonce"),
                     ("XRANGE", events_key, f"(0-{seen}", "+"), ("LRANGE", history_key, known, -1)]
        replies = redis_tx.transaction(self.redis, commands)
        counts = [replies[i + 1:i + 3] for i in range(0, 3 * len(counter_keys), 3)]
        fields, events, history = replies[-3:]
        raw = 0 if fields[0] is None else [fields[0], fields[1], fields[2], events, history, fields[4]]
        return counts, self._finish_load(match_id, cached, seen, raw)

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
        log, old_history = (list(cached[1]), list(cached[2])) if cached else ([], [])
        for sid, fields in events:
            seq = int(sid.split(b"-")[1])
            if seq > rev:
                break
            log.extend(loads(fields[1])["entries"])
            seen = seq
        full_history = old_history + [loads(item) for item in history]
        del full_history[doc["version"]:]
        self._remember(match_id, (seen, tuple(log), tuple(full_history), nonce))
        doc["log"], doc["history"] = log, full_history
        return doc, loads(raw_meta), rev

    def _remember(self, match_id, tail):
        self._tails[match_id] = tail
        self._tails.move_to_end(match_id)
        while len(self._tails) > TAIL_CACHE:
            self._tails.popitem(last=False)

    def load_meta(self, match_id):
        """The meta dict or None."""
        raw = self.redis.hget(self._key("match", match_id), "meta")
        return None if raw is None else loads(raw)

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
        ok, version, new_rev = self._save(
            keys=[self._key("match", match_id), self._key("events", match_id), self.due_key(match_id),
                  self._key("history", match_id)],
            args=[rev, _dumps(core), _dumps(meta), doc["version"], _dumps(event_entry),
                  _due_arg(due), match_id, self._ttl_ms(meta), len(history), self.notify_channel,
                  *(_dumps(h) for h in tail)])
        if not ok:
            raise Conflict(version, new_rev)
        cached = self._tails.get(match_id)
        if cached is not None and cached[0] == rev and len(cached[2]) + len(tail) >= len(history):
            # what this process parsed, plus what it just wrote: the next load reads nothing old
            self._remember(match_id, (new_rev, cached[1] + tuple(event_entry["entries"]),
                                      tuple(history), cached[3]))
        return new_rev

    @property
    def notify_channel(self):
        """The pub/sub channel every save announces its match id on (see service/notifier.py)."""
        return f"{self.prefix}notify"

    def notify(self, match_id):
        """Wake the clients waiting on this match in every API process."""
        self.redis.publish(self.notify_channel, match_id)

    def load_for_sweep(self, match_id):
        """(doc, meta, rev, attempts) or None: a match as the sweeper sees it."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(self._key("match", match_id), "doc", "meta", "rev", "attempts")
        pipe.xrange(self._key("events", match_id))
        pipe.lrange(self._key("history", match_id), 0, -1)
        raw, events, history = pipe.execute()
        if raw[0] is None:
            return None
        return _join(raw[0], events, history), loads(raw[1]), int(raw[2]), int(raw[3] or 0)

    def claim_due(self, now, lease_s, limit=100):
        """Ids of matches due by `now`, leased for `lease_s` seconds to this caller."""
        ids = []
        for shard in range(SHARDS):  # one small script per shard (each in its own slot)
            if len(ids) >= limit:
                break
            ids += self._claim(keys=[self._shard_due(shard)],
                               args=[repr(now), repr(now + lease_s), limit - len(ids)])
        return [i.decode() for i in ids]

    def reschedule(self, match_id, rev, due, attempts):
        """Set the outbox entry (None = nothing due) if the match is still at `rev`; True if set."""
        return bool(self._reschedule(
            keys=[self._key("match", match_id), self._key("events", match_id), self.due_key(match_id)],
            args=[rev, _due_arg(due), match_id, attempts]))

    def due_at(self, match_id):
        """The due-index score of a match (None when nothing is due)."""
        return self.redis.zscore(self.due_key(match_id), match_id)

    def beat(self, worker_name, ttl_s):
        """A worker process is alive for the next `ttl_s` seconds (its heartbeat thread says so)."""
        self.redis.set(f"{self.prefix}alive:{worker_name}", 1, px=int(ttl_s * 1000))

    def is_beating(self, worker_name):
        """True while the named worker's heartbeat has not expired."""
        return bool(self.redis.exists(f"{self.prefix}alive:{worker_name}"))

    def events(self, match_id, after=0, count=500):
        """Event entries with seq > after (oldest first)."""
        key = self._key("events", match_id)
        items = self.redis.xrange(key, min=f"(0-{max(after, 0)}", count=count)
        return [dict(loads(fields[b"entry"]), seq=int(sid.split(b"-")[1]))
                for sid, fields in items]

    def scan_match_ids(self):
        """Every stored match id (a SCAN over the match hashes: no global list is needed)."""
        for key in self.redis.scan_iter(f"{self.prefix}{{s*}}:match:*", count=1000):
            yield key.decode().rsplit(":match:", 1)[1]

    def delete_match(self, match_id):
        """Remove a match's own keys (the listing indexes forget it when they next meet it)."""
        self._tails.pop(match_id, None)
        self.redis.delete(*(self._key(kind, match_id) for kind in ("match", "events", "history")),
                          *(self.notes_key(match_id, seat) for seat in range(2)))
        self.redis.zrem(self.due_key(match_id), match_id)
        for status in self.STATUSES:
            self.redis.zrem(f"{self.prefix}matches:status:{status}", match_id)

    def index_match(self, match_id, created, game=None, token_hashes=()):
        """Add a match to its game's listing index (at creation) and to its seat tokens' indexes."""
        pipe = self.redis.pipeline(transaction=False)
        if game is not None:  # creation: the all-matches and per-game indexes
            pipe.zadd(f"{self.prefix}matches", {match_id: created})
            pipe.zadd(f"{self.prefix}matches:game:{game}", {match_id: created})
        for digest in token_hashes:
            pipe.zadd(f"{self.prefix}mine:{digest}", {match_id: created})
        pipe.execute()

    STATUSES = ("open", "active", "finished")

    def index_status(self, match_id, created, status, game=None):
        """Move a match to its status's listing index, and to its game's status index when `game`
        is given (written after the save, may lag; one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for other in self.STATUSES:
            if other != status:
                pipe.zrem(self.index_key(status=other), match_id)
                if game is not None:
                    pipe.zrem(self.index_key(game=game, status=other), match_id)
        pipe.zadd(self.index_key(status=status), {match_id: created})
        if game is not None:
            pipe.zadd(self.index_key(game=game, status=status), {match_id: created})
        pipe.execute()

    def index_key(self, game=None, token_hash=None, status=None):
        """The listing index to page through: a token's matches, a game's matches of a status
        (`sh:matches:game:<game>:status:<status>`), a status's, a game's, or all."""
        if token_hash is not None:
            return f"{self.prefix}mine:{token_hash}"
        if status is not None and game is not None:
            return f"{self.prefix}matches:game:{game}:status:{status}"
        if status is not None:
            return f"{self.prefix}matches:status:{status}"
        if game is not None:
            return f"{self.prefix}matches:game:{game}"
        return f"{self.prefix}matches"

    def index_page(self, key, before=None, count=100):
        """[(id, score)] of an index, newest first, strictly after position `before` = (score, id)
        in that order (ties on score ordered by id, descending)."""
        if before is None:
            items = self.redis.zrevrangebyscore(key, "+inf", "-inf", start=0, num=count, withscores=True)
            return [(m.decode(), s) for m, s in items]
        score, last_id = before
        same = [(m.decode(), s) for m, s in self.redis.zrevrangebyscore(key, repr(score), repr(score),
                                                                      withscores=True)]
        out = [(m, s) for m, s in same if m < last_id]
        lower = self.redis.zrevrangebyscore(key, f"({score!r}", "-inf", start=0, num=count, withscores=True)
        return out + [(m.decode(), s) for m, s in lower]

    def index_count(self, key):
        """How many ids an index holds."""
        return self.redis.zcard(key)

    def index_forget(self, key, match_ids):
        """Drop ids whose matches are gone from an index."""
        if match_ids:
            self.redis.zrem(key, *match_ids)

    def list_ids(self, limit=200):
        """The newest match ids first."""
        return [m.decode() for m in self.redis.zrevrange(f"{self.prefix}matches", 0, limit - 1)]

    def metas(self, match_ids):
        """{id: meta} for the ids that exist (one round trip)."""
        pipe = self.redis.pipeline()
        for match_id in match_ids:
            pipe.hget(self._key("match", match_id), "meta")
        return {m: loads(r) for m, r in zip(match_ids, pipe.execute()) if r is not None}

    def _bot_matches_key(self, caller):
        return f"{self.prefix}botmatches:{{{caller}}}"

    def bot_match_add(self, caller, match_id, ttl_s=30 * 86400):
        """Note an all-bot match created by `caller` (its address), for the per-caller cap."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(self._bot_matches_key(caller), {match_id: time.time()})
        pipe.expire(self._bot_matches_key(caller), ttl_s)
        pipe.execute()

    def bot_match_drop(self, caller, match_id):
        """Forget one of a caller's all-bot matches."""
        self.redis.zrem(self._bot_matches_key(caller), match_id)

    def bot_matches_running(self, caller, pending_s=30.0):
        """How many of the caller's all-bot matches still run; finished or expired ones are
        forgotten (one just noted, not yet stored, counts for `pending_s`)."""
        key = self._bot_matches_key(caller)
        noted = [(m.decode(), s) for m, s in self.redis.zrange(key, 0, -1, withscores=True)]
        metas = self.metas([m for m, _ in noted])
        now = time.time()
        over = [m for m, since in noted if (metas[m].get("status") == "finished" if m in metas
                                            else since < now - pending_s)]
        if over:
            self.redis.zrem(key, *over)
        return len(noted) - len(over)

    def _idem_key(self, record_id):
        return f"{self.prefix}idem:{record_id}"

    def idempotent_get(self, record_id):
        """An idempotency record ({"state": "pending"|"done", "fingerprint", "sealed"?}) or None."""
        raw = self.redis.get(self._idem_key(record_id))
        return None if raw is None else loads(raw)

    def idempotent_reserve(self, record_id, record, ttl):
        """Reserve a key for the request about to act; False when a record already exists."""
        return bool(self.redis.set(self._idem_key(record_id), _dumps(record), nx=True, ex=ttl))

    def idempotent_finish(self, record_id, record, ttl):
        """Replace a reservation with the finished (sealed) response."""
        self.redis.set(self._idem_key(record_id), _dumps(record), ex=ttl)

    def idempotent_drop(self, record_id):
        """Forget a reservation whose request failed unexpectedly (a retry may act again)."""
        self.redis.delete(self._idem_key(record_id))

    def cache_get(self, kind, key):
        """A cached JSON answer or None."""
        raw = self.redis.get(f"{self.prefix}cache:{kind}:{key}")
        return None if raw is None else loads(raw)

    def cache_put(self, kind, key, value, ttl=7 * 86400):
        """Cache a JSON answer by question key."""
        self.redis.set(f"{self.prefix}cache:{kind}:{key}", _dumps(value), ex=ttl)

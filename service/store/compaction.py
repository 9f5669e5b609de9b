"""Finished matches compacted (issue 31): what a finished match keeps in Redis, and every read of it
rebuilt by replaying the engine.

A finished match is written like any other (snapshot `doc`, event stream, history list: 3-18 KiB,
76-85 KiB for a 4-player Dark Agent match). Once finished, its id waits in its shard's compaction
queue (`sh:{s<n>}:compact`, by finishing time; `Indexes.index_status` adds it), and the sweeper
(worker/sweeper.py, `SAFEHOUSE_COMPACT_AFTER_S` later) replaces `doc`, the event stream and the
history list with one field, `packed`: zlib of a compact JSON holding the game, options, seed, the
action history and the few events that are not one action each (joins, stored whole; a clock's
move, by its kind), preceded by the meta compressed on its own (so `load_meta` and the listings
decompress a few hundred bytes, not the history). Both are raw deflate with a preset dictionary
(the meta's: `META_ZDICT`, the usual shape of a meta; the rest's: the meta itself), which halves
a meta of 500 bytes. Only `rev` stays beside it (the version is in the meta; a process knows
the match it rebuilt by the packed bytes' CRC, not by the creation nonce), and so does the TTL.

Everything else is derivable: `engine.start` from the seed and `engine.step` over the history give
the snapshot, the log and each event's entries (the engine is deterministic given the seed). A
match is compacted only when that rebuild gives back exactly what is stored (every event and the
whole snapshot, JSON-equal), and only if nobody wrote it meanwhile (a compare-and-set on `rev`):
otherwise it is left as it is. A process keeps what it rebuilt in its parsed-tail cache (bounded
in bytes with it: SAFEHOUSE_TAIL_CACHE_MB), so a finished match being watched is replayed once.
"""

import logging
import struct
import zlib

import engine

from ..fast_json import dumps_bytes, loads
from .keys import SHARDS

log = logging.getLogger(__name__)

FORMAT = 1  # of the packed JSON (META_ZDICT belongs to it: never change one without the other)
PACKED = "packed"  # the match hash's field that holds a compacted match
LEVEL = 9  # zlib level (a compaction is written once, read rarely)
# the text a meta is compressed against: each game's default options and the usual seats
META_ZDICT = (
    b'{"game":"classified","options":{"card_set":"citrine","difficulty":"normal","first_player":'
    b'"random","players":2,"promos":false,"selection":[],"suitcase_pick":false}}{"game":"insidej'
    b'ob","options":{"dealer":-1,"players":4,"risk_mode":false,"special_roles":[],"voluntary_spe'
    b'cial_reveal":false,"wagers":true}}{"game":"ifthen","options":{"allKnowing":"engine","chall'
    b'enges":"curated","level":0,"mastermind":false,"players":3}}{"game":"darkagent","options":{'
    b'"aim_limit":3,"jacket_defence":"auto","max_rounds":0,"need_dark_agent":false,"objective_ef'
    b'fects":false,"players":2,"safety_round_cap":30,"solo_alpha":-1,"vote_rule":"strict_majorit'
    b'y"}}"seats":[{"bot":{"bot":"heuristic"},"joined":true,"kind":"bot","name":null},{"bot":{"b'
    b'ot":"ismcts","budget_ms":},"joined":true,"kind":"bot","name":null},{"joined":true,"kind":"'
    b'human","name":null,"token_hash":"{"clock_s":null,"commitment":"","created":17,"deadline":n'
    b'ull,"game":"","options":{},"seats":[{"joined":true,"kind":"human","name":null,"token_hash"'
    b':""},{"joined":true,"kind":"human","name":null,"token_hash":""}],"status":"finished","vers'
    b'ion":,"window":}'
)

PARSED_FACTOR = 8  # parsed JSON's size in Python objects, as store/snapshots.py estimates it
LEASE_S = 30.0  # a claimed queue entry comes due again after this (a sweeper that died)

COMPACT_SCRIPT = """
if redis.call('HGET', KEYS[1], 'rev') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'doc') == 0 then
  return 0
end
redis.call('HDEL', KEYS[1], 'doc', 'meta', 'version', 'nonce', 'due', 'attempts', 'saved')
redis.call('HSET', KEYS[1], 'packed', ARGV[2])
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('ZREM', KEYS[4], ARGV[3])
return 1
"""


def _deflate(data, zdict):
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict)
    return packer.compress(data) + packer.flush()


def _inflate(data, zdict):
    unpacker = zlib.decompressobj(-15, zdict)
    return unpacker.decompress(data) + unpacker.flush()


class NotCompactable(Exception):
    """The rebuild would not give back what is stored (the match is left as it is)."""


def _plain(value):
    """`value` as the store hands it out (JSON-decoded: lists, never tuples)."""
    return loads(dumps_bytes(value))


def _derived(before, after, seat, kind):
    """The event a save of one action writes (service/matches.save_step)."""
    return {"version": after.version, "actor": seat, "entries": list(after.log[len(before.log):]),
            "kind": kind, "finished": after.rules.outcome(after.state) is not None}


def pack(doc, meta, events):
    """The packed bytes of a finished match (`doc` and `meta` as loaded, `events` as `Store.events`
    answers them, seq 1..n): the meta's deflate (its length first, two bytes), then the rest's;
    NotCompactable unless rebuilding them gives back exactly `doc`, `meta` and `events`."""
    try:
        return _pack(doc, meta, events)
    except (engine.EngineError, KeyError, IndexError, TypeError, ValueError, zlib.error) as exc:
        raise NotCompactable(f"the replay fails: {exc!r}") from None


def _pack(doc, meta, events):
    if [e.get("seq") for e in events] != list(range(1, len(events) + 1)) or not events:
        raise NotCompactable("the event stream is not 1..n")
    match = engine.start(doc["game"], doc["options"], doc["seed"])
    history, special, actions = doc["history"], {}, 0
    for event in events[1:]:
        plain = {k: v for k, v in event.items() if k != "seq"}
        if actions < len(history) and plain.get("kind") != "joined":
            seat, action = history[actions]
            new = engine.step(match, seat, action)
            derived = _plain(_derived(match, new, seat, plain.get("kind")))
            if derived == plain:
                if plain.get("kind") != "action":
                    special[str(event["seq"])] = plain.get("kind")
                match, actions = new, actions + 1
                continue
        special[str(event["seq"])] = plain  # stored whole, consumes no action
    data = {"f": FORMAT, "s": doc["seed"], "h": history, "k": special, "n": len(events)}
    meta_bytes = dumps_bytes(meta, sort_keys=True)
    zmeta = _deflate(meta_bytes, META_ZDICT)
    if len(zmeta) >= 1 << 16:
        raise NotCompactable("the meta is too big")
    blob = struct.pack(">H", len(zmeta)) + zmeta + _deflate(dumps_bytes(data), meta_bytes)
    rebuilt_doc, rebuilt_events = rebuild(blob)
    if _plain(doc) != rebuilt_doc or meta_of(blob) != _plain(meta) or [loads(e) for _, e in rebuilt_events] != \
            [_plain({k: v for k, v in e.items() if k != "seq"}) for e in events]:
        raise NotCompactable("the replay differs from what is stored")
    return blob


def meta_json(blob):
    """The meta JSON of a packed match (bytes)."""
    return _inflate(blob[2:2 + struct.unpack_from(">H", blob)[0]], META_ZDICT)


def meta_of(blob):
    """The meta of a packed match."""
    return loads(meta_json(blob))


def rebuild(blob):
    """(doc with log and history, [(seq, event JSON bytes)]) of a packed match: the engine
    replayed from the seed over the history."""
    meta_bytes = meta_json(blob)
    data = loads(_inflate(blob[2 + struct.unpack_from(">H", blob)[0]:], meta_bytes))
    if data.get("f") != FORMAT:
        raise ValueError(f"unknown packed format {data.get('f')!r}")
    meta = loads(meta_bytes)
    match = engine.start(meta["game"], meta["options"], data["s"])
    events = [(1, dumps_bytes({"version": 0, "actor": None, "entries": list(match.log),
                               "kind": "created"}, sort_keys=True))]
    history, special, actions = data["h"], data["k"], 0
    for seq in range(2, data["n"] + 1):
        spec = special.get(str(seq), "action")
        if isinstance(spec, dict):
            events.append((seq, dumps_bytes(spec, sort_keys=True)))
            continue
        seat, action = history[actions]
        new = engine.step(match, seat, action)
        events.append((seq, dumps_bytes(_derived(match, new, seat, spec), sort_keys=True)))
        match, actions = new, actions + 1
    return _plain(engine.match_to_json(match)), events


class Compaction:
    """Compacting finished matches and reading them back (a part of service/store's `Store`)."""

    def _rebuilt(self, match_id, rev, blob):
        """(doc core JSON, log, history, events, meta JSON) of a packed match, from this process's
        cache when it rebuilt this very match before (same rev and packed bytes: a reused id is
        another match)."""
        key, known = (PACKED, match_id), (rev, len(blob), zlib.crc32(blob))
        cached = self._tails.get(key)
        if cached is not None and cached[0] == known:
            return cached[1]
        self._tails.pop(match_id, None)  # what this process parsed before the compaction
        doc, events = rebuild(blob)
        log_, history = tuple(doc.pop("log")), tuple((seat, action) for seat, action in doc.pop("history"))
        core = dumps_bytes(doc, sort_keys=True)
        value = (core, log_, history, tuple(events), meta_json(blob))
        size = PARSED_FACTOR * (len(core) + len(dumps_bytes([log_, history]))) + \
            sum(len(e) + 64 for _, e in events)
        self._tails.put(key, (known, value), size)
        return value

    def _unpacked(self, match_id, raw_rev, blob):
        """What `load` answers for a compacted match: (doc, meta, rev)."""
        rev = int(raw_rev)
        core, log_, history, _, raw_meta = self._rebuilt(match_id, rev, blob)
        doc = loads(core)
        doc["log"], doc["history"] = log_, history  # as a whole match's load: shared tuples
        return doc, loads(raw_meta), rev

    def _packed_events(self, match_id, after, count):
        """`events` of a compacted match (an empty list when the match is not compacted)."""
        raw_rev, blob = self.redis.hmget(self._key("match", match_id), "rev", PACKED)
        if blob is None:
            return []
        events = self._rebuilt(match_id, int(raw_rev), blob)[3]
        start = max(after, 0)
        return [dict(loads(entry), seq=seq) for seq, entry in events[start:start + count]]

    def _packed_last_seq(self, match_id):
        """The last event seq of a compacted match (0 when the match is not compacted)."""
        raw_rev, compacted = self.redis.hmget(self._key("match", match_id), "rev", PACKED)
        return int(raw_rev) if compacted is not None else 0

    def is_compacted(self, match_id):
        """Whether the match is stored compacted."""
        return bool(self.redis.hexists(self._key("match", match_id), PACKED))

    def compact_later(self, pipe, match_id, when):
        """Queue a finished match for compaction (on `pipe`, the caller's round trip)."""
        pipe.zadd(self.keys.compact_queue(match_id), {match_id: when})

    def claim_compactable(self, before, now, limit=20):
        """Ids of matches queued for compaction before `before`, leased to this caller."""
        ids = []
        for shard in range(SHARDS):
            if len(ids) >= limit:
                break
            ids += self._claim(keys=[self.keys.shard_compact_queue(shard)],
                               args=[repr(before), repr(now + LEASE_S), limit - len(ids)])
        return [i.decode() for i in ids]

    def release_compactable(self, match_ids, when):
        """Give claimed ids back to their queues, due at `when` (a pass that ran out of time)."""
        if match_ids:
            pipe = self.redis.pipeline(transaction=False)
            for match_id in match_ids:
                pipe.zadd(self.keys.compact_queue(match_id), {match_id: when})
            pipe.execute()

    def forget_compactable(self, before):
        """Drop the queue entries of matches finished before `before` (nobody compacts them)."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in range(SHARDS):
            pipe.zremrangebyscore(self.keys.shard_compact_queue(shard), "-inf", repr(before))
        return sum(pipe.execute())

    def compact(self, match_id):
        """Compact one finished match; "compacted", or why not: "gone", "not_finished" (both
        leave the queue), "compacted_before", "raced" (written meanwhile: kept queued),
        "not_compactable" (left whole, leaves the queue)."""
        queue = self.keys.compact_queue(match_id)
        if self.is_compacted(match_id):
            self.redis.zrem(queue, match_id)
            return "compacted_before"
        found = self.load(match_id)
        if found is None or found[1].get("status") != "finished":
            self.redis.zrem(queue, match_id)
            return "gone" if found is None else "not_finished"
        doc, meta, rev = found
        try:
            blob = pack(doc, meta, self.events(match_id, 0, count=rev + 1))
        except NotCompactable as exc:
            log.warning("match %s is kept whole: %s", match_id, exc)
            self.redis.zrem(queue, match_id)
            return "not_compactable"
        done = self._compact(keys=[self._key("match", match_id), self._key("events", match_id),
                                   self._key("history", match_id), queue],
                             args=[str(rev), blob, match_id])
        if not done:
            return "raced"
        self._tails.pop(match_id, None)
        return "compacted"

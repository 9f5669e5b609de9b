"""Listing indexes (sorted sets of match ids by creation time: all, per status, per game, per
game and status, per seat token), the per-caller set of running all-bot matches and the sets of
open or unplayed matches (per caller and everyone's)."""

import time

from ..fast_json import loads
from .keys import SHARDS, STATUSES, shard_of
from .resilience import TRANSIENT


class Indexes:
    """Listing indexes (a part of service/store's `Store`)."""

    def index_match(self, match_id, created, game=None, token_hashes=()):
        """Add a match to its game's listing index (at creation) and to its seat tokens' indexes."""
        pipe = self.redis.pipeline(transaction=False)
        if game is not None:  # creation: the all-matches and per-game indexes
            pipe.zadd(self.keys.index(), {match_id: created})
            pipe.zadd(self.keys.index(game=game), {match_id: created})
        for digest in token_hashes:
            pipe.zadd(self.keys.index(token_hash=digest), {match_id: created})
        pipe.execute()

    def index_status(self, match_id, created, status, game=None):
        """Move a match to its status's listing index, and to its game's status index when `game`
        is given (written after the save, may lag; one round trip). A finished match also joins
        its shard's compaction queue (service/store/compaction.py)."""
        pipe = self.redis.pipeline(transaction=False)
        for other in STATUSES:
            if other != status:
                pipe.zrem(self.index_key(status=other), match_id)
                if game is not None:
                    pipe.zrem(self.index_key(game=game, status=other), match_id)
        pipe.zadd(self.index_key(status=status), {match_id: created})
        if game is not None:
            pipe.zadd(self.index_key(game=game, status=status), {match_id: created})
        if status == "finished":
            self.compact_later(pipe, match_id, time.time())
        pipe.execute()

    def repair_later(self, match_id):
        """Note that the match's listing indexes missed an update (in the match's own slot, which
        was just written): the sweeper's repair pass writes them again (`repair_indexes`)."""
        self.redis.zadd(self.keys.repair(shard_of(match_id)), {match_id: time.time()})

    def repair_indexes(self, limit=100):
        """Write again the listing indexes of the matches noted by `repair_later` (each from its
        stored meta: creation, game, status, seat tokens), then forget them; how many were
        repaired. A match that is gone is only forgotten."""
        repaired = 0
        for shard in range(SHARDS):
            key = self.keys.repair(shard)
            try:
                ids = [m.decode() for m in self.redis.zrange(key, 0, limit - 1)]
            except TRANSIENT:  # that shard's master is down: its repairs wait for the next pass
                continue
            for match_id in ids:
                raw = self.redis.hget(self._key("match", match_id), "meta")
                if raw is not None:
                    meta = loads(raw)
                    tokens = [s["token_hash"] for s in meta["seats"] if s.get("token_hash")]
                    self.index_match(match_id, meta["created"], meta["game"], tokens)
                    self.index_status(match_id, meta["created"], meta["status"], meta["game"])
                    repaired += 1
                self.redis.zrem(key, match_id)
        return repaired

    def index_key(self, game=None, token_hash=None, status=None):
        """The listing index to page through: a token's matches, a game's matches of a status
        (`sh:matches:game:<game>:status:<status>`), a status's, a game's, or all."""
        return self.keys.index(game, token_hash, status)

    def token_known(self, token_hash):
        """Whether a seat token (by its hash) holds a seat in a match still stored."""
        return bool(self.redis.exists(self.keys.index(token_hash=token_hash)))

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

    def bot_match_add(self, caller, match_id, ttl_s=30 * 86400):
        """Note an all-bot match created by `caller` (its address), for the per-caller cap."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(self.keys.bot_matches(caller), {match_id: time.time()})
        pipe.expire(self.keys.bot_matches(caller), ttl_s)
        pipe.execute()

    def bot_match_drop(self, caller, match_id):
        """Forget one of a caller's all-bot matches."""
        self.redis.zrem(self.keys.bot_matches(caller), match_id)

    def bot_matches_running(self, caller, pending_s=30.0):
        """How many of the caller's all-bot matches still run; finished or expired ones are
        forgotten (one just noted, not yet stored, counts for `pending_s`)."""
        key = self.keys.bot_matches(caller)
        noted = [(m.decode(), s) for m, s in self.redis.zrange(key, 0, -1, withscores=True)]
        metas = self.metas([m for m, _ in noted])
        now = time.time()
        over = [m for m, since in noted if (metas[m].get("status") == "finished" if m in metas
                                            else since < now - pending_s)]
        if over:
            self.redis.zrem(key, *over)
        return len(noted) - len(over)

    def forget_expired_open(self, before, games=(), limit=500):
        """Drop from the listing indexes (all, open, and per game of `games`) the matches created
        open before `before` whose keys have expired, among the oldest `limit` of the open index
        (a seat token's index forgets them when listed); how many were dropped."""
        old = [m.decode() for m in self.redis.zrangebyscore(
            self.keys.index(status="open"), "-inf", before, start=0, num=limit)]
        present = self.metas(old)
        gone = [m for m in old if m not in present]
        if gone:
            pipe = self.redis.pipeline(transaction=False)
            for key in [self.keys.index(), self.keys.index(status="open"),
                        *(self.keys.index(game=g) for g in games),
                        *(self.keys.index(game=g, status="open") for g in games)]:
                pipe.zrem(key, *gone)
            pipe.execute()
        return len(gone)

    def open_match_add(self, caller, match_id, ttl_s):
        """Note a new match in its caller's and everyone's set of open or unplayed matches, after
        dropping entries older than `ttl_s` (gone by now); (caller's count, everyone's count)
        with it, in one round trip."""
        now, pipe = time.time(), self.redis.pipeline(transaction=False)
        for key in (self.keys.open_matches(caller), self.keys.open_matches()):
            pipe.zremrangebyscore(key, "-inf", now - ttl_s)
            pipe.zadd(key, {match_id: now})
            pipe.expire(key, int(ttl_s) + 60)
            pipe.zcard(key)
        replies = pipe.execute()
        return replies[3], replies[7]

    def open_match_drop(self, caller, match_id):
        """Forget a match in both sets (its creation was refused)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zrem(self.keys.open_matches(caller), match_id)
        pipe.zrem(self.keys.open_matches(), match_id)
        pipe.execute()

    def open_matches_waiting(self, caller=None, oldest=256, pending_s=30.0):
        """How many of a caller's (None: everyone's) noted matches are still open or unplayed,
        after forgetting those that were joined and played, finished or are gone, among the
        `oldest` first (one just noted and not yet stored counts for `pending_s`)."""
        key = self.keys.open_matches(caller)
        noted = [(m.decode(), s) for m, s in self.redis.zrange(key, 0, oldest - 1, withscores=True)]
        metas, now = self.metas([m for m, _ in noted]), time.time()
        over = [m for m, since in noted if (not _waiting(metas[m]) if m in metas
                                            else since < now - pending_s)]
        if over:
            self.redis.zrem(key, *over)
        return self.redis.zcard(key)


def _waiting(meta):
    """Open (a human seat unclaimed) or unplayed (nothing done yet), and not finished."""
    return meta.get("status") == "open" or (meta.get("status") != "finished" and not meta.get("version"))

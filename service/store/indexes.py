"""Listing indexes (sorted sets of match ids by creation time: one per game and status, one per
seat token), the per-caller set of running all-bot matches and the sets of open or unplayed
matches (per caller and everyone's).

A match is in one (game, status) index and in its seat tokens' indexes, nothing more: a listing
of all matches, of a status or of a game merges the (game, status) indexes its filters select
(service/listing.py). The whole-store, per-status and per-game indexes of earlier versions are
retired (each cost every match ~115 bytes at scale); `migrate_retired_indexes` moves what they
hold into today's and deletes them."""

import time

from ..fast_json import loads
from .keys import SHARDS, STATUSES, shard_of
from .resilience import TRANSIENT


class Indexes:
    """Listing indexes (a part of service/store's `Store`)."""

    def index_match(self, match_id, created, game=None, token_hashes=()):
        """Add a match to its seat tokens' indexes (its game and status index is `index_status`'s;
        `game` is accepted for the callers of earlier versions and not needed)."""
        if token_hashes:
            pipe = self.redis.pipeline(transaction=False)
            for digest in token_hashes:
                pipe.zadd(self.keys.index(token_hash=digest), {match_id: created})
            pipe.execute()

    def index_status(self, match_id, created, status, game):
        """Move a match to its game's index of `status` (written after the save, may lag; one
        round trip). A finished match also joins its shard's compaction queue
        (service/store/compaction.py)."""
        pipe = self.redis.pipeline(transaction=False)
        for other in STATUSES:
            if other != status:
                pipe.zrem(self.index_key(game=game, status=other), match_id)
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
        """The listing index to page through: a token's matches, or a game's matches of a status
        (`sh:matches:game:<game>:status:<status>`)."""
        return self.keys.index(game, token_hash, status)

    def migrate_retired_indexes(self, games, batch=500):
        """Move up to `batch` matches of the whole-store index earlier versions kept into their
        (game, status) index (read from their meta; gone ones are only forgotten) and forget them
        there; once it is empty, delete it and the retired per-status and per-game indexes (of the
        `games` given). How many matches were moved, or None when nothing retired is left."""
        old = self.keys.retired_index()
        ids = [m.decode() for m in self.redis.zrange(old, 0, batch - 1)]
        if not ids:
            retired = [self.keys.retired_index(status=s) for s in STATUSES]
            retired += [self.keys.retired_index(game=g) for g in games]
            return None if not self.redis.delete(*retired) else 0
        metas = self.metas(ids)
        pipe = self.redis.pipeline(transaction=False)
        for match_id, meta in metas.items():
            pipe.zadd(self.keys.index(game=meta["game"], status=meta["status"]), {match_id: meta["created"]})
        pipe.zrem(old, *ids)
        pipe.execute()
        return len(metas)

    def token_known(self, token_hash):
        """Whether a seat token (by its hash) holds a seat in a match still stored."""
        return bool(self.redis.exists(self.keys.index(token_hash=token_hash)))

    def index_page(self, key, before=None, count=100):
        """[(id, score)] of an index, newest first, strictly after position `before` = (score, id)
        in that order (ties on score ordered by id, descending)."""
        return self.index_pages([(key, before)], count)[0]

    def index_pages(self, requests, count=100):
        """`index_page` of several (key, before) at once, in one round trip."""
        pipe = self.redis.pipeline(transaction=False)
        for key, before in requests:
            if before is None:
                pipe.zrevrangebyscore(key, "+inf", "-inf", start=0, num=count, withscores=True)
            else:
                score = before[0]
                pipe.zrevrangebyscore(key, repr(score), repr(score), withscores=True)
                pipe.zrevrangebyscore(key, f"({score!r}", "-inf", start=0, num=count, withscores=True)
        replies, pages = iter(pipe.execute()), []
        for key, before in requests:
            if before is None:
                pages.append([(m.decode(), s) for m, s in next(replies)])
            else:
                same = [(m.decode(), s) for m, s in next(replies)]
                lower = [(m.decode(), s) for m, s in next(replies)]
                pages.append([(m, s) for m, s in same if m < before[1]] + lower)
        return pages

    def index_count(self, key):
        """How many ids an index holds."""
        return self.index_counts([key])

    def index_counts(self, keys):
        """How many ids the indexes hold together (one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.zcard(key)
        return sum(pipe.execute())

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
        """Drop from the open-match indexes of `games` the matches created before `before` whose
        keys have expired, among the oldest `limit` of each (a seat token's index forgets them
        when listed); how many were dropped."""
        dropped = 0
        for game in games:
            key = self.keys.index(game=game, status="open")
            old = [m.decode() for m in self.redis.zrangebyscore(key, "-inf", before, start=0, num=limit)]
            present = self.metas(old)
            gone = [m for m in old if m not in present]
            if gone:
                self.redis.zrem(key, *gone)
                dropped += len(gone)
        return dropped

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

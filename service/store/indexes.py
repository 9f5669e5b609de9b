"""Listing indexes (sorted sets of match ids by creation time: all, per status, per game, per
game and status, per seat token) and the per-caller set of running all-bot matches."""

import time

from .keys import STATUSES


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
        is given (written after the save, may lag; one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for other in STATUSES:
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

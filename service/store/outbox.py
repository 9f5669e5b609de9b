"""The outbox: every save records when its match next needs a look (a bot turn's check, a turn
clock's deadline) in its shard's due index; the sweeper (worker/sweeper.py) leases what is
overdue and sets the next check, only if the match is still at the revision it looked at."""

import logging
import time

from .keys import SHARDS
from .resilience import TRANSIENT
from .snapshots import _due_arg

SHARD_REST_S = 5.0  # a shard whose master could not be reached is skipped this long
log = logging.getLogger(__name__)


class Outbox:
    """The due indexes (a part of service/store's `Store`)."""

    def claim_due(self, now, lease_s, limit=100):
        """Ids of matches due by `now`, leased for `lease_s` seconds to this caller. A shard
        whose master cannot be reached (after the client's retries) is skipped, and left alone
        for SHARD_REST_S: the other shards' work goes on (on a cluster, a master with no replica
        to promote stalls only its own matches)."""
        ids, resting = [], self._resting_shards
        for shard in range(SHARDS):  # one small script per shard (each in its own slot)
            if len(ids) >= limit:
                break
            if resting.get(shard, 0.0) > time.monotonic():
                continue
            try:
                ids += self._claim(keys=[self.keys.shard_due(shard)],
                                   args=[repr(now), repr(now + lease_s), limit - len(ids)])
            except TRANSIENT as exc:
                log.warning("outbox shard %s unavailable, skipped for %s s: %s", shard, SHARD_REST_S, exc)
                resting[shard] = time.monotonic() + SHARD_REST_S
        return [i.decode() for i in ids]

    def reschedule(self, match_id, rev, due, attempts):
        """Set the outbox entry (None = nothing due) if the match is still at `rev`; True if set."""
        return bool(self._reschedule(
            keys=[self._key("match", match_id), self._key("events", match_id), self.due_key(match_id)],
            args=[rev, _due_arg(due), match_id, attempts]))

    def outbox_counts(self, now, overdue_s):
        """{"scheduled": entries, "due": due by `now`, "overdue": due `overdue_s` before `now`}
        over every shard (one pipelined round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for shard in range(SHARDS):
            key = self.keys.shard_due(shard)
            pipe.zcard(key)
            pipe.zcount(key, "-inf", repr(now))
            pipe.zcount(key, "-inf", repr(now - overdue_s))
        counts = pipe.execute()
        return {state: sum(counts[i::3]) for i, state in enumerate(("scheduled", "due", "overdue"))}

    def queue_depths(self, names):
        """{RQ queue name: jobs waiting in it} (on RQ's Redis)."""
        from rq import Queue
        pipe = self.queue_redis.pipeline(transaction=False)
        for name in names:
            pipe.llen(Queue(name, connection=self.queue_redis).key)
        return dict(zip(names, pipe.execute()))

    def due_at(self, match_id):
        """The due-index score of a match (None when nothing is due)."""
        return self.redis.zscore(self.due_key(match_id), match_id)

"""The outbox: every save records when its match next needs a look (a bot turn's check, a turn
clock's deadline) in its shard's due index; the sweeper (worker/sweeper.py) leases what is
overdue and sets the next check, only if the match is still at the revision it looked at."""

from .keys import SHARDS
from .snapshots import _due_arg


class Outbox:
    """The due indexes (a part of service/store's `Store`)."""

    def claim_due(self, now, lease_s, limit=100):
        """Ids of matches due by `now`, leased for `lease_s` seconds to this caller."""
        ids = []
        for shard in range(SHARDS):  # one small script per shard (each in its own slot)
            if len(ids) >= limit:
                break
            ids += self._claim(keys=[self.keys.shard_due(shard)],
                               args=[repr(now), repr(now + lease_s), limit - len(ids)])
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

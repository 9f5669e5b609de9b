"""Rate-limit counting, one implementation: a fixed window per key that starts at the first hit
(SET NX EX, INCR, TTL, in one MULTI/EXEC). service/api/rate_limit.py decides what to count and
what to answer; `Store.read` counts a hit in the same round trip as a match load."""

from redis.cluster import RedisCluster

from . import transaction
from .resilience import TRANSIENT


def hit_commands(key, window_s):
    """The commands of one hit on a window key: its [count, ttl] are the last two replies."""
    return [("SET", key, 0, "EX", window_s, "NX"), ("INCR", key), ("TTL", key)]


class RateLimits:
    """Window counters (a part of service/store's `Store`)."""

    def count_hits(self, hits):
        """[count, ttl] of each (key, window seconds) after one hit on each, in one transaction
        (a MULTI/EXEC on one pooled connection; on a cluster, one caller's keys share a slot).
        None when the counters' Redis cannot be reached: the limiter then fails open (on a
        cluster at once, without waiting out an election: the caller's slot may be on a master
        that is down while the match it asks for is not)."""
        commands = [command for key, window in hits for command in hit_commands(key, window)]
        try:
            if self._plain:
                replies = transaction.transaction(self.redis, commands)
            else:
                pipe = RedisCluster.pipeline(self.redis, transaction=True)  # redis-py's few retries only
                for command in commands:
                    pipe.execute_command(*command)
                replies = pipe.execute()
        except TRANSIENT:
            return None
        return [replies[i + 1:i + 3] for i in range(0, 3 * len(hits), 3)]

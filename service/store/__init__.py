"""The store: every Redis access of the service (nothing outside service/store/ imports redis or
builds a key name; the names are in `keys`).

`Store` is assembled from one part per concern, each in its own module: `snapshots` (matches:
create, the one load path, compare-and-set save, events), `outbox` (due indexes), `indexes`
(listings, all-bot caps), `compaction` (finished matches packed, read back by replaying), `records` (idempotency records, stream tickets, caches, notes,
heartbeats), `rate_limits` (window counting); `notifier` is the pub/sub side, `connection` the
clients and pool, `transaction` the one-round-trip MULTI/EXEC, `scripts` the Lua.
"""

import redis
from redis.cluster import RedisCluster

from ..byte_cache import MIB, ByteLRU
from . import connection
from .compaction import COMPACT_SCRIPT, Compaction
from .indexes import Indexes
from .keys import SHARDS, STATUSES, Keys, shard_of
from .outbox import Outbox
from .rate_limits import RateLimits
from .replication import NotReplicated
from .resilience import RETRY_S, TRANSIENT, RetryingRedis, is_transient
from .records import Records
from .scripts import (
    CLAIM_SCRIPT,
    CREATE_SCRIPT,
    IMPORT_SCRIPT,
    LOAD_SCRIPT,
    RESCHEDULE_SCRIPT,
    SAVE_SCRIPT,
)
from .snapshots import HISTORY_TAIL, TAIL_CACHE_BYTES, Conflict, Loaded, Snapshots

# what a caller of the store may catch without importing redis: the store could not be reached
# (still, after retrying for one election: connection, timeout, CLUSTERDOWN, TRYAGAIN, MOVED/ASK,
# READONLY, MASTERDOWN, LOADING; store/resilience.py) or refused a write for memory (maxmemory
# with noeviction: the write is refused whole); answered 503 by the API. StoreError: any Redis
# error (a best-effort enqueue or index update only logs it)
UNAVAILABLE = (*TRANSIENT, redis.exceptions.OutOfMemoryError, NotReplicated)
StoreError = redis.RedisError
DEFAULT_RETENTION_S = {"open": 86400.0, "active": 30 * 86400.0, "finished": 30 * 86400.0}


class Store(Snapshots, Compaction, Outbox, Indexes, Records, RateLimits):
    """The service's Redis: match data on `redis` (a Redis or a Redis Cluster), RQ on `queue_redis`."""

    def __init__(self, url, prefix="sh:", queue_url=None, retention_s=None,
                 tail_cache_bytes=TAIL_CACHE_BYTES, retry_s=RETRY_S, wait_replicas=0,
                 wait_timeout_ms=1000, **redis_options):
        """`redis_options` (e.g. socket timeouts, or a `connection_pool`) apply to the data
        connection; `url` may name a Redis Cluster (store/connection.py). `queue_redis` is the
        plain Redis RQ uses (`queue_url`, else the same Redis, or on a cluster the master serving
        RQ's hash-tagged keys). `retention_s`: {status: seconds kept after the last write};
        `tail_cache_bytes`: the bound of the parsed logs and histories this process keeps.
        `retry_s`: how long a transient Redis error (a failover) is retried before it is raised
        (store/resilience.py); `wait_replicas`: every save and creation waits for that many
        replicas to acknowledge it (Redis WAIT, at most `wait_timeout_ms`) or raises
        NotReplicated. Nothing here blocks: waiting clients wait on store/notifier.py, not on a connection."""
        self.url, self.prefix, self.keys = url, prefix, Keys(prefix)
        self._key = self.keys.of_match  # (kind, match id) -> key; bound once: a hot path
        pool = redis_options.pop("connection_pool", None)
        self.retry_s = retry_s
        self.wait_replicas, self.wait_timeout_ms = int(wait_replicas), int(wait_timeout_ms)
        if pool is not None:
            self.redis = RetryingRedis(connection_pool=pool)
            self.redis.retry_s = retry_s
        else:
            self.redis = connection.connect(url, retry_s, **redis_options)
        rq_url = connection.queue_url(url, queue_url)
        self.queue_redis = (self.redis if rq_url == url and not connection.is_cluster(url)
                            else connection.queue_client(url, queue_url, retry_s))
        self._save = self.redis.register_script(SAVE_SCRIPT)
        self._create = self.redis.register_script(CREATE_SCRIPT)
        self._load = self.redis.register_script(LOAD_SCRIPT)  # on a cluster (see `read`)
        self._plain = not isinstance(self.redis, RedisCluster)  # MULTI/EXEC on one connection
        self._reschedule = self.redis.register_script(RESCHEDULE_SCRIPT)
        self._claim = self.redis.register_script(CLAIM_SCRIPT)
        self._import = self.redis.register_script(IMPORT_SCRIPT)
        self._compact = self.redis.register_script(COMPACT_SCRIPT)
        self.retention_s = dict(DEFAULT_RETENTION_S if retention_s is None else retention_s)
        # match id -> (last event seq, log, history, nonce) parsed so far, bounded in bytes
        self._tails = ByteLRU("store_tails", tail_cache_bytes)
        self._resting_shards = {}  # shard -> until when claim_due skips it (store/outbox.py)


def open_store(settings, pooled=False):
    """The Store a process uses, from its Settings (`pooled`: an API process's one bounded pool
    shared by every request, with the timeouts after which a request answers 503)."""
    options = dict(connection.REDIS_TIMEOUTS) if pooled else {}
    if pooled and settings.redis_url.startswith(("redis://", "rediss://", "unix://")):
        options = {"connection_pool": connection.WaitingConnectionPool.from_url(
            settings.redis_url, max_connections=settings.redis_pool, timeout=connection.POOL_WAIT_S,
            **connection.REDIS_TIMEOUTS)}
    return Store(settings.redis_url, prefix=settings.prefix, queue_url=settings.queue_redis_url or None,
                 retention_s=settings.retention_s, tail_cache_bytes=settings.tail_cache_mb * MIB,
                 retry_s=settings.redis_retry_s, wait_replicas=settings.redis_wait_replicas,
                 wait_timeout_ms=settings.redis_wait_timeout_ms, **options)


__all__ = [
    "HISTORY_TAIL",
    "SHARDS",
    "STATUSES",
    "TAIL_CACHE_BYTES",
    "UNAVAILABLE",
    "is_transient",
    "Conflict",
    "Keys",
    "Loaded",
    "NotReplicated",
    "Store",
    "StoreError",
    "open_store",
    "shard_of",
]

"""Redis connections: a plain Redis or a Redis Cluster for match data, and a plain Redis for RQ.

`SAFEHOUSE_REDIS_URL` may name a cluster as `redis+cluster://host:port` (any one node). The
store is cluster-safe (service/store/keys.py: hash-tagged keys, one slot per script). RQ (3.x) takes a
plain connection only, and its commands span many keys; so with a cluster the queues live either
- on the cluster itself, when RQ's key prefix carries a hash tag (`RQ_KEY_PREFIX={rq}` in the
  environment of every API process and worker): every RQ key then sits in that tag's slot, and
  RQ talks to the master serving it (looked up at start; after a failover of that master or a
  move of its slot, restart the processes); or
- on a plain Redis named by `SAFEHOUSE_QUEUE_REDIS_URL` (which wins whenever it is set).
Without a cluster the queues default to `SAFEHOUSE_REDIS_URL`.
"""

import threading
import time

import redis
from redis.cluster import RedisCluster

CLUSTER_SCHEME = "redis+cluster://"
# a Redis that is down or paused costs a request at most this long before it answers 503
REDIS_TIMEOUTS = {"socket_connect_timeout": 2, "socket_timeout": 3}
POOL_WAIT_S = 5


def is_cluster(url):
    """True when the URL names a Redis Cluster."""
    return url.startswith(CLUSTER_SCHEME)


def connect(url, **options):
    """A client for the URL: RedisCluster for `redis+cluster://`, else a plain Redis."""
    if is_cluster(url):
        return RedisCluster.from_url("redis://" + url[len(CLUSTER_SCHEME):], **options)
    return redis.Redis.from_url(url, **options)


def connect_plain(url, **options):
    """A plain Redis client (RQ's connection, a tool's probe)."""
    return redis.Redis.from_url(url, **options)


def hash_tag(key):
    """The part of a key Redis Cluster hashes: between the first `{` and the next `}`, when that is
    not empty; None for a key without a tag."""
    start = key.find("{")
    end = key.find("}", start + 1) if start >= 0 else -1
    return key[start + 1:end] if end > start + 1 else None


def queue_hash_tag():
    """The hash tag of RQ's key prefix (RQ_KEY_PREFIX, read by rq when first imported), or None."""
    from rq.defaults import RQ_KEY_PREFIX
    return hash_tag(RQ_KEY_PREFIX)


def slot_owner_url(cluster_url, tag):
    """`redis://` URL of the cluster master serving the slot of `{tag}`."""
    client = connect(cluster_url)
    try:
        node = client.get_node_from_key("{" + tag + "}")
    finally:
        client.close()
    return f"redis://{node.host}:{node.port}/0"


def queue_url(data_url, explicit=None):
    """The Redis URL RQ uses: `explicit` (settings.queue_redis_url); else the data URL; with a
    cluster, the master serving RQ's hash tag (RuntimeError when RQ's key prefix has none)."""
    if explicit:
        return explicit
    if not is_cluster(data_url):
        return data_url
    tag = queue_hash_tag()
    if tag is None:
        raise RuntimeError("with a Redis Cluster, set RQ_KEY_PREFIX to a hash-tagged prefix such as "
                           "{rq} (the queues then live in one slot of the cluster) or "
                           "SAFEHOUSE_QUEUE_REDIS_URL to a plain Redis for RQ")
    return slot_owner_url(data_url, tag)


def _semaphore(size):
    """gevent's own semaphore under a gevent-patched process (gunicorn's gevent worker: a C type,
    several times cheaper than the patched pure-Python threading one), else threading's."""
    try:
        from gevent import monkey
        if monkey.is_module_patched("threading"):
            from gevent.lock import Semaphore
            return Semaphore(size)
    except ImportError:
        pass
    return threading.Semaphore(size)


class WaitingConnectionPool(redis.ConnectionPool):
    """redis-py's ConnectionPool bounded to `max_connections` held at once, where a caller past the
    bound waits up to `timeout` seconds for one to come back (then ConnectionError), as
    BlockingConnectionPool does; a semaphore counts the holders instead of its queue of
    connections (measured with bench/bench_service.py: the queue's put/get were ~4% of an API
    worker's samples). Connections carry the semaphore they hold, so a reset after a fork, or a
    connection returned twice, never frees a slot it does not hold.

    Check-out and return are lean (py-spy: redis-py's own were ~6% of an API worker's samples):
    - a connection that went back to the pool less than `RECHECK_IDLE_S` ago is handed out as it
      is; redis-py polls every connection's socket for stray data or a close before each command
      (a non-blocking recv, three socket calls under gevent), which only a connection that sat
      idle can need: a reply is always read whole or the connection is closed (redis-py
      disconnects on any exception mid-command, gevent's Timeout included). An idle one is
      polled as redis-py does, so one dropped by a Redis restart or idle timeout reconnects;
    - no observability counters or release events (this pool runs without client-side caching,
      maintenance notifications or streaming credentials, which are what listen to them)."""

    RECHECK_IDLE_S = 1.0

    def __init__(self, *args, timeout=5, **kwargs):
        self._wait_s = timeout
        super().__init__(*args, **kwargs)

    def reset(self):
        super().reset()
        self._slots = _semaphore(self.max_connections)

    def get_connection(self, *args, **kwargs):
        slots = self._slots
        if not slots.acquire(timeout=self._wait_s):
            raise redis.ConnectionError(f"no free Redis connection within {self._wait_s} s")
        try:
            connection = self._check_out()
        except BaseException:
            slots.release()
            raise
        connection._safehouse_slot = slots
        return connection

    def _check_out(self):
        """A connected connection from the pool (a new one when none is free)."""
        self._checkpid()
        with self._lock:
            try:
                connection = self._available_connections.pop()
            except IndexError:
                connection = self.make_connection()
            self._in_use_connections.add(connection)
        try:
            returned_at = getattr(connection, "_safehouse_returned_at", None)
            if connection._sock is None:
                connection.connect()
            elif returned_at is None or time.monotonic() - returned_at >= self.RECHECK_IDLE_S:
                self._poll_idle(connection)
        except BaseException:
            self._return(connection)
            raise
        return connection

    @staticmethod
    def _poll_idle(connection):
        """redis-py's check: data waiting (or EOF) on an idle socket means it is stale: reconnect."""
        try:
            if connection.can_read():
                raise redis.ConnectionError("Connection has data")
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            connection.disconnect()
            connection.connect()
            if connection.can_read():
                raise redis.ConnectionError("Connection not ready")

    def _return(self, connection):
        """Back to the free list (or closed, when another process's or unknown)."""
        self._checkpid()
        with self._lock:
            try:
                self._in_use_connections.remove(connection)
            except KeyError:
                return  # not ours, or returned twice
            if not self.owns_connection(connection):
                connection.disconnect()
                if connection.pid == self.pid:
                    self._created_connections -= 1
                return
            if getattr(connection, "should_reconnect", bool)():  # redis-py 7+ (maintenance events)
                connection.disconnect()
            connection._safehouse_returned_at = time.monotonic()
            self._available_connections.append(connection)

    def release(self, connection):
        held, connection._safehouse_slot = getattr(connection, "_safehouse_slot", None), None
        self._return(connection)
        if held is not None and held is self._slots:
            held.release()

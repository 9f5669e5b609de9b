"""Redis connections: a plain Redis, a Redis Cluster or a Sentinel-watched master for match data,
and a plain Redis for RQ.

`SAFEHOUSE_REDIS_URL` may name
- a plain Redis, `redis://host:port/db`;
- a cluster as `redis+cluster://host:port[,host:port...]`: any of the seed nodes that answers
  gives the cluster's map, so a process starts while one of them is down;
- a master watched by Redis Sentinel as `redis+sentinel://host:port[,host:port...]/<master
  name>[/db]` (the sentinels' addresses; a failover is found by redis-py's Sentinel client).
Every client retries transient errors for one election (store/resilience.py). The store is
cluster-safe (service/store/keys.py: hash-tagged keys, one slot per script). RQ (3.x) takes a
plain connection only, and its commands span many keys; so with a cluster the queues live either
- on the cluster itself, when RQ's key prefix carries a hash tag (`RQ_KEY_PREFIX={rq}` in the
  environment of every API process and worker): every RQ key then sits in that tag's slot, and
  RQ talks to the master serving it, looked up again whenever a connection to it is made (after
  a failover the first command fails, and its retry finds the promoted replica); or
- on a plain Redis (or a Sentinel-watched one) named by `SAFEHOUSE_QUEUE_REDIS_URL` (which wins
  whenever it is set).
Without a cluster the queues default to `SAFEHOUSE_REDIS_URL`.
"""

import threading
import time
from urllib.parse import unquote

import redis
from redis import exceptions as rx
from redis.cluster import ClusterNode, RedisCluster
from redis.sentinel import Sentinel

from .resilience import RETRY_S, RetryingCluster, RetryingRedis

CLUSTER_SCHEME = "redis+cluster://"
SENTINEL_SCHEME = "redis+sentinel://"
# a Redis that is down or paused costs a request at most this long before it answers 503
REDIS_TIMEOUTS = {"socket_connect_timeout": 2, "socket_timeout": 3}
POOL_WAIT_S = 5


def is_cluster(url):
    """True when the URL names a Redis Cluster."""
    return url.startswith(CLUSTER_SCHEME)


def is_sentinel(url):
    """True when the URL names a master watched by Redis Sentinel."""
    return url.startswith(SENTINEL_SCHEME)


def _hosts(url, scheme):
    """(username, password, [(host, port)], path) of a `scheme://[user:pass@]h:p,h:p/path` URL."""
    rest = url[len(scheme):]
    netloc, _, path = rest.partition("/")
    userinfo, _, hostlist = netloc.rpartition("@")
    username, _, password = userinfo.partition(":")
    hosts = []
    for item in hostlist.split(","):
        host, _, port = item.strip().rpartition(":")
        if not host:
            raise ValueError(f"{scheme}... needs host:port seeds, got {item!r}")
        hosts.append((host.strip("[]"), int(port)))
    return unquote(username) or None, unquote(password) or None, hosts, path


def cluster_seeds(url):
    """The (host, port) seed nodes of a `redis+cluster://` URL."""
    return _hosts(url, CLUSTER_SCHEME)[2]


def connect(url, retry_s=RETRY_S, **options):
    """A client for the URL (module docstring) that retries transient errors for `retry_s`."""
    if not is_cluster(url):
        return connect_plain(url, retry_s, **options)
    username, password, hosts, _ = _hosts(url, CLUSTER_SCHEME)
    client = RetryingCluster(startup_nodes=[ClusterNode(h, p) for h, p in hosts],
                             username=username, password=password, **options)
    client.retry_s = retry_s
    return client


def sentinel_master(url, **options):
    """The master a `redis+sentinel://h:p,h:p/<name>[/db]` URL names, through redis-py's Sentinel
    (which asks the sentinels for the master's address on every new connection and drops a
    connection whose server turned into a replica)."""
    username, password, hosts, path = _hosts(url, SENTINEL_SCHEME)
    name, _, db = path.strip("/").partition("/")
    if not name:
        raise ValueError("redis+sentinel:// needs the master's name: redis+sentinel://h:p/<name>")
    timeouts = {k: v for k, v in options.items() if k in ("socket_timeout", "socket_connect_timeout")}
    sentinel = Sentinel(hosts, sentinel_kwargs=dict(timeouts), **timeouts)
    return sentinel.master_for(name, redis_class=RetryingRedis, db=int(db or 0), username=username,
                               password=password, **options)


def connect_plain(url, retry_s=RETRY_S, **options):
    """A plain (not cluster) Redis client: RQ's connection, a tool's probe."""
    if is_sentinel(url):
        client = sentinel_master(url, **options)
    else:
        client = RetryingRedis.from_url(url, **options)
    client.retry_s = retry_s
    return client


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


class SlotOwner:
    """Finds the cluster master serving the slot of `{tag}`: the slot map is read once, and again
    after a connection to the master it named failed (`stale`)."""

    def __init__(self, cluster_url, tag):
        self.cluster_url, self.key = cluster_url, "{" + tag + "}"
        self._client, self._stale, self._lock = None, False, threading.Lock()

    def __call__(self):
        """(host, port) of the master serving the slot now."""
        with self._lock:
            if self._client is None:
                username, password, hosts, _ = _hosts(self.cluster_url, CLUSTER_SCHEME)
                self._client = RedisCluster(startup_nodes=[ClusterNode(h, p) for h, p in hosts],
                                            username=username, password=password, **REDIS_TIMEOUTS)
            elif self._stale:
                self._client.nodes_manager.initialize()
            self._stale = False
            node = self._client.get_node_from_key(self.key)
            return node.host, node.port

    def stale(self):
        """The master named last did not answer as the slot's master: read the map again."""
        self._stale = True


# what a connection to a slot's master answers when that master is gone or no longer serves it
_MOVED_ON = (rx.AskError, rx.ReadOnlyError, rx.ClusterDownError, rx.TryAgainError)


class SlotOwnerConnection(redis.Connection):
    """A connection to whichever master serves one cluster slot (`slot_owner`, a SlotOwner),
    looked up at each connect. A refused connect, or an answer saying the slot lives elsewhere
    (MOVED, ASK, READONLY, CLUSTERDOWN, TRYAGAIN), drops the connection, marks the map stale and
    raises ConnectionError: the client's retry (store/resilience.py) reconnects to the new
    master, and RQ's worker loop treats it as the connection error it is."""

    def __init__(self, slot_owner=None, **kwargs):
        self.slot_owner = slot_owner
        super().__init__(**kwargs)

    def connect_check_health(self, *args, **kwargs):
        if self._sock is None and self.slot_owner is not None:
            self.host, self.port = self.slot_owner()
        try:
            return super().connect_check_health(*args, **kwargs)
        except (rx.ConnectionError, rx.TimeoutError):
            if self.slot_owner is not None:
                self.slot_owner.stale()
            raise

    def read_response(self, *args, **kwargs):
        try:
            return super().read_response(*args, **kwargs)
        except _MOVED_ON as exc:
            self.disconnect()
            if self.slot_owner is not None:
                self.slot_owner.stale()
            raise rx.ConnectionError(f"the queue slot's master moved ({exc})") from exc


def slot_owner_client(cluster_url, tag, retry_s=RETRY_S, **options):
    """A plain Redis client (RetryingRedis) on the master serving `{tag}`'s slot, that follows
    the slot to its new master after a failover (SlotOwnerConnection)."""
    owner = SlotOwner(cluster_url, tag)
    host, port = owner()
    pool = redis.ConnectionPool(connection_class=SlotOwnerConnection, slot_owner=owner,
                                host=host, port=port, **options)
    client = RetryingRedis(connection_pool=pool)
    client.retry_s = retry_s
    return client


def slot_owner_url(cluster_url, tag):
    """`redis://` URL of the cluster master serving the slot of `{tag}` now."""
    host, port = SlotOwner(cluster_url, tag)()
    return f"redis://{host}:{port}/0"


def queue_url(data_url, explicit=None):
    """The Redis URL RQ uses: `explicit` (settings.queue_redis_url); else the data URL; with a
    cluster, the data URL too (the queues live in the slot of RQ's hash tag: `queue_client`
    follows it; RuntimeError when RQ's key prefix has none)."""
    if explicit:
        return explicit
    if is_cluster(data_url) and queue_hash_tag() is None:
        raise RuntimeError("with a Redis Cluster, set RQ_KEY_PREFIX to a hash-tagged prefix such as "
                           "{rq} (the queues then live in one slot of the cluster) or "
                           "SAFEHOUSE_QUEUE_REDIS_URL to a plain Redis for RQ")
    return data_url


def queue_client(data_url, explicit=None, retry_s=RETRY_S):
    """RQ's connection (a plain client): on `explicit` or the data URL, or, with a cluster and
    no explicit URL, on the master serving RQ's hash tag (following it after a failover)."""
    url = queue_url(data_url, explicit)
    if is_cluster(url):
        return slot_owner_client(url, queue_hash_tag(), retry_s)
    return connect_plain(url, retry_s)


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

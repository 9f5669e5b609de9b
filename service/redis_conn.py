"""Redis connections: a plain Redis or a Redis Cluster for match data, and a plain Redis for RQ.

`SAFEHOUSE_REDIS_URL` may name a cluster as `redis+cluster://host:port` (any one node). The
store is cluster-safe (service/store.py: hash-tagged keys, one slot per script), but RQ is not
(its commands span many keys), so with a cluster the queues live on a plain Redis named by
`SAFEHOUSE_QUEUE_REDIS_URL` (without a cluster it defaults to `SAFEHOUSE_REDIS_URL`).
"""

import os

import redis
from redis.cluster import RedisCluster

CLUSTER_SCHEME = "redis+cluster://"


def is_cluster(url):
    """True when the URL names a Redis Cluster."""
    return url.startswith(CLUSTER_SCHEME)


def connect(url, **options):
    """A client for the URL: RedisCluster for `redis+cluster://`, else a plain Redis."""
    if is_cluster(url):
        return RedisCluster.from_url("redis://" + url[len(CLUSTER_SCHEME):], **options)
    return redis.Redis.from_url(url, **options)


def queue_url(data_url):
    """The Redis URL RQ uses: SAFEHOUSE_QUEUE_REDIS_URL, else the data URL unless it is a cluster."""
    explicit = os.environ.get("SAFEHOUSE_QUEUE_REDIS_URL")
    if explicit:
        return explicit
    if is_cluster(data_url):
        raise RuntimeError("with a Redis Cluster, set SAFEHOUSE_QUEUE_REDIS_URL to a plain Redis for RQ")
    return data_url

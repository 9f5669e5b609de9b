"""Acknowledged means replicated, as an option (SAFEHOUSE_REDIS_WAIT_REPLICAS=N): a writing script
followed by `WAIT N timeout` on the same connection, in one round trip (a pipeline without
MULTI). WAIT answers how many replicas hold every write of that connection so far; fewer than N
within the timeout raises NotReplicated, which the API answers 503 (the write is on the master,
and may survive or not: the client was not told it succeeded). With 0 (the default) nothing here
runs. On a cluster the pipeline goes to the master serving the script's first key, found in the
client's slot map (read again before a retry, after a failover)."""

import redis

from .resilience import TRANSIENT, again


class NotReplicated(redis.RedisError):
    """Fewer replicas than required acknowledged a write in time."""


def write_and_wait(store, script, keys, args):
    """`script(keys, args)`'s reply, once `store.wait_replicas` replicas acknowledged it."""
    client = store.redis

    def once():
        if store._plain:
            target = client
        else:
            target = client.get_redis_connection(client.get_node_from_key(keys[0]))
        pipe = redis.Redis.pipeline(target, transaction=False)  # a plain pipeline, retried here
        script(keys=keys, args=args, client=pipe)
        pipe.execute_command("WAIT", store.wait_replicas, store.wait_timeout_ms)
        return pipe.execute()

    try:
        reply, acknowledged = once()
    except TRANSIENT as exc:
        reply, acknowledged = again(once, exc, store.retry_s,
                                    None if store._plain else client.refresh_slots)
    if acknowledged < store.wait_replicas:
        raise NotReplicated(f"{acknowledged} of {store.wait_replicas} replicas acknowledged the "
                            f"write within {store.wait_timeout_ms} ms")
    return reply

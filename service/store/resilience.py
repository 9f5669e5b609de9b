"""Riding through a Redis failover: which errors are transient, and clients that retry them.

While a master dies and its replica is promoted (Redis Cluster: about cluster-node-timeout plus
an election; Sentinel: down-after-milliseconds plus a failover), commands fail in several ways:
the connection is refused or times out, the cluster answers CLUSTERDOWN (the whole cluster, for
the election's ~1 s, with cluster-require-full-coverage yes), TRYAGAIN, MOVED/ASK while slots
change hands, READONLY (a demoted master), MASTERDOWN or LOADING (a node that restarts). All of
them are `TRANSIENT`: retried with short sleeps for up to `retry_s` (one election; the setting
SAFEHOUSE_REDIS_RETRY_S, default 5 s) and then raised; the API answers the raised error with 503
and Retry-After (service/api/errors.py), never 500.

The clients (`RetryingRedis`, `RetryingCluster`) do this in `execute_command` and in their
pipelines' `execute`: the success path is one try block more (no round trip, no allocation but a
copy of a pipeline's command list). A command that may already have run when its connection
broke (a write) runs again: the store's writes are compare-and-set scripts or idempotent
(ZADD/ZREM/SET), and `Snapshots.save`/`create` recognise their own earlier success
(service/store/snapshots.py).
"""

import logging
import time

import redis
from redis import exceptions as rx
from redis.client import Pipeline
from redis.cluster import ClusterPipeline, PipelineCommand, RedisCluster

log = logging.getLogger(__name__)

TRANSIENT = (rx.ConnectionError, rx.TimeoutError, rx.ClusterDownError, rx.TryAgainError,
             rx.AskError, rx.ReadOnlyError, rx.RedisClusterException)
# programming errors that share a base class with a transient one: never retried
PERMANENT = (rx.CrossSlotTransactionError, rx.AuthenticationError, rx.AuthorizationError)
RETRY_S = 5.0  # SAFEHOUSE_REDIS_RETRY_S's default: about one election of a master
PAUSES_S = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5)  # then 0.5 s per attempt (the first: a stale connection)


def is_transient(exc):
    """True for an error a failover causes (and that a later attempt may not see)."""
    return isinstance(exc, TRANSIENT) and not isinstance(exc, PERMANENT)


def again(call, first_error, retry_s, on_retry=None):
    """`call()` after it failed with `first_error`: retried after short pauses while the errors
    are transient and `retry_s` seconds have not passed since the first; the last error is raised.
    `on_retry(error)`, when given, runs before each pause (e.g. to refresh a slot map)."""
    if not is_transient(first_error):
        raise first_error
    deadline, error = time.monotonic() + retry_s, first_error
    for attempt in range(10_000):
        pause = PAUSES_S[min(attempt, len(PAUSES_S) - 1)]
        if time.monotonic() + pause > deadline:
            break
        if on_retry is not None:
            try:
                on_retry(error)
            except TRANSIENT:
                pass
        time.sleep(pause)
        try:
            return call()
        except TRANSIENT as exc:
            if not is_transient(exc):
                raise
            error = exc
    log.warning("redis still unavailable after %.1f s: %s", retry_s, error)
    raise error


class RetryingRedis(redis.Redis):
    """A plain Redis client whose commands and pipelines retry transient errors (`again`) for
    `retry_s` seconds."""

    retry_s = RETRY_S

    def execute_command(self, *args, **options):
        try:
            return super().execute_command(*args, **options)
        except TRANSIENT as exc:
            return again(lambda: super(RetryingRedis, self).execute_command(*args, **options),
                         exc, self.retry_s)

    def pipeline(self, transaction=True, shard_hint=None):
        pipe = RetryingPipeline(self.connection_pool, self.response_callbacks, transaction, shard_hint)
        pipe.retry_s = self.retry_s
        return pipe


class RetryingPipeline(Pipeline):
    """A plain pipeline whose `execute` runs its commands again after a transient error (not
    one under WATCH: its caller decides what a retry means)."""

    retry_s = RETRY_S

    def execute(self, raise_on_error=True):
        stack = [(args, dict(options)) for args, options in self.command_stack]
        watching = self.watching
        try:
            return super().execute(raise_on_error)
        except TRANSIENT as exc:
            if watching:
                raise
            def rerun():
                self.command_stack = [(args, dict(options)) for args, options in stack]
                return super(RetryingPipeline, self).execute(raise_on_error)
            return again(rerun, exc, self.retry_s)


class RetryingCluster(RedisCluster):
    """A Redis Cluster client whose commands and pipelines retry transient errors for `retry_s`
    seconds; before each retry after a connection error the slot map is read again (redis-py
    does so itself on MOVED), so a promoted replica is found without a restart."""

    retry_s = RETRY_S
    REFRESH_EVERY_S = 0.2  # however many requests fail at once, the map is read this often at most
    _refreshed = 0.0

    def execute_command(self, *args, **kwargs):
        try:
            return super().execute_command(*args, **kwargs)
        except TRANSIENT as exc:
            return again(lambda: super(RetryingCluster, self).execute_command(*args, **kwargs),
                         exc, self.retry_s, self.refresh_slots)

    def refresh_slots(self, _error=None):
        """Read the slot map again from any reachable node (at most every REFRESH_EVERY_S)."""
        now = time.monotonic()
        if now - self._refreshed >= self.REFRESH_EVERY_S:
            self._refreshed = now
            self.nodes_manager.initialize()

    def pipeline(self, transaction=None, shard_hint=None):
        pipe = super().pipeline(transaction, shard_hint)
        pipe.__class__ = RetryingClusterPipeline
        pipe.retry_s, pipe.refresh_slots = self.retry_s, self.refresh_slots
        return pipe


class RetryingClusterPipeline(ClusterPipeline):
    """A cluster pipeline whose `execute` runs its commands again after a transient error."""

    def execute(self, raise_on_error=True):
        strategy = self._execution_strategy
        stack = [(c.args, dict(c.options)) for c in strategy.command_queue]
        try:
            return super().execute(raise_on_error)
        except TRANSIENT as exc:
            def rerun():
                self._execution_strategy.command_queue = [
                    PipelineCommand(args, dict(options), i) for i, (args, options) in enumerate(stack)]
                return super(RetryingClusterPipeline, self).execute(raise_on_error)
            return again(rerun, exc, self.retry_s, self.refresh_slots)

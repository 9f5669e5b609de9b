"""The service's Prometheus metrics (docs/operations.md lists them and what to alert on).

Every process of one machine (gunicorn's workers, the RQ workers) writes into the folder
PROMETHEUS_MULTIPROC_DIR names (prometheus_client's multiprocess mode; `make run` and gunicorn's
config make it), and `GET /metrics` (service/api/ops.py) reads them all, plus what is counted in
Redis at scrape time (`collect_store`: queue depths, outbox entries, worker heartbeats). Without
the folder (tests, a bare `flask run`) the metrics live in this process only.

The request path costs a few dict updates (`observe_request`: counted per process, handed to
the counter and histogram once a second and at each scrape); everything else here is counted off
the hot path.
"""

import os
import threading
import time
from bisect import bisect_left

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics
from prometheus_client.core import GaugeMetricFamily

from . import byte_cache

disable_created_metrics()  # no `_created` series: half the lines, nothing a dashboard uses
LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
JOB_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)
OVERDUE_S = 5.0  # an outbox entry due longer than this (the sweeper's lease) is overdue

REQUESTS = Counter("safehouse_http_requests", "HTTP requests answered, by route, method and status",
                   ["route", "method", "status"])
LATENCY = Histogram("safehouse_http_request_duration_seconds", "Time to answer (first byte)",
                    ["route", "method"], buckets=LATENCY_BUCKETS)
ACTIONS = Counter("safehouse_actions", "Actions applied and saved, by game and kind (action, timeout)",
                  ["game", "kind"])
WAITERS = Gauge("safehouse_stream_waiters", "Clients waiting now (sse, longpoll)", ["kind"],
                multiprocess_mode="livesum")
RATE_LIMITED = Counter("safehouse_rate_limited", "Requests answered 429 by a rate limit", ["scope"])
REPLAYED = Counter("safehouse_idempotent_replays", "POSTs answered from an idempotency record")
REDIS_ERRORS = Counter("safehouse_redis_errors", "Redis errors caught (api: answered 503)", ["process"])
JOB_WAIT = Histogram("safehouse_rq_job_wait_seconds", "From enqueue to start, per queue", ["queue"],
                     buckets=JOB_BUCKETS)
JOB_RUN = Histogram("safehouse_rq_job_run_seconds", "Job run time, per queue", ["queue"],
                    buckets=JOB_BUCKETS)
DEGRADED = Counter("safehouse_store_degraded", "Steps skipped or deferred while their Redis could not "
                   "be reached (index: left to the sweeper's repair pass; cap, rate_limit: failed open)",
                   ["step"])
REPAIRED = Counter("safehouse_index_repairs", "Matches whose listing indexes the sweeper wrote again")
REDISPATCHES = Counter("safehouse_sweeper_redispatches", "Jobs queued again by the sweeper (bot, clock)",
                       ["kind"])

CACHE_BYTES = Gauge("safehouse_cache_bytes", "Estimated bytes held by each per-process cache, summed "
                    "over the live processes (updated at most once a minute, and at each scrape)",
                    ["cache"], multiprocess_mode="livesum")


def record_cache_sizes(sizes=None):
    """Set the cache-size gauges of this process (`byte_cache.cache_sizes()` by default)."""
    for name, size in (byte_cache.cache_sizes() if sizes is None else sizes).items():
        CACHE_BYTES.labels(name).set(size)


byte_cache.listen(record_cache_sizes)
_children = {}


FLUSH_S = 1.0  # requests are counted here and handed to prometheus_client at most this late
_pending = {}  # (route, method, status) -> [count, seconds summed, count per latency bucket]
_flushed_at = [time.monotonic()]


def observe_request(route, method, status, seconds):
    """One request answered. Counted in this process's dict and handed to the counter and the
    histogram once a second (`flush_requests`; a scrape flushes first): in multiprocess mode each
    increment is a lock and an mmap write, three per request, ~15 Python calls under gevent."""
    key = (route, method, status)
    entry = _pending.get(key)
    if entry is None:
        if not _flusher:
            _start_flusher()
        entry = _pending[key] = [0, 0.0, [0] * len(LATENCY._upper_bounds)]
    entry[0] += 1
    entry[1] += seconds
    entry[2][bisect_left(LATENCY._upper_bounds, seconds)] += 1  # the first bound >= seconds, as observe
    now = time.monotonic()
    if now - _flushed_at[0] >= FLUSH_S:
        flush_requests(now)


_flusher = []  # this process's flushing thread (a greenlet under gevent), started on first use


def _start_flusher():
    """A daemon thread flushing every FLUSH_S while counts wait, so an idle process's last
    requests still reach /metrics (a scrape is answered by one process of several)."""
    def run():
        while True:
            time.sleep(FLUSH_S)
            if _pending:
                flush_requests()
    thread = threading.Thread(target=run, name="safehouse-metrics-flush", daemon=True)
    _flusher.append(thread)
    thread.start()


os.register_at_fork(after_in_child=_flusher.clear)  # a forked child starts its own


def flush_requests(now=None):
    """Hand what `observe_request` counted to prometheus_client (what a scrape then reads)."""
    global _pending
    pending, _pending = _pending, {}
    _flushed_at[0] = time.monotonic() if now is None else now
    for (route, method, status), (count, total, buckets) in pending.items():
        pair = _children.get((route, method, status))
        if pair is None:
            pair = _children[route, method, status] = (REQUESTS.labels(route, method, str(status)),
                                                        LATENCY.labels(route, method))
        pair[0].inc(count)
        histogram = pair[1]
        histogram._sum.inc(total)  # what Histogram.observe does, n observations at once
        for index, hits in enumerate(buckets):
            if hits:
                histogram._buckets[index].inc(hits)


def collect_store(store, queue_names, bots_queue):
    """Gauge families counted in Redis now (through service/store/): queue depths, outbox
    entries (scheduled, due, overdue), live worker heartbeats (all, and serving `bots_queue`)."""
    depth = GaugeMetricFamily("safehouse_rq_queue_depth", "Jobs waiting in each RQ queue", labels=["queue"])
    for name, count in store.queue_depths(queue_names).items():
        depth.add_metric([name], count)
    outbox = GaugeMetricFamily("safehouse_outbox_entries", "Outbox entries: scheduled, due now, "
                               f"overdue (due over {OVERDUE_S:g} s ago)", labels=["state"])
    for state, count in store.outbox_counts(time.time(), OVERDUE_S).items():
        outbox.add_metric([state], count)
    workers = store.live_workers()
    beats = GaugeMetricFamily("safehouse_worker_heartbeats", "RQ workers with a fresh heartbeat",
                              labels=["serves"])
    beats.add_metric(["any"], len(workers))
    beats.add_metric(["bots"], sum(1 for queues in workers.values() if bots_queue in queues))
    return [depth, outbox, beats]

"""The outbox sweeper: re-dispatches whatever a match is waiting for once it is overdue.

Every save records in the same atomic write when the match next needs attention (store/outbox.py's due
index: a bot turn's check time, a turn clock's deadline). The sweeper runs as a daemon thread in
every worker process and as `python -m worker --sweeper`; every settings.sweep_interval_s
(0.5 s) it leases the overdue entries (two sweepers never handle one match at once; a sweeper
that dies mid-way only delays its entries by the lease) and, for each match:

- bot seats to move whose job is neither waiting in its queue nor running within its budget plus
  SAFEHOUSE_BOT_GRACE_S on a worker whose heartbeat is fresh (never queued, worker killed, job
  failed) get new jobs `...-r<n>`;
- human seats whose turn clock ran out get the zombie-move job, unless one is waiting or running;
- the entry is then set to the next check (backing off on repeated attempts) or removed.

Each pass also compacts up to COMPACT_BATCH matches that finished SAFEHOUSE_COMPACT_AFTER_S ago
or more (service/store/compaction.py: a finished match keeps its seed, history and meta, and is
rebuilt by replaying when read), leased like the outbox entries, for at most COMPACT_BUDGET_S of
the thread's time (a compaction replays its match twice: ~0.1 s for a long Dark Agent match; the
bot turns of the same process must not wait long). With compaction off (a negative setting) the
queues are only trimmed.

Every REPAIR_EVERY_S it also runs the repair pass: matches whose listing indexes missed an
update after their save (their master was down: service/after_commit.py) get them written again
from their stored meta (`Store.repair_indexes`). Until none is left, each pass moves up to 500
matches from the listing indexes earlier versions kept into today's and then deletes those
(`Store.migrate_retired_indexes`).

Duplicates are harmless: every job checks the match version and saves with compare-and-set.
Redis errors never end the loop; it logs them and tries again on the next tick.
"""

import logging
import threading
import time
from datetime import UTC

from rq import Queue

import engine
from service.jobs import (
    bot_job_id,
    clock_job_id,
    enqueue_bot_turns,
    enqueue_clock,
    fetch_job,
)
from service.matches import bot_seats_to_move
from service.metrics import REDIS_ERRORS, REDISPATCHES, REPAIRED

from .jobs import bounded_bot
from .jobs import settings as process_settings

LEASE_S = 5.0
MAX_BACKOFF = 30
HEARTBEAT_TTL_S = 2.0  # the default of SAFEHOUSE_HEARTBEAT_TTL_S; the beat is every quarter of it
PRUNE_EVERY_S = 60.0  # expired open matches leave the listing indexes this promptly
RUNNING_CHECK_S = 1.0  # how often a queued or running bot job is looked at again
COMPACT_BATCH = 20  # finished matches compacted per pass at most (each replays its match once)
COMPACT_IDLE_S = 5.0  # after a pass that found nothing to compact, the queues rest this long
COMPACT_BUDGET_S = 0.25  # a pass's compaction time (the rest of its batch waits for the next pass)
COMPACT_FORGET_S = 3600.0  # with compaction off, queue entries older than this are dropped
REPAIR_EVERY_S = 2.0  # listing indexes left behind by a failover are written again this promptly

log = logging.getLogger(__name__)


class Sweeper:
    """Re-dispatches overdue bot turns and expired turn clocks from the outbox."""

    def __init__(self, store, queue, settings=None, clock=time.time):
        """`settings`: a Settings (default: the worker process's), or a dict of overrides of it
        (field names, or the old upper-case keys)."""
        self.store, self.queue, self.clock = store, queue, clock
        base = process_settings()
        if isinstance(settings, dict):
            settings = base.with_config(settings)
        self.settings = settings or base
        self.grace = self.settings.bot_grace_s
        self._pruned = 0.0  # when expired open matches were last dropped from the listings
        self._compact_idle_until = 0.0  # the compaction queues are looked at again from then
        self._repaired = 0.0  # when the repair pass last ran
        self._retired_done = False  # the listing indexes of earlier versions moved and deleted

    def sweep_once(self, limit=100):
        """Handle every overdue entry (up to `limit`); returns how many were looked at."""
        now = self.clock()
        if not self._retired_done:
            moved = self.store.migrate_retired_indexes(tuple(engine.GAMES))
            if moved:
                log.info("moved %s matches from the listing indexes of earlier versions", moved)
            self._retired_done = moved is None
        if self.settings.open_ttl_s and now - self._pruned >= PRUNE_EVERY_S:
            self._pruned = now
            self.store.forget_expired_open(now - self.settings.open_ttl_s, tuple(engine.GAMES))
            if self.settings.compact_after_s < 0:
                self.store.forget_compactable(now - COMPACT_FORGET_S)
        ids = self.store.claim_due(now, LEASE_S, limit)
        for match_id in ids:
            try:
                self.handle(match_id, now)
            except Exception:  # one bad match must not stall the others; its lease runs out
                log.exception("sweeping match %s failed", match_id)
        if self.settings.compact_after_s >= 0 and now >= self._compact_idle_until:
            if not self.compact_finished(now):
                self._compact_idle_until = now + COMPACT_IDLE_S
        if now - self._repaired >= REPAIR_EVERY_S:
            self._repaired = now
            self.repair()
        return len(ids)

    def compact_finished(self, now, limit=COMPACT_BATCH):
        """Compact the matches that finished `compact_after_s` before `now` (up to `limit`);
        {outcome: count} (service/store/compaction.py's `Store.compact`)."""
        outcomes, started = {}, time.monotonic()
        claimed = self.store.claim_compactable(now - self.settings.compact_after_s, now, limit)
        for index, match_id in enumerate(claimed):
            if time.monotonic() - started > COMPACT_BUDGET_S:
                self.store.release_compactable(claimed[index:], now - self.settings.compact_after_s)
                outcomes["later"] = len(claimed) - index
                break
            try:
                outcome = self.store.compact(match_id)
            except Exception:  # its lease runs out and it is tried again
                log.exception("compacting match %s failed", match_id)
                outcome = "failed"
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if outcomes:
            log.debug("compacted finished matches: %s", outcomes)
        return outcomes

    def repair(self):
        """The repair pass: listing indexes a failed update left behind; how many were written."""
        repaired = self.store.repair_indexes()
        if repaired:
            REPAIRED.inc(repaired)
            log.info("repaired the listing indexes of %s matches", repaired)
        return repaired

    def handle(self, match_id, now):
        """Re-dispatch what one match waits for and set its next check."""
        loaded = self.store.read(match_id)  # the one load path (with the outbox attempts)
        if loaded.found is None:
            self.store.reschedule(match_id, -1, None, 0)
            return
        (doc, meta, rev), attempts = loaded.found, loaded.attempts
        match = engine.match_from_json(doc)
        if meta["status"] == "finished":
            self.store.reschedule(match_id, rev, None, attempts)
            return
        dispatched, checks = False, []
        bots = bot_seats_to_move(match, meta)
        if bots:
            budget_s = max(self._budget_s(meta["seats"][s]) for s in bots)
            if not all(self._is_alive(bot_job_id(match_id, match.version, s, attempts), budget_s, now)
                       for s in bots):
                enqueue_bot_turns(self.queue, match_id, match, meta, attempt=attempts + 1)
                REDISPATCHES.labels("bot").inc()
                log.info("re-dispatched bot turn of %s v%s (attempt %s)", match_id, match.version,
                         attempts + 1)
                dispatched = True
            checks.append(now + (self.grace * self._backoff(attempts + 1) if dispatched
                                 else RUNNING_CHECK_S))
        deadline = meta.get("deadline")
        if deadline and deadline <= now:
            if not self._is_alive(clock_job_id(match_id, match.version, attempts), 0, now):
                enqueue_clock(self.queue, match_id, match.version, attempt=attempts + 1)
                REDISPATCHES.labels("clock").inc()
                dispatched = True
            checks.append(now + self.grace * self._backoff(attempts + 1))
        elif deadline:
            checks.append(deadline)
        self.store.reschedule(match_id, rev, min(checks) if checks else None,
                              attempts + 1 if dispatched else attempts)

    def _budget_s(self, seat_spec):
        return bounded_bot(seat_spec.get("bot") or {}, self.settings).get("budget_ms", 0) / 1000.0

    @staticmethod
    def _backoff(attempts):
        return min(2 ** max(attempts - 1, 0), MAX_BACKOFF)

    def _is_alive(self, job_id, budget_s, now):
        """True when the job is waiting in its queue or started within its budget plus grace."""
        connection = self.store.queue_redis
        job = fetch_job(connection, job_id)
        if job is None:
            return False
        status = job.get_status(refresh=False)
        status = getattr(status, "value", status)
        if status == "queued":
            key = Queue(job.origin, connection=connection).key
            return connection.lpos(key, job_id) is not None
        if status == "started" and job.started_at is not None:
            started = job.started_at
            if started.tzinfo is None:
                started = started.replace(tzinfo=UTC)
            if job.worker_name and not self.store.is_beating(job.worker_name):
                return False  # its worker was killed: no need to wait out the budget
            return now - started.timestamp() < budget_s + self.grace + 1.0
        return False

    def run(self, stop, interval=None):
        """Sweep every `interval` seconds until `stop` (a threading.Event) is set."""
        interval = self.settings.sweep_interval_s if interval is None else interval
        while not stop.is_set():
            try:
                self.sweep_once()
            except Exception as exc:  # noqa: BLE001 - a Redis blip must not end the sweeper
                REDIS_ERRORS.labels("sweeper").inc()
                log.warning("sweep failed (%s); retrying", exc)
            stop.wait(interval)


def start_heartbeat(store, worker_name, ttl_s=HEARTBEAT_TTL_S, queues=()):
    """Refresh the heartbeat of the worker serving `queues` (its name, or a function answering
    the name of the one running now) every quarter of `ttl_s` (its expiry,
    SAFEHOUSE_HEARTBEAT_TTL_S) from a daemon thread; returns its stop event. A job "started" by a
    worker without a heartbeat is lost; /readyz needs a fresh one of a `-bots` worker."""
    stop = threading.Event()
    name = worker_name if callable(worker_name) else (lambda: worker_name)

    def beat():
        while not stop.is_set():
            try:
                store.beat(name(), ttl_s, queues)
            except Exception as exc:  # noqa: BLE001 - a Redis blip must not end the heartbeat
                REDIS_ERRORS.labels("worker").inc()
                log.warning("heartbeat failed (%s)", exc)
            stop.wait(ttl_s / 4)
    store.beat(name(), ttl_s, queues)
    threading.Thread(target=beat, name="safehouse-heartbeat", daemon=True).start()
    return stop


def start_thread(store, queue, settings=None):
    """Run a Sweeper in a daemon thread; returns (thread, stop event)."""
    stop = threading.Event()
    thread = threading.Thread(target=Sweeper(store, queue, settings).run, args=(stop,),
                              name="safehouse-sweeper", daemon=True)
    thread.start()
    return thread, stop

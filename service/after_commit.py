"""What follows a committed write is best-effort: a client is never told "failed" for a write
that happened, and a shard's failure stays in its shard.

The save (or creation) is the commit: one atomic script in the match's own slot. What comes
after it touches other keys, which on a Redis Cluster may live on another master:
- the listing indexes (`index_*`): retried by the client for one election
  (store/resilience.py), then left to the sweeper's repair pass (`Store.repair_later`, noted in
  the match's own slot; worker/sweeper.py runs `Store.repair_indexes`), with a log line and
  `safehouse_store_degraded{step="index"}`;
- the caps on open and all-bot matches counted before a creation (`fail_open`): when their keys'
  master cannot be reached the creation goes ahead uncounted (`step="cap"`), as the rate limiter
  does for its windows (service/api/rate_limit.py, `step="rate_limit"`).
"""

import logging

from .metrics import DEGRADED
from .store import StoreError

log = logging.getLogger(__name__)


def update_indexes(store, match_id, *updates):
    """Run `updates` ((store method name, args, kwargs) each) after `match_id` was written; on a
    Redis error, note the match for the repair pass instead of raising."""
    try:
        for name, args, kwargs in updates:
            getattr(store, name)(match_id, *args, **kwargs)
    except StoreError as exc:
        DEGRADED.labels("index").inc()
        log.warning("listing indexes of match %s left to the repair pass: %s", match_id, exc)
        try:
            store.repair_later(match_id)
        except StoreError as again:
            log.error("match %s could not be noted for index repair: %s", match_id, again)


def forget_unanswered(store, match_id, caller=None):
    """Take back a creation whose answer is an error (its script may have run before its master
    failed): delete the match and its reservations, best-effort: the first error ends it (each
    step already retried for one election; an open match left behind expires with
    SAFEHOUSE_OPEN_TTL_S, an all-bot one plays out and is kept as long as finished ones)."""
    steps = [store.delete_match]
    if caller is not None:
        steps += [lambda m: store.open_match_drop(caller, m), lambda m: store.bot_match_drop(caller, m)]
    for step in steps:
        try:
            step(match_id)
        except StoreError as exc:
            log.warning("match %s, created without an answer, not taken back: %s", match_id, exc)
            return


def fail_open(step, call, *args):
    """`call(*args)`, or None (logged, counted in `safehouse_store_degraded{step}`) when the
    store cannot be reached for it: a check that guards a write is skipped rather than
    refusing the write."""
    try:
        return call(*args)
    except StoreError as exc:
        DEGRADED.labels(step).inc()
        log.warning("%s skipped (store unavailable): %s", step, exc)
        return None

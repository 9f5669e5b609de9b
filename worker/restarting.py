"""RQ's work loop, started again when Redis fails under it (a failover) instead of exiting.

RQ (3.x) ends `Worker.work` on any error its loop does not expect: a CLUSTERDOWN answer while a
cluster elects a new master, a connection refused by a dead master while RQ registers a job's
end, a timeout. Its process then exits, and with it every bot turn and turn clock it would have
run. `run_until_stopped` runs the loop again with a fresh worker (a new name: the old one may
still be registered if its death could not be written) after dropping the connections of the
failed one; it returns when the worker stops on request (SIGINT/SIGTERM: `StopAwareWorker`),
in burst mode, or on SystemExit (a cold shutdown). The queue connection finds the promoted
master by itself (service/store/connection.py), as the data store does.
"""

import logging
import time

from rq.exceptions import StopRequested

from service.metrics import REDIS_ERRORS

log = logging.getLogger(__name__)
RESTART_PAUSE_S = 1.0


def run_until_stopped(make_worker, burst=False, logging_level="INFO", pause_s=RESTART_PAUSE_S,
                      on_start=None):
    """Run `make_worker(generation)`'s work loop until it stops on request; how many times it
    was started. `on_start(worker)` runs before each loop (e.g. to name the heartbeat)."""
    generation = 0
    while True:
        worker = make_worker(generation)
        generation += 1
        if on_start is not None:
            on_start(worker)
        try:
            worker.work(burst=burst, logging_level=logging_level)
        except StopRequested:
            return generation
        except Exception as exc:  # noqa: BLE001 - e.g. RQ's teardown failing on a dead master
            log.warning("RQ's work loop raised %s", exc)
        if burst or getattr(worker, "stop_wanted", False):
            return generation
        REDIS_ERRORS.labels("worker").inc()
        log.warning("RQ's work loop of %s ended on an error; starting it again in %.1f s",
                    worker.name, pause_s)
        try:
            worker.connection.connection_pool.disconnect()
        except Exception:  # noqa: BLE001 - best-effort; new connections are made on demand
            pass
        try:
            time.sleep(pause_s)
        except StopRequested:  # a signal while no loop runs (RQ's handler of the old worker)
            return generation
        if getattr(worker, "stop_wanted", False):
            return generation

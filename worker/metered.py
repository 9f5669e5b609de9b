"""The RQ worker the service runs: a SimpleWorker (jobs in-process) that times each job into
service/metrics.py (wait: enqueue to start; run: the job itself, per queue) and tells the
metrics folder it is gone when it exits (its live gauges stop counting)."""

import atexit
import os
import time
from datetime import UTC, datetime

from rq import SimpleWorker

from service.metrics import JOB_RUN, JOB_WAIT


def _age_s(when):
    """Seconds since `when` (RQ's naive UTC or aware datetimes); None when unknown."""
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (datetime.now(UTC) - when).total_seconds())


class MeteredWorker(SimpleWorker):
    """A SimpleWorker observing job wait and run times per queue, that remembers a stop request
    (`stop_wanted`: worker/restarting.py starts a loop that ended otherwise again)."""

    stop_wanted = False

    def request_stop(self, signum, frame):
        self.stop_wanted = True
        return super().request_stop(signum, frame)

    def perform_job(self, job, queue, execution):
        waited = _age_s(job.enqueued_at)
        if waited is not None:
            JOB_WAIT.labels(queue.name).observe(waited)
        start = time.perf_counter()
        try:
            return super().perform_job(job, queue, execution)
        finally:
            JOB_RUN.labels(queue.name).observe(time.perf_counter() - start)


def mark_dead_at_exit(metrics_dir):
    """In multiprocess mode, remove this process's live-gauge files when it exits."""
    if metrics_dir:
        from prometheus_client import multiprocess
        atexit.register(multiprocess.mark_process_dead, os.getpid())

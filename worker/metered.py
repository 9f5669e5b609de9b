"""The RQ worker the service runs: a SimpleWorker (jobs in-process) that times each job into
service/metrics.py (wait: enqueue to start; run: the job itself, per queue), tells the
metrics folder it is gone when it exits (its live gauges stop counting) and stops within
seconds when asked (a bounded wait for its pub/sub thread)."""

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


UNSUBSCRIBE_WAIT_S = 1.0  # the longest a stopping worker waits for its pub/sub thread


class MeteredWorker(SimpleWorker):
    """A SimpleWorker observing job wait and run times per queue, that remembers a stop request
    (`stop_wanted`: worker/restarting.py starts a loop that ended otherwise again)."""

    stop_wanted = False

    def request_stop(self, signum, frame):
        self.stop_wanted = True
        return super().request_stop(signum, frame)

    def unsubscribe(self):
        """RQ's unsubscribe with a bounded wait. RQ stops its pub/sub thread, then waits a second
        for it; redis-py 8.2's `PubSubWorkerThread.stop()` itself waits until the thread ends,
        and a thread that has just read the UNSUBSCRIBE reply sleeps out RQ's 60-s `sleep_time`
        waiting for a subscription first: a worker asked to stop took up to a minute to exit
        (seen under load, when the signal came early). The thread is a daemon that exits by
        itself once it wakes."""
        thread = self.pubsub_thread
        if not thread:
            return
        self.log.info("Worker %s: unsubscribing from channel %s", self.name, self.pubsub_channel_name)
        self.pubsub.unsubscribe()
        try:
            thread.stop(timeout=UNSUBSCRIBE_WAIT_S)
        except TypeError:  # a redis-py whose stop() takes no timeout (and does not wait)
            thread.stop()
        thread.join(timeout=UNSUBSCRIBE_WAIT_S)
        self.pubsub.close()

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

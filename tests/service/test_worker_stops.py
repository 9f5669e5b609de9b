"""A worker asked to stop (SIGTERM, Ctrl-C) exits within seconds: its pub/sub thread is waited
for with a bound. redis-py 8.2's `PubSubWorkerThread.stop()` waits for the thread unless given
a timeout, and a thread that has just read the UNSUBSCRIBE reply sleeps out RQ's 60-s
`sleep_time`; before the bound, a worker stopped soon after it started could take a minute."""

import redis

from tests.service.conftest import REDIS_URL
from worker.metered import UNSUBSCRIBE_WAIT_S, MeteredWorker


class _Thread:
    """Stands for the pub/sub thread: records how it was stopped and waited for."""

    def __init__(self):
        self.stopped_with, self.joined_with = [], []

    def stop(self, timeout=None):
        self.stopped_with.append(timeout)

    def join(self, timeout=None):
        self.joined_with.append(timeout)


class _PubSub:
    def __init__(self):
        self.calls = []

    def unsubscribe(self):
        self.calls.append("unsubscribe")

    def close(self):
        self.calls.append("close")


def test_unsubscribe_waits_for_the_pubsub_thread_with_a_bound():
    worker = MeteredWorker(["q"], connection=redis.Redis.from_url(REDIS_URL))
    worker.pubsub_thread, worker.pubsub = _Thread(), _PubSub()
    worker.unsubscribe()
    assert worker.pubsub_thread.stopped_with == [UNSUBSCRIBE_WAIT_S]
    assert worker.pubsub_thread.joined_with == [UNSUBSCRIBE_WAIT_S]
    assert worker.pubsub.calls == ["unsubscribe", "close"]
    assert 0 < UNSUBSCRIBE_WAIT_S <= 5


def test_a_real_subscription_ends_and_the_thread_is_told_to_stop():
    worker = MeteredWorker(["q"], connection=redis.Redis.from_url(REDIS_URL))
    worker.subscribe()
    thread = worker.pubsub_thread
    worker.unsubscribe()
    assert not thread._running.is_set()  # the thread's loop ends when it next wakes
    assert not worker.pubsub.subscribed

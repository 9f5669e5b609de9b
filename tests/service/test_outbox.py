"""The outbox in-process: what each save records as due, the sweeper's decisions, budget maxima.

The sweeper runs here with an injected clock against real Redis; no worker process is involved
(tests/service/test_recovery.py kills and starts real ones)."""

import time
from datetime import UTC

import pytest
import redis
from rq import Queue

import engine
from service import jobs, matches
from service.errors import DomainError as ApiError
from service.store import Store
from worker.sweeper import Sweeper

BOTS = [{"bot": "random"}, {"bot": "random"}]


@pytest.fixture
def store(config):
    return Store(config["REDIS_URL"], prefix=config["PREFIX"])


@pytest.fixture
def queue(store, config):
    return jobs.queue_for(store.redis, config["QUEUE"])


def bot_queue_ids(queue):
    """Bot turns waiting: human matches' (`-bots`), then all-bot matches' (`-allbots`)."""
    return [job_id for kind in ("bots", "allbots")
            for job_id in Queue(f"{queue.name}-{kind}", connection=queue.connection).job_ids]


def test_every_save_records_what_is_due_in_the_same_write(store):
    before = time.time()
    mid, _, _, _ = matches.create(store, "toy", {}, BOTS, seed=1)
    assert before < store.due_at(mid) <= time.time() + 2.5  # a bot is to move: check it soon
    human, _, _, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1)
    assert store.due_at(human) is None  # humans without a clock: nothing can be overdue
    clocked, cmeta, _, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1, clock_s=30)
    assert store.due_at(clocked) == pytest.approx(cmeta["deadline"])
    _, mmeta = matches.act(store, clocked, 0, {"type": "draw"})
    assert store.due_at(clocked) == pytest.approx(mmeta["deadline"])


def test_a_failed_save_leaves_the_outbox_untouched(store):
    mid, meta, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=1, clock_s=30)
    due = store.due_at(mid)
    with pytest.raises(ApiError):
        matches.save_step(store, mid, 99, match, match, meta)  # stale rev: compare-and-set fails
    assert store.due_at(mid) == due


def test_the_sweeper_dispatches_a_turn_nobody_queued(store, queue):
    mid, _, _, _ = matches.create(store, "toy", {}, BOTS, seed=2)  # saved, never dispatched
    now = time.time()
    sweeper = Sweeper(store, queue, {"BOT_GRACE_S": 2.0}, clock=lambda: now)
    assert sweeper.sweep_once() == 0  # not overdue yet
    now += 2.1
    assert sweeper.sweep_once() == 1
    assert bot_queue_ids(queue) == [f"bot-{mid}-0-0-r1"]
    now += 60  # the job waits in its queue (no worker): no duplicate however late it gets
    sweeper.sweep_once()
    assert bot_queue_ids(queue) == [f"bot-{mid}-0-0-r1"]


def test_the_sweeper_redispatches_a_lost_or_failed_job(store, queue):
    mid, meta, match, _ = matches.create(store, "toy", {}, BOTS, seed=3)
    jobs.enqueue_bot_turns(queue, mid, match, meta)
    bots = Queue(f"{queue.name}-allbots", connection=queue.connection)  # an all-bot match
    bots.connection.lrem(bots.key, 0, f"bot-{mid}-0-0")  # popped by a worker that then died
    clock = [time.time() + 2.1]
    sweeper = Sweeper(store, queue, {"BOT_GRACE_S": 2.0}, clock=lambda: clock[0])
    sweeper.sweep_once()
    assert bot_queue_ids(queue) == [f"bot-{mid}-0-0-r1"]
    for attempt, wait in ((1, 2.0), (2, 4.0)):  # failed jobs are retried too, backing off
        job = jobs.fetch_job(store.redis, f"bot-{mid}-0-0-r{attempt}")
        bots.connection.lrem(bots.key, 0, job.id)
        job.set_status("failed")
        clock[0] += wait - 0.1
        sweeper.sweep_once()
        assert bot_queue_ids(queue) == []
        clock[0] += 0.2
        sweeper.sweep_once()
        assert bot_queue_ids(queue) == [f"bot-{mid}-0-0-r{attempt + 1}"]


def test_the_sweeper_fires_an_expired_clock_and_forgets_finished_matches(store, queue):
    mid, meta, _, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=4, clock_s=5)
    now = meta["deadline"] + 0.1
    Sweeper(store, queue, clock=lambda: now).sweep_once()
    assert bot_queue_ids(queue) == [f"clock-{mid}-0-r1"]
    ended, emeta, ematch, _ = matches.create(store, "toy", {"target": 2}, BOTS, seed=5)
    rev = 1
    while emeta["status"] != "finished":
        seat = engine.to_move(ematch)[0]
        new = engine.step(ematch, seat, engine.legal_actions(ematch, seat)[0])
        ematch, emeta = matches.save_step(store, ended, rev, ematch, new, emeta)
        rev += 1
        assert (store.due_at(ended) is None) == (emeta["status"] == "finished")


def test_a_redis_failure_while_dispatching_does_not_fail_the_request(app, monkeypatch):
    def broken(*args, **kwargs):
        raise redis.ConnectionError("Redis went away between the save and the enqueue")
    monkeypatch.setattr(jobs, "enqueue_bot_turns", broken)
    made = app.test_client().post("/matches", json={"game": "toy", "seats": BOTS})
    assert made.status_code == 201  # saved; the outbox entry makes the sweeper dispatch it
    store = app.extensions["safehouse"]["store"]
    assert store.due_at(made.json["match_id"]) is not None


@pytest.mark.parametrize("seats, field", [
    ([{"bot": "ismcts", "budget_ms": 5001}, {"kind": "human"}], "seats[0].budget_ms"),
    ([{"kind": "human"}, {"bot": "ismcts", "iterations": 20001}], "seats[1].iterations"),
])
def test_over_budget_bot_seats_are_rejected_naming_the_field(client, seats, field):
    answer = client.post("/matches", json={"game": "toy", "seats": seats})
    assert answer.status_code == 400, answer.text
    assert answer.json["error"]["code"] == "invalid_request" and answer.json["error"]["field"] == field


def test_bot_maxima_are_configurable(config):
    from service import create_app
    client = create_app(dict(config, MAX_BOT_BUDGET_MS=100, MAX_BOT_ITERATIONS=50)).test_client()
    seats = [{"bot": "ismcts", "budget_ms": 100, "iterations": 50}, {"kind": "human"}]
    assert client.post("/matches", json={"game": "toy", "seats": seats}).status_code == 201
    seats[0]["budget_ms"] = 101
    answer = client.post("/matches", json={"game": "toy", "seats": seats})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "seats[0].budget_ms"


def test_the_worker_caps_an_unbounded_bot_at_the_maxima():
    from worker.jobs import bounded_bot
    from service.settings import Settings
    limits = Settings.from_env(max_bot_budget_ms=5000, max_bot_iterations=20000)
    assert bounded_bot({"bot": "ismcts", "budget_ms": 0, "iterations": 200000}, limits) == {
        "bot": "ismcts", "budget_ms": 5000, "iterations": 20000}
    assert bounded_bot({"bot": "random"}, limits) == {"bot": "random"}


def test_bot_turns_and_bulk_work_use_separate_queues(store, queue):
    mid, meta, match, _ = matches.create(store, "toy", {}, BOTS, seed=6)
    jobs.enqueue_bot_turns(queue, mid, match, meta)
    jobs.enqueue_turn_odds(queue, "odds-x", "k" * 32, {"attacks": [], "trials": 0})
    assert bot_queue_ids(queue) == [f"bot-{mid}-0-0"]
    assert Queue(f"{queue.name}-bulk", connection=queue.connection).job_ids == ["odds-x"]


def test_the_sweeper_loop_survives_a_redis_blip(store, queue):
    import threading
    mid, _, _, _ = matches.create(store, "toy", {}, BOTS, seed=7)
    sweeper = Sweeper(store, queue, clock=lambda: time.time() + 10)
    real_claim, calls = store.claim_due, []

    def flaky_claim(*args):
        calls.append(1)
        if len(calls) == 1:
            raise redis.ConnectionError("blip")
        return real_claim(*args)
    store.claim_due = flaky_claim
    stop = threading.Event()
    thread = threading.Thread(target=sweeper.run, args=(stop, 0.01), daemon=True)
    thread.start()
    try:
        deadline = time.time() + 10
        while time.time() < deadline and not bot_queue_ids(queue):
            time.sleep(0.01)
    finally:
        stop.set()
        thread.join(5)
    assert len(calls) > 1 and bot_queue_ids(queue) == [f"bot-{mid}-0-0-r1"]


def test_a_running_job_counts_as_lost_once_its_worker_stops_beating(store, queue):
    from datetime import datetime
    seats = [{"bot": "ismcts", "budget_ms": 5000}, {"bot": "random"}]
    mid, meta, match, _ = matches.create(store, "toy", {}, seats, seed=8)
    jobs.enqueue_bot_turns(queue, mid, match, meta)
    bots = Queue(f"{queue.name}-allbots", connection=queue.connection)  # an all-bot match
    job = jobs.fetch_job(store.redis, f"bot-{mid}-0-0")
    bots.connection.lrem(bots.key, 0, job.id)  # a worker took it ...
    job.worker_name, job.started_at = "w-test", datetime.now(UTC)
    job.save()
    job.set_status("started")
    store.beat("w-test", 30)  # ... and is alive: its 5 s budget is respected
    now = time.time() + 1.1
    sweeper = Sweeper(store, queue, {"BOT_GRACE_S": 1.0}, clock=lambda: now)
    sweeper.sweep_once()
    assert bot_queue_ids(queue) == []
    store.redis.delete(f"{store.prefix}alive:w-test")  # killed: no heartbeat any more
    now += 1.1
    sweeper.sweep_once()
    assert bot_queue_ids(queue) == [f"bot-{mid}-0-0-r1"]

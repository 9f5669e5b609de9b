"""Issue 31: bot-turn, clock and tournament batch jobs keep no result and only a short failure
record, so RQ's Redis holds bookkeeping only for work in flight (odds keep theirs: the client
reads it)."""

import time

import redis
from rq import Queue

from service import jobs


def _finished(client, match_id, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        view = client.get(f"/matches/{match_id}").get_json()
        if view["finished"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the bots never finished")


def test_finished_bot_turns_leave_no_job_or_result_records(client, config, worker):
    made = client.post("/matches", json={"game": "toy", "seats": [{"bot": "random"}] * 2}).get_json()
    mid = made["match_id"]
    view = _finished(client, mid)
    assert view["version"] >= 2  # the worker played several bot turns
    time.sleep(0.5)  # the last job's bookkeeping is written just after its save
    rq_redis = redis.Redis.from_url(config["REDIS_URL"])
    left = [k for pattern in (f"rq:job:bot-{mid}-*", f"rq:results:bot-{mid}-*")
            for k in rq_redis.scan_iter(pattern, count=1000)]
    assert left == []
    finished = Queue(f"{config['QUEUE']}-allbots", connection=rq_redis).finished_job_registry
    assert not [j for j in finished.get_job_ids() if mid in j]


def test_each_kind_of_job_is_queued_with_its_ttls(config):
    rq_redis = redis.Redis.from_url(config["REDIS_URL"])
    queue = jobs.queue_for(rq_redis, config["QUEUE"])
    clock = jobs.enqueue_clock(queue, "0" * 16, 3)
    batch = jobs.enqueue_tournament_batch(jobs.bulk_queue(queue), "t" * 16, "{}", [0, 1], "k")
    odds = jobs.enqueue_turn_odds(queue, jobs.odds_job_id(queue.name, "q" * 40), "q" * 40, {})
    for job_id in (clock, batch):
        job = jobs.fetch_job(rq_redis, job_id)
        assert job.result_ttl == 0 and 0 < job.failure_ttl <= jobs.FAILURE_TTL_S <= 600
    assert jobs.fetch_job(rq_redis, odds).result_ttl > 0  # GET /jobs/{id} reads odds results

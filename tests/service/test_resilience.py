"""Issue 30 in one process: transient Redis errors are retried for a bounded time and then
answered 503 (never 500); what follows a committed save is best-effort (the repair pass writes
the listing indexes again); the rate limiter fails open; a save recognises its own write after
a lost answer; WAIT mode refuses an unreplicated write; a worker loop ended by Redis starts again."""

import time

import pytest
import redis
from redis import exceptions as rx

from service import create_app
from service.metrics import DEGRADED
from service.store import NotReplicated, Store, connection, resilience, shard_of
from worker.restarting import run_until_stopped
from worker.sweeper import Sweeper

FAILOVER_ERRORS = [rx.ConnectionError("refused"), rx.TimeoutError("timeout"),
                   rx.ClusterDownError("The cluster is down"), rx.TryAgainError("Multiple keys"),
                   rx.MovedError("3999 127.0.0.1:1"), rx.AskError("3999 127.0.0.1:1"),
                   rx.ReadOnlyError("You can't write against a read only replica."),
                   rx.MasterDownError("Link with MASTER is down"),
                   rx.BusyLoadingError("Redis is loading the dataset in memory"),
                   rx.SlotNotCoveredError("slot not covered"),
                   rx.RedisClusterException("Redis Cluster cannot be connected.")]


def test_transient_errors_are_retried_for_a_bounded_time_then_raised():
    calls = []

    def failing():
        calls.append(time.monotonic())
        raise rx.ClusterDownError("The cluster is down")
    start = time.monotonic()
    with pytest.raises(rx.ClusterDownError):
        resilience.again(failing, rx.ClusterDownError("first"), 0.6)
    assert time.monotonic() - start <= 0.6 + 0.2 and len(calls) >= 3
    answers = iter([rx.TryAgainError("x"), "ok"])

    def recovering():
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer
    assert resilience.again(recovering, rx.ConnectionError("x"), 5) == "ok"
    with pytest.raises(rx.ResponseError):  # not transient: raised at once, never retried
        resilience.again(lambda: calls.append(0), rx.ResponseError("WRONGTYPE"), 5)
    assert all(resilience.is_transient(e) for e in FAILOVER_ERRORS)
    assert not resilience.is_transient(rx.CrossSlotTransactionError("x"))


@pytest.mark.parametrize("error", FAILOVER_ERRORS, ids=lambda e: type(e).__name__)
def test_every_failover_error_is_a_503_with_retry_after(config, error, monkeypatch):
    app = create_app(dict(config, ENQUEUE_BOTS=False))
    client = app.test_client()
    mid = client.post("/matches", json={"game": "toy"}).get_json()["match_id"]
    store = app.extensions["safehouse"]["store"]

    def down(*args, **kwargs):
        raise error
    monkeypatch.setattr(store, "read", down)
    monkeypatch.setattr(store, "_create", down)
    for answer in (client.get(f"/matches/{mid}"), client.post("/matches", json={"game": "toy"})):
        assert answer.status_code == 503, answer.get_json()
        assert answer.get_json()["error"]["code"] == "service_unavailable"
        assert answer.headers["Retry-After"] == "1"


def test_the_cluster_url_takes_several_seeds_and_sentinel_urls_name_a_master():
    assert connection.cluster_seeds("redis+cluster://10.0.0.1:7000,10.0.0.2:7001, [::1]:7002") == \
        [("10.0.0.1", 7000), ("10.0.0.2", 7001), ("::1", 7002)]
    assert connection._hosts("redis+sentinel://:pw@h1:26379,h2:26380/main/2", "redis+sentinel://") == \
        (None, "pw", [("h1", 26379), ("h2", 26380)], "main/2")
    with pytest.raises(ValueError):
        connection.connect("redis+sentinel://h1:26379")  # no master name


def _played(client, mid, tokens):
    view = client.get(f"/matches/{mid}").get_json()
    seat = view["to_move"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = client.get(f"/matches/{mid}/actions", headers=auth).get_json()["legal_actions"]
    return client.post(f"/matches/{mid}/actions", headers=auth,
                       json={"action": legal[0], "version": view["version"]})


def test_a_failed_index_update_after_a_save_is_not_an_error_and_the_sweeper_repairs_it(config, monkeypatch):
    app = create_app(dict(config, ENQUEUE_BOTS=False))
    client = app.test_client()
    store = app.extensions["safehouse"]["store"]
    real_status, real_match = store.index_status, store.index_match

    def down(*args, **kwargs):
        raise rx.ConnectionError("the index's master is down")
    monkeypatch.setattr(store, "index_status", down)
    monkeypatch.setattr(store, "index_match", down)
    before = DEGRADED.labels("index")._value.get()
    made = client.post("/matches", json={"game": "toy", "seed": 4})
    assert made.status_code == 201, made.get_json()  # the creation reached its client
    mid, tokens = made.get_json()["match_id"], {t["seat"]: t["token"] for t in made.get_json()["tokens"]}
    answers = []
    while not client.get(f"/matches/{mid}").get_json()["finished"]:
        answers.append(_played(client, mid, tokens).status_code)
    assert set(answers) == {200}  # the last one changed the status: its index update failed
    assert DEGRADED.labels("index")._value.get() >= before + 2
    listed = client.get("/matches", query_string={"status": "finished"}).get_json()["matches"]
    assert mid not in {m["match_id"] for m in listed}
    monkeypatch.setattr(store, "index_status", real_status)
    monkeypatch.setattr(store, "index_match", real_match)
    assert Sweeper(store, config["QUEUE"], {}).repair() == 1
    listed = client.get("/matches", query_string={"status": "finished"}).get_json()["matches"]
    assert mid in {m["match_id"] for m in listed}
    mine = client.get("/matches", query_string={"mine": "true"},
                      headers={"Authorization": f"Bearer {tokens[0]}"}).get_json()["matches"]
    assert [m["match_id"] for m in mine] == [mid]
    assert Sweeper(store, config["QUEUE"], {}).repair() == 0


def test_the_rate_limiter_fails_open_when_its_counters_are_unreachable(config, monkeypatch):
    app = create_app(dict(config, ENQUEUE_BOTS=False, RATE_LIMIT="2/minute"))
    client = app.test_client()
    mid = client.post("/matches", json={"game": "toy"}).get_json()["match_id"]
    store = app.extensions["safehouse"]["store"]
    assert client.get(f"/matches/{mid}").status_code == 200
    assert client.get(f"/matches/{mid}").status_code == 429
    monkeypatch.setattr(store, "_plain", False)  # the cluster's path: counters apart from the load
    monkeypatch.setattr(store, "count_hits", lambda hits: None)  # their master is down
    monkeypatch.setattr(store, "_load", lambda keys, args: store.redis.eval(
        __import__("service.store.scripts", fromlist=["LOAD_SCRIPT"]).LOAD_SCRIPT, 3, *keys, *args))
    before = DEGRADED.labels("rate_limit")._value.get()
    answer = client.get(f"/matches/{mid}")
    assert answer.status_code == 200, answer.get_json()
    assert "X-RateLimit-Remaining" not in answer.headers
    assert client.get("/matches").status_code == 200  # a route counted by the hook
    assert DEGRADED.labels("rate_limit")._value.get() == before + 2


def test_a_save_whose_answer_was_lost_is_not_a_conflict(config):
    from service import matches
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    mid, meta, match, _ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=3)
    doc, meta, rev = store.load(mid)
    event = {"version": 0, "actor": None, "entries": [], "kind": "joined", "seat": 0}
    real = store._save

    def written_then_retried(keys, args):  # the first answer lost in a failover; the client
        real(keys=keys, args=args)  # sends the very same command again
        return real(keys=keys, args=args)
    store._save = written_then_retried
    assert store.save(mid, rev, doc, meta, event) == rev + 1  # it is the stored write: no conflict
    store._save = real
    # another request saving the same thing at that revision (the same seat in two tabs) did not
    # write it: a conflict, as any other write at that revision
    with pytest.raises(matches.Conflict):
        store.save(mid, rev, doc, meta, event)
    with pytest.raises(matches.Conflict):
        store.save(mid, rev, doc, meta, dict(event, seat=1))


def test_wait_mode_refuses_to_acknowledge_an_unreplicated_write(config):
    from service import matches
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"], wait_replicas=1, wait_timeout_ms=50)
    with pytest.raises(NotReplicated):  # the test Redis has no replica
        matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=3)
    # the unacknowledged creation was taken back: no match is left that no client received
    assert list(store.redis.scan_iter(store.keys.match_pattern())) == []
    plain = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    mid, *_ = matches.create(plain, "toy", {}, [{"kind": "human"}] * 2, seed=3)
    doc, meta, rev = plain.load(mid)
    event = {"version": 0, "actor": None, "entries": [], "kind": "joined", "seat": 0}
    with pytest.raises(NotReplicated):
        store.save(mid, rev, doc, meta, event)
    waiting = Store(config["REDIS_URL"], prefix=config["PREFIX"], wait_replicas=0)
    assert waiting.load(mid)[2] == rev + 1  # written on the master, but never acknowledged


def test_wait_mode_is_a_503(config, monkeypatch):
    app = create_app(dict(config, ENQUEUE_BOTS=False, REDIS_WAIT_REPLICAS=1, REDIS_WAIT_TIMEOUT_MS=50))
    answer = app.test_client().post("/matches", json={"game": "toy"})
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"


class _Worker:
    def __init__(self, outcome, name):
        self.outcome, self.name, self.stop_wanted = outcome, name, False
        self.connection = redis.Redis()

    def work(self, burst=False, logging_level=None):
        if self.outcome == "stop":
            self.stop_wanted = True
        elif self.outcome == "raise":
            raise rx.ConnectionError("teardown on a dead master")


def test_a_work_loop_ended_by_redis_is_started_again():
    outcomes = iter(["error", "raise", "stop"])
    started = []
    count = run_until_stopped(lambda g: _Worker(next(outcomes), f"w{g}"), pause_s=0.01,
                              on_start=lambda w: started.append(w.name))
    assert count == 3 and started == ["w0", "w1", "w2"]
    assert run_until_stopped(lambda g: _Worker("error", "b"), burst=True, pause_s=0.01) == 1


def test_a_shard_whose_master_is_down_does_not_stall_the_others_outbox(config):
    from service import matches
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    made = [matches.create(store, "toy", {}, [{"bot": "random"}] * 2, seed=s)[0] for s in range(12)]
    down_shard = shard_of(made[0])
    real_claim, asked = store._claim, []

    def claim(keys, args):
        asked.append(keys[0])
        if keys[0] == store.keys.shard_due(down_shard):
            raise rx.ConnectionError("that shard's master is down")
        return real_claim(keys=keys, args=args)
    store._claim = claim
    claimed = store.claim_due(time.time() + 60, 5.0)
    assert made[0] not in claimed
    assert set(claimed) == {m for m in made if store.due_key(m) != store.due_key(made[0])}
    asked.clear()
    store.claim_due(time.time() + 60, 5.0)
    assert store.keys.shard_due(down_shard) not in asked  # left alone for a while

"""Issue 30: the service rides through Redis master failovers with no restart and no 500.

A real Redis Cluster of 3 masters and 3 replicas (tests/service/failover_rig.py), a live API
(gunicorn, gevent) and a worker, both started with a cluster URL whose first seed is down; four
players under steady load play human-versus-bot matches (the bots' turns are the worker's). One
data master is killed with `kill -9`, then another (with the queues in the cluster: the master
of the `{rq}` slot), for both queue placements: a separate plain Redis for RQ
(SAFEHOUSE_QUEUE_REDIS_URL) and the cluster itself (RQ_KEY_PREFIX={rq}). Afterwards: no answer
was a 5xx other than 503, no process exited or was restarted, every acknowledged action and
creation is stored, every match's bot moves again, no match is stored that no client received,
and the listing indexes hold every match (the sweeper's repair pass).

Each run prints its figures (failover time, the 503 window after each kill, answers by status,
acknowledged actions checked and lost). SAFEHOUSE_FAILOVER_SETTLE_S (default 4) is how long
the load runs before the first kill and after each; `make soak` runs it longer.
"""

import json
import os
import subprocess
import sys
import time

import pytest
import requests
from redis.cluster import RedisCluster

import engine
from service.store.keys import STATUSES

from .conftest import ROOT, _env, _serve, _stop
from .failover_rig import Cluster, Load
from .test_cluster import cluster_port

SETTLE_S = float(os.environ.get("SAFEHOUSE_FAILOVER_SETTLE_S", "4"))
RESUME_S = 45.0


@pytest.fixture
def replicated_cluster(tmp_path):
    cluster = Cluster(tmp_path)
    try:
        yield cluster.start()
    finally:
        cluster.stop()  # also the nodes of a start that failed half-way


def _children(pid):
    """The child processes of `pid` (gunicorn's workers), from /proc."""
    found = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listing:
            found |= {int(c) for c in listing.read().split()}
    return found


def _gunicorn_pid(base):
    """The gunicorn master serving `base` (a child of this process listening on its port)."""
    port = base.rsplit(":", 1)[1]
    for child in _children(os.getpid()):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                if f"127.0.0.1:{port}".encode() in cmdline.read():
                    return child
        except OSError:
            continue
    raise AssertionError("gunicorn not found")


def _victims(cluster, placement, prefix):
    """Two masters to kill in turn: first the rate-limit windows' (a data master), then, with the
    queues in the cluster, the `{rq}` slot's master, else another data master."""
    limits = cluster.master_of(f"{prefix}limit:{{127.0.0.1}}:app")
    rq_master = cluster.master_of("{rq}")
    data = [p for p in cluster.masters if p != rq_master]
    first = limits if limits in data else data[0]
    if placement == "queue-in-cluster":
        return [(first, "data"), (rq_master, "rq")]
    return [(first, "data"), (next(p for p in cluster.masters if p != first), "data")]


def _wait_for_bots(base, created, clocked):
    """Seconds until every created match is finished or waits for its human (seat 0), and every
    turn-clock match is finished or has moved on since; the matches still stalled after RESUME_S."""
    started, waiting = time.monotonic(), dict(created)
    versions = {m: requests.get(f"{base}/matches/{m}", timeout=30).json()["version"] for m in clocked}
    while waiting and time.monotonic() - started < RESUME_S:
        for match_id, auth in list(waiting.items()):
            view = requests.get(f"{base}/matches/{match_id}", headers=auth, timeout=30)
            if view.status_code != 200:
                continue
            view = view.json()
            moved = (view["version"] > versions[match_id] if match_id in clocked
                     else 0 in view["to_move"])
            if view["finished"] or moved:
                del waiting[match_id]
        time.sleep(0.2)
    return round(time.monotonic() - started, 1), sorted(waiting)


def _lost_actions(base, load):
    """The acknowledged actions missing from their match's events."""
    lost, by_match = [], {}
    for match_id, version in load.acked:
        by_match.setdefault(match_id, []).append(version)
    for match_id, versions in by_match.items():
        events = requests.get(f"{base}/matches/{match_id}/events", headers=load.created[match_id],
                              params={"after": 0}, timeout=30).json()["events"]
        ours = {e["version"] for e in events if e["kind"] == "action" and e.get("actor") == 0}
        lost += [(match_id, v) for v in versions if v not in ours]
    return lost


def test_wait_mode_on_a_cluster(replicated_cluster, config):
    """SAFEHOUSE_REDIS_WAIT_REPLICAS on a cluster: the WAIT goes to the master of the match's
    slot with its script; one replica per master acknowledges, two never do (503)."""
    from service import matches
    from service.store import NotReplicated, Store
    url = replicated_cluster.url()
    store = Store(url, prefix=config["PREFIX"], queue_url=config["REDIS_URL"], wait_replicas=1,
                  wait_timeout_ms=2000)
    mid, *_ = matches.create(store, "toy", {}, [{"kind": "human"}] * 2, seed=3)
    doc, meta, rev = store.load(mid)
    event = {"version": 0, "actor": None, "entries": [], "kind": "joined", "seat": 0}
    assert store.save(mid, rev, doc, meta, event) == rev + 1
    greedy = Store(url, prefix=config["PREFIX"], queue_url=config["REDIS_URL"], wait_replicas=2,
                   wait_timeout_ms=100)
    with pytest.raises(NotReplicated):
        greedy.save(mid, rev + 1, doc, meta, event)


@pytest.mark.parametrize("placement", ["queue-redis", "queue-in-cluster"])
def test_master_failovers_under_load(replicated_cluster, config, placement, monkeypatch):
    cluster = replicated_cluster
    if placement == "queue-in-cluster":
        monkeypatch.setenv("RQ_KEY_PREFIX", "{rq}")
    monkeypatch.delenv("SAFEHOUSE_QUEUE_REDIS_URL", raising=False)
    settings = dict(config, REDIS_URL=cluster.url(first_seed_dead=cluster_port()),
                    RATE_LIMIT="100000/minute", CREATE_LIMIT="100000/minute",
                    MAX_OPEN_MATCHES_PER_ADDRESS=0, MAX_ALL_BOT_MATCHES=0)
    if placement == "queue-redis":
        settings["QUEUE_REDIS_URL"] = config["REDIS_URL"]
    server = _serve(settings)
    base = next(server)
    worker = subprocess.Popen([sys.executable, "-m", "worker"], env=_env(settings), cwd=ROOT)
    gunicorn = _gunicorn_pid(base)
    api_workers = _children(gunicorn)
    load = Load(base, players=4, max_s=SETTLE_S * 3 + 90).start()
    report = {"placement": placement, "kills": []}
    try:
        time.sleep(SETTLE_S)
        for victim, role in _victims(cluster, placement, config["PREFIX"]):
            killed_at = time.monotonic()
            failover_s = cluster.kill_master(victim)
            time.sleep(SETTLE_S)
            counts, window = load.summary(killed_at)
            report["kills"].append({"master": role,
                                    "failover_s": round(failover_s, 2), "503_window_s": window})
        load.stop()
        report["answers"], _ = load.summary(0)
        report["resume_s"], stalled = _wait_for_bots(base, load.created, load.clocked)
        lost = _lost_actions(base, load)
        report.update(acked_actions=len(load.acked), lost=len(lost), matches=len(load.created),
                      clock_matches=len(load.clocked))
        print("\nfailover", json.dumps(report))
        assert [f for f in load.failures if f[1] != 503] == [], load.failures[:5]
        assert worker.poll() is None, "the worker exited"
        assert _children(gunicorn) == api_workers, "an API worker was restarted"
        assert len(load.acked) > 20 and lost == [], lost[:5]
        assert stalled == [], f"{len(stalled)} matches' bots or clocks did not move again"
        client = RedisCluster(host="127.0.0.1", port=cluster.alive()[0])
        stored = {k.decode().rsplit(":match:", 1)[1]
                  for k in client.scan_iter(f"{config['PREFIX']}{{s*}}:match:*")}
        assert stored <= set(load.created), f"orphan matches: {sorted(stored - set(load.created))[:5]}"
        deadline = time.monotonic() + 10  # the sweeper's repair pass (every 2 s)
        while time.monotonic() < deadline:
            missing = [m for m in load.created if not any(
                client.zscore(f"{config['PREFIX']}matches:game:{game}:status:{status}", m) is not None
                for game in engine.GAMES for status in STATUSES)]
            if not missing:
                break
            time.sleep(0.5)
        assert missing == [], f"{len(missing)} matches missing from the listing"
    finally:
        load.stop()
        _stop(worker)
        server.close()

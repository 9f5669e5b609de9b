"""Crash recovery with real worker processes, started here and killed by their PID (kill -9).

Each test waits with a generous liveness bound (a stuck match fails, a slow machine does not)
and prints the measured recovery time; docs/reliability.md quotes these figures."""

import os
import signal
import subprocess
import sys
import time

import pytest

from service import create_app
from service.jobs import fetch_job
from tests.service.conftest import ROOT, _env, _stop

BOTS = [{"bot": "random"}, {"bot": "random"}]


@pytest.fixture
def spawn(config):
    """Start `python -m worker ARGS...` processes; every one still alive is stopped afterwards."""
    procs = []

    def start(*args, **extra_config):
        proc = subprocess.Popen([sys.executable, "-m", "worker", *args],
                                env=_env(dict(config, **extra_config)), cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        _stop(proc)


def kill_9(proc):
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def wait_until(predicate, timeout, step=0.05):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"not within {timeout} s")


def view(client, mid):
    return client.get(f"/matches/{mid}").json


def job_status(app, job_id):
    job = fetch_job(app.extensions["safehouse"]["store"].redis, job_id)
    if job is None:
        return None
    status = job.get_status()
    return getattr(status, "value", status)


def test_a_worker_killed_mid_bot_turn_is_recovered(app, spawn):
    client = app.test_client()
    seats = [{"bot": "ismcts", "budget_ms": 1500, "iterations": 20000}, {"bot": "random"}]
    mid = client.post("/matches", json={"game": "toy", "seed": 8, "options": {"target": 2},
                                        "seats": seats}).json["match_id"]
    first = spawn()
    wait_until(lambda: job_status(app, f"bot-{mid}-0-0") == "started", 30)
    kill_9(first)  # mid-turn: the job stays "started" in RQ's registry for its whole timeout
    restarted = time.time()
    spawn()
    wait_until(lambda: view(client, mid)["version"] >= 1, 20)
    recovered = time.time() - restarted
    wait_until(lambda: view(client, mid)["finished"], 20)
    print(f"\nkill -9 mid bot turn (budget 1.5 s): turn played {recovered:.1f} s after the new "
          f"worker started; match finished {time.time() - restarted:.1f} s after")


def test_a_crash_between_save_and_dispatch_is_recovered(config, spawn):
    app = create_app(dict(config, ENQUEUE_BOTS=False))  # the write is saved, the enqueue never runs
    client = app.test_client()
    mid = client.post("/matches", json={"game": "toy", "seats": BOTS}).json["match_id"]
    saved = time.time()
    spawn("--no-sweeper")
    spawn("--sweeper")  # the standalone sweeper process
    wait_until(lambda: view(client, mid)["finished"], 20)
    print(f"\nsaved but never dispatched: match finished {time.time() - saved:.1f} s after the save")


def test_a_turn_clock_fires_on_time_after_the_worker_was_killed(app, spawn):
    client = app.test_client()
    first = spawn()
    time.sleep(1.0)  # let it start (and, with RQ's scheduler, take the scheduler lock)
    made = client.post("/matches", json={"game": "toy", "seed": 9, "turn_clock_s": 3}).json
    kill_9(first)
    spawn()
    wait_until(lambda: view(client, made["match_id"])["version"] >= 1, 20)
    late = time.time() - made["deadline"]
    print(f"\nturn clock after a worker kill: zombie move {late:.1f} s after the deadline")
    assert late < 5.0  # RQ's scheduler (lock held by the dead worker) was minutes late here


def test_a_heavy_bulk_job_does_not_delay_bot_turns(app, spawn):
    client = app.test_client()
    spawn()  # the default worker: bot turns first, then bulk work
    spawn("--queues", "bots,allbots")  # bot turns only (all-bot matches too)
    plan = {"attacks": [{"spies": [2], "defence": 16, "vp": 2}] * 3, "trials": 200000}
    odds = client.post("/darkagent/odds/turn", json=plan).json["job_id"]
    wait_until(lambda: job_status(app, odds) == "started", 30)
    mid = client.post("/matches", json={"game": "toy", "seats": BOTS}).json["match_id"]
    wait_until(lambda: view(client, mid)["finished"], 20)
    assert job_status(app, odds) == "started"  # the bot match was played while odds still ran
    wait_until(lambda: job_status(app, odds) == "finished", 60)

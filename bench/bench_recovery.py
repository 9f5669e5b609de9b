"""Recovery times of the outbox sweeper with real worker processes (printed, never asserted).

`python bench/bench_recovery.py [--runs N] [--budget-ms MS]` measures, N times each:
- kill -9 of the worker mid bot turn (ISMCTS at MS per move): seconds from the new worker's
  start to the turn being played;
- a crash between save and dispatch (a match saved with the API's enqueue switched off): seconds
  from the save to the first bot move, an idle worker with its sweeper already running;
- a turn clock after the worker was killed and another started: seconds past the deadline at
  which the zombie move is saved.
"""

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time

import redis

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.harness import ROOT, percentile
from service import create_app
from service.jobs import fetch_job


class Lab:
    """An isolated prefix and queue, an in-process API and worker processes ended by PID."""

    def __init__(self, url):
        tag = secrets.token_hex(4)
        self.url, self.prefix, self.queue = url, f"shr{tag}:", f"safehouse-rec-{tag}"
        self.config = {"REDIS_URL": url, "PREFIX": self.prefix, "QUEUE": self.queue,
                       "RATE_LIMIT": "1000000/minute"}
        self.client = create_app(self.config).test_client()
        self.quiet = create_app(dict(self.config, ENQUEUE_BOTS=False)).test_client()
        self.procs = []

    def worker(self, *args):
        env = dict(os.environ, SAFEHOUSE_REDIS_URL=self.url, SAFEHOUSE_PREFIX=self.prefix,
                   SAFEHOUSE_QUEUE=self.queue, PYTHONPATH=ROOT)
        proc = subprocess.Popen([sys.executable, "-m", "worker", *args], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.procs.append(proc)
        return proc

    def kill_9(self, proc):
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()

    def version(self, mid):
        return self.client.get(f"/matches/{mid}").json["version"]

    def wait_version(self, mid, at_least, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.version(mid) >= at_least:
                return time.time()
            time.sleep(0.02)
        raise RuntimeError(f"match {mid} stuck")

    def close(self):
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
                proc.wait()
        client = redis.Redis.from_url(self.url)
        for key in list(client.scan_iter(f"{self.prefix}*")) + list(client.scan_iter(f"rq:*{self.queue}*")):
            client.delete(key)


def killed_mid_turn(lab, budget_ms):
    seats = [{"bot": "ismcts", "budget_ms": budget_ms, "iterations": 20000}] * 2
    mid = lab.client.post("/matches", json={"game": "classified", "seats": seats}).json["match_id"]
    first = lab.worker()
    redis_client = lab.client.application.extensions["safehouse"]["store"].redis
    deadline = time.time() + 60
    while time.time() < deadline:  # a turn with one legal action is instant: wait for a real one
        view = lab.client.get(f"/matches/{mid}").json
        job = fetch_job(redis_client, f"bot-{mid}-{view['version']}-{view['to_move'][0]}")
        if job is not None and getattr(job.get_status(), "value", None) == "started":
            break
        time.sleep(0.02)
    else:
        raise RuntimeError("no bot turn started")
    lab.kill_9(first)
    started = time.time()
    lab.worker()
    return lab.wait_version(mid, view["version"] + 1) - started


def saved_not_dispatched(lab):
    lab.worker()
    time.sleep(2.0)  # an idle worker with its sweeper running
    saved = time.time()
    mid = lab.quiet.post("/matches", json={"game": "classified",
                                           "seats": [{"bot": "random"}] * 2}).json["match_id"]
    return lab.wait_version(mid, 1) - saved


def clock_after_kill(lab):
    first = lab.worker()
    time.sleep(1.0)
    made = lab.client.post("/matches", json={"game": "classified", "turn_clock_s": 3}).json
    lab.kill_9(first)
    lab.worker()
    return lab.wait_version(made["match_id"], 1) - made["deadline"]


def main(argv=None):
    """Run each scenario `--runs` times and print median and max seconds."""
    parser = argparse.ArgumentParser(prog="bench_recovery.py")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--budget-ms", type=int, default=1500)
    parser.add_argument("--url", default=os.environ.get("SAFEHOUSE_REDIS_URL", "redis://127.0.0.1:6379/0"))
    args = parser.parse_args(argv)
    figures = {"kill -9 mid bot turn -> turn played (s after new worker)": [],
               "saved, never dispatched -> first bot move (s after save)": [],
               "turn clock, worker killed -> zombie move (s after deadline)": []}
    names = list(figures)
    scenarios = [lambda lab: killed_mid_turn(lab, args.budget_ms), saved_not_dispatched, clock_after_kill]
    for _ in range(args.runs):
        for name, scenario in zip(names, scenarios):
            lab = Lab(args.url)  # a fresh prefix, queue and workers per scenario
            try:
                figures[name].append(scenario(lab))
            finally:
                lab.close()
    for name, values in figures.items():
        print(f"{name:62s} median {percentile(values, 50):5.1f}  max {max(values):5.1f}  (n={len(values)})")


if __name__ == "__main__":
    main()

"""Profile our request path with cProfile: the bench_service workload (4-player Inside Job matches,
GET view + POST action, gzip accepted) through Flask's test client, no gunicorn, on a scratch
redis-server. Prints the top functions by own time and by cumulative time (CPU time of this
process by default: the test client's share included, waiting on Redis not).

Usage: python bench/profile_service.py [--matches 30] [--top 30] [--sort tottime,cumulative]
"""

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.bench_service import Processes, start_redis  # noqa: E402
from service import create_app  # noqa: E402


def play(client, seed):
    """Play one match to its end as the load client does; returns (requests, actions)."""
    picks = random.Random(seed)
    gzip = {"Accept-Encoding": "gzip"}
    made = client.post("/matches", json={"game": "insidejob", "options": {"players": 4},
                                         "seed": seed, "seats": [{"kind": "human"}] * 4}).get_json()
    match_id = made["match_id"]
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    seat, requests, actions = 0, 1, 0
    for _ in range(1000):
        auth = dict(gzip, Authorization=f"Bearer {tokens[seat]}")
        answer = client.get(f"/matches/{match_id}", headers=auth)
        requests += 1
        view = answer.get_json() if answer.headers.get("Content-Encoding") != "gzip" else \
            __import__("json").loads(__import__("gzip").decompress(answer.data))
        if view["finished"] or not view["to_move"]:
            break
        if seat not in view["to_move"]:
            seat = view["to_move"][0]
            continue
        answer = client.post(f"/matches/{match_id}/actions", headers=auth,
                             json={"action": picks.choice(view["legal_actions"]),
                                   "version": view["version"]})
        requests += 1
        actions += 1
        after = answer.get_json() if answer.headers.get("Content-Encoding") != "gzip" else \
            __import__("json").loads(__import__("gzip").decompress(answer.data))
        if after["finished"] or not after["to_move"]:
            break
        seat = after["to_move"][0]
    return requests, actions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime,cumulative")
    parser.add_argument("--wall", action="store_true",
                        help="profile wall time (default: this process's CPU time, so waits on "
                             "Redis do not count)")
    args = parser.parse_args(argv)
    procs = Processes()
    try:
        redis_url, _ = start_redis(procs)
        app = create_app({"REDIS_URL": redis_url, "PREFIX": "prof:", "QUEUE": "prof",
                          "ALLOW_CLIENT_SEEDS": True, "RATE_LIMIT": "100000000/minute",
                          "CREATE_LIMIT": "100000000/minute"})
        client = app.test_client()
        play(client, 0)  # warm up imports and caches
        profiler = cProfile.Profile() if args.wall else cProfile.Profile(time.process_time)
        started = time.perf_counter()
        requests = actions = 0
        profiler.enable()
        for seed in range(1, args.matches + 1):
            r, a = play(client, seed)
            requests, actions = requests + r, actions + a
        profiler.disable()
        elapsed = time.perf_counter() - started
    finally:
        procs.stop_all()
    print(f"{requests} requests, {actions} actions in {elapsed:.2f} s under cProfile "
          f"({elapsed * 1000 / requests:.3f} ms/request)")
    for key in args.sort.split(","):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(key).print_stats(args.top)
        print(out.getvalue())


if __name__ == "__main__":
    main()

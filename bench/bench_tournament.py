"""Tournament runner speed: matches/s of the in-process runner against the engine's raw playouts.

Per game: raw random playouts per second (engine.start + step with a random legal action, no
views: the engine's own speed), then the runner playing random vs random through the bots' view
(render per move, records, seats rotated) with 1 and 2 worker processes. Prints the runner's
share of the raw rate per CPU second (target >= 0.5; CPU time, so other load on the machine does
not skew it) and the wall-clock 2-process speed-up (target >= 1.8, meaningful on 2 idle cores),
as the median of `--repeats` paired runs, beside the machine's own ceiling for two processes on
the same work (two independent one-process runs at once against one alone) measured between them.
With --rq it also plays a random-vs-random tournament over RQ with 1 and 2 `python -m worker`
processes (real Redis, a throw-away queue and key prefix) and prints matches/s and the per-batch
overhead: the share of each batch job's time not spent playing, and the share of the workers'
whole time (dispatch and collection included) not spent playing.
Usage: python bench/bench_tournament.py [--matches 200] [--games classified,insidejob] [--rq]
"""

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.tournament import validate_spec  # noqa: E402
from engine.tournament.runner import run_in_memory  # noqa: E402

GAMES = ("classified", "insidejob", "ifthen", "darkagent")


def raw_playouts(game_id, matches, clock=time.perf_counter):
    """Random playouts per second straight on the engine (no views, no bots)."""
    started = clock()
    for index in range(matches):
        match = engine.start(game_id, {}, 10_000 + index)
        rng = engine.Rng(index)
        while True:
            moving = engine.to_move(match)
            if not moving:
                break
            actions = engine.legal_actions(match, moving[0])
            match = engine.step(match, moving[0], actions[rng.randbelow(len(actions))])
    return matches / (clock() - started)


def runner_rate(game_id, matches, workers, clock=time.perf_counter):
    """Matches per second of the tournament runner, random vs random (per CPU second of this
    process with clock=time.process_time and workers=1)."""
    spec = validate_spec({"game": game_id, "entrants": ["random", {"name": "r2", "bot": "random"}],
                          "total_matches": matches, "seed": 1})
    started = clock()
    played = len(run_in_memory(spec, workers=workers))
    return played / (clock() - started)


ALONE = ("import sys; sys.path.insert(0, %r)\n"
         "from bench.bench_tournament import runner_rate\n"
         "runner_rate(%r, %d, 1)\n")


def machine_ceiling(game_id, matches):
    """What two processes get here on this very work: two independent one-process runs of the
    same tournament at once against one alone (2 x its wall time over theirs). No coordination
    at all, so it is 2.0 on two idle physical cores; sibling hyperthreads, shared caches and other
    tenants make it less on this machine. The runner's 2-process speed-up is read against it."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def wall(count):
        started = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, "-c", ALONE % (root, game_id, matches)])
                 for _ in range(count)]
        for proc in procs:
            proc.wait(timeout=600)
        return time.perf_counter() - started
    return 2 * wall(1) / wall(2)


def rq_rate(game_id, matches, workers, redis_url, batch):
    """(matches/s, in-job overhead share, whole overhead share) over RQ with `workers` workers."""
    import redis
    from rq.job import Job

    from service.tournament_rq import run_rq
    tag = secrets.token_hex(4)
    queue, prefix = f"safehouse-bench-{tag}", f"shb{tag}:"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    procs = [subprocess.Popen([sys.executable, "-m", "worker", "--url", redis_url, "--queue", queue,
                               "--prefix", prefix], cwd=root, env={**os.environ, "PYTHONPATH": root},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for _ in range(workers)]
    client = redis.Redis.from_url(redis_url)
    jobs = []
    try:
        time.sleep(1.0)  # let the workers start
        spec = validate_spec({"game": game_id, "entrants": ["random", {"name": "r2", "bot": "random"}],
                              "total_matches": matches, "seed": 1})
        with tempfile.TemporaryDirectory() as out:
            started = time.perf_counter()
            run_rq(spec, out, redis_url, queue_name=queue, prefix=prefix, batch=batch, poll_s=0.05)
            wall = time.perf_counter() - started
        ids = [k.decode()[len("rq:job:"):] for k in client.scan_iter("rq:job:tourney-*", count=1000)]
        results = []
        for job_id in ids:
            job = Job.fetch(job_id, connection=client)
            if job.origin == queue + "-bulk" and job.return_value():
                results.append(job.return_value())
                jobs.append(job_id)
        play = sum(r["play_s"] for r in results)
        in_job = 1 - play / sum(r["job_s"] for r in results)
        whole = 1 - play / (wall * workers)
        return spec["matches"] / wall, in_job, whole
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
        for key in list(client.scan_iter(f"*{tag}*", count=1000)):
            client.delete(key)
        for job_id in jobs:
            client.delete(f"rq:job:{job_id}", f"rq:results:{job_id}")


def main():
    """Print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per measurement")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--rq", action="store_true", help="also measure RQ throughput (needs Redis)")
    parser.add_argument("--redis-url", default=os.environ.get("SAFEHOUSE_REDIS_URL",
                                                              "redis://127.0.0.1:6379/0"))
    parser.add_argument("--batch", type=int, default=None,
                        help="matches per RQ job (default: the runner's automatic size)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="paired 1-process/2-process runs per game (the median is printed)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="size each runner measurement to about this long at the raw rate")
    args = parser.parse_args()
    print(f"{'game':<11} {'raw/CPU-s':>10} {'runner/CPU-s':>13} {'share':>6} | {'raw/s':>8} "
          f"{'runner 1p/s':>12} {'runner 2p/s':>12} {'speed-up':>8} {'ceiling':>8}")
    sizes = {}
    for game_id in args.games.split(","):
        raw_cpu = raw_playouts(game_id, args.matches, time.process_time)
        sizes[game_id] = size = max(args.matches, int(raw_cpu * args.seconds))
        one_cpu = runner_rate(game_id, size, 1, time.process_time)
        raw = raw_playouts(game_id, args.matches)
        ones, twos, ratios, ceilings = [], [], [], []
        for repeat in range(args.repeats):  # paired, alternating order: the median pair counts
            first, second = (1, 2) if repeat % 2 == 0 else (2, 1)
            rates = {first: runner_rate(game_id, size, first)}
            rates[second] = runner_rate(game_id, size, second)
            ones.append(rates[1])
            twos.append(rates[2])
            ratios.append(rates[2] / rates[1])
            ceilings.append(machine_ceiling(game_id, size // 2))
        print(f"{game_id:<11} {raw_cpu:10.1f} {one_cpu:13.1f} {one_cpu / raw_cpu:6.2f} | {raw:8.1f} "
              f"{statistics.median(ones):12.1f} {statistics.median(twos):12.1f} "
              f"{statistics.median(ratios):8.2f} {statistics.median(ceilings):8.2f}", flush=True)
    print(f"speed-up: the median over {args.repeats} paired runs of 2 processes' wall-clock rate "
          "over 1's; ceiling: the median of the same ratio for two independent one-process runs of "
          "the same work at once, measured between them (2.00 on two idle physical cores)")
    if args.rq:
        print(f"{'game':<11} {'matches':>8} {'RQ workers':>10} {'matches/s':>10} "
              f"{'in-job overhead':>16} {'whole overhead':>15}")
        for game_id in args.games.split(","):
            for workers in (1, 2):
                rate, in_job, whole = rq_rate(game_id, sizes[game_id], workers, args.redis_url,
                                              args.batch)
                print(f"{game_id:<11} {sizes[game_id]:>8} {workers:>10} {rate:>10.1f} "
                      f"{100 * in_job:>15.1f}% {100 * whole:>14.1f}%", flush=True)


if __name__ == "__main__":
    main()

"""Dark Agent benchmark: random playouts per second and validated-step latency (not a test).

Usage: .venv/bin/python bench/bench_darkagent.py [--seconds 5] [--players 2]
Prints (1) complete random matches per second through the rules object (legal_actions + apply,
actions picked with an Rng), per wall second and per CPU second of this process, at the default
options (no round limit in the rules: random matches run to the safety_round_cap option) and at
max_rounds 10 (the Board Game Arena length), and (2) p50/p99 microseconds of one validated step
through the library API: engine.step + engine.render(match2, seat) + engine.match_to_json(match2).
The engine memoises Phase-1 move lists by satellite counts, so the first matches of a process
run a little slower than the rest.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: the Cython build in build/compiled (make compiled)

import engine
from engine import Rng


def playouts(rules, options, seconds):
    """(matches, steps, elapsed, cpu) of random playouts run for about `seconds`."""
    start, cpu = time.perf_counter(), time.process_time()
    matches = steps = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        seed += 1
        rng, pick = Rng(seed), Rng(seed ^ 0xABC)
        state = rules.new_state(rules.validate_options(options), rng)
        while rules.outcome(state) is None:
            movers = rules.to_move(state)
            seat = movers[pick.randbelow(len(movers))] if len(movers) > 1 else movers[0]
            actions = rules.legal_actions(state, seat)
            state, _ = rules.apply(state, seat, actions[pick.randbelow(len(actions))], rng)
            steps += 1
        matches += 1
    return matches, steps, time.perf_counter() - start, time.process_time() - cpu


def step_latency(options, n_matches, window=None):
    """Per-step latencies (us): total, step, render, match_to_json, and the step's CPU time.

    Wall-clock p99 includes preemption when the machine is loaded; the thread CPU time does not."""
    rows = []
    for seed in range(n_matches):
        m = engine.start("darkagent", options, seed=seed)
        pick = Rng(seed + 99)
        while engine.to_move(m):
            moving = engine.to_move(m)
            seat = moving[pick.randbelow(len(moving))]
            action = pick.choice(engine.legal_actions(m, seat))
            c0, t0 = time.thread_time(), time.perf_counter()
            m2 = engine.step(m, seat, action)
            t1 = time.perf_counter()
            engine.render(m2, seat)
            t2 = time.perf_counter()
            engine.match_to_json(m2)
            t3, c3 = time.perf_counter(), time.thread_time()
            rows.append(((t3 - t0) * 1e6, (t1 - t0) * 1e6, (t2 - t1) * 1e6, (t3 - t2) * 1e6,
                         (c3 - c0) * 1e6))
            m = m2
            if window and m.version >= window:
                break
    return rows


def percentiles(values):
    """(p50, p99) of a list of numbers."""
    values = sorted(values)
    return values[len(values) // 2], values[int(len(values) * 0.99)]


def report_latency(label, rows):
    """Print p50/p99 of the validated step and of its parts."""
    parts = ["validated step", "engine.step", "engine.render", "engine.match_to_json",
             "validated step CPU time"]
    text = ", ".join(f"{name} p50={percentiles([r[i] for r in rows])[0]:.0f}us "
                     f"p99={percentiles([r[i] for r in rows])[1]:.0f}us" for i, name in enumerate(parts))
    print(f"{label} (n={len(rows)}): {text}")


def main():
    """Run both measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--latency-matches", type=int, default=20)
    args = parser.parse_args()
    rules = engine.get_game("darkagent")
    cases = (("default options", {"players": args.players}),
             ("max_rounds 10 (BGA length)", {"players": args.players, "max_rounds": 10}))
    for label, options in cases:
        matches, steps, elapsed, cpu = playouts(rules, options, args.seconds)
        print(f"playouts, {label} {options}: {matches / elapsed:.1f} matches/s "
              f"({matches / cpu:.1f} per CPU second), {steps / max(matches, 1):.0f} steps/match, "
              f"{steps / elapsed:.0f} steps/s")
    report_latency("whole matches", step_latency({"players": args.players}, args.latency_matches))
    report_latency("first 100 actions", step_latency({"players": args.players}, args.latency_matches, 100))

if __name__ == "__main__":
    main()

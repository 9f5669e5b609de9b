"""Benchmark for Classified Information (a script, not a test).

Prints: random playouts per second through the rules object (legal_actions + apply, picking
with an Rng), and p50/p99 latency in microseconds of one validated library step
(engine.step + engine.render + engine.match_to_json).

    .venv/bin/python bench/bench_classified.py [--seconds 5] [--options '{"card_set": "ruby"}']
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: the Cython build in build/compiled (make compiled)

import engine  # noqa: E402
from engine import Rng  # noqa: E402
from engine.classified import RULES  # noqa: E402
from bench.stepping import timed_step  # noqa: E402


def playouts(options, seconds):
    """(matches, elapsed, actions) of random playouts for about `seconds`."""
    options = RULES.validate_options(options)
    legal, apply, outcome, to_move = RULES.legal_actions, RULES.apply, RULES.outcome, RULES.to_move
    start, cpu = time.perf_counter(), time.process_time()
    matches = actions = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        rng, pick = Rng(seed), Rng(seed + 1_000_003)
        state = RULES.new_state(options, rng)
        while state.stage != "over":
            seat = to_move(state)[0]
            choices = legal(state, seat)
            state, _ = apply(state, seat, choices[pick.randbelow(len(choices))], rng)
            actions += 1
        outcome(state)
        matches += 1
        seed += 1
    return matches, time.perf_counter() - start, time.process_time() - cpu, actions


def step_latencies(options, n_matches):
    """(wall p50, wall p99, CPU p50, CPU p99, steps) in microseconds of step + render +
    match_to_json over random matches. CPU time excludes the time the OS gave to other
    processes (on a shared machine the wall p99 measures the scheduler, not the engine)."""
    wall, cpu = [], []
    for seed in range(n_matches):
        match = engine.start("classified", options, seed)
        pick = Rng(seed + 7)
        while engine.to_move(match):
            seat = engine.to_move(match)[0]
            action = pick.choice(engine.legal_actions(match, seat))
            match, wall_us, cpu_us = timed_step(match, seat, action)
            wall.append(wall_us)
            cpu.append(cpu_us)
    wall.sort()
    cpu.sort()
    n = len(wall)
    return wall[n // 2], wall[int(n * 0.99)], cpu[n // 2], cpu[int(n * 0.99)], n


def calibration():
    """CPU microseconds of a fixed pure-Python loop (sum(range(1000)) x 1000), to compare machines:
    about 10,000 us on a typical idle 3-4 GHz core with CPython 3.11."""
    start = time.process_time()
    for _ in range(1000):
        sum(range(1000))
    return (time.process_time() - start) * 1e6


def main():
    """Run both measurements and print them."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--options", default="{}")
    args = parser.parse_args()
    options = json.loads(args.options)
    matches, elapsed, cpu, actions = playouts(options, args.seconds)
    print(f"options {options or 'defaults'}; calibration loop {calibration():,.0f} us CPU")
    print(f"random playouts: {matches / elapsed:,.0f} matches/s wall, {matches / cpu:,.0f} matches per CPU-second "
          f"({actions / matches:.1f} actions/match, {actions / cpu:,.0f} actions per CPU-second)")
    p50, p99, c50, c99, n = step_latencies(options, args.matches)
    print(f"validated step (step + render + match_to_json) over {n} steps: wall p50 {p50:.0f} us, "
          f"p99 {p99:.0f} us; CPU p50 {c50:.0f} us, p99 {c99:.0f} us")


if __name__ == "__main__":
    main()

"""If Then benchmark (a script, not a test): random playouts per second and validated-step latency.

    .venv/bin/python bench/bench_ifthen.py [--matches N] [--options JSON]

1. Random playouts through the rules object directly (new_state, to_move, legal_actions, apply),
   actions picked with an engine Rng: complete matches per second on one core.
2. One *validated step* through the library API: engine.step (shape + legality check + apply)
   + engine.render for the acting seat + engine.match_to_json; p50/p99 in microseconds.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: the Cython build in build/compiled (make compiled)

import engine
from engine import Rng
from bench.stepping import timed_step  # noqa: E402

RULES = engine.get_game("ifthen")


def playout(options, seed):
    """One random match through the rules object; returns the number of actions."""
    state = RULES.new_state(RULES.validate_options(options), Rng(seed))
    pick, rng, steps = Rng(seed ^ 0xBEEF), Rng(seed ^ 0xF00D), 0
    while True:
        moving = RULES.to_move(state)
        if not moving:
            return steps
        seat = moving[0] if len(moving) == 1 else pick.choice(moving)
        action = pick.choice(RULES.legal_actions(state, seat))
        state, _ = RULES.apply(state, seat, action, rng)
        steps += 1


def bench_playouts(options, matches):
    """(matches per wall-clock second, per CPU second of this process, mean actions per match).

    The CPU-time figure is the per-core rate even when other processes share the machine."""
    start, cpu, steps = time.perf_counter(), time.process_time(), 0
    for seed in range(matches):
        steps += playout(options, seed)
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    return matches / elapsed, matches / used, steps / matches


def bench_steps(options, matches):
    """Latency percentiles (microseconds) of step + render + match_to_json: wall clock and the
    thread's CPU time (the CPU figure excludes time the scheduler gave to other processes)."""
    wall, cpu = [], []
    for seed in range(matches):
        match = engine.start("ifthen", options, seed)
        pick = Rng(seed + 12345)
        while True:
            moving = engine.to_move(match)
            if not moving:
                break
            seat = pick.choice(moving)
            action = pick.choice(engine.legal_actions(match, seat))
            match, wall_us, cpu_us = timed_step(match, seat, action)
            wall.append(wall_us)
            cpu.append(cpu_us)
    return _percentiles(wall), _percentiles(cpu), len(wall)


def _percentiles(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2], samples[int(len(samples) * 0.99)]


def calibrate():
    """Microseconds per `sum(range(1000))` (about 8-10 us on an idle 2020s desktop core), so
    figures from a loaded or slow machine can be compared."""
    import timeit
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def main():
    """Print the figures for a few option sets."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--options", type=json.loads, default=None)
    args = parser.parse_args()
    option_sets = [args.options] if args.options else [
        {"players": 2}, {"players": 4, "level": 2}, {"players": 6, "level": 3},
        {"players": 4, "allKnowing": "seat", "mastermind": True, "level": 1}]
    print(f"calibration: sum(range(1000)) takes {calibrate():.1f} us on this machine now")
    for options in option_sets:
        rate, cpu_rate, length = bench_playouts(options, args.matches)
        (w50, w99), (c50, c99), n = bench_steps(options, max(20, args.matches // 20))
        print(f"{json.dumps(options)}: {rate:,.0f} playouts/s wall, {cpu_rate:,.0f} per CPU-second "
              f"(mean {length:.1f} actions); validated step over {n} steps: wall p50 {w50:.0f} "
              f"us p99 {w99:.0f} us, CPU p50 {c50:.0f} us p99 {c99:.0f} us")


if __name__ == "__main__":
    main()

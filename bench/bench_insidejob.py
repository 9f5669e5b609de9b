"""Inside Job benchmark: random playouts per second and validated-step latency.

Run: `.venv/bin/python bench/bench_insidejob.py [--players N] [--matches M] [--steps S]`.
Prints (1) complete random matches per second through the rules object directly
(to_move + legal_actions + apply, actions picked with an `Rng`), and (2) p50/p99 latency in
microseconds of one validated step through the library API: `engine.step` (shape, turn and
legality checks + apply) + `engine.render(match2, seat)` + `engine.match_to_json(match2)`.
A benchmark, not a test: it prints figures and never fails.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: the Cython build in build/compiled (make compiled)

import engine  # noqa: E402
from engine import Rng  # noqa: E402
from bench.stepping import timed_step  # noqa: E402

RULES = engine.get_game("insidejob")


def playouts(options, matches, seed=1):
    """Matches per second and actions per match of random playouts via the rules object."""
    options = RULES.validate_options(options)
    actions = 0
    start, cpu_start = time.perf_counter(), time.thread_time()
    for i in range(matches):
        rng = Rng(seed * 1_000_003 + i)
        pick = Rng(seed * 7_000_001 + i)  # one picker per match, as the other engine benches do
        state = RULES.new_state(options, rng)
        moving = RULES.to_move(state)
        while moving:
            seat = moving[0] if len(moving) == 1 else pick.choice(moving)
            state, _ = RULES.apply(state, seat, pick.choice(RULES.legal_actions(state, seat)), rng)
            actions += 1
            moving = RULES.to_move(state) if not state.result else ()
    elapsed = time.perf_counter() - start
    cpu = time.thread_time() - cpu_start
    return matches / elapsed, matches / cpu, actions / matches


def step_latencies(options, steps, seed=2):
    """(wall, cpu) lists of latencies (µs) of validated steps: engine.step + render +
    match_to_json; CPU time (this thread) is immune to preemption on a loaded machine."""
    pick = Rng(seed)
    times, cpus = [], []
    match = engine.start("insidejob", options, seed)
    while len(times) < steps:
        moving = engine.to_move(match)
        if not moving:
            match = engine.start("insidejob", options, seed + len(times))
            continue
        seat = pick.choice(moving)
        action = pick.choice(engine.legal_actions(match, seat))
        match, wall_us, cpu_us = timed_step(match, seat, action)
        times.append(wall_us)
        cpus.append(cpu_us)
    return times, cpus


def percentiles(values):
    """(p50, p99) of a list of numbers."""
    values = sorted(values)
    return values[len(values) // 2], values[int(len(values) * 0.99)]


def main():
    """Print the figures for each player count (or the one asked for)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=[3, 4, 5])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=3000)
    args = parser.parse_args()
    counts = [args.players] if args.players else [3, 4, 5]
    variants = [("base", {})]
    variants.append(("specials+risk", {"special_roles": ["tim_shady", "sleeper_agent"],
                                       "risk_mode": True}))
    for players in counts:
        for label, extra in variants:
            if extra and players == 3:
                continue
            options = {"players": players, **extra}
            rate, cpu_rate, length = playouts(options, args.matches)
            wall, cpu = step_latencies(options, args.steps)
            (w50, w99), (c50, c99) = percentiles(wall), percentiles(cpu)
            print(f"insidejob {players}p {label:14s} playouts/s wall {rate:6.0f} "
                  f"cpu {cpu_rate:6.0f}"
                  f"  actions/match {length:4.1f}  step p50/p99 wall {w50:5.1f}/{w99:6.1f} us"
                  f"  cpu {c50:5.1f}/{c99:6.1f} us")


if __name__ == "__main__":
    main()

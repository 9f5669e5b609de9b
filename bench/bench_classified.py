"""Benchmark for Classified Information (a script, not a test).

Prints: random playouts per second through the rules object (legal_actions + apply, picking
with an Rng), and p50/p99 latency in microseconds of one validated library step
(engine.step + engine.render + engine.match_to_json).

    .venv/bin/python bench/bench_classified.py [--seconds 5] [--options '{"card_set": "ruby"}']
"""

import argparse
import json
import time

import engine
from engine import Rng
from engine.classified import RULES


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
    """Microsecond latencies of step + render + match_to_json over random matches."""
    samples = []
    for seed in range(n_matches):
        match = engine.start("classified", options, seed)
        pick = Rng(seed + 7)
        while engine.to_move(match):
            seat = engine.to_move(match)[0]
            action = pick.choice(engine.legal_actions(match, seat))
            t0 = time.perf_counter()
            match = engine.step(match, seat, action)
            engine.render(match, seat)
            engine.match_to_json(match)
            samples.append((time.perf_counter() - t0) * 1e6)
    samples.sort()
    return samples[len(samples) // 2], samples[int(len(samples) * 0.99)], len(samples)


def main():
    """Run both measurements and print them."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--options", default="{}")
    args = parser.parse_args()
    options = json.loads(args.options)
    matches, elapsed, cpu, actions = playouts(options, args.seconds)
    print(f"options {options or 'defaults'}")
    print(f"random playouts: {matches / elapsed:,.0f} matches/s wall, {matches / cpu:,.0f} matches per CPU-second "
          f"({actions / matches:.1f} actions/match, {actions / cpu:,.0f} actions per CPU-second)")
    p50, p99, n = step_latencies(options, args.matches)
    print(f"validated step (step + render + match_to_json): p50 {p50:.0f} us, p99 {p99:.0f} us over {n} steps")


if __name__ == "__main__":
    main()

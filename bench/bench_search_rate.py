"""ISMCTS iterations per CPU-second, pure-Python engine against the compiled one (a script that
prints a table, never a pass/fail test).

At the decision points of matches the heuristic plays (every sixth move of the first 60, four
matches per game, options as in bench/bench_strength.py), ISMCTS with the game's defaults
searches a fixed 100 iterations; the CPU time it takes gives its iterations per CPU-second, the
figure a `cpu_ms` budget turns into search depth. Each game runs in a fresh process per engine,
pure and compiled alternating, `--rounds` times; the table shows the medians and their ratio.

    python bench/bench_search_rate.py [--games classified,...] [--rounds 2]

The compiled engine is `make compiled`'s build in build/compiled (`safehouse tournament run
--engine compiled` plays on it); without one only the pure column is filled.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.bench_strength import GAMES  # noqa: E402
from bench.compiled import compiled_build_present  # noqa: E402

ITERATIONS, EVERY, MOVES, MATCHES = 100, 6, 60, 4


def measure(game, options):
    """ISMCTS iterations per CPU-second in this process's engine (the child's work)."""
    import engine
    from engine.bots import BOTS, bot_params, choose_action
    from engine.bots.ismcts import choose_ismcts
    from engine.rng import Rng
    rules = engine.get_game(game)
    params = {k: v["default"] for k, v in bot_params(BOTS["ismcts"], game, "ismcts").items()}
    params.update(iterations=ITERATIONS, budget_ms=0)
    cpu = searched = 0
    for seed in range(MATCHES):
        match, moves = engine.start(game, options, seed), 0
        while engine.to_move(match) and moves < MOVES:
            seat = engine.to_move(match)[0]
            view = engine.render(match, seat)
            if moves % EVERY == 0 and len(view["legal_actions"]) > 1:
                started = time.process_time()
                choose_ismcts(view, seat, rules, Rng(seed * 1000 + moves), params)
                cpu += time.process_time() - started
                searched += ITERATIONS
            action = choose_action(game, {"bot": "heuristic"}, view, seat, Rng(moves))
            match = engine.step(match, seat, action)
            moves += 1
    return searched / cpu


def run_child(game, compiled):
    """One measurement in a fresh process (the engine it imports decided by --compiled)."""
    command = [sys.executable, os.path.abspath(__file__), "--child", game] + (["--compiled"] if compiled else [])
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--compiled", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.compiled:
            sys.path.insert(0, os.path.join(ROOT, "build", "compiled"))
        print(measure(args.child, GAMES[args.child]))
        return
    compiled = compiled_build_present()
    print(f"ISMCTS iterations per CPU-second, {ITERATIONS} a decision, median of {args.rounds} "
          f"round(s), engines alternating{'' if compiled else ' (no compiled build: make compiled)'}")
    for game in args.games.split(","):
        pure, fast = [], []
        for _ in range(args.rounds):
            pure.append(run_child(game, False))
            if compiled:
                fast.append(run_child(game, True))
        line = f"{game:<11} {json.dumps(GAMES[game]):<56} pure {statistics.median(pure):8,.0f}"
        if fast:
            line += f"  compiled {statistics.median(fast):8,.0f}  x{statistics.median(fast) / statistics.median(pure):.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()

"""Tournament runner speed: matches/s of the in-process runner against the engine's raw playouts.

Per game: raw random playouts per second (engine.start + step with a random legal action, no
views: the engine's own speed), then the runner playing random vs random through the bots' view
(render per move, records, seats rotated) with 1 and 2 worker processes. Prints the runner's
share of the raw rate (target >= 0.5) and the 2-process speed-up (target >= 1.8 on 2 idle cores).
Usage: python bench/bench_tournament.py [--matches 200] [--games classified,insidejob]
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.tournament import validate_spec  # noqa: E402
from engine.tournament.runner import run_in_memory  # noqa: E402

GAMES = ("classified", "insidejob", "ifthen", "darkagent")


def raw_playouts(game_id, matches):
    """Random playouts per second straight on the engine (no views, no bots)."""
    started = time.perf_counter()
    for index in range(matches):
        match = engine.start(game_id, {}, 10_000 + index)
        rng = engine.Rng(index)
        while True:
            moving = engine.to_move(match)
            if not moving:
                break
            actions = engine.legal_actions(match, moving[0])
            match = engine.step(match, moving[0], actions[rng.randbelow(len(actions))])
    return matches / (time.perf_counter() - started)


def runner_rate(game_id, matches, workers):
    """Matches per second of the tournament runner, random vs random."""
    spec = validate_spec({"game": game_id, "entrants": ["random", {"name": "r2", "bot": "random"}],
                          "total_matches": matches, "seed": 1})
    started = time.perf_counter()
    played = len(run_in_memory(spec, workers=workers))
    return played / (time.perf_counter() - started)


def main():
    """Print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per measurement")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    args = parser.parse_args()
    print(f"{'game':<11} {'raw/s':>8} {'runner 1p/s':>12} {'share':>6} {'runner 2p/s':>12} {'speed-up':>8}")
    for game_id in args.games.split(","):
        raw = raw_playouts(game_id, args.matches)
        one = runner_rate(game_id, args.matches, 1)
        two = runner_rate(game_id, args.matches, 2)
        print(f"{game_id:<11} {raw:8.1f} {one:12.1f} {one / raw:6.2f} {two:12.1f} {two / one:8.2f}",
              flush=True)


if __name__ == "__main__":
    main()

"""What words cost: engine.render for a bot (no words, as bots and the worker call it) next to
the service's render with words (log texts, prompt, labelled choices), per game, on the same
positions of seeded random playouts; and a finished match's whole worded log.

Bots must not pay for words: their render is the same function with `words=False` (one flag
test), so its figure here should match a run of this script on a tree without engine/words.py.
Usage: python bench/bench_words.py [--positions 120] [--repeats 9]
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine import Rng  # noqa: E402

GAMES = ("classified", "insidejob", "ifthen", "darkagent")


def positions(game_id, count):
    """(match, seat to move) along seeded random playouts."""
    out, seed = [], 0
    while len(out) < count:
        match, pick = engine.start(game_id, {}, seed), Rng(seed)
        while engine.to_move(match) and len(out) < count:
            seat = engine.to_move(match)[0]
            out.append((match, seat))
            legal = engine.legal_actions(match, seat)
            match = engine.step(match, seat, legal[pick.randbelow(len(legal))])
        seed += 1
    return out, match


def per_call_us(snaps, repeats, **kwargs):
    """The lower quartile over `repeats` rounds of the mean time of one render, in µs."""
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for match, seat in snaps:
            engine.render(match, seat, **kwargs)
        rounds.append((time.perf_counter() - start) / len(snaps) * 1e6)
    return sorted(rounds)[len(rounds) // 4]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    print(f"{'game':11s} {'bot, no log':>12s} {'bot, log':>10s} {'words':>10s} {'finished log, words':>22s}")
    for game_id in GAMES:
        snaps, last = positions(game_id, args.positions)
        bot = per_call_us(snaps, args.repeats, with_log=False)
        logged = per_call_us(snaps, args.repeats)
        worded = per_call_us(snaps, args.repeats, words=True)
        start = time.perf_counter()
        engine.render(last, 0, words=True)
        whole = (time.perf_counter() - start) * 1e3
        print(f"{game_id:11s} {bot:10.1f}us {logged:8.1f}us {worded:8.1f}us "
              f"{whole:9.2f} ms ({len(last.log)} entries)")


if __name__ == "__main__":
    main()

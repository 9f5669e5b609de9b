"""Bot strength benchmark: win rates with 95% Wilson intervals, seats rotated, on 2 cores.

For each game and pairing A vs B, match i gives bot A the seat i mod n and bot B every other
seat, so each seat position is played equally often. Reported, with 95% intervals: A's win rate
(its seat won); the mean win rate of the B seats in those matches; and the baseline that matters
in games where seats share wins (Inside Job's Agents, shared victories): B's own win rate in the
same seat on the same seeds when every seat is B. A beats B when its rate clears that baseline.
"points gain (paired)" is the fairest single figure: A's points minus B's points in the same seat
on the same seeds (a win shared by k seats is worth 1/k, so a 2-player tie is half a win) with a
paired 95% interval; A clearly beats B when its low end is above 0.
For cooperative games (If Then codebreakers, Inside Job Agents) it also reports the team's win
rate when every seat is played by the same bot.
Matches are played by the tournament runner's `engine.tournament.play_entry` (the same code as
`safehouse tournament run`); `safehouse tournament` is the way to run bigger events with ratings.
Usage: python bench/bench_bots.py [--matches 1000] [--budget-ms 200] [--games ...] [--pairs ...]
`--clock cpu` (the default) spends ismcts's budget in CPU time of its own process, so a busy shared
machine doesn't shrink the search; `--clock wall` uses wall time, as the service's worker does.
"""

import argparse
import json
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: play on the Cython build in build/compiled (make compiled)

import engine  # noqa: E402
from engine.bots import bot_catalog, validate_bot  # noqa: E402
from engine.tournament import play_entry  # noqa: E402

TEAM_GAMES = {"ifthen": "codebreakers", "insidejob": "agents"}
TEAM_WON = {
    "ifthen": lambda outcome: bool(outcome["winners"]),
    "insidejob": lambda outcome: any(s["won"] and s["reason"].startswith("Agent") for s in outcome["seats"]),
}


def wilson(wins, n, z=1.96):
    """(rate, low, high) of a 95% Wilson score interval."""
    if n == 0:
        return (float("nan"),) * 3
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


CLOCKS = {"cpu": time.process_time, "wall": time.monotonic}
CLOCK = time.process_time
OPTIONS = {}  # game id -> match options (--options), default options otherwise


def paired_gain(a_points, b_points, z=1.96):
    """(mean, low, high) of A's points minus B's points in the same seat on the same seed: a
    paired 95% interval, tighter than comparing the two Wilson intervals."""
    diffs = [a - b for a, b in zip(a_points, b_points)]
    n = len(diffs)
    if n < 2:
        return (float("nan"),) * 3
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n), mean + z * sd / math.sqrt(n)


def _play(game_id, specs_for, seed, index):
    """Play one match to the end through the tournament runner's `play_entry` (one way to play
    matches, not two); `specs_for(n)` gives the per-seat bot specs. Returns (record, n)."""
    rules = engine.GAMES[game_id]
    n = rules.seat_count(rules.validate_options(OPTIONS.get(game_id, {})))
    specs = specs_for(n)
    names = [f"seat{seat}" for seat in range(n)]
    spec = {"game": game_id, "options": OPTIONS.get(game_id, {}), "seed": 0, "budget": {},
            "entrants": [{"name": name, "bot": s["bot"],
                          "params": {k: v for k, v in s.items() if k != "bot"}}
                         for name, s in zip(names, specs)]}
    entry = {"index": index, "deal": index, "group": 0, "seating": 0, "seed": seed, "seats": names}
    return play_entry(spec, entry, clock=CLOCK), n


def play_match(args):
    """(A won, B-seat win share, A's points) for one match; A sits at seat `index mod n`.
    Points: 1/k when A is one of k winners (a shared victory is split), else 0."""
    game_id, spec_a, spec_b, index = args
    record, n = _play(game_id, lambda n: [spec_a if s == index % n else spec_b for s in range(n)],
                      10_000 + index, index)
    a_seat = index % n
    outcome = {"winners": record["winners"]}
    others = [s for s in range(n) if s != a_seat]
    b_share = sum(s in outcome["winners"] for s in others) / len(others) if others else float("nan")
    winners = outcome["winners"]
    points = 1 / len(winners) if a_seat in winners else 0.0
    return a_seat in winners, b_share, points


def team_match(args):
    """The outcome of a match with every seat played by the same bot."""
    game_id, spec, index = args
    record, _ = _play(game_id, lambda n: [spec] * n, 20_000 + index, index)
    if not record["finished"]:
        return {"winners": [], "seats": []}
    return {"winners": record["winners"],
            "seats": [{"seat": seat, "won": won, "reason": reason} for seat, (won, reason)
                      in enumerate(zip(record["won"], record["reasons"]))]}


RESULTS_FILE = []  # [path] when --jsonl is given


def run_of(game_id, options):
    """The run label's first word: the game id, with its match options as compact JSON if any
    (`ifthen{"challenges":"generated"}`), so runs with different options never mix."""
    if not options.get(game_id):
        return game_id
    return game_id + json.dumps(options[game_id], sort_keys=True, separators=(",", ":"))


def _run(pool, function, jobs, label, won=lambda result: result[0]):
    """pool.map with a progress line on stderr every 10% (long runs can be watched); with --jsonl
    each match's result is also appended to that file as it comes (a cut-short run keeps them)."""
    results, step = [], max(1, len(jobs) // 10)
    for index, result in enumerate(pool.imap(function, jobs)):
        results.append(result)
        if RESULTS_FILE:
            with open(RESULTS_FILE[0], "a") as out:
                out.write(json.dumps({"run": label, "match": jobs[index][-1], "result": result}) + "\n")
        if len(results) % step == 0 and len(results) < len(jobs):
            wins = sum(won(r) for r in results)
            print(f"  {label}: {len(results)}/{len(jobs)}, won {wins}", file=sys.stderr, flush=True)
    return results


def _configure(clock_name, options):
    """Pool initializer: the worker processes use the clock and match options of the command line."""
    global CLOCK
    CLOCK = CLOCKS[clock_name]
    OPTIONS.update(options)


def main():
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--budget-ms", type=int, default=200)
    parser.add_argument("--games", default=",".join(sorted(engine.GAMES)))
    parser.add_argument("--pairs", default="heuristic:random,ismcts:heuristic")
    parser.add_argument("--team-bots", default="random,heuristic,ismcts")
    parser.add_argument("--ismcts", default="{}", help='extra ismcts parameters as JSON, e.g. {"prior": 120}')
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="what ismcts's budget_ms counts: CPU time of its process or wall time")
    parser.add_argument("--options", default="{}",
                        help='match options per game as JSON, e.g. {"darkagent": {"max_rounds": 10}}')
    parser.add_argument("--jsonl", help="append every match's result to this file as it comes")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first match (a long run can be split across sessions: "
                             "--first 300 --matches 700 plays matches 300..999 with their seeds)")
    args = parser.parse_args()
    matches = range(args.first, args.first + args.matches)
    if args.jsonl:
        RESULTS_FILE.append(args.jsonl)
    options = json.loads(args.options)
    _configure(args.clock, options)
    ismcts_params = {"iterations": 200000, "budget_ms": args.budget_ms, **json.loads(args.ismcts)}
    with multiprocessing.Pool(2, initializer=_configure, initargs=(args.clock, options)) as pool:
        print(f"{'game':<11}{'A vs B':<22}{'n':>6}{'A win %':>9}{'95% CI':>16}{'B seats %':>10}"
              f"{'B in A seat %':>14}{'95% CI':>16}{'points gain (paired)':>26}{'s':>7}")
        for game_id in args.games.split(","):
            if options.get(game_id):
                print(f"{game_id:<11}options {json.dumps(options[game_id])}")
            names = {b["bot"] for b in bot_catalog(game_id)}
            spec = lambda name: validate_bot(game_id, {"bot": name, **(ismcts_params if name == "ismcts" else {})})  # noqa: E731
            for pair in [p for p in args.pairs.split(",") if p]:
                a, b = pair.split(":")
                if not {a, b} <= names:
                    print(f"{game_id:<11}{pair:<22} skipped: no {(({a, b} - names) or {'?'}).pop()} bot")
                    continue
                started = time.time()
                results = _run(pool, play_match, [(game_id, spec(a), spec(b), i) for i in matches],
                               f"{run_of(game_id, options)} {pair}")
                base = _run(pool, play_match, [(game_id, spec(b), spec(b), i) for i in matches],
                            f"{run_of(game_id, options)} {b}:{b}")
                p, lo, hi = wilson(sum(r[0] for r in results), len(results))
                b_seats = sum(r[1] for r in results if r[1] == r[1]) / len(results)
                q, qlo, qhi = wilson(sum(r[0] for r in base), len(base))
                d, dlo, dhi = paired_gain([r[2] for r in results], [r[2] for r in base])
                print(f"{game_id:<11}{a + ' vs ' + b:<22}{len(results):>6}{100 * p:>9.1f}  [{100 * lo:5.1f},{100 * hi:5.1f}]"
                      f"{100 * b_seats:>10.1f}{100 * q:>14.1f}  [{100 * qlo:5.1f},{100 * qhi:5.1f}]"
                      f"{100 * d:>+11.1f} [{100 * dlo:+5.1f},{100 * dhi:+5.1f}]"
                      f"{time.time() - started:>7.0f}", flush=True)
            if game_id in TEAM_GAMES:
                for name in [b for b in args.team_bots.split(",") if b in names]:
                    team = _run(pool, team_match, [(game_id, spec(name), i) for i in matches],
                                f"{run_of(game_id, options)} all {name}", TEAM_WON[game_id])
                    p, lo, hi = wilson(sum(TEAM_WON[game_id](o) for o in team), len(team))
                    print(f"{game_id:<11}{TEAM_GAMES[game_id] + ' all ' + name:<22}{len(team):>6}{100 * p:>9.1f}"
                          f"  [{100 * lo:5.1f},{100 * hi:5.1f}]  (team win rate)", flush=True)


if __name__ == "__main__":
    main()

"""Merge the per-match results that `bench_bots.py --jsonl` wrote (one run or several split with
--first) and print the same figures as its table, over the matches that every compared run has.

Usage: python bench/summarize_runs.py FILE.jsonl [FILE.jsonl ...]
Each run label ("darkagent ismcts:heuristic", 'ifthen{"challenges":"generated"} all ismcts', ...;
the first word is the game id with its match options) is summarised; an "A:B" run is compared with the "B:B" run of the same game
(B in A's seat on the same seeds) over the match indices both hold.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_bots import TEAM_WON, paired_gain, wilson  # noqa: E402


def load(paths):
    """{label: {match index: result}} from every file (a later line for a match wins)."""
    runs = {}
    for path in paths:
        with open(path) as handle:
            for line in handle:
                row = json.loads(line)
                runs.setdefault(row["run"], {})[row["match"]] = row["result"]
    return runs


def pair_line(label, pair, base):
    """One table line for an A:B run against its B:B baseline."""
    common = sorted(set(pair) & set(base)) if base else sorted(pair)
    n = len(common)
    p, lo, hi = wilson(sum(bool(pair[i][0]) for i in common), n)
    line = f"{label:<34} n={n:<5} A won {100 * p:5.1f}% [{100 * lo:5.1f},{100 * hi:5.1f}]"
    if base:
        q, qlo, qhi = wilson(sum(bool(base[i][0]) for i in common), n)
        d, dlo, dhi = paired_gain([pair[i][2] for i in common], [base[i][2] for i in common])
        line += (f"  B in A's seat {100 * q:5.1f}% [{100 * qlo:5.1f},{100 * qhi:5.1f}]"
                 f"  points gain {100 * d:+5.1f} [{100 * dlo:+5.1f},{100 * dhi:+5.1f}]")
    return line


def team_line(label, results, heuristic=None):
    """One table line for an all-same-bot team run (with the all-heuristic team's rate on the
    same seeds when that run is there)."""
    game_id = label.split()[0].split("{")[0]
    won = TEAM_WON[game_id]
    outcomes = list(results.values())
    p, lo, hi = wilson(sum(bool(won(o)) for o in outcomes), len(outcomes))
    line = f"{label:<34} n={len(outcomes):<5} team won {100 * p:5.1f}% [{100 * lo:5.1f},{100 * hi:5.1f}]"
    if heuristic:
        common = sorted(set(results) & set(heuristic))
        mine = sum(bool(won(results[i])) for i in common)
        theirs = sum(bool(won(heuristic[i])) for i in common)
        line += f"  on {len(common)} common seeds: {mine} vs all-heuristic {theirs}"
    return line


def main():
    """Print one line per run label."""
    runs = load(sys.argv[1:])
    for label in sorted(runs):
        game_id, what = label.split(" ", 1)
        if what.startswith("all "):
            heuristic = runs.get(f"{game_id} all heuristic") if what != "all heuristic" else None
            print(team_line(label, runs[label], heuristic))
            continue
        a, b = what.split(":")
        base = runs.get(f"{game_id} {b}:{b}") if a != b else None
        print(pair_line(label, runs[label], base))


if __name__ == "__main__":
    main()

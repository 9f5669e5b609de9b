"""Search strength benchmark: ISMCTS against the heuristic, head to head, through the tournament
runner (a script that prints a table, never a pass/fail test).

Each game is one `engine.tournament` spec (what `safehouse tournament run` plays): a gauntlet
with ISMCTS as the challenger and the heuristic in every other seat, duplicate deals, the line-up
rotated through the seats (each deal is played once per seat, ISMCTS in that seat). Printed per
game, with 95% intervals over the deals (the independent unit: the seatings of one deal share
its cards):
- score: ISMCTS's head-to-head score per match (1 when its points beat the heuristic seats'
  mean, 1/2 when equal, 0 below), as the tournament's pairwise table counts it;
- paired points gain: ISMCTS's points minus the heuristic's points in the same seat on the same
  deal (a win shared by k seats is worth 1/k), the duplicate-deal comparison.
If Then is cooperative: the codebreaker team all ISMCTS and the team all heuristic play the same
level-3 generated challenges (the same master seed gives the same deals); printed: each team's
win rate, the mean rounds of its won matches, the paired win-rate difference per deal, and the
rounds of the matches both teams won (same deal, same seating), with their difference.

ISMCTS searches `--budget-ms` of CPU time per move (`budget.cpu_ms`; its iteration cap is lifted,
so the budget is what bounds it) with each game's declared defaults otherwise. `--out DIR` keeps
each run as a tournament results directory (DIR/<run>/spec.json + matches.jsonl; a run cut short
resumes, and `safehouse tournament status DIR/<run>` reads it).

    python bench/bench_strength.py [--deals 20] [--budget-ms 100] [--games classified,...] [--compiled]
                                   [--workers 2] [--seed 28] [--out bench/results/strength]
"""

import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.compiled import use_compiled_engine_if_asked  # noqa: E402

use_compiled_engine_if_asked()  # --compiled: play on the Cython build in build/compiled (make compiled)

from engine import tournament  # noqa: E402

GAMES = {  # game id -> match options of its head-to-head
    "classified": {},
    "insidejob": {"players": 4},
    "darkagent": {"players": 2, "max_rounds": 10},
    "ifthen": {"players": 3, "level": 3, "challenges": "generated"},
}
TEAM_GAMES = {"ifthen"}
Z95 = 1.96


def mean_interval(values):
    """(mean, low, high): a normal 95% interval of the mean; NaNs when fewer than 2 values."""
    n = len(values)
    if n < 2:
        return (values[0] if values else math.nan), math.nan, math.nan
    mean = sum(values) / n
    half = Z95 * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean, mean - half, mean + half


def spec_for(game_id, entrants, deals, budget_ms, seed, challenger=None, ismcts=None):
    """The tournament spec of one run (ISMCTS's iteration cap lifted: the CPU budget bounds it;
    `ismcts`: its other parameters, where they differ from the game's defaults)."""
    spec = {"game": game_id, "options": GAMES[game_id], "deals": deals, "seed": seed,
            "budget": {"cpu_ms": budget_ms},
            "entrants": [{"name": name, "bot": name,
                          "params": {"iterations": 200000, **(ismcts or {})} if name == "ismcts" else {}}
                         for name in entrants]}
    if challenger:
        spec.update(format="gauntlet", challenger=challenger)
    return spec


def play(spec, out, label, workers):
    """The run's records (into DIR/label when `out` is given, resuming what is there)."""
    if out:
        return list(tournament.run(spec, os.path.join(out, label), workers=workers).values())
    return tournament.run_in_memory(spec, workers=workers)


def per_deal(records, value):
    """{deal: [value(record, seat, name), ...]} over every seat of every record."""
    deals = {}
    for record in records:
        for seat, name in enumerate(record["seats"]):
            deals.setdefault(record["deal"], []).append(value(record, seat, name))
    return deals


def head_to_head(records, a="ismcts"):
    """(score, gain) as mean_interval triples over deals (see the module docstring)."""
    scores, gains = {}, {}
    cells = {}  # (deal, seat) -> {name: [points]}
    for record in records:
        mine = [p for p, n in zip(record["points"], record["seats"]) if n == a]
        theirs = [p for p, n in zip(record["points"], record["seats"]) if n != a]
        mine, theirs = sum(mine) / len(mine), sum(theirs) / len(theirs)
        score = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        scores.setdefault(record["deal"], []).append(score)
        for seat, name in enumerate(record["seats"]):
            cells.setdefault((record["deal"], seat), {}).setdefault(name, []).append(record["points"][seat])
    for (deal, _), by_name in cells.items():
        if a in by_name and len(by_name) > 1:
            own = sum(by_name[a]) / len(by_name[a])
            other = [p for n, ps in by_name.items() if n != a for p in ps]
            gains.setdefault(deal, []).append(own - sum(other) / len(other))
    return (mean_interval([sum(v) / len(v) for v in scores.values()]),
            mean_interval([sum(v) / len(v) for v in gains.values()]))


def team_figures(records):
    """(win rate triple over deals, mean rounds of the won matches, {index: won})."""
    won = {r["index"]: any(w for w, s in zip(r["won"], r["sides"]) if s == "Codebreakers")
           for r in records}
    by_deal = {}
    for r in records:
        by_deal.setdefault(r["deal"], []).append(won[r["index"]])
    rounds = [r["measures"].get("rounds") for r in records if won[r["index"]]]
    rounds = [x for x in rounds if x is not None]
    return (mean_interval([sum(v) / len(v) for v in by_deal.values()]),
            sum(rounds) / len(rounds) if rounds else math.nan, won, by_deal)


def paired_rounds(mine, theirs):
    """Rounds in the matches both teams won, paired by deal and seating: (n matches, ISMCTS's mean,
    the heuristic's mean, the per-deal difference's (mean, low, high)). Each team's mean rounds
    to win also counts the deals only it won, which are the harder ones: this compares like with
    like."""
    def key(r):
        return r["deal"], r["seating"]
    won = {key(r): r for r in theirs if any(r["won"]) and r["measures"].get("rounds") is not None}
    pairs = {}
    for r in mine:
        other = won.get(key(r))
        if other is not None and any(r["won"]) and r["measures"].get("rounds") is not None:
            pairs.setdefault(r["deal"], []).append((r["measures"]["rounds"], other["measures"]["rounds"]))
    flat = [p for ps in pairs.values() for p in ps]
    if not flat:
        return 0, math.nan, math.nan, (math.nan, math.nan, math.nan)
    diff = mean_interval([sum(a - b for a, b in ps) / len(ps) for ps in pairs.values()])
    return (len(flat), sum(a for a, _ in flat) / len(flat), sum(b for _, b in flat) / len(flat), diff)


def fmt(triple, scale=1.0, sign=""):
    """'0.61 [0.52, 0.70]'-style text of a (mean, low, high) triple."""
    mean, low, high = (x * scale for x in triple)
    return f"{mean:{sign}.2f} [{low:{sign}.2f}, {high:{sign}.2f}]"


def run_game(game_id, args):
    """Play and print one game's rows."""
    started = time.time()
    if game_id in TEAM_GAMES:
        rows, records = {}, {}
        for name in ("ismcts", "heuristic"):
            spec = spec_for(game_id, [name], args.deals, args.budget_ms, args.seed, ismcts=args.ismcts)
            records[name] = play(spec, args.out, f"{game_id}-{name}-team", args.workers)
            rows[name] = team_figures(records[name])
        for name, (rate, rounds, won, _) in rows.items():
            print(f"{game_id:<11}{name + ' team':<16}{len(won):>5}  win rate {fmt(rate)}"
                  f"  mean rounds to win {rounds:.2f}", flush=True)
        mine, theirs = rows["ismcts"][3], rows["heuristic"][3]
        diff = mean_interval([sum(mine[d]) / len(mine[d]) - sum(theirs[d]) / len(theirs[d])
                              for d in mine if d in theirs])
        print(f"{game_id:<11}{'paired':<16}{len(mine):>5}  win rate gain {fmt(diff, sign='+')}"
              f"  ({time.time() - started:.0f} s)", flush=True)
        both, own, other, change = paired_rounds(records["ismcts"], records["heuristic"])
        print(f"{game_id:<11}{'both won':<16}{both:>5}  rounds ISMCTS {own:.2f}, heuristic "
              f"{other:.2f}, difference {fmt(change, sign='+')}", flush=True)
        return
    spec = spec_for(game_id, ["ismcts", "heuristic"], args.deals, args.budget_ms, args.seed,
                    challenger="ismcts", ismcts=args.ismcts)
    records = play(spec, args.out, f"{game_id}-ismcts-vs-heuristic", args.workers)
    score, gain = head_to_head(records)
    print(f"{game_id:<11}{'ismcts vs heur.':<16}{len(records):>5}  score {fmt(score)}"
          f"  paired points gain {fmt(gain, sign='+')}  ({time.time() - started:.0f} s)", flush=True)


def main():
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (each played once per seat)")
    parser.add_argument("--budget-ms", type=int, default=100, help="ISMCTS CPU milliseconds per move")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=28, help="master seed (deals and bot seeds)")
    parser.add_argument("--out", default=None, help="keep each run's results directory under DIR")
    parser.add_argument("--ismcts", type=json.loads, default=None, metavar="JSON",
                        help="ISMCTS parameters instead of the game's defaults, e.g. '{\"exploration\": 40}'")
    args = parser.parse_args()
    print(f"ismcts vs heuristic: {args.deals} deals per game, seats rotated, ISMCTS "
          f"{args.budget_ms} ms CPU per move, seed {args.seed}; 95% intervals over deals"
          + (f"; ISMCTS parameters {json.dumps(args.ismcts)}" if args.ismcts else ""))
    print(f"options: {json.dumps({g: GAMES[g] for g in args.games.split(',')})}")
    for game_id in args.games.split(","):
        run_game(game_id, args)


if __name__ == "__main__":
    main()

"""Report files rebuilt from a results directory alone (spec.json + matches.jsonl):

    standings.csv   one row per entrant (rating, interval, win rate with 95% Wilson interval,
                    points, CPU per move) and one per (entrant, role) where roles differ
    pairwise.csv    score and paired points gain of every entrant against every other
    teams.csv       cooperative games: the team's win rate and rounds to win per line-up/level
    ratings.png     rating (mu with mu +/- 2 sigma band) of each entrant as the tournament went
    heatmap.png     pairwise score heat map (row entrant against column entrant)
    standings.json  everything above as JSON
"""

import csv
import json
import math
import os

from .ratings import standings
from .results import ordered_records, read_spec

STANDING_FIELDS = ("entrant", "role", "ordinal", "mu", "sigma", "low", "high", "n", "wins",
                   "win_rate", "win_low", "win_high", "points", "cpu_ms_per_move", "faults")


def build(directory):
    """(spec, standings dict) of a results directory."""
    spec = read_spec(directory)
    return spec, standings(spec, ordered_records(directory))


def _round(value, digits=4):
    if isinstance(value, float):
        return "" if math.isnan(value) else round(value, digits)
    return value


def standing_rows(table):
    """Flat CSV rows: one per entrant (role empty), then one per (entrant, role)."""
    rows = [{**row, "role": ""} for row in table["standings"]]
    for row in table["standings"]:
        for role, figures in row["roles"].items():
            rows.append({"entrant": row["entrant"], "role": role, **figures})
    return rows


def _write_csv(path, fields, rows):
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(fields), extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _round(row.get(k)) for k in fields})


def write_report(directory, charts=True):
    """Write the report files into the directory; returns the standings dict."""
    spec, table = build(directory)
    _write_csv(os.path.join(directory, "standings.csv"), STANDING_FIELDS, standing_rows(table))
    _write_csv(os.path.join(directory, "pairwise.csv"),
               ("entrant", "opponent", "matches", "score", "gain", "gain_low", "gain_high", "paired"),
               table["pairwise"])
    if table.get("teams"):
        _write_csv(os.path.join(directory, "teams.csv"),
                   ("team", "level", "n", "wins", "win_rate", "win_low", "win_high",
                    "rounds_to_win", "moves_to_win"), table["teams"])
    with open(os.path.join(directory, "standings.json"), "w", encoding="utf-8") as out:
        json.dump(table, out, indent=1, default=str)
    if charts:
        write_charts(directory, spec, table)
    return table


def write_charts(directory, spec, table):
    """ratings.png and heatmap.png (matplotlib, Agg backend: no display needed)."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot

    names = [e["name"] for e in spec["entrants"]]
    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    xs = [point["matches"] for point in table["history"]]
    for name in names:
        mus = [point["ratings"][name][0] for point in table["history"]]
        sigmas = [point["ratings"][name][1] for point in table["history"]]
        axes.plot(xs, mus, label=name)
        axes.fill_between(xs, [m - 2 * s for m, s in zip(mus, sigmas)],
                          [m + 2 * s for m, s in zip(mus, sigmas)], alpha=0.2)
    axes.set_xlabel("matches played")
    axes.set_ylabel("rating (mu, band mu ± 2 sigma)")
    axes.set_title(f"{spec['name']}: ratings as the tournament went")
    axes.legend(loc="best", fontsize="small")
    figure.tight_layout()
    figure.savefig(os.path.join(directory, "ratings.png"), dpi=100)
    pyplot.close(figure)

    score = {(p["entrant"], p["opponent"]): p["score"] for p in table["pairwise"]}
    grid = [[score.get((a, b), math.nan) for b in names] for a in names]
    figure, axes = pyplot.subplots(figsize=(1.2 * len(names) + 3, 1.0 * len(names) + 2.5))
    image = axes.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    axes.set_xticks(range(len(names)), names, rotation=45, ha="right")
    axes.set_yticks(range(len(names)), names)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if not math.isnan(value):
                axes.text(j, i, f"{value:.2f}", ha="center", va="center", fontsize="small")
    axes.set_title("score of row against column (win 1, tie 0.5)")
    figure.colorbar(image, ax=axes)
    figure.tight_layout()
    figure.savefig(os.path.join(directory, "heatmap.png"), dpi=100)
    pyplot.close(figure)

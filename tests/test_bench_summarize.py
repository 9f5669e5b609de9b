"""bench/summarize_runs.py merges split --jsonl runs and pairs A:B with B:B on common seeds."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))


def test_split_runs_merge_and_pair_on_common_seeds(tmp_path):
    label = 'darkagent{"max_rounds":10} '
    first = [{"run": label + "ismcts:heuristic", "match": i, "result": [i % 2 == 0, 0.5, float(i % 2 == 0)]}
             for i in range(4)]
    second = [{"run": label + "ismcts:heuristic", "match": i, "result": [True, 0.0, 1.0]} for i in range(4, 6)]
    base = [{"run": label + "heuristic:heuristic", "match": i, "result": [False, 0.5, 0.0]} for i in range(5)]
    team = [{"run": "ifthen all ismcts", "match": i, "result": {"winners": [0] if i else []}} for i in range(3)]
    team += [{"run": "ifthen all heuristic", "match": i, "result": {"winners": [0]}} for i in range(3)]
    for name, rows in (("a", first), ("b", second), ("c", base), ("d", team)):
        write(tmp_path / f"{name}.jsonl", rows)
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "summarize_runs.py")]
                         + [str(tmp_path / f"{n}.jsonl") for n in "abcd"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    pair = next(line for line in out if "ismcts:heuristic" in line)
    assert "n=5 " in pair and "A won  60.0%" in pair and "B in A's seat   0.0%" in pair
    assert "points gain +60.0" in pair
    ismcts_team = next(line for line in out if "all ismcts" in line)
    assert "team won  66.7%" in ismcts_team and "on 3 common seeds: 2 vs all-heuristic 3" in ismcts_team

"""`bench/bench_service.py` runs end to end in a tiny mode and prints its figures (no timing is
asserted: only that every figure and ratio is printed and recorded)."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LABELS = ["actions/s", "GET p50 ms", "GET p99 ms", "POST p50 ms", "POST p99 ms", "CPU ms/request",
          "CPU ms/action"]


def test_bench_service_tiny_run_prints_the_figures(tmp_path):
    results = tmp_path / "results.jsonl"
    run = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench", "bench_service.py"), "--seconds", "0.5",
         "--clients", "1", "--rounds", "1", "--workers", "1", "--results", str(results)],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT), capture_output=True, text=True, timeout=300,
        check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    assert "== 1 client(s)" in out and "ours/refe" in out
    for label in LABELS:
        assert any(line.startswith(label) for line in out.splitlines()), label
    record = json.loads(results.read_text().splitlines()[-1])
    figures = record["results"]["1"]
    assert set(figures) >= {"ours", "reference", "ratio"}
    for side in ("ours", "reference"):
        assert figures[side]["requests"] > 0  # each server answered (a count, not a speed)
        assert figures[side]["errors"] == 0
        assert {"actions_per_s", "get_p99_ms", "post_p99_ms", "cpu_ms_per_request"} <= set(figures[side])

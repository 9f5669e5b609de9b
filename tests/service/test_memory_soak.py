"""The short memory soak (bench/soak_memory.py; the long one is in `make soak`): the API, two RQ
workers and a scratch Redis of the soak's own play 120 matches of the four games over HTTP (4
players against heuristic bots, 8 SSE spectators) with every per-process cache bounded to 2 MiB,
so the caches are full early and what still grows would be a leak. No process kind's RSS and not
Redis's used_memory may grow past its plateau (the soak's own verdict: the last third of the run
at most 10% plus a few MiB above the middle third), no match may fail, and the finished matches
left in Redis are compacted."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_memory_stays_flat_in_a_short_soak(tmp_path):
    out = tmp_path / "soak.json"
    run = subprocess.run(
        [sys.executable, "bench/soak_memory.py", "--matches", "120", "--players", "4", "--streams", "8",
         "--every", "1", "--print-every", "1000", "--cache-mb", "2", "--finished-ttl", "15",
         "--compact-after", "1", "--settle", "10", "--darkagent-options", '{"max_rounds": 2}', "--max-seconds", "100",
         "--json", str(out)],
        cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT), capture_output=True, text=True, timeout=180)
    assert out.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    result = json.loads(out.read_text())
    assert result["matches"] == 120 and result["errors"] == 0, run.stdout[-3000:]
    assert result["streamed"] > 0 and result["actions"] > 0
    assert set(result["verdict"]) == {"api", "worker", "bot_worker", "redis"}
    growing = {kind: row for kind, row in result["verdict"].items() if row["grows"]}
    assert not growing, run.stdout[-3000:]
    assert run.returncode == 0, run.stdout[-3000:]
    assert "compacted" in run.stdout and ", 0 whole" in run.stdout, run.stdout[-3000:]

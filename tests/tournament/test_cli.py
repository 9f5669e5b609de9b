"""`safehouse tournament`: --help on every subcommand and flag, and a tiny run end to end."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _cli(*args):
    env = {**os.environ, "PYTHONPATH": ROOT, "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "service.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args,flags", [
    (["tournament"], ["run", "status", "report"]),
    (["tournament", "run"], ["--out", "--workers", "--limit", "--no-charts", "--quiet", "spec",
                            "--rq", "--redis-url", "--queue", "--prefix", "--batch", "--engine"]),
    (["tournament", "status"], ["--json", "dir"]),
    (["tournament", "report"], ["--no-charts", "--quiet", "dir"]),
])
def test_help_documents_every_flag(args, flags):
    result = _cli(*args, "--help")
    assert result.returncode == 0, result.stderr
    for flag in flags:
        assert flag in result.stdout


def test_tiny_run_status_and_report(tmp_path):
    spec = tmp_path / "tiny.yaml"
    spec.write_text("name: tiny\ngame: classified\nentrants:\n  - random\n  - heuristic\n"
                    "deals: 2\nseed: 1\n")
    out = tmp_path / "out"
    result = _cli("tournament", "run", str(spec), "--out", str(out), "--workers", "1")
    assert result.returncode == 0, result.stderr
    assert "heuristic" in result.stdout and "win rate" in result.stdout
    for name in ("matches.jsonl", "spec.json", "standings.csv", "pairwise.csv", "ratings.png",
                 "heatmap.png"):
        assert (out / name).exists(), name
    with open(out / "matches.jsonl") as handle:
        records = [json.loads(line) for line in handle]
    assert sorted(r["index"] for r in records) == [0, 1, 2, 3]
    assert {"seed", "seats", "winners", "scores", "moves", "cpu_ms_per_move", "replay"} <= set(records[0])
    status = _cli("tournament", "status", str(out), "--json")
    assert status.returncode == 0 and json.loads(status.stdout)["matches"] == 4
    (out / "standings.csv").unlink()
    (out / "ratings.png").unlink()
    report = _cli("tournament", "report", str(out), "--quiet")
    assert report.returncode == 0, report.stderr
    assert (out / "standings.csv").exists() and (out / "ratings.png").exists()
    # a changed spec into the same folder is refused before anything starts (no "resuming")
    spec.write_text(spec.read_text().replace("deals: 2", "deals: 3"))
    changed = _cli("tournament", "run", str(spec), "--out", str(out), "--workers", "1")
    assert changed.returncode == 2 and "holds a different tournament" in changed.stderr
    assert "resuming" not in changed.stdout and changed.stdout.strip() == ""


def test_bad_spec_is_reported_with_its_field(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("game: classified\nentrants:\n  - random\n  - {bot: nobot}\n")
    result = _cli("tournament", "run", str(spec), "--out", str(tmp_path / "x"))
    assert result.returncode == 2 and "entrants[1].bot" in result.stderr


def test_readme_tournament_section_runs_as_written():
    import yaml

    from engine.tournament import validate_spec
    from tests.readme_blocks import code_blocks
    spec = validate_spec(yaml.safe_load(code_blocks("Tournaments", "yaml")[0]))
    assert spec["matches"] == 300
    for block in code_blocks("Tournaments", "python"):
        exec(compile(block, "README.md", "exec"), {})  # noqa: S102 - the README's own code
    commands = code_blocks("Tournaments", "bash")[0]
    for action in ("run", "status", "report"):
        assert f"safehouse tournament {action}" in commands

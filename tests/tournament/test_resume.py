"""A stopped tournament resumes without losing or duplicating a match."""

import json
import os
import signal
import subprocess
import sys
import time

from engine.tournament import play_scheduled, run, validate_spec, without_timings
from engine.tournament.results import matches_path, read_records

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = {"name": "resume-test", "game": "classified",
        "entrants": ["random", {"name": "mcts", "bot": "ismcts", "params": {"iterations": 10}}],
        "deals": 30, "seed": 99}


def _cli(*args):
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.Popen([sys.executable, "-m", "service.cli", "tournament", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _lines(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        return handle.read().splitlines()


def test_resume_after_kill_loses_and_duplicates_nothing(tmp_path):
    spec_file = tmp_path / "spec.json"
    spec_file.write_text(json.dumps(SPEC))
    out = tmp_path / "out"
    process = _cli("run", str(spec_file), "--out", str(out), "--workers", "1", "--quiet")
    deadline = time.monotonic() + 120
    while len(_lines(matches_path(str(out)))) < 5 and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    before = read_records(str(out))
    spec = validate_spec(SPEC)
    assert 5 <= len(before) < spec["matches"], "the run must be stopped mid-way"
    with open(matches_path(str(out)), "a", encoding="utf-8") as handle:
        handle.write('{"index": 0, "torn')  # as if killed mid-write
    resumed = _cli("run", str(spec_file), "--out", str(out), "--workers", "2", "--no-charts")
    stdout, stderr = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, stderr
    assert f"resuming {out}: {len(before)}/{spec['matches']}" in stdout.decode()
    lines = _lines(matches_path(str(out)))
    indices = [json.loads(line)["index"] for line in lines]
    assert sorted(indices) == list(range(spec["matches"]))  # nothing lost, nothing twice
    records = read_records(str(out))
    for index, record in before.items():  # finished matches were not replayed
        assert records[index] == record
    for index in (0, spec["matches"] - 1):
        assert without_timings(records[index]) == without_timings(play_scheduled(spec, index))
    assert (out / "standings.csv").exists()


def test_a_duplicated_line_counts_once_and_limit_leaves_the_rest_pending(tmp_path):
    spec = validate_spec({"game": "classified", "entrants": ["random", "heuristic"], "deals": 3})
    out = str(tmp_path / "dup")
    run(spec, out, workers=1, limit=2)
    assert sorted(read_records(out)) == [0, 1]
    with open(matches_path(out), encoding="utf-8") as handle:
        first = handle.readline()
    with open(matches_path(out), "a", encoding="utf-8") as handle:
        handle.write(first)  # a line written twice (e.g. by a retried writer)
    records = run(spec, out, workers=1)
    assert sorted(records) == list(range(6))
    assert len(_lines(matches_path(out))) == 7 and len(read_records(out)) == 6


def test_a_different_spec_refuses_the_directory(tmp_path):
    from engine.tournament import SpecError
    out = str(tmp_path / "one")
    run({"game": "classified", "entrants": ["random", "heuristic"]}, out, workers=1)
    try:
        run({"game": "classified", "entrants": ["random", "heuristic"], "seed": 5}, out, workers=1)
    except SpecError as error:
        assert "different tournament" in str(error)
    else:
        raise AssertionError("a different spec must not reuse the results directory")

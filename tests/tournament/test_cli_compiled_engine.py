"""`safehouse tournament run --engine compiled`: the tournament plays on the compiled engine
(`make compiled`) and, with deterministic bots, gives the same matches as on the pure engine;
without a current build, or with --rq, it says why and plays nothing."""

import json
import os
import shutil
import subprocess
import sys

import pytest

from service.cli import compiled_engine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = "name: tiny\ngame: classified\nentrants:\n  - random\n  - heuristic\ndeals: 3\nseed: 7\n"


def _cli(*args, cwd=ROOT):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update({"COLUMNS": "120"})
    return subprocess.run([sys.executable, "-m", "service.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _records(out):
    with open(out / "matches.jsonl") as handle:
        records = [json.loads(line) for line in handle]
    for record in records:
        record.pop("cpu_ms_per_move")  # the figures that depend on the engine's speed
        record.pop("cpu_ms")
    return sorted(records, key=lambda r: r["index"])


@pytest.mark.skipif(not (compiled_engine.compiled_build_present() and compiled_engine.build_is_current()),
                    reason="no current compiled engine in build/compiled (make compiled)")
def test_a_tournament_on_the_compiled_engine_plays_the_same_matches(tmp_path):
    spec = tmp_path / "tiny.yaml"
    spec.write_text(SPEC)
    pure = _cli("tournament", "run", str(spec), "--out", str(tmp_path / "pure"), "--workers", "2",
                "--no-charts")
    compiled = _cli("tournament", "run", str(spec), "--out", str(tmp_path / "compiled"),
                    "--workers", "2", "--no-charts", "--engine", "compiled")
    assert pure.returncode == 0 and compiled.returncode == 0, pure.stderr + compiled.stderr
    assert compiled.stdout.startswith("engine: compiled (build/compiled)")
    assert "engine: compiled" not in pure.stdout and "heuristic" in compiled.stdout
    assert len(_records(tmp_path / "compiled")) == 6
    assert _records(tmp_path / "compiled") == _records(tmp_path / "pure")


def test_the_restarted_process_imports_the_build(tmp_path):
    """What a restarted command runs: the build first on sys.path, ahead of a checkout's engine/
    in the working directory, and the module asked for run as __main__ with its arguments."""
    if not compiled_engine.compiled_build_present():
        pytest.skip("no compiled engine in build/compiled (make compiled)")
    (tmp_path / "which_engine.py").write_text(
        "import sys, engine.core\nprint(__name__, sys.argv[1:], engine.core.__file__)\n")
    done = subprocess.run([sys.executable, "-c", compiled_engine.RESTART, compiled_engine.COMPILED,
                           "which_engine", "--flag", "x"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    name, argv, path = done.stdout.split(" ", 1)[0], done.stdout[done.stdout.index("["):done.stdout.index("]") + 1], done.stdout.rsplit(" ", 1)[1].strip()
    assert name == "__main__" and argv == "['--flag', 'x']"
    assert path.startswith(compiled_engine.COMPILED) and not path.endswith(".py")


def test_without_a_build_it_says_how_to_make_one(tmp_path, monkeypatch, capsys):
    from service.cli import main
    spec = tmp_path / "tiny.yaml"
    spec.write_text(SPEC)
    monkeypatch.setattr(compiled_engine, "COMPILED", str(tmp_path / "nothing"))
    monkeypatch.setattr(compiled_engine.compiled_build_present, "__defaults__", (str(tmp_path / "nothing"),))
    assert main(["tournament", "run", str(spec), "--out", str(tmp_path / "out"), "--engine", "compiled"]) == 2
    error = capsys.readouterr().err
    assert "no compiled engine" in error and "make compiled" in error
    assert not (tmp_path / "out" / "matches.jsonl").exists()


def test_a_stale_build_is_refused(tmp_path, monkeypatch, capsys):
    from service.cli import main
    if not compiled_engine.compiled_build_present():
        pytest.skip("no compiled engine in build/compiled (make compiled)")
    stale = tmp_path / "build"
    shutil.copytree(compiled_engine.COMPILED, stale, ignore=shutil.ignore_patterns("*.so", "*.c"),
                    dirs_exist_ok=True)
    for name in os.listdir(os.path.join(compiled_engine.COMPILED, "engine")):
        if name.startswith("core.") and name.endswith(".so"):
            shutil.copy(os.path.join(compiled_engine.COMPILED, "engine", name), stale / "engine" / name)
    (stale / "SOURCE_DIGEST").write_text("0" * 64)
    monkeypatch.setattr(compiled_engine.compiled_build_present, "__defaults__", (str(stale),))
    monkeypatch.setattr(compiled_engine.build_is_current, "__defaults__", (str(stale),))
    spec = tmp_path / "tiny.yaml"
    spec.write_text(SPEC)
    assert main(["tournament", "run", str(spec), "--out", str(tmp_path / "out"), "--engine", "compiled"]) == 2
    assert "out of date" in capsys.readouterr().err


def test_rq_and_the_compiled_engine_do_not_mix(tmp_path, capsys):
    from service.cli import main
    spec = tmp_path / "tiny.yaml"
    spec.write_text(SPEC)
    assert main(["tournament", "run", str(spec), "--out", str(tmp_path / "out"), "--engine",
                 "compiled", "--rq"]) == 2
    assert "--rq" in capsys.readouterr().err


def test_a_worker_without_a_build_says_how_to_make_one(tmp_path, monkeypatch, capsys):
    from worker.__main__ import main
    monkeypatch.setattr(compiled_engine.compiled_build_present, "__defaults__", (str(tmp_path / "nothing"),))
    with pytest.raises(SystemExit) as stopped:
        main(["--engine", "compiled", "--burst"])
    assert stopped.value.code == 2 and "make compiled" in capsys.readouterr().err


def test_a_worker_on_auto_without_a_current_build_plays_on_the_pure_engine(tmp_path, monkeypatch):
    from worker.__main__ import _choose_engine, _parser
    monkeypatch.setattr(compiled_engine.compiled_build_present, "__defaults__", (str(tmp_path / "nothing"),))
    note = _choose_engine(_parser(), "auto", ["--engine", "auto"])
    assert note.startswith("pure Python (there is no compiled engine") and "make compiled" in note
    assert _choose_engine(_parser(), "pure", []) == "pure Python"

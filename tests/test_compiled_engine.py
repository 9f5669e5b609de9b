"""The compiled engine (bench/build_engine.py, `make compiled`) plays exactly like the
pure-Python reference: the same seeded matches of every game (each conformance option set, two
seeds, random and heuristic picks) give the same match, view and sampled deal after every step.

Both engines run tests/engine_digests.py in a subprocess. Skipped, saying why, when no compiled
build exists (CI builds one with `make compiled` where Cython and a C compiler are present)."""

import json
import os
import subprocess
import sys

import pytest

from bench.compiled import COMPILED, build_is_current, compiled_build_present
from engine.registry import GAME_PACKAGES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "tests", "engine_digests.py")


def _plain_environment():
    """This environment without PYTHONPATH and the test session's game settings (the built-in
    games only, as a plain `import engine` registers them)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("SAFEHOUSE_")}


def _digests(*extra):
    done = subprocess.run([sys.executable, SCRIPT, *extra], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env=_plain_environment())
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _first_difference(pure, compiled):
    for name, steps in pure.items():
        other = compiled.get(name)
        if other != steps:
            at = next((i for i, (a, b) in enumerate(zip(steps, other or [])) if a != b),
                      min(len(steps), len(other or [])))
            return f"{name}: first differs after step {at} ({len(steps)} vs {len(other or [])} steps)"
    return None


@pytest.mark.skipif(not compiled_build_present(),
                    reason="no compiled engine in build/compiled (run `make compiled`; needs Cython "
                           "and a C compiler)")
def test_compiled_engine_plays_every_step_like_the_pure_engine():
    assert build_is_current(), "build/compiled was built from other engine/ sources: run `make compiled`"
    pure = _digests()
    compiled = _digests("--engine-path", COMPILED)
    assert pure["engine"].endswith(os.path.join("engine", "core.py"))
    assert compiled["engine"].startswith(COMPILED) and not compiled["engine"].endswith(".py")
    assert {name.split("/")[0] for name in pure["matches"]} == set(GAME_PACKAGES)
    assert sum(len(steps) for steps in pure["matches"].values()) > 1000
    assert set(compiled["matches"]) == set(pure["matches"])
    assert _first_difference(pure["matches"], compiled["matches"]) is None, \
        _first_difference(pure["matches"], compiled["matches"])


def test_the_digest_script_sees_a_changed_rule(tmp_path):
    """The comparison is not vacuous: a copy of the engine with one rule changed differs."""
    import shutil
    shutil.copytree(os.path.join(ROOT, "engine"), tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    rng = tmp_path / "engine" / "rng.py"
    rng.write_text(rng.read_text().replace("return 1 + self.randbelow(sides)",
                                           "return sides - self.randbelow(sides)"))
    pure = _digests("--seeds", "1", "--steps", "60")
    changed = _digests("--seeds", "1", "--steps", "60", "--engine-path", str(tmp_path))
    assert changed["engine"].startswith(str(tmp_path))
    assert _first_difference(pure["matches"], changed["matches"]) is not None


_NONE_PROBE = """
import importlib, sys
sys.path.insert(0, sys.argv[1])
import engine
rules = importlib.import_module("engine." + sys.argv[2]).RULES
assert not engine.core.__file__.endswith(".py"), engine.core.__file__
for name, args in (("to_move", (None,)), ("legal_actions", (None, 0)), ("outcome", (None,)),
                   ("apply", (None, 0, {"type": "pass"}, None))):
    try:
        getattr(rules, name)(*args)
    except Exception as error:
        print(name, type(error).__name__)
    else:
        print(name, "no error")
"""


@pytest.mark.skipif(not compiled_build_present(),
                    reason="no compiled engine in build/compiled (run `make compiled`; needs Cython "
                           "and a C compiler)")
@pytest.mark.parametrize("game_id", sorted(GAME_PACKAGES))
def test_a_none_state_raises_on_the_compiled_engine_instead_of_crashing(game_id):
    """The build types states as extension types; a None where a state belongs must raise an
    exception (the pure engine's AttributeError), not read through a null field and kill the
    process (the build's `nonecheck` directive)."""
    done = subprocess.run([sys.executable, "-c", _NONE_PROBE, COMPILED, game_id], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=_plain_environment())
    assert done.returncode == 0, f"the process died ({done.returncode}): {done.stderr[-2000:]}"
    answers = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert answers == {"to_move": "AttributeError", "legal_actions": "AttributeError",
                       "outcome": "AttributeError", "apply": answers["apply"]}, done.stdout
    assert answers["apply"] != "no error", done.stdout

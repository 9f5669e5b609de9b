"""The Dark Agent state's two forms: the pure engine's frozen dataclass and the compiled build's
extension type (engine/darkagent/state.pxd; the class body's methods are the build's, the pure
engine deletes them and makes the dataclass). The pure class is checked to be the dataclass it
always was; with a compiled build, tests/darkagent/state_forms.py runs on both engines and must
print the same (every state's JSON form, `evolve` of every field, the legal lists and events of
seeded matches), and a match pickled on either engine loads on the other."""

import dataclasses
import json
import os
import pickle
import subprocess
import sys

import pytest

from bench.compiled import COMPILED, build_is_current, compiled_build_present
from engine import match_to_json
from engine.darkagent import state as state_module
from engine.darkagent.state import _DEFAULTS, FIELD_NAMES, DarkAgentState

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tests", "darkagent", "state_forms.py")


def _run(*extra, stdin=None):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("SAFEHOUSE_")}
    done = subprocess.run([sys.executable, SCRIPT, *extra], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env=env, input=stdin)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_pure_state_is_the_frozen_dataclass():
    assert not state_module.COMPILED
    fields = dataclasses.fields(DarkAgentState)
    assert tuple(f.name for f in fields) == FIELD_NAMES
    assert {f.name: f.default for f in fields if f.default is not dataclasses.MISSING} == _DEFAULTS
    assert DarkAgentState.__dataclass_params__.frozen and DarkAgentState.__dataclass_params__.eq
    for name in ("__init__", "__eq__", "__hash__", "__setattr__"):  # generated, not the class body's
        assert DarkAgentState.__dict__[name].__code__.co_filename == "<string>", name
    assert "__reduce__" not in DarkAgentState.__dict__ and "__setstate__" not in DarkAgentState.__dict__


@pytest.mark.skipif(not compiled_build_present(),
                    reason="no compiled engine in build/compiled (run `make compiled`)")
def test_both_forms_behave_alike():
    assert build_is_current(), "build/compiled was built from other engine/ sources: run `make compiled`"
    pure, compiled = _run(), _run("--engine-path", COMPILED)
    assert not pure["compiled"] and compiled["compiled"]
    assert sum(len(steps) for steps in pure["matches"].values()) > 500
    assert compiled["matches"] == pure["matches"]
    # a match pickled by the compiled build loads here (pure), and one pickled here loads there
    from_compiled = [match_to_json(pickle.loads(bytes.fromhex(p))) for p in compiled["pickles"]]
    assert from_compiled == [match_to_json(pickle.loads(bytes.fromhex(p))) for p in pure["pickles"]]
    assert _run("--engine-path", COMPILED, "--load", stdin="\n".join(pure["pickles"])) == \
        json.loads(json.dumps(from_compiled))

"""The compiled build's forms of the state layer (state.COMPILED) give the pure engine's answers.

In the build, ClassifiedState is an extension type (state.pxd) without a field dict: the
state helpers, the turn machinery, the quick turn and the hand memory edit or copy it by field
(`state.COMPILED` picks those forms once). Here the same forms run on the pure interpreter,
with a plain mutable class standing in for the extension type, and must play every step like
the pure engine's field-dict forms. The extension type itself (pickling, equality, hashing,
read-only fields, pickles that load on either engine) is checked on the compiled build when
there is a current one.
"""

import hashlib
import json
import os
import pickle
import subprocess
import sys

import pytest

from engine import Rng
from engine.classified import RULES, memory, quickturn, rules, state as state_module, turns, view
from engine.classified.state import FIELDS, FIELD_NAMES, Frame, _REQUIRED, state_to_json

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class OpenState:
    """A stand-in for the compiled build's extension type: the same constructor, fields set one
    by one (no frozen dataclass), no field dict tricks needed by the typed forms."""

    def __init__(self, *args, **kwargs):
        for (name, _, default), value in zip(FIELDS, args):
            setattr(self, name, value)
        for name, _, default in FIELDS[len(args):]:
            value = kwargs.get(name, default)
            assert value is not _REQUIRED, name
            setattr(self, name, value)


def _playouts(matches):
    """sha256 over seeded random playouts of every conformance option set (every legal list,
    log, RNG position, final state and outcome), and the state types seen."""
    digest, kinds = hashlib.sha256(), set()
    for index, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(options)
        for seed in range(matches):
            rng, pick = Rng(seed * 10 + index), Rng(seed + 31)
            state = RULES.new_state(options, rng)
            while RULES.to_move(state):
                kinds.add(type(state))
                seat = RULES.to_move(state)[0]
                legal = RULES.legal_actions(state, seat)
                action = legal[pick.randbelow(len(legal))]
                state, log = RULES.apply(state, seat, action, rng)
                sampled = RULES.sample_state(RULES.view(state, seat), seat, Rng(seed))
                digest.update(json.dumps([seat, legal, log, rng.counter, RULES.state_to_json(sampled)]).encode())
            digest.update(json.dumps([RULES.state_to_json(state), RULES.outcome(state)]).encode())
    return digest.hexdigest(), kinds


def test_the_compiled_forms_play_like_the_pure_forms(monkeypatch):
    pure, kinds = _playouts(6)
    assert kinds == {state_module.ClassifiedState}
    for module in (state_module, turns, quickturn, memory, rules):
        monkeypatch.setattr(module, "COMPILED", True)
    monkeypatch.setattr(state_module, "ClassifiedState", OpenState)
    monkeypatch.setattr(view, "ClassifiedState", OpenState)
    RULES._last_legal = (None, None, ())
    typed, kinds = _playouts(6)
    assert kinds == {OpenState}
    assert typed == pure


def test_the_typed_to_move_and_legal_actions_answer_like_the_methods():
    steps = 0
    for index, options in enumerate(RULES.conformance_options):
        options = RULES.validate_options(options)
        for seed in range(4):
            rng, pick = Rng(seed * 10 + index), Rng(seed + 5)
            state = RULES.new_state(options, rng)
            while True:
                for seat in (0, 1):
                    assert rules.legal_actions_typed(state, seat) == RULES.legal_actions(state, seat)
                    assert rules.legal_actions_typed(state, seat) == RULES.legal_actions(state, seat)
                moving = rules.to_move_typed(state)
                assert moving == RULES.to_move(state)
                if not moving:
                    break
                legal = RULES.legal_actions(state, moving[0])
                state, _ = RULES.apply(state, moving[0], legal[pick.randbelow(len(legal))], rng)
                steps += 1
    assert steps > 200


def test_the_compiled_copy_and_edit_match_replace(monkeypatch):
    state = RULES.new_state(RULES.validate_options({}), Rng(3))
    monkeypatch.setattr(state_module, "ClassifiedState", OpenState)
    source = OpenState(*[getattr(state, name) for name in FIELD_NAMES])
    copy = state_module.copied(source)
    assert copy is not source and all(getattr(copy, n) is getattr(source, n) for n in FIELD_NAMES)
    state_module.set_fields(copy, {"turn": 1 - state.turn, "stage": "resolving", "opening_draw": 7})
    expected = state_module.replace(state, turn=1 - state.turn, stage="resolving", opening_draw=7)
    assert [getattr(copy, n) for n in FIELD_NAMES] == [getattr(expected, n) for n in FIELD_NAMES]
    assert [getattr(source, n) for n in FIELD_NAMES] == [getattr(state, n) for n in FIELD_NAMES]


CHECK_BUILD = r"""
import pickle, sys
sys.path.insert(0, sys.argv[1])  # the build first (python -c puts the working directory first)
from engine import Rng
from engine.classified import RULES
from engine.classified.state import ClassifiedState, FIELD_NAMES, Frame, replace, state_from_json, state_to_json
import engine.classified.state as module
assert not module.__file__.endswith(".py") and module.COMPILED, module.__file__
assert not hasattr(ClassifiedState, "__dataclass_fields__"), "not the extension type"
rng, pick = Rng(11), Rng(12)
state = RULES.new_state(RULES.validate_options({}), rng)
seen = []
while RULES.to_move(state):
    seat = RULES.to_move(state)[0]
    legal = RULES.legal_actions(state, seat)
    state, _ = RULES.apply(state, seat, legal[pick.randbelow(len(legal))], rng)
    seen.append(state)
for s in (seen[len(seen) // 2], seen[-1]):
    back = pickle.loads(pickle.dumps(s))
    assert type(back) is ClassifiedState and back == s and not (back != s)
    assert state_to_json(back) == state_to_json(s)
    assert state_from_json(state_to_json(s)) == s
    assert repr(back) == repr(s) and repr(s).startswith("ClassifiedState(designs=")
    other = replace(s, turn_no=s.turn_no + 1)
    assert other != s and other.turn_no == s.turn_no + 1 and s == replace(other, turn_no=s.turn_no)
    assert hash((s.deck, s.turn)) == hash((back.deck, back.turn))
    for name in FIELD_NAMES:
        try:
            setattr(s, name, getattr(s, name))
        except AttributeError:
            continue
        sys.exit("field " + name + " is writable")
    assert not hasattr(s, "__dict__")
stacked = [s for s in seen if s.stack]
assert stacked and pickle.loads(pickle.dumps(stacked[0])) == stacked[0]
# the pure engine's pickles of the same match (hex, one a line, on stdin: a state halfway, the last
# state, a Frame) load here as the same states; this engine's pickles of them go back on stdout
pure = [pickle.loads(bytes.fromhex(line)) for line in sys.stdin.read().split()]
assert [state_to_json(s) for s in pure[:2]] == [state_to_json(s) for s in (seen[len(seen) // 2], seen[-1])]
assert type(pure[0]) is ClassifiedState and pure[0] == seen[len(seen) // 2] and pure[2] == Frame("kill", 1, (2, 3))
frame = Frame("kill", 1, (2, 3))
assert repr(frame) == "Frame(kind='kill', seat=1, args=(2, 3), secret=())", repr(frame)
assert pickle.loads(pickle.dumps(frame)) == frame and frame != Frame("kill", 0, (2, 3))
assert hash(frame) == hash(Frame("kill", 1, (2, 3))) and not hasattr(frame, "__dict__")
try:
    frame.seat = 0
except AttributeError:
    pass
else:
    sys.exit("Frame.seat is writable")
print("ok")
for value in (seen[len(seen) // 2], seen[-1], frame):
    print(pickle.dumps(value).hex())
"""


def test_the_extension_type_pickles_compares_and_stays_read_only():
    from bench.compiled import COMPILED, build_is_current, compiled_build_present
    if not compiled_build_present() or not build_is_current():
        pytest.skip("no current compiled build in build/compiled")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("SAFEHOUSE_")}
    rng, pick = Rng(11), Rng(12)  # the match CHECK_BUILD plays, on this (pure) engine
    state = RULES.new_state(RULES.validate_options({}), rng)
    seen = []
    while RULES.to_move(state):
        seat = RULES.to_move(state)[0]
        legal = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, legal[pick.randbelow(len(legal))], rng)
        seen.append(state)
    ours = (seen[len(seen) // 2], seen[-1], Frame("kill", 1, (2, 3)))
    done = subprocess.run([sys.executable, "-c", CHECK_BUILD, COMPILED], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=env, input="\n".join(pickle.dumps(value).hex() for value in ours))
    assert done.returncode == 0, done.stderr[-3000:]
    answer = done.stdout.split()
    assert answer[0] == "ok", done.stdout
    theirs = [pickle.loads(bytes.fromhex(line)) for line in answer[1:]]  # the build's pickles, loaded here
    assert [type(value) for value in theirs] == [type(value) for value in ours]
    assert [state_to_json(s) for s in theirs[:2]] == [state_to_json(s) for s in ours[:2]]
    assert theirs == list(ours)

"""What a Dark Agent state does, printed as one JSON line, on whichever engine `import engine`
finds (run by test_darkagent_state_forms.py once on the pure engine and once on the compiled
build, where the state is an extension type instead of a frozen dataclass).

    python tests/darkagent/state_forms.py [--engine-path DIR]

For seeded random matches of several option sets it records, at every step, the state's JSON
form, its field values, `evolve` of every field, the legal lists of every seat (asked
in turn: the compiled build's cache changes form), the Phase-2 copies of the hot applies (spot,
Phase 1, next turn, vote: the compiled build writes its own forms of them) and the checks that
must hold on both engines: equality and hashing on the fields, pickling (the state and the
whole match, mid-match and finished), the JSON round trip and read-only fields. With `--load`
it reads pickled matches (hex, one a line) from stdin and prints their JSON forms instead: a
state pickled on one engine loads on the other.
"""

import argparse
import hashlib
import json
import os
import pickle
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPTIONS = ({"players": 1, "aim_limit": 2}, {"players": 2, "max_rounds": 3},
           {"players": 3, "max_rounds": 2, "objective_effects": True},
           {"players": 4, "max_rounds": 2, "jacket_defence": "ask", "need_dark_agent": True})


def digest(value):
    """A short stable hash of a JSON-able value."""
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def check_state(rules, state_module, state):
    """The engine-independent facts of one state (asserted) and its JSON form."""
    data = rules.state_to_json(state)
    again = rules.state_from_json(json.loads(json.dumps(data)))
    assert again == state and hash(again) == hash(state) and not again != state
    assert rules.state_to_json(again) == data
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded == state and rules.state_to_json(loaded) == data
    values = state_module.field_values(state)
    assert values == tuple(getattr(state, name) for name in state_module.FIELD_NAMES)
    assert state_module.unpickle_state(values) == state
    for name in state_module.FIELD_NAMES:
        try:
            setattr(state, name, getattr(state, name))
        except AttributeError:  # the frozen dataclass's FrozenInstanceError is one
            continue
        raise AssertionError(f"{name} is writable")
    return data


def evolved(rules, state_module, state):
    """The JSON forms of `evolve` setting each field to another state's value (the first state
    of the match: a different value for most fields) and of an empty `evolve`."""
    return [rules.state_to_json(state_module.evolve(state))] + [
        rules.state_to_json(state_module.evolve(state, **{name: value}))
        for name, value in zip(state_module.FIELD_NAMES, state_module.field_values(FIRST[0]))]


FIRST = [None]


def play(engine, options, seed):
    """The digests of one seeded random match, step by step."""
    from engine.darkagent import RULES, state as state_module
    rng, pick = engine.Rng(seed), engine.Rng(seed + 101)
    state = RULES.new_state(RULES.validate_options(options), rng)
    FIRST[0] = state
    out = []
    while RULES.to_move(state):
        seat = RULES.to_move(state)[0]
        data = check_state(RULES, state_module, state)
        actions = RULES.legal_actions(state, seat)
        assert RULES.legal_actions(state, seat) is actions  # cached
        # every seat (and no seat) asked after the one to move, then again: the compiled build's
        # legal cache turns from a (seat, list) pair into a dict and keeps answering the same
        seats = [None] + list(range(options["players"]))
        every = [RULES.legal_actions(state, other) for other in seats]
        assert all(RULES.legal_actions(state, other) is listed for other, listed in zip(seats, every))
        assert RULES.legal_actions(state, seat) is actions
        out.append(digest([data, evolved(RULES, state_module, state), actions, every]))
        state, events = RULES.apply(state, seat, actions[pick.randbelow(len(actions))], rng)
        out.append(digest(events))
    out.append(digest([check_state(RULES, state_module, state), RULES.outcome(state)]))
    assert RULES.outcome(state) is RULES.outcome(state)  # cached
    match = engine.start("darkagent", options, seed)
    steps = 0
    while engine.to_move(match):
        seat = engine.to_move(match)[0]
        legal = engine.render(match, seat)["legal_actions"]
        match = engine.step(match, seat, legal[pick.randbelow(len(legal))])
        steps += 1
        if steps == 25:  # mid-match
            assert pickle.loads(pickle.dumps(match)) == match
            PICKLES.append(pickle.dumps(match).hex())
    assert pickle.loads(pickle.dumps(match)) == match  # finished
    PICKLES.append(pickle.dumps(match).hex())
    return out


PICKLES = []  # a mid-match Match per match played, pickled (hex), for the other engine to load


def main():
    """Play the matches and print the digests as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-path", help="a folder holding an `engine` package, put first")
    parser.add_argument("--load", action="store_true",
                        help="instead: read pickled matches (hex lines) from stdin, print their JSON")
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    if args.engine_path:
        sys.path.insert(0, os.path.abspath(args.engine_path))
    import engine
    from engine.darkagent import state as state_module
    if args.load:
        print(json.dumps([engine.match_to_json(pickle.loads(bytes.fromhex(line)))
                          for line in sys.stdin.read().split()]))
        return
    matches = {f"{number}/{seed}": play(engine, dict(options), seed)
               for number, options in enumerate(OPTIONS) for seed in (1, 2)}
    print(json.dumps({"engine": engine.core.__file__, "compiled": state_module.COMPILED,
                      "matches": matches, "pickles": PICKLES}))


if __name__ == "__main__":
    main()

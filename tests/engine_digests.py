"""Digests of seeded matches played on whichever engine `import engine` finds (a script, run by
tests/test_compiled_engine.py once on the pure-Python engine and once on the compiled one).

    python tests/engine_digests.py [--engine-path DIR] [--seeds N] [--steps S]

For every game, every conformance option set, `--seeds` seeds and two pickers (the random bot's
uniform pick and the game's heuristic), it plays a match through `engine.step` and after each
step hashes the whole match (`match_to_json`: state, RNG position, log, history), the acting
seat's `render`, and every third step a `sample_state` of that view (the determinization the
search bots use). It prints one JSON line: {"engine": the core module's file, "matches":
{match name: [digest per step]}}.
"""

import argparse
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def digest(value):
    """A short stable hash of a JSON-able value."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(engine, game_id, options, seed, picker, steps):
    """The digests of one seeded match, step by step (at most `steps`)."""
    from engine.bots import choose
    rules = engine.get_game(game_id)
    match = engine.start(game_id, options, seed)
    pick = engine.Rng(seed * 7919 + 17)
    out = [digest(engine.match_to_json(match))]
    for number in range(steps):
        moving = engine.to_move(match)
        if not moving:
            break
        seat = moving[pick.randbelow(len(moving))]
        view = engine.render(match, seat)
        if picker == "heuristic":
            action = choose("heuristic", view, seat, seed=seed * 31 + number)
        else:
            legal = view["legal_actions"]
            action = legal[pick.randbelow(len(legal))]
        match = engine.step(match, seat, action)
        parts = [engine.match_to_json(match), engine.render(match, seat)]
        if number % 3 == 0:
            sampled = rules.sample_state(engine.render(match, seat)["state"], seat,
                                         engine.Rng(seed + number))
            parts.append(rules.state_to_json(sampled))
        out.append(digest(parts))
    return out


def main():
    """Play the matches and print the digests as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-path", help="a folder holding an `engine` package, put first")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--steps", type=int, default=250)
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    if args.engine_path:
        sys.path.insert(0, os.path.abspath(args.engine_path))
    import engine
    matches = {}
    from engine.registry import GAME_PACKAGES
    for game_id in [g for g in GAME_PACKAGES if g in engine.GAMES]:  # the built-in games
        for number, options in enumerate(engine.get_game(game_id).conformance_options):
            for seed in range(1, args.seeds + 1):
                for picker in ("random", "heuristic"):
                    name = f"{game_id}/{number}/{seed}/{picker}"
                    matches[name] = play(engine, game_id, dict(options), seed, picker, args.steps)
    print(json.dumps({"engine": engine.core.__file__, "matches": matches}))


if __name__ == "__main__":
    main()

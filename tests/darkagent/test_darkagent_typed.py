"""The loops the compiled build runs instead of the pure engine's map/chain forms
(legal.move_actions_typed, spots.spot_lines_typed; engine/darkagent/{legal,spots}.pxd) give the
same lists as the pure forms: checked here on the pure engine over seeded random matches of
every player count (tests/test_compiled_engine.py compares whole matches on the build)."""

import engine
from engine.darkagent import RULES, legal, spots
from engine.darkagent.state import evolve


def _states(players, seeds):
    options = RULES.validate_options({"players": players, "max_rounds": 4})
    for seed in range(seeds):
        rng, pick = engine.Rng(seed), engine.Rng(seed + 7)
        state = RULES.new_state(options, rng)
        while RULES.to_move(state):
            seat = RULES.to_move(state)[0]
            yield state, seat
            actions = RULES.legal_actions(state, seat)
            state, _ = RULES.apply(state, seat, actions[pick.randbelow(len(actions))], rng)


def test_typed_loops_match_the_pure_forms(monkeypatch):
    monkeypatch.setattr(legal, "COMPILED", False)
    monkeypatch.setattr(spots, "COMPILED", False)
    checked = 0
    for players in range(1, 7):
        for state, seat in _states(players, 6):
            if state.phase == "move":
                typed = legal.move_actions_typed(state.sats, seat)
                assert typed == legal.move_actions(evolve(state), seat)
                checked += 1
            for s in range(players):
                if any(s in owners for owners in state.sats):
                    fresh = evolve(state, sats=state.sats)  # no satellite cache
                    assert spots.spot_lines_typed(state.sats, s) == spots.spot_lines(fresh, s)
    assert checked > 100


def test_the_pure_engine_runs_the_pure_forms():
    assert not legal.COMPILED and not spots.COMPILED

"""The loops the compiled build runs instead of the pure engine's map/chain forms
(legal.move_actions_typed and double_move_actions_typed, spots.spot_lines_typed and
spot_actions_from; engine/darkagent/{legal,spots}.pxd) give the
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


def test_typed_spot_listing_matches_the_pure_form(monkeypatch):
    """spots.spot_actions_from (the compiled build's listing: the spotted cells as one bit mask)
    against the pure engine's spot_actions, for every seat of every Phase-2 state, with and
    without the Super Satellite token: the same action dicts in the same order."""
    monkeypatch.setattr(spots, "COMPILED", False)
    checked = 0
    for players in range(1, 7):
        for state, _ in _states(players, 4):
            if state.phase != "act":
                continue
            for s in range(players):
                for token in (True, False):
                    tokens = state.super_token[:s] + (token,) + state.super_token[s + 1:]
                    probe = evolve(state, super_token=tokens)
                    expected = spots.spot_actions(probe, s)
                    got = spots.spot_actions_from(spots.spot_lines(probe, s), probe.sats_used, token,
                                                  probe.spotted)
                    assert got == expected and all(a is b for a, b in zip(got, expected))
                    checked += bool(expected) and bool(probe.spotted)
    assert checked > 200


def test_the_pure_engine_runs_the_pure_forms():
    assert not legal.COMPILED and not spots.COMPILED


def test_double_moves_by_key_match_the_board_moves():
    """legal.double_move_actions_typed (the compiled build's memo fill) against
    board.double_moves_from_counts over every 9th layout of up to 3 satellites per line, with two
    patterns of own ones: the same action dicts in the same order."""
    from itertools import product

    from engine.darkagent import board
    from engine.darkagent.action_dicts import MOVE_SATELLITES
    checked = 0
    for sizes in list(product(range(4), repeat=board.LINES))[::9]:
        if sum(sizes) > 12:
            continue
        for own in ((min(1, s) if i % 2 else min(2, s)) for i, s in enumerate(sizes)), \
                (s if i < 2 else 0 for i, s in enumerate(sizes)):
            own = tuple(own)
            key = 0
            for count, size in zip(own, sizes):
                key = key * 16 + count * 4 + size
            expected = tuple(MOVE_SATELLITES[m] for m in board.double_moves_from_counts(own, sizes))
            got = legal.double_move_actions_typed(key)
            assert got == expected and all(a is b for a, b in zip(got, expected)), (own, sizes)
            checked += 1
    assert checked > 500

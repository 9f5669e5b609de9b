"""Scenario tests: setup, Phase 1 satellites, spotting ranges, UN phase, scoring, solo, effects."""

from dataclasses import replace

import engine
from engine.darkagent import RULES
from engine.darkagent.board import spot_range
from engine.darkagent.data import EMPTY, NEUTRAL
from engine.darkagent.scoring import ledger, score
from engine.darkagent.state import ACT, MOVE, OVER, PLACE, VOTE
from engine.darkagent.turns import round_limit

from .scenario import act, blank, card, cell, legal, put, spy

AIM = card("nuclear_submarine")


def test_setup_counter_clockwise_order_and_reverse_placement():
    m = engine.start("darkagent", {"players": 4}, seed=3)
    s = m.state
    assert s.phase == PLACE and s.double_agent == 1  # last player = first's left = seat 1
    assert s.place_order[:4] == (1, 2, 3, 0) and len(s.place_order) == 12
    assert sum(len(line) for line in s.sats) == 6  # two unplayed nations, neutral
    assert all(len(line) <= 3 for line in s.sats)
    assert sorted(c for c in s.grid if c < 100) == list(range(24))
    assert len(s.deck) == 13 and all(code != EMPTY for code in s.grid)
    while m.state.phase == PLACE:
        seat = engine.to_move(m)[0]
        m = engine.step(m, seat, engine.legal_actions(m, seat)[0])
    assert m.state.phase == MOVE and engine.to_move(m) == [0]
    order = []
    st = replace(m.state, phase=ACT)
    for _ in range(4):
        order.append(st.turn)
        st, _ = RULES.apply(st, st.turn, {"type": "end_turn"}, engine.Rng(1))
        st = replace(st, phase=ACT) if st.phase == MOVE else st
    assert order == [0, 3, 2, 1] and st.phase == VOTE


def test_spotting_range_table():
    assert spot_range((0,), 0) == 1
    assert spot_range((0, 1), 0) == 2
    assert spot_range((NEUTRAL, 0, 1), 0) == 3
    assert spot_range((0, 0, 0), 0) == 5
    assert spot_range((NEUTRAL, NEUTRAL, 0), 0) == 3


def test_spot_actions_by_range_and_super_satellite():
    s = replace(blank(), sats=((0,), (0, 1), (0, 0, 0)) + ((),) * 4)
    spots = [a for a in legal(s) if a["type"] == "spot"]
    normal = {(a["line"], a["depth"]) for a in spots if not a.get("super")}
    assert normal == {(0, 0), (1, 0), (1, 1)} | {(2, d) for d in range(5)}
    supers = {(a["line"], a["depth"]) for a in spots if a.get("super")}
    assert supers == {(0, d) for d in range(1, 5)} | {(1, d) for d in range(2, 5)}
    s2, _ = act(s, 0, {"type": "spot", "line": 0, "depth": 4, "super": True})
    assert s2.super_token[0] is False and s2.spotted == (cell(0, 4),)
    assert not [a for a in legal(s2) if a["type"] == "spot" and a["line"] == 0]
    s3, _ = act(s2, 0, {"type": "spot", "line": 2, "depth": 3})
    s3, _ = act(s3, 0, {"type": "spot", "line": 2, "depth": 1})
    assert [a["depth"] for a in legal(s3) if a["type"] == "spot" and a["line"] == 2] == [0, 2, 4]


def test_phase1_moves_swaps_and_locks():
    sats = ((0, 0), (1, 1, 1), (NEUTRAL, NEUTRAL, NEUTRAL), (1,), (), (), ())
    s = replace(blank(), phase=MOVE, sats=sats)
    acts = legal(s)
    moves = [a for a in acts if a["type"] == "move_satellites"]
    assert moves and all(len(a["moves"]) == 4 for a in moves)
    swaps = [a for a in acts if a["type"] == "swap_satellite"]
    assert not [a for a in swaps if a["with_line"] == 1]  # seat 1 holds all three: locked
    assert {"type": "swap_satellite", "line": 0, "with_line": 2, "owner": NEUTRAL} in swaps
    s2, _ = act(s, 0, {"type": "swap_satellite", "line": 0, "with_line": 3, "owner": 1})
    assert s2.sats[0] == (0, 1) and s2.sats[3] == (0,) and s2.phase == ACT
    s3, _ = act(s, 0, moves[0])
    assert sum(line.count(0) for line in s3.sats) == 2 and all(len(x) <= 3 for x in s3.sats)


def test_phase1_single_move_when_two_impossible_and_skip_when_nothing():
    full = ((0, NEUTRAL, NEUTRAL),) + ((NEUTRAL,) * 3,) * 5 + ((NEUTRAL, NEUTRAL),)
    s = replace(blank(), phase=MOVE, sats=full)
    moves = [a for a in legal(s) if a["type"] == "move_satellites"]
    assert moves == [{"type": "move_satellites", "moves": [0, 6]}]
    only = ((0, 0, 0),) + ((),) * 6
    s_lock = replace(blank(players=1), phase=MOVE, sats=only)
    assert all(a["type"] == "move_satellites" for a in legal(s_lock))


def test_un_phase_vote_is_secret_and_rotation_moves_lines():
    s = put(blank(), {cell(0, 0): AIM, cell(1, 3): spy(1, 2)})
    s = replace(s, turn=1)
    s, _ = act(s, 1, {"type": "end_turn"})
    assert s.phase == VOTE and RULES.to_move(s) == (0, 1)
    s, events = act(s, 1, {"type": "vote", "rotate": True})
    assert events[0]["public"] == {"voted": 1} and events[0]["private"] == {"1": {"rotate": True}}
    assert RULES.view(s, 0)["players"][1]["has_voted"] and RULES.view(s, 0)["my_vote"] == -1
    s, events = act(s, 0, {"type": "vote", "rotate": True})
    assert s.grid[cell(6, 0)] == AIM and s.grid[cell(0, 3)] == spy(1, 2)
    assert s.phase == MOVE and s.round == 2 and s.turn == 0 and s.rotations == 1
    tie = replace(blank(), phase=VOTE, votes=(1, -1))
    tie, _ = act(tie, 1, {"type": "vote", "rotate": False})
    assert tie.rotations == 0


def test_end_check_objectives_and_dark_agent_condition():
    aims = (card("hostage"), card("virology_lab"), AIM)
    s = replace(blank(), turn=1, captured=(aims, ()))
    done, _ = act(s, 1, {"type": "end_turn"})
    assert done.phase == OVER and RULES.outcome(done)["winners"] == [0]
    need = replace(s, cfg=replace(s.cfg, need_dark_agent=True))
    going, _ = act(need, 1, {"type": "end_turn"})
    assert going.phase == VOTE
    limited = replace(s, captured=((), ()), cfg=replace(s.cfg, max_rounds=5), round=5)
    over, _ = act(limited, 1, {"type": "end_turn"})
    assert over.phase == OVER and over.end_reason == "rounds"
    assert RULES.outcome(over)["winners"] == [0, 1]  # ties share


def test_scoring_ledger():
    s = put(blank(), {cell(0, 0): spy(0, 5), cell(0, 1): spy(1, 3)})
    s = replace(s, captured=((AIM, card("sentinel3"), card("dark_agent"), card("agent2")), ()),
                kills=(((1, 2),), ()), bonus_holder=0, bonus_aim=AIM)
    kinds = sorted(e["kind"] for e in ledger(s, 0))
    assert kinds == ["agent", "aim", "bonus", "dark", "deployed", "kill", "sentinel"]
    assert score(s, 0) == 6 + 3 + 5 + 2 + 2 + 5 + 3 and score(s, 1) == 3


def test_solo_rounds_target_and_die_vote():
    s = blank(players=1, aim_limit=2)
    assert round_limit(s.cfg) == 12
    s = replace(s, phase=VOTE, votes=(-1,))
    from .scenario import ForcedRng
    yes, events = RULES.apply(s, 0, {"type": "vote", "rotate": True}, ForcedRng([5]))
    assert yes.rotations == 1 and events[1]["public"]["opposition_die"] == 5
    no, _ = RULES.apply(s, 0, {"type": "vote", "rotate": True}, ForcedRng([3]))
    assert no.rotations == 0
    rich = ((card("dark_agent"),) + tuple(card(n) for n in ("nuclear_submarine", "hostage", "virology_lab",
                                                         "united_nations", "space_control_centre")),)
    won = replace(blank(players=1, aim_limit=2), phase=OVER, captured=rich, bonus_holder=0)
    assert score(won, 0) == 38 and RULES.outcome(won)["winners"] == [0]  # 35 + alpha(2) = 37
    no_dark = replace(won, captured=(rich[0][1:],))
    assert RULES.outcome(no_dark)["winners"] == []


def test_objective_effects_option():
    s = put(blank(objective_effects=True), {cell(0, 0): spy(0, 2), cell(0, 1): card("sentinel4"),
                                            cell(1, 0): spy(1, 3)})
    s = replace(s, spotted=(cell(0, 0), cell(0, 1), cell(1, 0)),
                captured=((card("nuclear_submarine"), card("virology_lab")), (card("united_nations"),)))
    _, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 2, 3])
    assert events[0]["public"]["attack"]["bonus"] == 4  # level 2 + Nuclear deterrence 2
    v, _ = act(s, 0, {"type": "virology", "cell": cell(1, 0)})
    assert v.grid[cell(1, 0)] == EMPTY and v.reserve[1][-1] == 5 and v.kills[0] == ()
    assert not [a for a in legal(v) if a["type"] == "virology"]
    from engine.darkagent.turns import vote_weight
    assert vote_weight(s, 1) == 2 and vote_weight(s, 0) == 1
    hostage = replace(s, captured=((card("hostage"),), ()))
    assert score(hostage, 0) == 6 + 2 + 2
    space = put(replace(blank(objective_effects=True), super_token=(False, True)),
                {cell(0, 0): spy(0, 5), cell(0, 1): card("space_control_centre")})
    space = replace(space, spotted=(cell(0, 0), cell(0, 1)))
    space, _ = act(space, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [6, 6, 6, 6])
    assert space.super_token[0] is True


def test_rule_choices_are_data(monkeypatch):
    from engine.darkagent.data import RULE
    s = put(blank(), {cell(0, 0): spy(0, 5), cell(0, 1): AIM})
    s = replace(s, spotted=(cell(0, 0), cell(0, 1)), reserve=((2, 3), (2, 3, 5)))
    attack = {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}
    assert act(s, 0, attack, [1, 1, 1, 2])[0].grid[cell(0, 0)] == spy(0, 5)
    monkeypatch.setitem(RULE, "objectiveFailureWoundsSpies", True)
    assert act(s, 0, attack, [1, 1, 1, 2])[0].grid[cell(0, 0)] == EMPTY
    blocked = put(s, {cell(1, 1): card("agent2")})
    assert not [a for a in legal(replace(blocked, spotted=blocked.spotted + (1,))) if a["type"] == "attack"
                and a["target"] == cell(0, 1)]
    monkeypatch.setitem(RULE, "neutralAgentsBlockObjectives", False)
    fresh = replace(blocked, spotted=blocked.spotted + (2,))
    assert attack in legal(fresh)

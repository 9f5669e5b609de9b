"""Scenario tests with forced dice: every attack kind, success and failure, blocks, double agent."""

from dataclasses import replace

from engine.darkagent import RULES
from engine.darkagent.data import EMPTY
from engine.darkagent.state import ACT, JACKET, MOVE

from .scenario import act, blank, card, cell, legal, put, spy

SENT2 = card("sentinel2")      # defence 16, level 2
AIM = card("nuclear_submarine")  # defence 20


def spotted(state, *cells):
    """State with exactly these cells spotted."""
    return replace(state, spotted=tuple(cells))


def test_sentinel_success_captures_and_scores():
    s = spotted(put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): SENT2}), cell(0, 0), cell(0, 1))
    s, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [4, 4, 3, 3])
    assert events[0]["public"]["attack"]["success"] and events[0]["public"]["attack"]["dice"] == [4, 4, 3, 3]
    assert s.grid[cell(0, 1)] == EMPTY and s.captured[0] == (SENT2,)
    assert score_of(s, 0) == 2 + 2  # sentinel level + own deployed L2 spy
    assert s.phase == ACT


def score_of(state, seat):
    """The seat's VP total."""
    from engine.darkagent.scoring import score
    return score(state, seat)


def test_sentinel_tie_is_success_and_failure_wounds_and_ends_turn():
    base = spotted(put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): SENT2}), cell(0, 0), cell(0, 1))
    s, _ = act(base, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [4, 4, 3, 3])
    assert s.captured[0] == (SENT2,)  # 14 + 2 = 16 >= 16
    s, events = act(base, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [4, 4, 3, 2])
    assert not events[0]["public"]["attack"]["success"]
    assert s.grid[cell(0, 0)] == EMPTY and 2 in s.reserve[0] and s.wounded[0] == (2,)
    assert s.turn == 1 and s.phase == MOVE  # turn over, next seat


def test_four_of_a_kind_always_wins():
    s = spotted(put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): card("sentinel4")}), cell(0, 0), cell(0, 1))
    s, _ = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 1, 1])
    assert s.captured[0] == (card("sentinel4"),)


def test_spy_attack_level_sum_rule_and_defender_die():
    s = put(blank(), {cell(0, 0): spy(0, 3), cell(1, 0): spy(1, 2), cell(2, 0): spy(1, 5)})
    s = replace(spotted(s, cell(0, 0), cell(1, 0), cell(2, 0)), reserve=((2, 5), (3,)))
    targets = {a["target"] for a in legal(s) if a["type"] == "attack"}
    assert targets == {cell(1, 0)}  # level 3 > 2 but not > 5
    # digest vector: dice 6,5,4,1 + A=3 vs B=12 (+ die) ; 16+3=19 >= 12+6 -> success
    s2, events = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 5, 4, 1, 6])
    att = events[0]["public"]["attack"]
    assert att["defender_die"] == 6 and att["defence"] == 18 and att["success"]
    assert s2.grid[cell(1, 0)] == EMPTY and s2.reserve[1] == (2, 3) and s2.kills[0] == ((1, 2),)
    assert score_of(s2, 0) == 3 + 2


def test_spy_attack_failure_by_defender_die():
    s = put(blank(), {cell(0, 0): spy(0, 3), cell(1, 0): card("agent2")})
    s = spotted(s, cell(0, 0), cell(1, 0))
    # 1+1+2+3 = 7 + 3 = 10 < 12 + 1
    s2, _ = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [1, 1, 2, 3, 1])
    assert s2.grid[cell(1, 0)] == card("agent2") and s2.grid[cell(0, 0)] == EMPTY and s2.turn == 1


def test_dark_agent_needs_level_sum_and_scores_five():
    s = put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): spy(0, 5), cell(1, 0): card("dark_agent")})
    s = replace(spotted(s, cell(0, 0), cell(0, 1), cell(1, 0)), reserve=((3,), (2, 3, 5)))
    spies = [a["spies"] for a in legal(s) if a["type"] == "attack"]
    assert spies == [[cell(0, 0), cell(0, 1)]]  # 2 alone and 5 alone are not > 5
    s2, _ = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0), cell(0, 1)]},
                [6, 6, 5, 5, 1])
    assert s2.captured[0] == (card("dark_agent"),) and score_of(s2, 0) == 5 + 7


def test_objective_blocked_by_adjacent_sentinel_or_enemy_spy_unless_explosives():
    base = put(blank(), {cell(1, 0): spy(0, 5), cell(1, 1): AIM, cell(1, 2): card("sentinel1")})
    base = spotted(base, cell(1, 0), cell(1, 1))
    assert not [a for a in legal(base) if a["type"] == "attack"]
    armed = replace(base, hands=(("explosives",), ()))
    attacks = [a for a in legal(armed) if a["type"] == "attack"]
    assert attacks == [{"type": "attack", "target": cell(1, 1), "spies": [cell(1, 0)], "explosives": True}]
    s, _ = act(armed, 0, attacks[0], [6, 6, 6, 5])
    assert s.captured[0] == (AIM,) and s.discard == ("explosives",) and s.hands[0] == ()
    assert s.bonus_holder == 0 and s.bonus_aim == AIM and score_of(s, 0) == 6 + 3 + 5
    enemy = put(base, {cell(1, 2): spy(1, 2)})
    assert not [a for a in legal(enemy) if a["type"] == "attack" and a["target"] == cell(1, 1)]


def test_objective_failure_adds_marker_no_wound_and_markers_add_to_attack():
    s = spotted(put(blank(), {cell(0, 0): spy(0, 5), cell(0, 1): AIM}), cell(0, 0), cell(0, 1))
    s2, _ = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 2, 3, 4])
    assert s2.markers[0] == 1 and s2.grid[cell(0, 0)] == spy(0, 5) and s2.turn == 1
    s3 = replace(s, markers=(5, 0, 0, 0, 0))
    _, events = act(s3, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 2, 3, 4])
    assert events[0]["public"]["attack"]["bonus"] == 10 and events[0]["public"]["attack"]["success"]


def test_plus_three_token_moves_to_the_latest_objective_winner():
    s = spotted(put(blank(), {cell(0, 0): spy(0, 5), cell(0, 1): AIM}), cell(0, 0), cell(0, 1))
    s = replace(s, bonus_holder=1, bonus_aim=card("hostage"), captured=((), (card("hostage"),)))
    s2, _ = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [6, 6, 6, 6])
    assert s2.bonus_holder == 0 and score_of(s2, 1) == 6 and score_of(s2, 0) == 6 + 3 + 5


def test_double_agent_fights_for_you_unblocks_objective_and_goes_to_owner():
    s = put(blank(double_agent=0), {cell(0, 0): spy(0, 2), cell(1, 1): spy(1, 5), cell(0, 1): AIM})
    s = replace(spotted(s, cell(0, 0), cell(1, 1), cell(0, 1)), reserve=((3, 5), (2, 3)))
    assert not [a for a in legal(s) if a["type"] == "attack" and a["target"] == cell(0, 1)]
    s, _ = act(s, 0, {"type": "double_agent", "cell": cell(1, 1)})
    attacks = [a for a in legal(s) if a["type"] == "attack"]
    assert {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0), cell(1, 1)]} in attacks
    assert all(a["spies"] != [cell(1, 1)] for a in attacks)  # never alone
    s2, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0), cell(1, 1)]},
                     [6, 6, 5, 2])
    assert events[0]["public"]["attack"]["bonus"] == 7 and s2.captured[0] == (AIM,)
    s3, _ = act(s2, 0, {"type": "end_turn"})
    assert s3.double_agent == 1 and s3.turned == -1


def test_double_agent_on_neutral_is_discarded():
    s = put(blank(double_agent=0), {cell(0, 0): spy(0, 2), cell(1, 0): card("agent3")})
    s = spotted(s, cell(0, 0), cell(1, 0))
    s, _ = act(s, 0, {"type": "double_agent", "cell": cell(1, 0)})
    s, _ = act(s, 0, {"type": "end_turn"})
    assert s.double_agent == -1


def test_bulletproof_jacket_defence_prompt_and_auto():
    s = put(blank(jacket_defence="ask"), {cell(0, 0): spy(0, 5), cell(1, 0): spy(1, 2)})
    s = replace(spotted(s, cell(0, 0), cell(1, 0)), hands=((), ("bulletproof_jacket",)),
                reserve=((2, 3), (3, 5)))
    s2, _ = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 6, 5, 1])
    assert s2.phase == JACKET and s2.hands_public[1] == ("bulletproof_jacket",)
    assert RULES.to_move(s2) == (1,)
    used, _ = act(s2, 1, {"type": "jacket", "use": True})
    assert used.grid[cell(1, 0)] == spy(1, 2) and used.hands[1] == () and used.phase == ACT
    assert used.kills[0] == ()
    declined, _ = act(s2, 1, {"type": "jacket", "use": False})
    assert declined.grid[cell(1, 0)] == EMPTY and declined.kills[0] == ((1, 2),)
    auto = replace(s, cfg=replace(s.cfg, jacket_defence="auto"))
    s3, _ = act(auto, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 6, 5, 1])
    assert s3.phase == ACT and s3.grid[cell(1, 0)] == spy(1, 2) and s3.discard == ("bulletproof_jacket",)


def test_neutral_agent_kill_scores_its_level():
    s = put(blank(), {cell(0, 0): spy(0, 3), cell(1, 0): card("agent2")})
    s = spotted(s, cell(0, 0), cell(1, 0))
    s2, _ = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 1, 2, 3])
    assert s2.captured[0] == (card("agent2"),) and score_of(s2, 0) == 2 + 3


def test_dice_come_from_the_match_rng_and_are_logged_for_everyone():
    import engine

    from .scenario import OPTIONS
    s = spotted(put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): SENT2}), cell(0, 0), cell(0, 1))
    m = engine.Match("darkagent", dict(OPTIONS), 12345, 0, 0, s)
    m2 = engine.step(m, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]})
    assert m2.counter == 4  # four attack dice drawn from the match RNG
    for viewer in (None, 0, 1):
        attack = engine.render(m2, viewer)["log"][0]["public"]["attack"]
        assert len(attack["dice"]) == 4 and all(1 <= d <= 6 for d in attack["dice"])
    assert engine.render(m2, None)["state"]["last_roll"]["dice"] == attack["dice"]


def test_wounded_spy_is_redeployed_healthy():
    from .scenario import card as c
    s = spotted(put(blank(), {cell(0, 0): spy(0, 2), cell(0, 1): SENT2, cell(0, 2): c("support")}),
                cell(0, 0), cell(0, 1), cell(0, 2))
    s = replace(s, reserve=((3, 5), (2, 3, 5)))
    s, _ = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 1, 2])
    assert s.wounded[0] == (2,) and s.reserve[0] == (2, 3, 5)
    s = replace(s, phase=ACT, turn=0, spotted=(), sats=((0, 0, 0),) + s.sats[1:])
    s, _ = act(s, 0, {"type": "spot", "line": 0, "depth": 2, "to": cell(0, 0)})
    assert s.grid[cell(0, 0)] == spy(0, 2) and s.wounded[0] == () and s.reserve[0] == (3, 5)


def test_bulletproof_jacket_saves_the_spy_automatically_by_default_keeping_the_hand_secret():
    from engine.darkagent.setup import make_config
    defaults = RULES.validate_options({"players": 2})
    assert defaults["jacket_defence"] == "auto"
    s = put(blank(), {cell(0, 0): spy(0, 5), cell(1, 0): spy(1, 2)})
    s = replace(spotted(s, cell(0, 0), cell(1, 0)), cfg=make_config(defaults),
                hands=((), ("bulletproof_jacket", "rifle")), reserve=((2, 3), (3, 5)))
    s2, events = act(s, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 6, 5, 1])
    assert s2.phase == ACT and RULES.to_move(s2) == (0,)  # no prompt: the attacker plays on
    assert s2.grid[cell(1, 0)] == spy(1, 2) and s2.hands[1] == ("rifle",) and s2.kills[0] == ()
    assert s2.hands_public[1] == () and s2.discard == ("bulletproof_jacket",)
    assert [e["public"] for e in events][1:] == [{"jacket": {"seat": 1, "cell": cell(1, 0), "used": True}}]
    no_jacket = replace(s, hands=((), ("rifle",)))
    s3, _ = act(no_jacket, 0, {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}, [6, 6, 6, 5, 1])
    assert s3.phase == ACT and s3.grid[cell(1, 0)] == EMPTY and s3.kills[0] == ((1, 2),)

"""Scenario tests: every equipment card, every special card, taking equipment, hand limit."""

from dataclasses import replace

from engine.darkagent.data import EMPTY
from engine.darkagent.state import ACT, MEDIA, MOVE

from .scenario import act, blank, card, cell, equip, legal, own_line, put, spot, spy

SENT2 = card("sentinel2")
AIM = card("nuclear_submarine")


def with_spy_and_sentinel(**kw):
    """Seat 0's spotted L2 spy next to a spotted level-2 sentinel."""
    s = put(blank(**kw), {cell(0, 0): spy(0, 2), cell(0, 1): SENT2})
    return replace(s, spotted=(cell(0, 0), cell(0, 1)), reserve=((3, 5), (2, 3, 5)))


def test_take_equipment_and_hand_limit():
    s = put(blank(), {cell(0, 0): equip("rifle")})
    s = replace(s, spotted=(cell(0, 0),))
    s2, events = act(s, 0, {"type": "take", "cell": cell(0, 0)})
    assert s2.hands[0] == ("rifle",) and s2.hands_public[0] == ("rifle",) and s2.grid[0] == EMPTY
    assert events[0]["public"]["take"]["card"] == "rifle"
    full = replace(s, hands=(("binoculars", "explosives", "jet_pack"), ()))
    assert not [a for a in legal(full) if a["type"] == "take"]


def test_adrenaline_adds_the_spy_level_once():
    s = replace(with_spy_and_sentinel(), hands=(("adrenaline",), ()))
    attack = {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)], "adrenaline": cell(0, 0)}
    assert attack in legal(s)
    s2, events = act(s, 0, attack, [4, 3, 3, 2])
    assert events[0]["public"]["attack"]["bonus"] == 4 and events[0]["public"]["attack"]["success"]
    assert s2.hands[0] == () and s2.discard == ("adrenaline",)


def test_adrenaline_does_not_count_for_the_level_rule():
    s = put(blank(), {cell(0, 0): spy(0, 2), cell(1, 0): spy(1, 2)})
    s = replace(s, spotted=(cell(0, 0), cell(1, 0)), hands=(("adrenaline",), ()))
    assert not [a for a in legal(s) if a["type"] == "attack"]


def test_binoculars_put_two_markers_on_a_spotted_objective():
    s = put(blank(), {cell(0, 0): AIM})
    s = replace(s, spotted=(cell(0, 0),), hands=(("binoculars",), ()))
    s2, _ = act(s, 0, {"type": "play", "card": "binoculars", "cell": cell(0, 0)})
    assert s2.markers[0] == 2 and s2.discard == ("binoculars",)


def test_bulletproof_jacket_offence_spares_the_next_failure():
    s = replace(with_spy_and_sentinel(), hands=(("bulletproof_jacket",), ()))
    s, _ = act(s, 0, {"type": "play", "card": "bulletproof_jacket"})
    assert "invulnerable" in s.status
    s2, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 2, 3])
    assert s2.grid[cell(0, 0)] == spy(0, 2) and s2.wounded[0] == () and s2.turn == 1
    assert events[1]["public"] == {"invulnerable_spent": 0}


def test_jet_pack_swaps_own_spy_with_spotted_sentinel():
    s = put(blank(), {cell(3, 4): spy(0, 3), cell(0, 1): SENT2})
    s = replace(s, spotted=(cell(0, 1),), hands=(("jet_pack",), ()))
    action = {"type": "play", "card": "jet_pack", "cell": cell(3, 4), "to": cell(0, 1)}
    assert action in legal(s)
    s2, _ = act(s, 0, action)
    assert s2.grid[cell(0, 1)] == spy(0, 3) and s2.grid[cell(3, 4)] == SENT2


def test_rifle_bonus_remote_sentinel_and_one_retry():
    s = put(blank(), {cell(0, 0): spy(0, 5), cell(0, 1): spy(0, 3), cell(6, 4): SENT2})
    s = replace(s, spotted=(cell(0, 0), cell(0, 1)), hands=(("rifle",), ()), reserve=((2,), (2, 3, 5)))
    assert not [a for a in legal(s) if a["type"] == "attack"]
    s, _ = act(s, 0, {"type": "play", "card": "rifle"})
    remote = {"type": "attack", "target": cell(6, 4), "spies": [cell(0, 0)]}
    assert remote in legal(s)
    s2, events = act(s, 0, remote, [1, 1, 2, 3])  # 7 + 5 + 2 = 14 < 16: fails, but the turn goes on
    assert events[0]["public"]["attack"]["bonus"] == 7
    assert s2.phase == ACT and s2.turn == 0 and s2.grid[cell(0, 0)] == EMPTY
    assert "rifle_remote" in s2.status and "rifle_retry" in s2.status
    assert not [a for a in legal(s2) if a["type"] == "attack"]  # remote use spent
    s3 = replace(s2, spotted=s2.spotted + (cell(6, 4),))
    s4, _ = act(s3, 0, {"type": "attack", "target": cell(6, 4), "spies": [cell(0, 1)]}, [1, 1, 2, 3])
    assert s4.turn == 1  # second failure ends the turn


def test_rocket_launcher_sets_one_die():
    s = replace(with_spy_and_sentinel(), hands=(("rocket_launcher",), ()))
    s, _ = act(s, 0, {"type": "play", "card": "rocket_launcher"})
    _, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 2, 3, 4])
    att = events[0]["public"]["attack"]
    assert att["dice"] == [1, 2, 3, 4] and att["dice_used"] == [2, 3, 4, 6] and att["success"]
    s3, events = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 1, 2])
    assert events[0]["public"]["attack"]["dice_used"] == [1, 1, 1, 1] and s3.captured[0] == (SENT2,)


def test_rubber_boat_and_support_deploy_lowest_reserve_spy_spotted_at_once():
    s = own_line(put(blank(), {cell(0, 1): card("support"), cell(0, 2): SENT2}), 0)
    s = replace(s, spotted=(cell(0, 0), cell(0, 2)), sats_used=(2,) + (0,) * 6,
                hands=(("rubber_boat",), ()), reserve=((3, 5), (2, 3, 5)), wounded=((3,), ()))
    s2, events = act(s, 0, spot(0, 1, to=cell(0, 0)))
    assert s2.grid[cell(0, 0)] == spy(0, 3) and s2.reserve[0] == (5,) and s2.wounded[0] == ()
    assert events[1]["public"]["special"] == {"seat": 0, "cell": cell(0, 1), "special": "support",
                                              "effect": True}
    assert {"type": "attack", "target": cell(0, 2), "spies": [cell(0, 0)]} in legal(s2)
    s3, _ = act(s2, 0, {"type": "play", "card": "rubber_boat", "to": cell(5, 5 - 1)})
    assert s3.grid[cell(5, 4)] == spy(0, 5) and s3.reserve[0] == ()


def test_support_acts_when_spotted_and_cannot_be_skipped_or_postponed():
    s = own_line(put(blank(), {cell(0, 1): card("support")}), 0)
    s = replace(s, reserve=((3, 5), (2, 3, 5)))
    spots = [a for a in legal(s) if a["type"] == "spot" and a["depth"] == 1]
    assert spots and all("to" in a for a in spots)  # no spot of the Support without deploying
    assert sorted(a["to"] for a in spots) == [c for c in range(35) if c != cell(0, 1)]
    assert not [a for a in legal(s) if a["type"] == "trigger"]
    try:
        act(s, 0, spot(0, 1))
    except Exception as error:  # IllegalAction: the deployment cell is part of the spot
        assert "not legal" in str(error)
    else:
        raise AssertionError("spotting a Support without a deployment cell was accepted")
    nobody = replace(s, reserve=((), (2, 3, 5)))
    assert spot(0, 1) in legal(nobody)  # no reserve spy: the spot has no effect
    s2, events = act(nobody, 0, spot(0, 1))
    assert s2.grid == nobody.grid and events[1]["public"]["special"]["effect"] is False


def test_supply_draws_hidden_card_when_spotted_and_reshuffles_discard_on_last_card():
    s = own_line(put(blank(), {cell(0, 0): card("supply")}), 0)
    s = replace(s, deck=("rifle",), discard=("jet_pack", "adrenaline"))
    assert not [a for a in legal(s) if a["type"] == "trigger"]
    s2, events = act(s, 0, spot(0, 0))
    assert s2.hands[0] == ("rifle",) and s2.hands_public[0] == ()
    assert events[2]["private"] == {"0": {"drew": "rifle"}} and "drew" not in str(events[2]["public"])
    assert s2.deck == ("jet_pack", "adrenaline") and s2.discard == ()
    full = replace(s, hands=(("adrenaline", "binoculars", "rifle"), ()))
    s3, events = act(full, 0, spot(0, 0))
    assert s3.hands == full.hands and s3.deck == full.deck and events[1]["public"]["special"]["effect"] is False


def test_media_at_end_of_turn_and_lost_on_failed_attack():
    s = own_line(put(with_spy_and_sentinel(), {cell(0, 2): card("media"), cell(4, 4): AIM}), 0)
    s = replace(s, sats_used=(2,) + (0,) * 6)
    s, _ = act(s, 0, spot(0, 2))
    assert "media" in s.status
    ended, _ = act(s, 0, {"type": "end_turn"})
    assert ended.phase == MEDIA and ended.turn == 0
    m, _ = act(ended, 0, {"type": "media_pick", "cell": cell(0, 1)})
    m, _ = act(m, 0, {"type": "media_pick", "cell": cell(4, 4)})
    m, _ = act(m, 0, {"type": "media_place", "cells": [cell(4, 4), cell(0, 1)]})
    assert m.grid[cell(4, 4)] == SENT2 and m.grid[cell(0, 1)] == AIM and m.phase == MOVE and m.turn == 1
    failed, _ = act(s, 0, {"type": "attack", "target": cell(0, 1), "spies": [cell(0, 0)]}, [1, 1, 2, 3])
    assert failed.phase == MOVE and failed.turn == 1


def test_espionage_takes_the_double_agent_token_when_spotted():
    s = own_line(put(blank(double_agent=1), {cell(0, 0): card("espionage")}), 0)
    s2, _ = act(s, 0, spot(0, 0))
    assert s2.double_agent == 0
    discarded = replace(s, double_agent=-1)
    assert act(discarded, 0, spot(0, 0))[0].double_agent == 0
    assert not [a for a in legal(s) if a["type"] == "trigger"]

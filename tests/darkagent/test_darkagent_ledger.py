"""The Dark Agent secret ledger (tests/secret_ledger/darkagent.py): clean on the engine, and it
catches injected leaks: another seat's hand in a view, a Supply draw in the public log, a vote
shown before the reveal, and the old default jacket prompt (which showed the holder's hand)."""

from dataclasses import replace

import pytest

import engine
from engine.darkagent import attack, view as view_module
from engine.darkagent.state import JACKET, VOTE, evolve
from tests.secret_ledger import sweep_match, sweep_options
from tests.secret_ledger.darkagent import Ledger

from .scenario import OPTIONS, blank, card, cell, own_line, put, spot, spy


def match_of(state):
    """A Match envelope around a crafted state (its options are the state's config)."""
    return engine.Match("darkagent", state.cfg.to_json(), 4242, 0, 0, state)


def step_and_check(match, seat, action, viewer):
    """Step with a fresh ledger watching; the viewer's violations after the step."""
    ledger = Ledger(match)
    after = engine.step(match, seat, action)
    ledger.observe(match, seat, action, after)
    return after, ledger.violations(after, viewer, engine.render(after, viewer, log_since=match.version))


@pytest.mark.parametrize("index", range(6))
def test_the_engine_keeps_every_secret_in_a_swept_match(index):
    options = sweep_options("darkagent")[index]
    for bots in (("random",), ("heuristic",)):
        assert sweep_match("darkagent", options, 77_000 + index, bots) == []


def test_secretly_drawn_cards_are_not_named_but_public_ones_are_allowed():
    s = replace(blank(), hands=(("jet_pack",), ("rifle", "rocket_launcher")),
                hands_public=((), ("rocket_launcher",)))
    m = match_of(s)
    ledger = Ledger(m)
    ledger.known[0][1]["rocket_launcher"] = 1  # as if taken face up from the theatre
    ledger.known[None][1]["rocket_launcher"] = 1
    for viewer in (0, 1, None):
        assert ledger.violations(m, viewer, engine.render(m, viewer)) == []


def test_injected_leak_other_hands_in_the_view_is_caught(monkeypatch):
    original = view_module._player_view

    def leaky(state, seat, deployed):
        return dict(original(state, seat, deployed), hand=list(state.hands[seat]))

    s = replace(blank(), hands=((), ("rifle",)))
    m = match_of(s)
    assert Ledger(m).violations(m, 0, engine.render(m, 0)) == []
    monkeypatch.setattr(view_module, "_player_view", leaky)
    found = Ledger(m).violations(m, 0, engine.render(m, 0))
    assert found and "rifle" in found[0]
    swept = [v for seed in range(20) for v in sweep_match("darkagent", {"players": 2, "max_rounds": 3}, seed)]
    assert swept and "outside the public and own places" in swept[0]


def test_injected_leak_a_public_supply_draw_is_caught(monkeypatch):
    from engine.darkagent import actions
    s = replace(own_line(put(blank(), {cell(0, 0): card("supply")}), 0), deck=("rifle", "jet_pack"))
    after, found = step_and_check(match_of(s), 0, spot(0, 0), viewer=1)
    assert found == [] and after.state.hands[0] == ("rifle",)
    original = actions.draw_equipment

    def public_draw(state, seat, rng):
        state, ev = original(state, seat, rng)
        return state, {"public": dict(ev["public"], drew=ev["private"][str(seat)]["drew"]), "private": {}}

    monkeypatch.setattr(actions, "draw_equipment", public_draw)
    _, found = step_and_check(match_of(s), 0, spot(0, 0), viewer=1)
    assert found == ["log names rifle 1 time(s) more than this step showed"]


def test_injected_leak_a_vote_shown_before_the_reveal_is_caught(monkeypatch):
    s = replace(blank(players=3), phase=VOTE, votes=(-1, -1, -1))
    m = match_of(s)
    after, found = step_and_check(m, 0, {"type": "vote", "rotate": True}, viewer=1)
    assert found == []
    original = view_module.view
    monkeypatch.setattr(view_module, "view", lambda state, seat: dict(original(state, seat), votes=list(state.votes)))
    _, found = step_and_check(m, 0, {"type": "vote", "rotate": True}, viewer=1)
    assert found == ["the state view depends on seat 0's secret vote"]


def test_regression_the_old_default_jacket_prompt_showed_the_holders_hand(monkeypatch):
    """Fixed leak: the old default prompted the owner of a hit spy holding a Bulletproof jacket
    (jacket_defence "ask"), which told everybody about that card; the seed's rule ("auto", now
    the default) discards it without a prompt. With the old behaviour patched back in under
    default options, the ledger flags the jacket the prompt put in the known hand."""
    assert OPTIONS["jacket_defence"] == "auto" == engine.GAMES["darkagent"].validate_options({})["jacket_defence"]
    s = put(blank(), {cell(0, 0): spy(0, 5), cell(1, 0): spy(1, 2)})
    s = replace(s, spotted=(cell(0, 0), cell(1, 0)), hands=((), ("bulletproof_jacket",)),
                reserve=((2, 3), (3, 5)))
    hit = {"type": "attack", "target": cell(1, 0), "spies": [cell(0, 0)]}
    m = match_of(s)
    _, found = step_and_check(m, 0, hit, viewer=0)
    assert found == []
    original = attack._hit_player_spy

    def old_default(state, seat, target, code):  # the old default: always prompt
        asked, events = original(evolve(state, cfg=replace(state.cfg, jacket_defence="ask")), seat, target, code)
        return evolve(asked, cfg=state.cfg), events

    monkeypatch.setattr(attack, "_hit_player_spy", old_default)
    after, found = step_and_check(m, 0, hit, viewer=0)
    assert after.state.phase == JACKET
    assert found and all("bulletproof_jacket" in text for text in found)
    asked = match_of(replace(s, cfg=replace(s.cfg, jacket_defence="ask")))
    monkeypatch.undo()
    after, found = step_and_check(asked, 0, hit, viewer=0)
    assert after.state.phase == JACKET and found == []  # OUR "ask" variant: a legitimate disclosure

"""Hidden information the engine must keep (or tell): crafted-state scenarios.

- A Deploy's parameters that name a hand card (the card to give or to reveal) are told only to
  the deployer until the effect resolves: not in the public `deploy` event, not in the pending
  stack, not in the other seat's legal actions. A blocked Deploy never shows them.
- No-Return Mail hands its card over privately: a spectator never learns it.
- After a failed assassination the defender is told which of its cards the attacker saw, and it
  goes into both seats' knowledge.
- The first player's opening draw is logged (privately) at version 0, as every later draw.
"""

import json

import pytest

import engine
from engine import Rng
from engine.classified import RULES
from engine.classified.view import view_state
from tests.classified.helpers import act, check_conservation, guards, scenario, slot, top
from tests.secret_ledger.classified import card_names

PTP = {10: "ruby_6", 11: "ruby_6"}  # Pull the Plug in the match; seat 1 holds card 10
GIVE = 2  # the hand card every case below gives or reveals

# design -> (deployed card, extra zones, the Deploy's other parameters)
HAND_CARD_DEPLOYS = {
    "emerald_1": (0, {}, {}),                                                       # High-Tech Bookends
    "promo_1b": (0, {}, {}),                                                        # Loyalty Test
    "citrine_5": (8, {"discard": (17,)}, {"take": 17}),                             # Scavenge
    "emerald_8": (14, {"discard": (17,)}, {"mode": "both"}),                        # Web Search, both
    "citrine_4": (6, {"guards": guards([slot(12)], [])}, {"mode": "self", "slot": 0}),  # Switch Places
    "promo_9b": (16, {}, {}),                                                       # No-Return Mail
}
REVEALED_TO_ALL_ON_RESOLVE = {"emerald_1", "promo_1b", "citrine_5", "emerald_8", "citrine_4"}


def deploy_case(key):
    """(state with seat 0 to deploy, the Deploy action): seat 1 holds Pull the Plug and 2 cards."""
    card, zones, params = HAND_CARD_DEPLOYS[key]
    state = scenario(designs={**PTP, card: key}, hands=((card, GIVE, 3), (10, 4)), suitcases=(13, 15),
                     **zones)
    return state, {"type": "deploy", "card": card, "give": GIVE, **params}


def names(state, viewer, log):
    """Card ids a viewer is shown: its view, its legal actions, its part of the step's log."""
    moving = viewer is not None and viewer in RULES.to_move(state)
    rendered = {"state": view_state(state, viewer),
                "legal_actions": RULES.legal_actions(state, viewer) if moving else [],
                "log": [_entry_for(e, viewer) for e in log]}
    return {c for _, c in card_names(json.loads(json.dumps(rendered)))}


def _entry_for(entry, viewer):
    out = {"public": entry["public"]}
    if viewer is not None and str(viewer) in entry.get("private", {}):
        out["private"] = entry["private"][str(viewer)]
    return out


@pytest.mark.parametrize("key", sorted(HAND_CARD_DEPLOYS))
def test_hand_card_parameter_is_the_deployers_while_pull_the_plug_is_open(key):
    s, action = deploy_case(key)
    s, log = act(s, 0, action)
    assert top(s).kind == "window_ptp" and top(s).seat == 1
    deploy = [e for e in log if e["public"]["event"] == "deploy"][0]
    assert "give" not in deploy["public"]["params"]
    assert deploy["private"]["0"]["params"]["give"] == GIVE
    assert GIVE not in names(s, 1, log) and GIVE not in names(s, None, log)
    assert GIVE in names(s, 0, log)  # the deployer's own stack secret and log


@pytest.mark.parametrize("key", sorted(HAND_CARD_DEPLOYS))
def test_blocked_deploy_never_shows_its_hand_card(key):
    s, action = deploy_case(key)
    s, log1 = act(s, 0, action)
    s, log2 = act(s, 1, {"type": "react", "card": 10})
    assert GIVE in s.hands[0] and not s.stack
    for viewer in (1, None):
        assert GIVE not in names(s, viewer, log1 + log2)


@pytest.mark.parametrize("key", sorted(HAND_CARD_DEPLOYS))
def test_resolved_deploy_shows_what_its_effect_shows(key):
    s, action = deploy_case(key)
    s, _ = act(s, 0, action)
    s, log = act(s, 1, {"type": "pass"})
    assert GIVE in names(s, 1, log)
    assert (GIVE in names(s, None, log)) == (key in REVEALED_TO_ALL_ON_RESOLVE)


def test_no_return_mail_without_a_window_hands_the_card_over_privately():
    s = scenario(designs={16: "promo_9b"}, hands=((16, GIVE, 3), (10, 4)), suitcases=(13, 15))
    s, log = act(s, 0, {"type": "deploy", "card": 16, "give": GIVE})
    assert top(s).kind == "mail_return" and GIVE in s.hands[1]
    assert all("give" not in e["public"].get("params", {}) for e in log)
    assert GIVE not in names(s, None, log) and GIVE in names(s, 1, log)


def test_other_seat_can_sample_and_resolve_a_pending_deploy_with_private_parameters():
    s, action = deploy_case("promo_9b")
    s, _ = act(s, 0, action)
    view = json.loads(json.dumps(view_state(s, 1)))
    assert "secret" not in view["stack"][0]
    for seed in range(10):
        sampled = RULES.sample_state(view, 1, Rng(seed))
        check_conservation(sampled)
        after, _ = RULES.apply(sampled, 1, {"type": "pass"}, Rng(seed))
        check_conservation(after)


def test_failed_assassination_tells_the_defender_which_card_was_shown():
    attacker_card, target = 3, 8  # a 2 (Code 1-2-3) misses a face-down 5 (Code 4-5-6)
    s = scenario(hands=((attacker_card, 0), (12, 14)), suitcases=(16, 17),
                 guards=guards([], [slot(target)]), leftover="deck")
    s, log = act(s, 0, {"type": "assassinate", "card": attacker_card, "slot": 0})
    shown = s.knowledge[0][-1]["cards"]
    assert len(shown) == 1 and shown[0] in (12, 14)
    reveal = [e for e in log if e["public"]["event"] == "reveal_hand"][0]
    assert reveal["private"]["0"]["cards"] == shown and reveal["private"]["1"]["cards"] == shown
    assert s.knowledge[1][-1]["cards"] == shown and s.knowledge[1][-1]["seat"] == 0
    assert view_state(s, 1)["knowledge"][-1]["cards"] == shown
    assert shown[0] not in names(s, None, log)


@pytest.mark.parametrize("seed", [3, 4, 11])
def test_opening_draw_is_logged_privately_at_version_zero(seed):
    match = engine.start("classified", {}, seed)
    first = match.state.first
    assert len(match.log) == 1
    entry = match.log[0]
    assert entry["seq"] == 0 and entry["actor"] is None
    assert entry["public"] == {"event": "draw", "seat": first, "deck_left": len(match.state.deck)}
    drawn = entry["private"][str(first)]["card"]
    assert drawn in match.state.hands[first] and len(match.state.hands[first]) == 3
    assert "private" not in engine.render(match, 1 - first)["log"][0]
    assert "private" not in engine.render(match, None)["log"][0]
    assert engine.render(match, first)["log"][0]["private"] == {"card": drawn}


def test_no_set_up_draw_is_logged_before_suitcases_are_picked():
    match = engine.start("classified", {"suitcase_pick": True}, 5)
    assert match.log == () and match.state.opening_draw == -1

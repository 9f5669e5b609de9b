"""The Classified Information secret ledger (tests/secret_ledger/classified.py) catches leaks:
injected ones (a view or an event that exposes a hidden card) and every leak fixed in the
engine, put back by monkeypatching the old behaviour (Deploy parameters announced in full)."""

import pytest

import engine
from engine.classified import RULES, actions, combat, rules as classified_rules
from tests.classified.test_classified_trust import HAND_CARD_DEPLOYS, deploy_case
from tests.secret_ledger import BOT_MIXES, check_views, sweep_match, sweep_options
from tests.secret_ledger.classified import Ledger
from tests.test_secret_ledger import SEED_BASE


def old_announce_everything(state, card, params):
    """The old behaviour: every Deploy parameter announced with the Deploy (Telepathy's guess
    excepted) and kept in the pending stack's public arguments."""
    if state.designs[card] in actions.SECRET_PARAMS:
        return {}, tuple(sorted(params))
    return dict(params), ()


def play_script(state, steps):
    """Run a crafted state through engine.step with the ledger; violations at every version."""
    match = engine.Match("classified", RULES.validate_options({}), 0, 0, 0, state)
    ledger = Ledger(match)
    found = check_views(ledger, match, [0, 1], None)
    for seat, action in steps:
        after = engine.step(match, seat, action)
        ledger.observe(match, seat, action, after)
        found += check_views(ledger, after, [0, 1], match.version)
        match = after
    return found


def sweep_seed(offset):
    """sweep_match for the sweep's match at SEED_BASE + offset (its option set and bot mix)."""
    options = sweep_options("classified")
    return sweep_match("classified", options[offset % len(options)], SEED_BASE + offset,
                       BOT_MIXES[offset % len(BOT_MIXES)])


# sweep matches where the old behaviour leaked, first leak: Loyalty Test, Scavenge, Web Search,
# No-Return Mail, Switch Places (found by running the ledger on the old code)
OLD_LEAK_OFFSETS = (4, 45, 57, 219, 69)


@pytest.mark.parametrize("key", sorted(HAND_CARD_DEPLOYS))
@pytest.mark.parametrize("react", [False, True], ids=["passed", "blocked"])
def test_ledger_catches_announced_hand_card_parameters(monkeypatch, key, react):
    state, action = deploy_case(key)
    answer = {"type": "react", "card": 10} if react else {"type": "pass"}
    assert play_script(state, [(0, action), (1, answer)]) == []
    monkeypatch.setattr(actions, "split_params", old_announce_everything)
    found = play_script(state, [(0, action), (1, answer)])
    assert any("viewer 1: card 2 at state/stack/0/args/1/give" in t for t in found), found
    assert any("viewer None: card 2 at log/0/public/params/give" in t for t in found), found


@pytest.mark.parametrize("offset", OLD_LEAK_OFFSETS, ids=[f"seed{SEED_BASE + o}" for o in OLD_LEAK_OFFSETS])
def test_ledger_sweep_finds_the_old_parameter_leak(monkeypatch, offset):
    assert sweep_seed(offset) == []
    monkeypatch.setattr(actions, "split_params", old_announce_everything)
    found = sweep_seed(offset)
    assert found and all("/give" in t for t in found), found


def test_ledger_catches_a_view_that_shows_the_opponents_hand(monkeypatch):
    real = classified_rules.view_state

    def leaky(state, seat):
        view = real(state, seat)
        if seat is not None:
            view["players"][1 - seat]["hand"] = list(state.hands[1 - seat])
        return view

    monkeypatch.setattr(classified_rules, "view_state", leaky)
    found = sweep_seed(0)
    assert found and "/hand/" in found[0], found


def test_ledger_catches_an_event_that_makes_a_private_card_public(monkeypatch):
    def leaky(log, public, seat, secret):
        log.append({"public": {**public, **secret}, "private": {}})

    monkeypatch.setattr(actions, "ev_private", leaky)  # encrypt / guard now name their card
    found = []
    for offset in range(6):
        found += sweep_seed(offset)
    assert any("log/" in t and "/public/card" in t for t in found), found


def test_ledger_catches_a_peek_shown_to_the_wrong_seat(monkeypatch):
    """A knowledge entry is the seat's own: showing it to the other seat is a leak."""
    real = classified_rules.view_state

    def leaky(state, seat):
        view = real(state, seat)
        if seat is not None:
            view["knowledge"] = list(state.knowledge[1 - seat])
        return view

    monkeypatch.setattr(classified_rules, "view_state", leaky)
    found = []
    for offset in range(60):
        found += sweep_seed(offset)
        if found:
            break
    assert any("/knowledge/" in t for t in found), found


def test_ledger_catches_a_telepathy_guess_shown_to_the_other_seat(monkeypatch):
    real = classified_rules.view_state

    def leaky(state, seat):
        view = real(state, seat)
        for p, items in enumerate(state.play):
            for index, (_, kind, extra) in enumerate(items):
                if kind == "telepathy":
                    view["players"][p]["play_area"][index]["guess"] = extra
        return view

    assert sweep_seed(15) == []  # a sweep match with a Telepathy Vision in play
    monkeypatch.setattr(classified_rules, "view_state", leaky)
    found = sweep_seed(15)
    assert found and "('guess'," in found[0] and "/play_area/" in found[0], found


def test_ledger_does_not_take_a_knowledge_entry_on_trust(monkeypatch):
    """A failed attempt that 'shows' the defender's Suitcase instead of a hand card: the state's
    own knowledge entry names it, but the ledger checks where the card was and flags it."""
    real = combat.show_random_card

    def wrong_card(state, owner, viewer, log, card, reason="random"):
        return real(state, owner, viewer, log, state.suitcases[owner], reason)

    monkeypatch.setattr(combat, "show_random_card", wrong_card)
    found = []
    for offset in range(30):
        found += sweep_seed(offset)
        if found:
            break
    assert any("/knowledge/" in t or "/private/cards/" in t for t in found), found

"""The shared tables of plays.cards_plays give exactly what building every action fresh gives.

The reference below is the plain rule (encrypt, guard, each assassination target, each Deploy
parameter set, card by card): the tables must agree with it, key order included, in every card
set (Armored Fedora and Extra Protection in play too) and under both target rules.
"""

from engine import Rng
from engine.classified import RULES
from engine.classified.combat import attack_targets
from engine.classified.common import DEPLOY
from engine.classified.data import GUILD, PROPOSALS
from engine.classified.plays import cards_plays


def reference_plays(state, seat, cards):
    """Every action built fresh, without any table."""
    out = []
    has_spot = None in state.guards[seat]
    can_attack = state.guards != ((None,) * 3, (None,) * 3)
    for card in cards:
        out.append({"type": "encrypt", "card": card})
        if GUILD[card] != "A" and has_spot:
            out.append({"type": "guard", "card": card})
        if GUILD[card] != "G" and can_attack:
            out += [{**t, "type": "assassinate", "card": card} for t in attack_targets(state, seat, card)]
        handlers = DEPLOY.get(state.designs[card])
        if handlers is not None:
            out += [{**p, "type": "deploy", "card": card} for p in handlers[0](state, seat, card)]
    return out


def ordered(actions):
    """The actions with their key order, for an exact comparison."""
    return [list(a.items()) for a in actions]


def check_playouts(options, matches):
    options = RULES.validate_options(options)
    checked = 0
    for seed in range(matches):
        rng, pick = Rng(seed), Rng(seed + 5)
        state = RULES.new_state(options, rng)
        while RULES.to_move(state):
            seat = RULES.to_move(state)[0]
            if not state.stack and state.stage == "action":
                hand = state.hands[seat]
                assert ordered(cards_plays(state, seat, hand)) == ordered(reference_plays(state, seat, hand))
                checked += 1
            legal = RULES.legal_actions(state, seat)
            state, _ = RULES.apply(state, seat, legal[pick.randbelow(len(legal))], rng)
    return checked


def test_tables_match_fresh_actions_in_every_card_set():
    for options in RULES.conformance_options:
        assert check_playouts(options, 40) > 100


def test_tables_follow_the_target_rule(monkeypatch):
    monkeypatch.setitem(PROPOSALS, "face_up_target_needs_shared_code", False)
    assert check_playouts({"card_set": "random_full", "promos": True}, 40) > 100
    monkeypatch.setitem(PROPOSALS, "face_up_target_needs_shared_code", True)
    assert check_playouts({"card_set": "random_full", "promos": True}, 40) > 100

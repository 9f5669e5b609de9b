"""Helpers for Inside Job scenario tests: crafted states, cards, and applying actions."""

from engine import Rng
from engine.insidejob import RULES
from engine.insidejob.state import InsideJobSetup, InsideJobState

BLUE, RED, YELLOW, GREEN = 0, 1, 2, 3


def card(suit, value):
    """The card id of a printed suit (0..3) and value (1..13)."""
    return suit * 13 + value - 1


def make_state(players=4, roles=None, hands=None, intel=None, **fields):
    """A crafted state: defaults are a 4-player game, seat 0 the Insider, play phase, seat 0
    leading mission M03 (trump blue) with an empty trick, 1 Intel each."""
    roles = tuple(roles or (["insider"] + ["agent"] * (players - 1)))
    setup = InsideJobSetup(
        players, fields.pop("wagers", True), fields.pop("risk_mode", False),
        tuple(fields.pop("specials", ())), fields.pop("voluntary_reveal", False),
        fields.pop("dealer", players - 1), roles, tuple(fields.pop("set_aside", ())))
    intel = tuple(intel if intel is not None else [1] * players)
    base = dict(
        setup=setup, phase="play", lead=0, turn=0,
        hands=tuple(tuple(sorted(h)) for h in (hands or [()] * players)),
        intel=intel, supply=14 - sum(intel),
        revealed=tuple(r in ("nervous_agent", "accomplice") for r in roles),
        deck=("M10", "M11", "M12", "M13", "M14", "M15"), drawn=(), discarded=(),
        mission="M03", trick=(), tricks=(), completed=(), failed=(),
        accomplice_target=-1, votes=(), result=())
    base.update(fields)
    return InsideJobState(**base)


def dummy_tricks(count, mission="M01"):
    """`count` finished-trick records (only their number matters to the flow)."""
    return tuple((0, mission, (), 0, True) for _ in range(count))


def play(state, seat, card_id, wager=False):
    """Apply a play action (checked for legality first); returns (state, events)."""
    action = {"type": "play", "card": card_id, "wager": wager}
    assert action in RULES.legal_actions(state, seat), f"{action} not legal for seat {seat}"
    return RULES.apply(state, seat, action, Rng(0))


def act(state, seat, action):
    """Apply any action after checking it is legal; returns the new state."""
    assert action in RULES.legal_actions(state, seat), f"{action} not legal for seat {seat}"
    return RULES.apply(state, seat, action, Rng(0))[0]


def play_trick(state, cards, wagers=()):
    """Play one card per seat starting from state.turn; `wagers` lists the seats that wager."""
    events = []
    for card_id in cards:
        seat = state.turn
        state, evs = play(state, seat, card_id, seat in wagers)
        events.extend(evs)
    return state, events

"""Helpers for the Classified Information tests: card conservation, random playouts, crafted states."""

from dataclasses import replace

from engine import Rng
from engine.classified import RULES
from engine.classified.state import ClassifiedState


def all_cards(state):
    """Every card id in every zone (a multiset as a sorted list)."""
    cards = list(state.deck) + list(state.encrypted) + list(state.discard) + list(state.limbo)
    for s in (0, 1):
        cards += list(state.hands[s])
        if state.suitcases[s] >= 0:
            cards.append(state.suitcases[s])
        for slot in state.guards[s]:
            if slot is not None:
                cards.append(slot[0])
                if slot[2] >= 0:
                    cards.append(slot[2])
        for card, kind, extra in state.play[s]:
            cards.append(card)
            if kind == "hiding_spot" and extra >= 0:
                cards.append(extra)
    return sorted(cards)


def check_conservation(state):
    """Each of the 18 cards is in exactly one place."""
    assert all_cards(state) == list(range(18)), all_cards(state)


def random_playout(options, seed, check=True):
    """Play one random match with the rules object; returns (final state, actions taken)."""
    options = RULES.validate_options(options)
    rng = Rng(seed)
    pick = Rng(seed + 99991)
    state = RULES.new_state(options, rng)
    steps = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_move(state)[0]
        actions = RULES.legal_actions(state, seat)
        assert actions, (seat, state)
        state, _ = RULES.apply(state, seat, pick.choice(actions), rng)
        if check:
            check_conservation(state)
        steps += 1
    return state, steps


def crafted(**fields):
    """A Citrine state with seat 0 to act, no cards anywhere unless given; fields override."""
    base = dict(
        designs=tuple(f"citrine_{c // 2 + 1}" for c in range(18)), deck=(), encrypted=(),
        encrypted_by=(), discard=(), hands=((), ()), suitcases=(-1, -1), suitcase_up=(False, False),
        epochs=(0, 0), guards=((None,) * 3, (None,) * 3), play=((), ()), turn=0, turn_no=1,
        stage="action")
    base.update(fields)
    return ClassifiedState(**base)


def with_designs(state, mapping):
    """The state with some card ids showing other designs ({card: design})."""
    designs = list(state.designs)
    for card, key in mapping.items():
        designs[card] = key
    return replace(state, designs=tuple(designs))

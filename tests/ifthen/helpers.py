"""Helpers for If Then scenario tests: crafted states, card finders, one-call actions."""

from dataclasses import replace

import engine
from engine import Rng
from engine.ifthen.challenges import CURATED_BY_ID
from engine.ifthen.data import HALVES

RULES = engine.get_game("ifthen")
DIFF_BG = CURATED_BY_ID["L0-2"].key          # next background differs from the last
STEP_DOWN = CURATED_BY_ID["L0-1"].key        # next value = last value - 1 (cyclic)


def fresh(players=3, seed=1, **options):
    """A freshly set-up state."""
    return RULES.new_state(RULES.validate_options(dict(players=players, **options)), Rng(seed))


def craft(state, **changes):
    """The state with fields replaced (dataclasses.replace)."""
    return replace(state, **changes)


def card_where(pred, exclude=()):
    """The first card (and orientation) whose top half satisfies pred(value, size, ncol, bg)."""
    for card in range(60):
        if card in exclude:
            continue
        for orient in (0, 1):
            if pred(*HALVES[2 * card + orient]):
                return card, orient
    raise LookupError("no such card")


def card_both(pred, exclude=()):
    """The first card both of whose halves satisfy pred."""
    for card in range(60):
        if card not in exclude and pred(*HALVES[2 * card]) and pred(*HALVES[2 * card + 1]):
            return card
    raise LookupError("no such card")


def act(state, seat, action, seed=0):
    """Check and apply one action; returns (state, events)."""
    RULES.check_action(state, seat, action)
    return RULES.apply(state, seat, action, Rng(seed))


def playing_state(players=3, challenge=DIFF_BG, line_card=None, **changes):
    """A state in the turn phase with a chosen challenge and start card (bg Y on top)."""
    state = fresh(players)
    if line_card is None:
        line_card = card_where(lambda v, s, n, b: b == 0)
    pool = [c for c in range(60) if c != line_card[0]]
    hands = []
    for hand in state.hands:
        hands.append(tuple(pool[:len(hand)]))
        pool = pool[len(hand):]
    n_boxed = len(state.boxed)
    base = craft(state, challenge=challenge, line=(line_card,), hands=tuple(hands),
                 market=tuple((c, 0) for c in pool[:3]), deck=tuple(pool[3:len(pool) - n_boxed]),
                 boxed=tuple(pool[len(pool) - n_boxed:]))
    return craft(base, **changes)


def with_hand(state, index, cards):
    """Put `cards` into codebreaker `index`'s hand, taking them from wherever they were; the
    cards it held before go to the bottom of the draw deck (cards are conserved)."""
    cards = tuple(dict.fromkeys(cards))
    displaced = tuple(c for c in state.hands[index] if c not in cards)
    hands = [tuple(c for c in h if c not in cards) for h in state.hands]
    hands[index] = cards
    keep = lambda seq: tuple(c for c in seq if c not in cards)
    return craft(state, hands=tuple(hands), deck=keep(state.deck) + displaced,
                 market=tuple(m for m in state.market if m[0] not in cards),
                 boxed=keep(state.boxed), ak_deck=keep(state.ak_deck), ak_hand=keep(state.ak_hand))

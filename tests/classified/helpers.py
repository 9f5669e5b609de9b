"""Helpers for the Classified Information tests: card conservation, random playouts, crafted states."""

from engine.classified.state import replace

from engine import Rng
from engine.classified import RULES
from engine.classified.state import ClassifiedState, blank_memory


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


def scenario(designs=None, **zones):
    """A crafted, card-conserving state: the given zones; every unmentioned card goes to the
    encrypted pile (set-up cards) unless `leftover="deck"`. Seat 0 is to act by default.

    designs: {card id: design key} overrides on the Citrine deck.
    """
    leftover = zones.pop("leftover", "encrypted")
    state = crafted(**zones)
    if designs:
        state = with_designs(state, designs)
    used = set(all_cards(state))
    rest = tuple(c for c in range(18) if c not in used)
    if leftover == "deck":
        state = replace(state, deck=state.deck + rest)
    else:
        state = replace(state, encrypted=state.encrypted + rest, encrypted_by=state.encrypted_by + (-1,) * len(rest))
    if state.deck_memory is None:
        state = replace(state, deck_memory=blank_memory(len(state.deck)))
    check_conservation(state)
    return state


def act(state, seat, action, seed=0):
    """Check and apply one action (like engine.step, without the Match); returns (state, log)."""
    assert seat in RULES.to_move(state), (seat, RULES.to_move(state))
    RULES.check_action(state, seat, action)
    new, log = RULES.apply(state, seat, action, Rng(seed))
    check_conservation(new)
    return new, log


def legal(state, seat=None):
    """Legal actions of seat (default: the first seat to move)."""
    if seat is None:
        seat = RULES.to_move(state)[0]
    return RULES.legal_actions(state, seat)


def top(state):
    """The top frame of the pending stack (or None)."""
    return state.stack[-1] if state.stack else None


def events(log, name):
    """Public parts of the events called `name`."""
    return [e["public"] for e in log if e["public"].get("event") == name]


def last_answer(state):
    """The most recent public answer entry."""
    return state.qa[-1]


G, A = 0, 1  # copy offsets: card id = 2 * (number - 1) + copy


def card(number, copy=0):
    """Card id of a number's copy (0 = Guard copy / first Sentinel, 1 = Assassin copy)."""
    return 2 * (number - 1) + copy


def slot(card_id, face_up=False, cover=-1):
    """A Guard slot value."""
    return (card_id, face_up, cover)


def guards(*rows):
    """Guard rows for both seats from lists of slot values (padded to 3)."""
    return tuple(tuple(list(r) + [None] * (3 - len(r))) for r in rows)

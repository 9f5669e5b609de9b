"""Shared helpers for the effect modules: the handler tables, events, answers, windows.

Handler tables (filled by the effect modules at import):
- DEPLOY[design] = (options(state, seat, card) -> [param dicts], resolve(state, seat, card,
  params, log, rng) -> state). `resolve` owns where the card goes (default: `finish_deploy`).
- DECISIONS[kind] = (options(state, frame) -> [action dicts], handle(state, frame, action, log,
  rng) -> state); `handle` receives the state with the frame already popped.
- AUTO[kind] = process(state, frame, log, rng) -> state (frame already popped).
- CARD_ONLY_OPTIONS: the Deploy option functions whose list depends on the card alone (not on
  the state or seat): plays.cards_plays builds their actions once and shares them.
- FINISHED_OPTIONS: the Deploy option functions that return finished actions (their parameters,
  then "type": "deploy" and "card", in that order) instead of bare parameter dicts.
- RESECRET[kind] = secret(state, frame) -> tuple: recompute a frame's private data for a
  sampled state when the sampling seat cannot see it.
"""


from .data import CODE, CODES, DESIGNS, NUMBER
from .state import Frame, add_knowledge, remember, free_slot, pair_set, push, replace, replace_fields, set_slot

DEPLOY = {}
DECISIONS = {}
AUTO = {}
RESECRET = {}
CARD_ONLY_OPTIONS = set()
FINISHED_OPTIONS = set()


def design(state, card):
    """The design key of a card in this match."""
    return state.designs[card]


def name(state, card):
    """Display name of a card."""
    return DESIGNS[state.designs[card]][2]


def ev(log, public, private=None):
    """Append an event (public part for all; private[seat] for that seat): the same shape as
    engine.event, built directly (the dicts here are fresh, no copy needed)."""
    parts = {}
    if private:
        for k, v in private.items():  # a plain loop: one or two seats
            parts[str(k)] = v
    log.append({"public": public, "private": parts})


SEAT_KEYS = ("0", "1")  # private parts of an event are keyed by the seat as a string


def ev_private(log, public, seat, secret):
    """Append an event whose private part is for one seat only (ev with {seat: secret})."""
    log.append({"public": public, "private": {SEAT_KEYS[seat]: secret}})


_INFO = {}


def card_fields(state, card):
    """The public description of a card (id, number, design, name), cached: only for spreading
    into a fresh dict (`{**card_fields(state, card)}`); never store or change it."""
    key = state.designs[card]
    cache = _INFO  # a local: the compiled build reads it as the dict it is
    info = cache.get((card, key))
    if info is None:
        info = cache[(card, key)] = {"card": card, "number": NUMBER[card], "design": key,
                                     "name": DESIGNS[key][2]}
    return info


def card_info(state, card):
    """Public description of a card: id, number, design, name (a fresh dict)."""
    cache = _INFO
    info = cache.get((card, state.designs[card]))
    if info is None:
        info = card_fields(state, card)
    return dict(info)


def in_code(number, suitcase_number):
    """Whether number is in the Code of a Suitcase Number."""
    return number in CODES[suitcase_number]


def answer(state, log, asker, answerer, card, question, reply, possible):
    """Record a truthful public answer about answerer's Suitcase: `possible` = Suitcase Numbers
    consistent with it (for deduction and for sampling)."""
    entry = {"turn": state.turn_no, "asker": asker, "answerer": answerer,
             "design": state.designs[card] if card >= 0 else None, "question": question,
             "answer": reply, "possible": sorted(possible), "epoch": state.epochs[answerer]}
    ev(log, {"event": "answer", "asker": asker, "answerer": answerer, "question": question,
             "answer": reply})
    return replace_fields(state, {"qa": state.qa + (entry,)})


def suitcase_number(state, seat):
    """Number of seat's Suitcase."""
    return NUMBER[state.suitcases[seat]]


def limbo_add(state, *cards):
    """State with cards held in resolution (out of every zone)."""
    return replace_fields(state, {"limbo": state.limbo + cards})


def limbo_remove(state, *cards):
    """State with cards released from resolution."""
    return replace_fields(state, {"limbo": _without(state.limbo, cards)})


def discard_from_limbo(state, *cards):
    """Move cards from resolution onto the Discard Pile (last on top)."""
    return replace_fields(state, {"limbo": _without(state.limbo, cards), "discard": state.discard + cards})


def _without(pile, cards):
    """The pile minus some cards, in order (a plain loop: piles in resolution hold 1-3 cards)."""
    kept = ()
    for c in pile:
        if c not in cards:
            kept += (c,)
    return kept


def finish_deploy_frame(seat, card):
    """A continuation that puts a resolved Deploy card on the Discard Pile."""
    return Frame("finish_deploy", seat, (card,))


def has_design(state, key):
    """Whether this match's deck contains the design (one set per match's designs tuple, not a
    scan of its 18 names per test)."""
    designs = state.designs
    seen = _design_set
    if seen[0] is not designs:  # the same tuple all match long
        seen[:] = (designs, frozenset(designs))
    return key in seen[1]


def react_window_opens(state, reactor, key):
    """A REACT window for `key` opens when the design is in the match and the reactor would keep
    a card (public facts only, so the window itself leaks nothing)."""
    if len(state.hands[reactor]) < 2 or state.stage == "pick":  # cheap tests first
        return False
    return has_design(state, key)


_design_set = [(), frozenset()]  # the designs tuple of the last has_design call and its set


def react_cards(state, seat, key):
    """seat's hand cards of a REACT design."""
    return [c for c in state.hands[seat] if state.designs[c] == key]


def place_guard(state, seat, card, face_up, log, from_hand):
    """Put card from resolution into seat's lowest free Guard spot; a Guard from hand opens the
    Return to Sender window (digest C24)."""
    slot = free_slot(state, seat)
    state = limbo_remove(state, card)
    state = set_slot(state, seat, slot, (card, face_up, -1))
    if face_up:
        ev(log, {"event": "guard", "seat": seat, "slot": slot, **card_fields(state, card)})
    else:
        ev(log, {"event": "guard", "seat": seat, "slot": slot}, {seat: card_info(state, card)})
    other = 1 - seat
    if from_hand and react_window_opens(state, other, "emerald_9"):
        state = push(state, Frame("window_rts", other, (seat, slot)))
    return state


def peek(state, seat, where, count, log):
    """PEEK: seat privately sees `count` cards of a pile ("deck_top", "deck_bottom",
    "encrypted_top"); recorded in its knowledge log."""
    if where == "deck_top":
        cards = state.deck[:count]
    elif where == "deck_bottom":
        cards = state.deck[-count:] if count else ()
    else:
        cards = state.encrypted[:count]
    if not cards:
        return state
    ev(log, {"event": "peek", "seat": seat, "where": where, "count": len(cards)},
       {seat: {"cards": list(cards)}})
    if where != "encrypted_top":
        memory = list(state.deck_memory[seat])
        start = 0 if where == "deck_top" else len(state.deck) - len(cards)
        memory[start:start + len(cards)] = cards
        state = replace(state, deck_memory=pair_set(state.deck_memory, seat, tuple(memory)))
    return add_knowledge(state, seat, {"kind": "peek", "where": where, "cards": list(cards)})


def reveal_hand_to(state, owner, viewer, log, cards=None, reason=""):
    """Privately show owner's hand (or some of its cards) to viewer; knowledge entry."""
    cards = list(state.hands[owner] if cards is None else cards)
    ev(log, {"event": "reveal_hand", "owner": owner, "to": viewer, "count": len(cards), "reason": reason},
       {viewer: {"cards": cards}})
    state = remember(state, viewer, cards)
    return add_knowledge(state, viewer, {"kind": "saw_hand" if reason != "random" else "saw_card",
                                         "seat": owner, "cards": cards, "reason": reason})


def show_random_card(state, owner, viewer, log, card, reason="random"):
    """A random hand card of `owner` is shown to `viewer` (a failed assassination): both are
    told privately which card it was, and it goes into both knowledge logs."""
    ev(log, {"event": "reveal_hand", "owner": owner, "to": viewer, "count": 1, "reason": reason},
       {viewer: {"cards": [card]}, owner: {"cards": [card]}})
    state = remember(state, viewer, [card])
    state = add_knowledge(state, viewer, {"kind": "saw_card", "seat": owner, "cards": [card], "reason": reason})
    return add_knowledge(state, owner, {"kind": "card_shown", "seat": viewer, "cards": [card], "reason": reason})


def set_skip(state, seat):
    """Mark the REACT cost: seat skips its next action (draws first, then PEEK 1)."""
    return replace_fields(state, {"skip": pair_set(state.skip, seat, True)})


def code_shared(card_a, card_b):
    """Whether two cards' Codes share a number."""
    return bool(CODE[card_a] & CODE[card_b])

"""End-of-round events (digest B8; the 20 texts are our PROPOSAL, see data.EVENTS).

Revealing an event discards the current one; an empty event deck is refilled from the event
discard pile (held events stay with the team). The event deck is unordered and the revealed
card is drawn at random, which is the same as shuffling. Keep events join the team's held pool;
instant events act at once; round events last until the next event. PROPOSAL: event draws come
from the top of the draw deck, then from the market (those cards are public); if deck + market
cannot cover every draw the codebreakers lose at once.
"""


from engine.core import event

from .data import (
    EV_AMNESTY,
    EV_CLEAN_SLATE,
    EV_MARKET_CRASH,
    EV_REINFORCEMENTS,
    EV_SHREDDER,
    EV_SUPPLY_DROP,
    EVENT_BY_ID,
)
from .state import cb_seat, finish, give_card, refill_market, replace


def reveal_event(state, rng, evs):
    """Reveal the next event and apply it (`state` is private to the running step, see turns:
    edited in place)."""
    fields = state.__dict__
    discard = fields["event_discard"]
    if fields["current_event"]:
        discard = discard + (fields["current_event"],)
    deck = fields["event_deck"]
    if not deck and discard:
        deck, discard = tuple(sorted(discard)), ()
        evs.append(event({"events_reshuffled": len(deck)}))
    fields["event_discard"], fields["current_event"] = discard, 0
    if not deck:
        fields["event_deck"] = deck
        return state
    index = rng.randbelow(len(deck))  # the deck is unordered: draw a random card
    ev_id = deck[index]
    fields["event_deck"] = deck[:index] + deck[index + 1:]
    spec = EVENT_BY_ID[ev_id]
    kind = spec["kind"]
    evs.append({"public": {"event": ev_id, "name": spec["name"], "kind": kind}, "private": {}})
    if kind == "keep":
        fields["held"] += (ev_id,)
        return state
    fields["current_event"] = ev_id
    if kind == "instant":
        return apply_instant(state, ev_id, evs)
    return state


def apply_instant(state, ev_id, evs):
    """The immediate effect of an instant event."""
    if ev_id in (EV_AMNESTY, EV_CLEAN_SLATE):
        count = 1 if ev_id == EV_AMNESTY else 2
        removed = state.invalid[-count:] if state.invalid else ()
        cards = tuple(card for _, card, _ in removed)
        return replace(state, invalid=state.invalid[:len(state.invalid) - len(removed)],
                       discard=state.discard + cards)
    if ev_id == EV_REINFORCEMENTS:
        return event_draws(state, [i for i in range(state.n_cb) if state.hands[i]], evs)
    if ev_id == EV_SUPPLY_DROP:
        sizes = [len(h) for h in state.hands if h]
        fewest = min(sizes) if sizes else 0
        return event_draws(state, [i for i in range(state.n_cb) if state.hands[i]
                                   and len(state.hands[i]) == fewest], evs)
    if ev_id == EV_MARKET_CRASH:
        cards = tuple(card for card, _ in state.market)
        market, deck = refill_market((), state.deck)
        return replace(state, market=market, deck=deck, discard=state.discard + cards)
    if ev_id == EV_SHREDDER:
        return replace(state, deck=state.deck[2:], burned=state.burned + state.deck[:2])
    return state


def event_draws(state, indices, evs):
    """Each listed codebreaker draws one card (deck first, then market); loss if short."""
    if len(state.deck) + len(state.market) < len(indices):
        evs.append(event({"loss": "an event could not be drawn"}))
        return finish(state, "loss", "an event draw could not be covered")
    for index in indices:
        seat = cb_seat(state, index)
        if state.deck:
            card = state.deck[0]
            state = give_card(replace(state, deck=state.deck[1:]), index, card, False)
            evs.append(event({"draw": "deck", "seat": seat}, {seat: {"card": card}}))
        else:
            card = state.market[0][0]
            state = give_card(replace(state, market=state.market[1:]), index, card, True)
            evs.append(event({"draw": "market", "seat": seat, "card": card}))
    return state

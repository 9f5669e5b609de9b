"""The commonest whole step, Encrypt or a face-down Guard from hand in mid-game, made in one pass.

About half the actions of a random match are a plain Encrypt or Enlist with nothing else in
play: the card leaves the hand, the turn ends, the other seat begins its turn with a draw. The
general path builds that step from `actions.play_card`, `turns.settle` / `end_turn` /
`begin_turn` and `memory.update_hand_memory`, copying the state and walking the stack on the
way. `quick_turn` gives the same state and log with one field dict built once, and declines
(returns None, having changed nothing) whenever anything could come between: a pending stack,
play-area items (Cyber Trap, Short Circuit, ...), the final round or an empty deck, a REACT
cost to pay, or a Return to Sender window. tests/classified/test_classified_speed.py pins it
against the general path on every step where it applies.
"""

from .common import _INFO, SEAT_KEYS, card_info, has_design
from .state import COMPILED, copied

_new_object, _set_attribute = object.__new__, object.__setattr__
_RTS = "emerald_9"  # Return to Sender: a REACT window after a Guard is enlisted from hand


def quick_turn(state, seat, kind, card, log):
    """The state after seat's Encrypt / Guard of hand `card` and the other seat's turn start, with
    the step's events appended to `log`; None (log untouched) when the general path is needed."""
    if COMPILED:
        return _quick_turn_typed(state, seat, kind, card, log)
    fields = state.__dict__
    play = fields["play"]
    deck = fields["deck"]
    other = 1 - seat
    if (fields["stack"] or play[0] or play[1] or fields["final_left"] >= 0 or not deck
            or fields["skip"][other] or fields["stage"] != "action"):
        return None
    hands = fields["hands"]
    if kind == "guard":
        row = fields["guards"][seat]
        if None not in row or (len(hands[other]) >= 2 and has_design(state, _RTS)):
            return None  # no free spot (not legal) / the Return to Sender window opens
    fields = {**fields}  # the step's one copy
    hand = hands[seat]
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1:]
    cache = _INFO  # common.card_info, inlined
    info = cache.get((card, fields["designs"][card]))
    info = dict(info) if info is not None else card_info(state, card)
    if kind == "encrypt":
        fields["encrypted"] = (card,) + fields["encrypted"]
        fields["encrypted_by"] = (seat,) + fields["encrypted_by"]
        log.append({"public": {"event": "encrypt", "seat": seat}, "private": {SEAT_KEYS[seat]: info}})
    else:
        slot = row.index(None)
        row = row[:slot] + ((card, False, -1),) + row[slot + 1:]
        guards = fields["guards"]
        fields["guards"] = (row, guards[1]) if seat == 0 else (guards[0], row)
        log.append({"public": {"event": "guard", "seat": seat, "slot": slot},
                    "private": {SEAT_KEYS[seat]: info}})
    # turns.end_turn -> begin_turn(other): the other seat draws the top card
    drawn = deck[0]
    drawn_hand = tuple(sorted(hands[other] + (drawn,)))
    fields["hands"] = (rest, drawn_hand) if seat == 0 else (drawn_hand, rest)
    fields["deck"] = deck[1:]
    memory = fields["deck_memory"]
    fields["deck_memory"] = (memory[0][1:], memory[1][1:])
    fields["turn"] = other
    fields["turn_no"] += 1
    # fields["stage"] stays "action" (resolving, then the next turn's action); the stack stays ()
    # memory.update_hand_memory: the card left seat's hand unseen (Encrypted, or a face-down
    # Guard), so the other forgets what it knew of that hand; seat knows the drawn card is in
    # the other's hand if it had PEEKed it on the deck
    known = fields["hand_memory"]
    mine = known[seat]
    if memory[seat][0] == drawn:
        mine = tuple(sorted(set(mine) | {drawn}))
    if mine is not known[seat] or known[other]:
        fields["hand_memory"] = (mine, ()) if seat == 0 else ((), mine)
    log.append({"public": {"event": "draw", "seat": other, "deck_left": len(deck) - 1},
                "private": {SEAT_KEYS[other]: {"card": drawn}}})
    new = _new_object(type(state))
    _set_attribute(new, "__dict__", fields)
    return new


def _quick_turn_typed(state, seat, kind, card, log):
    """quick_turn, the compiled build's form: the same reads and the same new state as C field
    reads and writes on the extension type (one struct copy instead of the field dict).
    tests/classified/test_classified_typed.py pins it to the pure form."""
    play = state.play
    deck = state.deck
    other = 1 - seat
    if (state.stack or play[0] or play[1] or state.final_left >= 0 or not deck
            or state.skip[other] or state.stage != "action"):
        return None
    hands = state.hands
    if kind == "guard":
        row = state.guards[seat]
        if None not in row or (len(hands[other]) >= 2 and has_design(state, _RTS)):
            return None
    hand = hands[seat]
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1:]
    cache = _INFO
    info = cache.get((card, state.designs[card]))
    info = dict(info) if info is not None else card_info(state, card)
    new = copied(state)  # the step's one copy
    if kind == "encrypt":
        new.encrypted = (card,) + state.encrypted
        new.encrypted_by = (seat,) + state.encrypted_by
        log.append({"public": {"event": "encrypt", "seat": seat}, "private": {SEAT_KEYS[seat]: info}})
    else:
        slot = row.index(None)
        row = row[:slot] + ((card, False, -1),) + row[slot + 1:]
        guards = state.guards
        new.guards = (row, guards[1]) if seat == 0 else (guards[0], row)
        log.append({"public": {"event": "guard", "seat": seat, "slot": slot},
                    "private": {SEAT_KEYS[seat]: info}})
    drawn = deck[0]
    drawn_hand = tuple(sorted(hands[other] + (drawn,)))
    new.hands = (rest, drawn_hand) if seat == 0 else (drawn_hand, rest)
    new.deck = deck[1:]
    memory = state.deck_memory
    new.deck_memory = (memory[0][1:], memory[1][1:])
    new.turn = other
    new.turn_no += 1
    known = state.hand_memory
    mine = known[seat]
    if memory[seat][0] == drawn:
        mine = tuple(sorted(set(mine) | {drawn}))
    if mine is not known[seat] or known[other]:
        new.hand_memory = (mine, ()) if seat == 0 else ((), mine)
    log.append({"public": {"event": "draw", "seat": other, "deck_left": len(deck) - 1},
                "private": {SEAT_KEYS[other]: {"card": drawn}}})
    return new

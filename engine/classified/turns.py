"""Turn flow: start of turn (Short Circuit, draw, REACT cost), settling the stack, end of turn,
the final no-draw round, and the end-of-game resolution (hit test and tie-breaks)."""


from .common import AUTO, SEAT_KEYS, card_info, ev, peek
from .data import CODE, NUMBER
from .state import COMPILED, Frame, guard_count, pair_set, play_items, replace, set_fields, working_fields


def begin_turn(state, seat, log):
    """Start seat's turn: Short Circuit check, draw (not in the final round), REACT cost.
    `state` is private to the running step (state.working_fields): it is edited in place."""
    if COMPILED:
        return _begin_turn_typed(state, seat, log)
    fields = state.__dict__  # working_fields(state), inlined on this hot path
    deck = fields["deck"]
    draw = fields["final_left"] < 0 and deck
    fields["turn"] = seat
    fields["turn_no"] += 1
    fields["stage"] = "action"
    fields["stack"] = ()
    if draw:
        card = deck[0]
        hands, memory = fields["hands"], fields["deck_memory"]
        hand = tuple(sorted(hands[seat] + (card,)))
        fields["hands"] = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        fields["deck"] = deck[1:]
        fields["deck_memory"] = (memory[0][1:], memory[1][1:])
        other = 1 - seat
        if memory[other][0] == card:  # the other seat had PEEKed this card (as `remember`)
            known = fields["hand_memory"]
            fields["hand_memory"] = pair_set(known, other, tuple(sorted(set(known[other]) | {card})))
    play = fields["play"]
    if play[seat]:
        circuits = [i[0] for i in play[seat] if i[1] == "short_circuit"]
        if circuits:
            if guard_count(state, seat) == 3:
                ev(log, {"event": "short_circuit", "seat": seat, "won": True})
                return finish(state, (seat,), "short_circuit")
            fields["play"] = pair_set(play, seat, tuple([i for i in play[seat] if i[1] != "short_circuit"]))
            fields["discard"] += tuple(circuits)
            ev(log, {"event": "short_circuit", "seat": seat, "won": False})
    if draw:  # ev_private, inlined (one draw a turn)
        log.append({"public": {"event": "draw", "seat": seat, "deck_left": len(deck) - 1},
                    "private": {SEAT_KEYS[seat]: {"card": card}}})
    if fields["skip"][seat]:
        fields["skip"] = pair_set(fields["skip"], seat, False)
        fields["stage"] = "resolving"
        ev(log, {"event": "skip_action", "seat": seat, "reason": "react_cost"})
        state = peek(state, seat, "deck_top", 1, log)
    return state


def _begin_turn_typed(state, seat, log):
    """begin_turn, the compiled build's form: the same edits as C field writes on the extension
    type (no field dict). tests/classified/test_classified_typed.py pins it to the pure form."""
    deck = state.deck
    draw = state.final_left < 0 and deck
    state.turn = seat
    state.turn_no += 1
    state.stage = "action"
    state.stack = ()
    if draw:
        card = deck[0]
        hands, memory = state.hands, state.deck_memory
        hand = tuple(sorted(hands[seat] + (card,)))
        state.hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        state.deck = deck[1:]
        state.deck_memory = (memory[0][1:], memory[1][1:])
        other = 1 - seat
        if memory[other][0] == card:  # the other seat had PEEKed this card (as `remember`)
            known = state.hand_memory
            state.hand_memory = pair_set(known, other, tuple(sorted(set(known[other]) | {card})))
    play = state.play
    if play[seat]:
        circuits = [i[0] for i in play[seat] if i[1] == "short_circuit"]
        if circuits:
            if guard_count(state, seat) == 3:
                ev(log, {"event": "short_circuit", "seat": seat, "won": True})
                return finish(state, (seat,), "short_circuit")
            state.play = pair_set(play, seat, tuple([i for i in play[seat] if i[1] != "short_circuit"]))
            state.discard += tuple(circuits)
            ev(log, {"event": "short_circuit", "seat": seat, "won": False})
    if draw:
        log.append({"public": {"event": "draw", "seat": seat, "deck_left": len(deck) - 1},
                    "private": {SEAT_KEYS[seat]: {"card": card}}})
    if state.skip[seat]:
        state.skip = pair_set(state.skip, seat, False)
        state.stage = "resolving"
        ev(log, {"event": "skip_action", "seat": seat, "reason": "react_cost"})
        return peek(state, seat, "deck_top", 1, log)
    return state


def end_turn(state, log):
    """Finish the current turn; start the final round or count it down; next turn or the end
    (`state` is private to the running step: edited in place)."""
    if COMPILED:  # the same as below, as C field writes on the extension type
        if state.final_left < 0:
            if not state.deck:
                state.final_left = 2
                ev(log, {"event": "final_round", "note": "each player takes one last turn without drawing"})
        else:
            state.final_left -= 1
            if state.final_left == 0:
                return end_game(state, log)
        return begin_turn(state, 1 - state.turn, log)
    fields = state.__dict__  # working_fields(state), inlined on this hot path
    if fields["final_left"] < 0:
        if not fields["deck"]:
            fields["final_left"] = 2
            ev(log, {"event": "final_round", "note": "each player takes one last turn without drawing"})
    else:
        left = fields["final_left"] - 1
        fields["final_left"] = left
        if left == 0:
            return end_game(state, log)
    return begin_turn(state, 1 - fields["turn"], log)


def is_final_turn(state):
    """Whether the turn in progress is one of the two no-draw final turns."""
    return state.final_left > 0


def hiding_spot_offer(state):
    """Whether the seat to move may swap its last hand card with a Hiding Spot card now."""
    seat = state.turn
    return (is_final_turn(state) and len(state.hands[seat]) == 1
            and any(i[2] >= 0 for i in play_items(state, seat, "hiding_spot")))


def check_traps(state, log):
    """Cyber Trap (digest C20): its owner wins at once while holding 2 cards of one number."""
    if not (state.play[0] or state.play[1]):
        return state
    for seat in (0, 1):
        if play_items(state, seat, "cyber_trap"):
            numbers = [NUMBER[c] for c in state.hands[seat]]
            if len(numbers) != len(set(numbers)):
                ev(log, {"event": "cyber_trap", "seat": seat, "won": True,
                         "cards": [card_info(state, c) for c in state.hands[seat]]})
                return finish(state, (seat,), "cyber_trap")
    return state


def settle(state, log, rng):
    """Run continuations until a seat must decide (or the match ends). `state` is private to
    the running step (made by this apply / new_state call): popping a continuation, the
    final-turn offer and the turn machinery edit it in place instead of copying it."""
    auto = AUTO  # a local: the compiled build reads it as the dict it is
    while True:
        stage = state.stage
        if stage == "over":
            return state
        play = state.play
        if play[0] or play[1]:
            state = check_traps(state, log)
            if state.stage == "over":
                return state
        stack = state.stack
        if stack:
            top = stack[-1]
            process = auto.get(top.kind)
            if process is None:
                return state
            if COMPILED:  # a C field write (state typed in turns.pxd)
                state.stack = stack[:-1]
            else:
                state.__dict__["stack"] = stack[:-1]  # working_fields(state), inlined
            state = process(state, top, log, rng)
            continue
        if stage == "action" or stage == "pick":
            return state
        if stage == "resolving" and state.final_left > 0 and hiding_spot_offer(state):
            changes = {"stage": "wrap", "stack": stack + (Frame("hiding_final", state.turn),)}
            if COMPILED:
                set_fields(state, changes)
            else:
                working_fields(state).update(changes)
            continue
        state = end_turn(state, log)


def finish(state, winners, reason):
    """End the match now with these winners."""
    return replace(state, stage="over", stack=(), result=(tuple(winners), reason))


def final_halves(state, seat):
    """Tie-break count of seat in halves: Guards 2, Extra Protection 1, correct Telepathy 4."""
    halves = 0
    for slot in state.guards[seat]:
        if slot is not None:
            halves += 2
            if slot[2] >= 0 and state.designs[slot[2]] == "citrine_6":
                halves += 1
    if state.play[seat]:
        target = NUMBER[state.suitcases[1 - seat]]
        halves += sum(4 for i in play_items(state, seat, "telepathy") if i[2] == target)
    return halves


def hits(state, seat):
    """Whether seat's Final Card hits the opponent's Suitcase Code, unblocked by their Guards."""
    hand = state.hands[seat]
    if len(hand) != 1:
        return False
    number = NUMBER[hand[0]]
    other = 1 - seat
    if number not in CODE[state.suitcases[other]]:
        return False
    for slot in state.guards[other]:
        if slot is not None and NUMBER[slot[0]] == number:
            return False
    return True


def end_game(state, log):
    """Reveal and decide: one hit wins; else more Guards (halves) wins; equal shares."""
    hit = (hits(state, 0), hits(state, 1))
    halves = (final_halves(state, 0), final_halves(state, 1))
    if hit[0] != hit[1]:
        winners = (0,) if hit[0] else (1,)
    elif halves[0] != halves[1]:
        winners = (0,) if halves[0] > halves[1] else (1,)
    else:
        winners = (0, 1)
    ev(log, {"event": "reveal", "suitcases": [card_info(state, c) for c in state.suitcases],
             "final_cards": [[card_info(state, c) for c in h] for h in state.hands],
             "hits": list(hit), "guard_halves": list(halves), "winners": list(winners)})
    return finish(state, winners, "end")

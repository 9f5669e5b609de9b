"""Codebreaker turns: play, discard, penalties, Second Chance, turn and round ends (digest B6/B7).

Every function takes and returns an immutable state plus the list of log events it appends to.
Judging is always the engine's: a play is valid iff the challenge accepts its top half after
the last valid card's top half; a discard is "actually valid" iff either half would be.
PROPOSALs: penalty level is state-based and recomputed after the invalid card is placed, before
drawing; the penalty is drawn as any number of market cards, one by one (the market refills at
once), then the rest from the deck in one action; a round is one seat cycle: every codebreaker
holding cards has one turn (a hand emptied mid-round does not shorten it; 2 turns with one
codebreaker); the team loses after `turn_cap` codebreaker turns.
"""


from engine.core import event

from .challenges import challenge_from_key, narrow
from .data import (
    CARD_CODES,
    EV_DOUBLE_JEOPARDY,
    EV_OPEN_BOOK,
    EV_REVERSE,
    EV_SAFE_HARBOUR,
    EV_SECOND_CHANCE,
    GAME_NUMBERS,
    HALF_CODES,
    HOUSE_RULES,
)
from .events import reveal_event
from .state import (cb_seat, finish, give_card, hand_gain, hand_loss, last_half, penalty_draws,
                    refill_market, remove_card, replace)


def add_judgment(state, judgment):
    """Record a public judgment and narrow the curated candidates accordingly."""
    return replace(state, **judgment_changes(state, judgment))


def judgment_changes(state, judgment):
    """Field changes recording a public judgment and narrowing the curated candidates."""
    return {"judgments": state.judgments + (judgment,),
            "candidates": narrow(state.level, state.candidates, judgment)}


def play_card(state, seat, card, orient, rng, evs):
    """A codebreaker plays `card` with `orient` on top."""
    prev, half = last_half(state), 2 * card + orient
    valid = challenge_from_key(state.challenge).is_valid(prev, half)
    changes = hand_loss(state, state.turn, card)
    changes.update(judgment_changes(state, ("play", prev, half, -1, valid)))
    evs.append(event({"action": "play", "seat": seat, "card": card, "orient": orient,
                      "top": HALF_CODES[half], "valid": valid}))
    if valid:
        state = replace(state, line=state.line + ((card, orient),), **changes)
        return after_action(state, rng, evs)
    state = replace(state, invalid=state.invalid + ((len(state.line) - 1, card, orient),), **changes)
    if EV_SECOND_CHANCE in state.held:
        return replace(state, phase="second_chance")
    return begin_penalty(state, rng, evs, True)


def discard_card(state, seat, card, rng, evs):
    """A codebreaker discards `card`, claiming it invalid both ways up."""
    prev = last_half(state)
    valid = challenge_from_key(state.challenge).card_valid(prev, card)
    changes = judgment_changes(state, ("discard", prev, 2 * card, 2 * card + 1, valid))
    evs.append(event({"action": "discard", "seat": seat, "card": card, "code": CARD_CODES[card],
                      "actually_valid": valid}))
    if not valid:
        changes.update(hand_loss(state, state.turn, card))
        return end_turn(replace(state, discard=state.discard + (card,), **changes), rng, evs)
    if card not in state.revealed:
        changes["revealed"] = tuple(sorted(state.revealed + (card,)))
    return begin_penalty(replace(state, **changes), rng, evs, False)


def penalty_size(state):
    """Cards the current penalty draws, events included."""
    return penalty_draws(state) + (1 if state.current_event == EV_DOUBLE_JEOPARDY else 0)


def begin_penalty(state, rng, evs, invalid_play):
    """Start drawing the current penalty (or lose when market + deck cannot cover it)."""
    if invalid_play and state.current_event == EV_SAFE_HARBOUR and not state.safe_harbour_used:
        evs.append(event({"penalty": 0, "why": "Safe Harbour"}))
        return after_action(replace(state, safe_harbour_used=True), rng, evs)
    size = penalty_size(state)
    if len(state.deck) + len(state.market) < size:
        evs.append(event({"penalty": size, "loss": "not enough cards to draw"}))
        return finish(state, "loss", "a penalty could not be drawn")
    evs.append(event({"penalty": size}))
    return replace(state, phase="penalty", penalty_left=size)


def must_draw_market(state):
    """Open Book: penalty draws come from the market while it has cards."""
    return state.current_event == EV_OPEN_BOOK and bool(state.market)


def draw_penalty_card(state, seat, source, slot, rng, evs):
    """Draw one penalty card from a market slot, or every card still owed from the deck."""
    if source == "deck":
        left = state.penalty_left
        cards = state.deck[:left]
        hands = list(state.hands)
        hands[state.turn] = hands[state.turn] + cards
        evs.append(event({"draw": "deck", "seat": seat, "count": left}, {seat: {"cards": list(cards)}}))
        state = replace(state, hands=tuple(hands), deck=state.deck[left:], penalty_left=0)
        return after_action(state, rng, evs)
    card = state.market[slot][0]
    changes = hand_gain(state, state.turn, card, True)
    changes["market"], changes["deck"] = refill_market(
        state.market[:slot] + state.market[slot + 1:], state.deck)
    evs.append(event({"draw": "market", "seat": seat, "card": card}))
    left = state.penalty_left - 1
    if left:
        return replace(state, penalty_left=left, **changes)
    return after_action(replace(state, penalty_left=0, **changes), rng, evs)


def after_action(state, rng, evs):
    """After a play resolves: a Double Play bonus play, or the end of the turn."""
    if state.bonus_plays == 2 and state.hands[state.turn]:
        return replace(state, phase="turn", bonus_plays=1, penalty_left=0)
    return end_turn(state, rng, evs)


def next_active(state, index):
    """The next codebreaker after `index` holding cards (-1 if none); Reverse runs right."""
    step = -1 if state.current_event == EV_REVERSE else 1
    for k in range(1, state.n_cb + 1):
        j = (index + step * k) % state.n_cb
        if state.hands[j]:
            return j
    return -1


def end_turn(state, rng, evs):
    """Close the turn: win check, turn cap, end of round (event), next codebreaker."""
    if not any(state.hands):
        evs.append(event({"win": "every codebreaker emptied their hand"}))
        return finish(state, "win", "every codebreaker emptied their hand")
    taken, in_round = state.turns_taken + 1, state.turns_in_round + 1
    if taken >= HOUSE_RULES["turn_cap"]:
        return finish(replace(state, turns_taken=taken), "loss", "the turn limit was reached")
    if not round_over(state, in_round):
        return advance(state, turns_taken=taken, turns_in_round=in_round)
    state = reveal_event(replace(state, turns_taken=taken), rng, evs)
    if state.phase == "over":
        return replace(state, round=state.round + 1, turns_in_round=0)
    if state.mastermind:
        return replace(state, phase="ak_turn", round=state.round + 1, turns_in_round=0,
                       safe_harbour_used=False, bonus_plays=0, penalty_left=0)
    return advance(state, round=state.round + 1, turns_in_round=0, safe_harbour_used=False)


def round_over(state, in_round):
    """Whether the turn just ended (the round's `in_round`-th) closes the round. Solo: after
    `turns_per_round_solo` turns. Otherwise a round is one seat cycle from `round_start`: it is
    over when the walk to the next codebreaker holding cards reaches `round_start` first, so
    every codebreaker active in the round has had its turn (one emptying a hand mid-round does
    not cut the round short)."""
    if state.n_cb == 1:
        return in_round >= GAME_NUMBERS["turns_per_round_solo"]
    step = -1 if state.current_event == EV_REVERSE else 1
    for k in range(1, state.n_cb + 1):
        j = (state.turn + step * k) % state.n_cb
        if j == state.round_start:
            return True
        if state.hands[j]:
            return False
    return True


def advance(state, **changes):
    """Hand the turn to the next active codebreaker (applying `changes` too)."""
    nxt = next_active(state, state.turn)
    if nxt < 0:
        return finish(replace(state, **changes), "win", "every codebreaker emptied their hand")
    if changes.get("turns_in_round", state.turns_in_round) == 0:  # a new round opens
        changes["round_start"] = nxt
    return replace(state, phase="turn", turn=nxt, guessed=False, hint_asked=False,
                   bonus_plays=0, penalty_left=0, **changes)


def use_second_chance(state, seat, rng, evs):
    """Second Chance: the invalid card returns to hand and no penalty is taken."""
    _, card, _ = state.invalid[-1]
    state = replace(state, invalid=state.invalid[:-1], held=remove_card(state.held, EV_SECOND_CHANCE),
                    event_discard=state.event_discard + (EV_SECOND_CHANCE,))
    state = give_card(state, state.turn, card, True)
    evs.append(event({"event_used": EV_SECOND_CHANCE, "seat": seat, "card": card}))
    return after_action(state, rng, evs)


def decline_second_chance(state, seat, rng, evs):
    """The team keeps Second Chance; the penalty follows."""
    evs.append(event({"declined": EV_SECOND_CHANCE, "seat": seat}))
    return begin_penalty(state, rng, evs, True)


def current_seat(state):
    """The seat of the codebreaker on turn."""
    return cb_seat(state, state.turn)

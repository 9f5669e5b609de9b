"""Codebreaker turns: play, discard, penalties, Second Chance, turn and round ends (digest B6/B7).

Every function takes a state private to the running step and returns the next one, appending
to the step's list of log events. `rules.apply` hands the turn machinery a fresh copy of its
input, so these functions edit that copy's fields in place (one copy an action instead of one
per change: the turn functions are most of a playout). Never call them with a state anyone
else holds.
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
from .state import (cb_seat, finish, give_card, hand_loss, last_half, penalty_draws,
                    refill_market, remove_card, replace)


_MARKET_FULL = GAME_NUMBERS["market_size"]


def add_judgment(state, judgment):
    """Record a public judgment and narrow the curated candidates accordingly."""
    return replace(state, **judgment_changes(state, judgment))


def judgment_changes(state, judgment):
    """Field changes recording a public judgment and narrowing the curated candidates."""
    return {"judgments": state.judgments + (judgment,),
            "candidates": narrow(state.level, state.candidates, judgment)}


def play_card(state, seat, card, orient, rng, evs):
    """A codebreaker plays `card` with `orient` on top."""
    fields = state.__dict__  # private to the step: edited in place
    top, up = fields["line"][-1]
    prev, half = 2 * top + up, 2 * card + orient  # last_half, inlined
    valid = challenge_from_key(fields["challenge"]).is_valid(prev, half)  # (a search's drawn rule has no table)
    judgment = ("play", prev, half, -1, valid)  # judgment_changes and hand_loss, inlined
    fields["judgments"] += (judgment,)
    fields["candidates"] = narrow(fields["level"], fields["candidates"], judgment)
    hands, turn, revealed = list(fields["hands"]), fields["turn"], fields["revealed"]
    hands[turn] = remove_card(hands[turn], card)
    fields["hands"] = tuple(hands)
    if card in revealed:
        fields["revealed"] = remove_card(revealed, card)
    evs.append({"public": {"action": "play", "seat": seat, "card": card, "orient": orient,
                           "top": HALF_CODES[half], "valid": valid}, "private": {}})  # engine.event, inlined
    if valid:
        fields["line"] += ((card, orient),)
        return after_action(state, rng, evs)
    fields["invalid"] += ((len(fields["line"]) - 1, card, orient),)
    if EV_SECOND_CHANCE in fields["held"]:
        fields["phase"] = "second_chance"
        return state
    return begin_penalty(state, rng, evs, True)


def discard_card(state, seat, card, rng, evs):
    """A codebreaker discards `card`, claiming it invalid both ways up."""
    prev = last_half(state)
    valid = challenge_from_key(state.challenge).card_valid(prev, card)
    fields = state.__dict__  # private to the step: edited in place
    fields.update(judgment_changes(state, ("discard", prev, 2 * card, 2 * card + 1, valid)))
    evs.append({"public": {"action": "discard", "seat": seat, "card": card, "code": CARD_CODES[card],
                           "actually_valid": valid}, "private": {}})
    if not valid:
        fields.update(hand_loss(state, fields["turn"], card))
        fields["discard"] += (card,)
        return end_turn(state, rng, evs)
    if card not in fields["revealed"]:
        fields["revealed"] = tuple(sorted(fields["revealed"] + (card,)))
    return begin_penalty(state, rng, evs, False)


def penalty_size(state):
    """Cards the current penalty draws, events included."""
    return penalty_draws(state) + (1 if state.current_event == EV_DOUBLE_JEOPARDY else 0)


def begin_penalty(state, rng, evs, invalid_play):
    """Start drawing the current penalty (or lose when market + deck cannot cover it)."""
    if invalid_play and state.current_event == EV_SAFE_HARBOUR and not state.safe_harbour_used:
        evs.append(event({"penalty": 0, "why": "Safe Harbour"}))
        state.__dict__["safe_harbour_used"] = True
        return after_action(state, rng, evs)
    size = penalty_size(state)
    if len(state.deck) + len(state.market) < size:
        evs.append(event({"penalty": size, "loss": "not enough cards to draw"}))
        return finish(state, "loss", "a penalty could not be drawn")
    evs.append({"public": {"penalty": size}, "private": {}})
    fields = state.__dict__
    fields["phase"], fields["penalty_left"] = "penalty", size
    return state


def must_draw_market(state):
    """Open Book: penalty draws come from the market while it has cards."""
    return state.current_event == EV_OPEN_BOOK and bool(state.market)


def draw_penalty_card(state, seat, source, slot, rng, evs):
    """Draw one penalty card from a market slot, or every card still owed from the deck."""
    fields = state.__dict__  # private to the step: edited in place
    hands, turn, deck = list(fields["hands"]), fields["turn"], fields["deck"]
    if source == "deck":
        left = fields["penalty_left"]
        cards = deck[:left]
        hands[turn] += cards
        evs.append(event({"draw": "deck", "seat": seat, "count": left}, {seat: {"cards": list(cards)}}))
        fields["hands"], fields["deck"], fields["penalty_left"] = tuple(hands), deck[left:], 0
        return after_action(state, rng, evs)
    market = fields["market"]
    card = market[slot][0]
    hands[turn] += (card,)  # hand_gain, inlined: a market card is public
    fields["hands"], fields["revealed"] = tuple(hands), tuple(sorted(fields["revealed"] + (card,)))
    market = market[:slot] + market[slot + 1:]
    if deck and len(market) == _MARKET_FULL - 1:  # refill_market's usual case, inlined
        fields["market"], fields["deck"] = market + ((deck[0], 0),), deck[1:]
    else:
        fields["market"], fields["deck"] = refill_market(market, deck)
    evs.append({"public": {"draw": "market", "seat": seat, "card": card}, "private": {}})
    left = fields["penalty_left"] = fields["penalty_left"] - 1
    if left:
        return state
    return after_action(state, rng, evs)


def after_action(state, rng, evs):
    """After a play resolves: a Double Play bonus play, or the end of the turn."""
    fields = state.__dict__
    if fields["bonus_plays"] == 2 and fields["hands"][fields["turn"]]:
        fields["phase"], fields["bonus_plays"], fields["penalty_left"] = "turn", 1, 0
        return state
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
    fields = state.__dict__
    taken = fields["turns_taken"] = fields["turns_taken"] + 1
    in_round = fields["turns_in_round"] + 1
    if taken >= HOUSE_RULES["turn_cap"]:
        return finish(state, "loss", "the turn limit was reached")
    if not round_over(state, in_round):
        fields["turns_in_round"] = in_round
        return advance(state)
    state = reveal_event(state, rng, evs)
    fields = state.__dict__  # (reveal_event may have made a copy: still the step's own)
    fields["round"] += 1
    fields["turns_in_round"] = 0
    if fields["phase"] == "over":
        return state
    fields["safe_harbour_used"] = False
    if fields["mastermind"]:
        fields["phase"], fields["bonus_plays"], fields["penalty_left"] = "ak_turn", 0, 0
        return state
    return advance(state)


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


def advance(state):
    """Hand the turn to the next active codebreaker (`state` is the step's own: edited in place)."""
    nxt = next_active(state, state.turn)
    if nxt < 0:
        return finish(state, "win", "every codebreaker emptied their hand")
    fields = state.__dict__
    if fields["turns_in_round"] == 0:  # a new round opens
        fields["round_start"] = nxt
    fields["phase"], fields["turn"], fields["guessed"], fields["hint_asked"] = "turn", nxt, False, False
    fields["bonus_plays"] = fields["penalty_left"] = 0
    return state


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

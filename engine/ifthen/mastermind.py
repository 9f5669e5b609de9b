"""The human All Knowing's decisions, including the Mastermind variant (digest B11).

A human All Knowing (option allKnowing=seat) only chooses the start card's orientation; judging
stays automatic. In the Mastermind variant it also keeps one of two drawn challenges, secretly
picks the TRUE or FALSE allegiance, and at the end of every round, after the event (PROPOSAL,
digest B12 #14), takes one turn: swap a hand card with a market card in a chosen orientation, or
draw the top card of its own deck and then put one hand card at the bottom of that deck. When it
can do neither it passes.
"""


from engine.core import event

from .challenges import challenge_from_key
from .state import remove_card, replace
from .turns import advance


def choose_challenge(state, seat, index, evs):
    """Keep challenge option `index`, discard the other."""
    evs.append(event({"challenge_chosen": True}, {seat: {"kept": challenge_from_key(
        state.challenge_options[index]).id}}))
    return replace(state, challenge=state.challenge_options[index], phase="allegiance")


def choose_allegiance(state, seat, side, evs):
    """Secretly keep the TRUE or FALSE Mastermind card."""
    evs.append(event({"allegiance_chosen": True}, {seat: {"allegiance": side}}))
    return replace(state, allegiance=side, phase="orient")


def orient_start(state, seat, orient, evs):
    """Place the start card of the code line with `orient` on top; codebreakers begin."""
    evs.append(event({"start_card": state.start_card, "orient": orient}))
    state = replace(state, line=((state.start_card, orient),), start_card=-1)
    return replace(state, phase="turn", turn=0)


def can_swap(state):
    """Whether the All Knowing can swap a hand card with a market card."""
    return bool(state.ak_hand) and bool(state.market)


def can_cycle(state):
    """Whether the All Knowing can draw from its own deck."""
    return bool(state.ak_deck)


def swap(state, seat, card, slot, orient, evs):
    """Swap hand `card` with market `slot`, placing it with `orient` up."""
    taken = state.market[slot][0]
    market = state.market[:slot] + ((card, orient),) + state.market[slot + 1:]
    hand = remove_card(state.ak_hand, card) + (taken,)
    known = state.ak_known
    if card in known:
        known = remove_card(known, card)
    evs.append(event({"ak_swap": True, "card": card, "slot": slot, "orient": orient,
                      "taken": taken}))
    state = replace(state, market=market, ak_hand=hand, ak_known=tuple(sorted(known + (taken,))))
    return advance(state)


def cycle(state, seat, evs):
    """Draw the top card of the All Knowing's deck; a bottom choice follows."""
    card = state.ak_deck[0]
    evs.append(event({"ak_draw": True}, {seat: {"card": card}}))
    return replace(state, ak_deck=state.ak_deck[1:], ak_hand=state.ak_hand + (card,),
                   phase="ak_bottom")


def bottom(state, seat, card, evs):
    """Put hand `card` at the bottom of the All Knowing's deck."""
    evs.append(event({"ak_bottom": True}, {seat: {"card": card}}))
    state = replace(state, ak_hand=remove_card(state.ak_hand, card), ak_deck=state.ak_deck + (card,))
    return advance(state)


def ak_pass(state, seat, evs):
    """The All Knowing can neither swap nor draw."""
    evs.append(event({"ak_pass": True}))
    return advance(state)

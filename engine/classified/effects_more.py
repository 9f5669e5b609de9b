"""Deploy effects of the Ruby and Promo sets that move cards: Tough Choice, Digital Resurrection,
Precision Procedure, Take a Closer Look, Short Circuit, Suitcase Handoff, Cyber Trap, Cyberpunk
Sandwich, Sands of Time, Unstable Grenade, No-Return Mail.
"""

from itertools import permutations

from .actions import card_plays, play_card
from .combat import attack_targets
from .common import (CARD_ONLY_OPTIONS, DECISIONS, DEPLOY, RESECRET, add_knowledge, card_fields, card_info,
                     discard_from_limbo, ev, finish_deploy_frame, limbo_remove, peek)
from .data import GUILD, PROPOSALS
from .state import Frame, blank_memory, deck_with, deck_without, deck_without_top, free_slot, guard_count, pair_set, push, replace, set_hand, set_slot

TOUGH_CHOICE = "ruby_3"


def _one(state, seat, card):
    return [{}]


CARD_ONLY_OPTIONS.add(_one)


def _add_item(state, seat, item):
    state = limbo_remove(state, item[0])
    return replace(state, play=pair_set(state.play, seat, state.play[seat] + (item,)))


def _tough_options(state, seat, card):
    return [{}] if len(state.deck) >= PROPOSALS["tough_choice_min_deck"] else []


def tough_choice(state, seat, card, params, log, rng):
    """Look at the top 2 of the Draw Deck and play one of them now."""
    top = state.deck[:2]
    state = peek(state, seat, "deck_top", 2, log)
    state = push(state, Frame("tc_finish", seat, (card,)))
    return push(state, Frame("tc_choose", seat, (card,), top))


def tc_choose_options(state, frame):
    """Every play of either looked-at card (a Tough Choice may not chain another)."""
    out = []
    for card in frame.secret:
        for play in card_plays(state, frame.seat, card, from_hand=False):
            chained = play["type"] == "deploy" and state.designs[card] == TOUGH_CHOICE
            if not (chained and PROPOSALS["tough_choice_may_not_chain"]):
                out.append(play)
    return out


def handle_tc_choose(state, frame, action, log, rng):
    """Play the chosen card from the Draw Deck."""
    return play_card(state, frame.seat, action, log, rng, from_hand=False)


def tc_finish_options(state, frame):
    """Choose the discard to shuffle back with the other card (pass if the pile is empty)."""
    if not state.discard:
        return [{"type": "pass"}]
    return [{"type": "pick", "card": c} for c in sorted(state.discard)]


def handle_tc_finish(state, frame, action, log, rng):
    """Shuffle the chosen discard into the Draw Deck (the other card is still in it)."""
    deck = state.deck
    if action["type"] == "pick":
        c = action["card"]
        state = replace(state, discard=tuple(x for x in state.discard if x != c))
        deck = deck + (c,)
        ev(log, {"event": "shuffle_into_deck", "seat": frame.seat, **card_fields(state, c)})
    state = replace(state, deck=tuple(rng.shuffled(deck)), deck_memory=blank_memory(len(deck)))
    return discard_from_limbo(state, frame.args[0])


def _resurrection_options(state, seat, card):
    out = []
    if state.encrypted and free_slot(state, seat) >= 0:
        out.append({"mode": "encrypted"})
    if state.hands[1 - seat]:
        out += [{"mode": "hand", "slot": k} for k, s in enumerate(state.guards[seat]) if s is not None]
    return out


def digital_resurrection(state, seat, card, params, log, rng):
    """Top Encrypted card becomes your face-up Guard; or swap a Guard with an opponent hand card."""
    state = push(state, finish_deploy_frame(seat, card))
    if params["mode"] == "encrypted":
        top, k = state.encrypted[0], free_slot(state, seat)
        state = replace(state, encrypted=state.encrypted[1:], encrypted_by=state.encrypted_by[1:])
        state = set_slot(state, seat, k, (top, True, -1))
        ev(log, {"event": "resurrect", "seat": seat, "slot": k, **card_fields(state, top)})
        return state
    return push(state, Frame("dr_give", 1 - seat, (params["slot"],)))


def dr_give_options(state, frame):
    """The opponent chooses which hand card to give."""
    return [{"type": "pick", "card": c} for c in state.hands[frame.seat]]


def handle_dr_give(state, frame, action, log, rng):
    """Swap: the given card becomes the deployer's face-up Guard, the Guard goes to their hand."""
    giver, taker, k = frame.seat, 1 - frame.seat, frame.args[0]
    given = action["card"]
    guard, _, cover = state.guards[taker][k]
    state = set_slot(state, taker, k, (given, True, cover))
    state = set_hand(state, giver, [c for c in state.hands[giver] if c != given] + [guard])
    ev(log, {"event": "resurrect_swap", "seat": taker, "slot": k, "received": card_info(state, given)},
       {giver: {"got": card_info(state, guard)}})
    return push(state, Frame("dr_swap", taker, (k,)))


def dr_swap_options(state, frame):
    """Optionally swap the received Guard with a hand card (which goes in face down)."""
    return [{"type": "pass"}] + [{"type": "swap", "give": c} for c in state.hands[frame.seat]]


def handle_dr_swap(state, frame, action, log, rng):
    """The hand card takes the Guard spot face down; the received card goes to hand."""
    if action["type"] == "pass":
        return state
    k, give = frame.args[0], action["give"]
    got, _, cover = state.guards[frame.seat][k]
    state = set_slot(state, frame.seat, k, (give, False, cover))
    state = set_hand(state, frame.seat, [c for c in state.hands[frame.seat] if c != give] + [got])
    ev(log, {"event": "guard_swap", "seat": frame.seat, "slot": k}, {frame.seat: {"card": give}})
    return state


def _precision_options(state, seat, card):
    out = [{"mode": "top"}] if state.discard else []
    return out + ([{"mode": "bottom"}] if len(state.discard) >= 2 else [])


def precision_procedure(state, seat, card, params, log, rng):
    """Swap this card with the top/bottom discard; then Enlist or discard another hand card."""
    pile = list(state.discard)
    index = len(pile) - 1 if params["mode"] == "top" else 0
    taken, pile[index] = pile[index], card
    state = set_hand(replace(limbo_remove(state, card), discard=tuple(pile)), seat, state.hands[seat] + (taken,))
    ev(log, {"event": "precision_swap", "seat": seat, "took": card_info(state, taken)})
    return push(state, Frame("pp_follow", seat))


def pp_options(state, frame):
    """Discard, or Enlist (Guard / assassinate), any hand card."""
    seat, out = frame.seat, []
    for c in state.hands[seat]:
        out.append({"type": "discard", "card": c})
        if GUILD[c] != "A" and free_slot(state, seat) >= 0:
            out.append({"type": "guard", "card": c})
        if GUILD[c] != "G":
            out += [{"type": "assassinate", "card": c, **t} for t in attack_targets(state, seat, c)]
    return out


def handle_pp(state, frame, action, log, rng):
    """Carry out the follow-up."""
    if action["type"] == "discard":
        c = action["card"]
        state = set_hand(state, frame.seat, [x for x in state.hands[frame.seat] if x != c])
        ev(log, {"event": "discard", "seat": frame.seat, **card_fields(state, c)})
        return replace(state, discard=state.discard + (c,))
    return play_card(state, frame.seat, action, log, rng, from_hand=True)


def _closer_options(state, seat, card):
    return ([{"mode": "deck"}] if state.deck else []) + ([{"mode": "encrypted"}] if state.encrypted else [])


def closer_look(state, seat, card, params, log, rng):
    """PEEK 3 of the Draw Deck or the Encrypted pile."""
    where = "deck_top" if params["mode"] == "deck" else "encrypted_top"
    return discard_from_limbo(peek(state, seat, where, 3, log), card)


def short_circuit(state, seat, card, params, log, rng):
    """Placed face up; checked at the start of your next turn."""
    ev(log, {"event": "short_circuit_set", "seat": seat})
    return _add_item(state, seat, (card, "short_circuit", -1))


def _handoff_options(state, seat, card):
    return [{}] if guard_count(state, seat) == 3 and state.deck else []


def suitcase_handoff(state, seat, card, params, log, rng):
    """Swap your Suitcase with the top card of the Draw Deck."""
    old, new = state.suitcases[seat], state.deck[0]
    deck, memory = deck_with(*deck_without_top(state), seat, top=(old,))
    state = replace(state, deck=deck, deck_memory=memory, suitcases=pair_set(state.suitcases, seat, new),
                    suitcase_up=pair_set(state.suitcase_up, seat, False),
                    epochs=pair_set(state.epochs, seat, state.epochs[seat] + 1))
    state = add_knowledge(state, seat, {"kind": "peek", "where": "deck_top", "cards": [old]})
    ev(log, {"event": "suitcase_handoff", "seat": seat}, {seat: {"new_suitcase": new, "deck_top": old}})
    return discard_from_limbo(state, card)


def cyber_trap(state, seat, card, params, log, rng):
    """Placed face up on the opponent's Suitcase."""
    ev(log, {"event": "cyber_trap_set", "seat": seat})
    return _add_item(state, seat, (card, "cyber_trap", -1))


def _sandwich_options(state, seat, card):
    if len(state.deck) < PROPOSALS["sandwich_min_deck"]:
        return []
    return [{"slot2": j} for j, s in enumerate(state.guards[1 - seat]) if s is not None]


def sandwich(state, seat, card, params, log, rng):
    """Take the top and bottom deck cards and an opponent Guard; return one card to each place."""
    j, other = params["slot2"], 1 - seat
    guard, _, cover = state.guards[other][j]
    top, bottom = state.deck[0], state.deck[-1]
    deck, memory = deck_without(state, (top, bottom))
    state = set_slot(replace(state, deck=deck, deck_memory=memory), other, j, None)
    if cover >= 0:
        state = replace(state, limbo=state.limbo + (cover,))  # the cover waits for the returned card
    state = set_hand(state, seat, state.hands[seat] + (top, bottom, guard))
    ev(log, {"event": "sandwich_take", "seat": seat, "slot2": j},
       {seat: {"top": top, "bottom": bottom, "guard": card_info(state, guard)},
        other: {"guard": card_info(state, guard)}})
    return push(state, finish_deploy_frame(seat, card), Frame("sandwich", seat, (j, cover)))


def sandwich_options(state, frame):
    """Which hand cards go back to (top of deck, bottom of deck, the opponent's Guard spot)."""
    return [{"type": "order", "order": list(p)} for p in permutations(state.hands[frame.seat], 3)]


def handle_sandwich(state, frame, action, log, rng):
    """Return the three cards; the one in the opponent's spot is face up."""
    top, bottom, spot = action["order"]
    j, cover = frame.args
    state = set_hand(state, frame.seat, [c for c in state.hands[frame.seat] if c not in (top, bottom, spot)])
    deck, memory = deck_with(state.deck, state.deck_memory, frame.seat, top=(top,), bottom=(bottom,))
    state = replace(state, deck=deck, deck_memory=memory)
    state = set_slot(limbo_remove(state, cover), 1 - frame.seat, j, (spot, True, cover))
    state = add_knowledge(state, frame.seat, {"kind": "peek", "where": "deck_top", "cards": [top]})
    state = add_knowledge(state, frame.seat, {"kind": "peek", "where": "deck_bottom", "cards": [bottom]})
    ev(log, {"event": "sandwich_return", "seat": frame.seat, "slot2": j, **card_fields(state, spot)})
    return state


DEPLOY.update({
    "ruby_3": (_tough_options, tough_choice),
    "ruby_4": (_resurrection_options, digital_resurrection),
    "ruby_5": (_precision_options, precision_procedure),
    "promo_1a": (_closer_options, closer_look),
    "promo_3a": (_one, short_circuit),
    "promo_3b": (_handoff_options, suitcase_handoff),
    "promo_3c": (_one, cyber_trap),
    "promo_5a": (_sandwich_options, sandwich),
})
DECISIONS.update({
    "tc_choose": (tc_choose_options, handle_tc_choose),
    "tc_finish": (tc_finish_options, handle_tc_finish),
    "dr_give": (dr_give_options, handle_dr_give),
    "dr_swap": (dr_swap_options, handle_dr_swap),
    "pp_follow": (pp_options, handle_pp),
    "sandwich": (sandwich_options, handle_sandwich),
})
RESECRET["tc_choose"] = lambda state, frame: state.deck[:2]

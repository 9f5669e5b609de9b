"""Deploy effects that move cards around (Citrine and Emerald ones, and the Guard-placing TRIGGER
cards): Switch Places, Scavenge, Extra Protection, Neutralize the Target, Mind Control, Split
Personality, Hiding Spot (with its final-turn swap), Web Search, Decoy Guard, Armored Fedora,
Rooftop Sniper.
"""


from .combat import attack_targets, start_attack
from .common import (DECISIONS, DEPLOY, FINISHED_OPTIONS, card_fields, card_info, discard_from_limbo, ev, finish_deploy_frame,
                     limbo_remove, peek, place_guard)
from .data import PROPOSALS
from .state import free_slot, pair_set, push, replace, set_hand, set_slot


def _own_slots(state, seat):
    row = state.guards[seat]
    return [k for k in (0, 1, 2) if row[k] is not None]


def _switch_options(state, seat, card):
    """Finished Deploy actions (FINISHED_OPTIONS), as the next three option functions."""
    # plain loops (no comprehensions): the inputs are 1-3 slots and a 1-2 card hand; each action
    # read from its shape's table of shared actions (made once, see _MADE)
    row = state.guards[seat]
    mine = []
    for k in (0, 1, 2):
        if row[k] is not None:
            mine.append(k)
    if not mine:
        return []
    out = []
    theirs = state.guards[1 - seat]
    made = _SWITCH_OPPONENT_MADE
    for k in mine:
        for j in (0, 1, 2):
            if theirs[j] is not None:
                i = (k * 3 + j) * 18 + card
                action = made[i]
                if action is None:
                    action = made[i] = {"mode": "opponent", "slot": k, "slot2": j, "type": "deploy", "card": card}
                out.append(action)
    if state.discard:
        made = _SWITCH_DISCARD_MADE
        for k in mine:
            i = k * 18 + card
            action = made[i]
            if action is None:
                action = made[i] = {"mode": "discard", "slot": k, "type": "deploy", "card": card}
            out.append(action)
    rest = []
    for c in state.hands[seat]:
        if c != card:
            rest.append(c)
    made = _SWITCH_SELF_MADE
    for k in mine:
        for d in sorted(rest + [row[k][0]]):
            i = (k * 18 + d) * 18 + card
            action = made[i]
            if action is None:
                action = made[i] = {"mode": "self", "slot": k, "give": d, "type": "deploy", "card": card}
            out.append(action)
    return out


# _MADE: the finished actions of the option functions here, shared and read-only (as
# engine.legal_actions allows), made on first use and indexed by their parameters and the card
# (ids 0-17): a legal list reads a list instead of building a dict per action. Each has the
# keys, in order, of the literal that makes it.
_SWITCH_OPPONENT_MADE = [None] * (3 * 3 * 18)  # (slot, slot2, card)
_SWITCH_DISCARD_MADE = [None] * (3 * 18)  # (slot, card)
_SWITCH_SELF_MADE = [None] * (3 * 18 * 18)  # (slot, give, card)
_SCAVENGE_MADE = [None] * (18 * 18 * 18)  # (take, give, card)
_EP_MADE = [None] * (3 * 18)  # (slot, card)
_NEUTRALIZE_FLIP_MADE = [None] * (3 * 18)  # (slot2, card)
_NEUTRALIZE_BOTTOM_MADE = [None] * 18  # (card)
_NEUTRALIZE_REARRANGE = {"mode": "rearrange", "order": None, "type": "deploy", "card": None}  # copied


def switch_places(state, seat, card, params, log, rng):
    """Swap a Guard with an opponent Guard or the top discard (face up), or with this card."""
    k, mode = params["slot"], params["mode"]
    guard, face_up, cover = state.guards[seat][k]
    if mode == "opponent":
        j, other = params["slot2"], 1 - seat
        theirs, _, their_cover = state.guards[other][j]
        state = set_slot(state, seat, k, (theirs, True, cover))
        state = set_slot(state, other, j, (guard, True, their_cover))
        ev(log, {"event": "switch", "seat": seat, "slot": k, "slot2": j,
                 "got": card_info(state, theirs), "gave": card_info(state, guard)})
        return discard_from_limbo(state, card)
    if mode == "discard":
        top = state.discard[-1]
        state = replace(state, discard=state.discard[:-1] + (guard,))
        state = set_slot(state, seat, k, (top, True, cover))
        ev(log, {"event": "switch_discard", "seat": seat, "slot": k, "got": card_info(state, top),
                 "gave": card_info(state, guard)})
        return discard_from_limbo(state, card)
    state = set_slot(limbo_remove(state, card), seat, k, (card, face_up, cover))
    hand = [c for c in state.hands[seat] + (guard,) if c != params["give"]]
    state = set_hand(state, seat, hand)
    ev(log, {"event": "switch_self", "seat": seat, "slot": k, "discarded": card_info(state, params["give"])})
    return replace(state, discard=state.discard + (params["give"],))


def _scavenge_options(state, seat, card):
    out = []
    if state.discard:  # plain loops: 1-3 discards, a 1-2 card hand
        rest = []
        for c in state.hands[seat]:
            if c != card:
                rest.append(c)
        made = _SCAVENGE_MADE  # shared actions, as in _switch_options
        for take in state.discard[-3:]:
            for d in sorted(rest + [take]):
                i = (take * 18 + d) * 18 + card
                action = made[i]
                if action is None:
                    action = made[i] = {"take": take, "give": d, "type": "deploy", "card": card}
                out.append(action)
    return out


def scavenge(state, seat, card, params, log, rng):
    """Take one of the top 3 discards, then discard a hand card (the taken one allowed)."""
    take, give = params["take"], params["give"]
    pile = tuple(c for c in state.discard if c != take) + (give,)
    hand = [c for c in state.hands[seat] + (take,) if c != give]
    state = set_hand(replace(state, discard=pile), seat, hand)
    ev(log, {"event": "scavenge", "seat": seat, "took": card_info(state, take), "discarded": card_info(state, give)})
    return discard_from_limbo(state, card)


def _ep_options(state, seat, card):
    out = []
    made = _EP_MADE  # shared actions, as in _switch_options
    for k, s in enumerate(state.guards[seat]):
        if s is not None and s[2] < 0:
            i = k * 18 + card
            action = made[i]
            if action is None:
                action = made[i] = {"slot": k, "type": "deploy", "card": card}
            out.append(action)
    return out


def extra_protection(state, seat, card, params, log, rng):
    """TUCK one of your Guards (keeping its orientation) under this face-up card."""
    k = params["slot"]
    guard, face_up, _ = state.guards[seat][k]
    state = set_slot(limbo_remove(state, card), seat, k, (guard, face_up, card))
    ev(log, {"event": "extra_protection", "seat": seat, "slot": k})
    return state


def _neutralize_options(state, seat, card):
    face_down_only = PROPOSALS["neutralize_flip_face_down_only"]
    out = []
    made = _NEUTRALIZE_FLIP_MADE  # shared actions, as in _switch_options
    for j, s in enumerate(state.guards[1 - seat]):
        if s is not None and not (s[1] and face_down_only):
            i = j * 18 + card
            action = made[i]
            if action is None:
                action = made[i] = {"mode": "flip", "slot2": j, "type": "deploy", "card": card}
            out.append(action)
    pile = list(state.discard)
    if len(pile) >= 2:
        # each card but the top moved to the top, then the reversed pile (the same as the first
        # order when the pile has 2 cards; the cards are distinct, so no other order repeats)
        template = _NEUTRALIZE_REARRANGE  # fresh copies: an order is a list
        for i in range(len(pile) - 1):
            action = template.copy()
            order = pile[:]  # card i moved to the top: one copy, not three slices and two joins
            order.append(order.pop(i))
            action["order"] = order
            action["card"] = card
            out.append(action)
        if len(pile) > 2:
            out.append({"mode": "rearrange", "order": pile[::-1], "type": "deploy", "card": card})
    if state.deck:
        action = _NEUTRALIZE_BOTTOM_MADE[card]
        if action is None:
            action = _NEUTRALIZE_BOTTOM_MADE[card] = {"mode": "bottom", "type": "deploy", "card": card}
        out.append(action)
    return out


def neutralize(state, seat, card, params, log, rng):
    """Flip an opponent Guard face up; or rearrange the Discard Pile; or look at the bottom 2."""
    mode = params["mode"]
    if mode == "flip":
        j, other = params["slot2"], 1 - seat
        guard, _, cover = state.guards[other][j]
        state = set_slot(state, other, j, (guard, True, cover))
        ev(log, {"event": "flip", "seat": other, "slot": j, **card_fields(state, guard)})
    elif mode == "rearrange":
        state = replace(state, discard=tuple(params["order"]))
        ev(log, {"event": "rearrange", "seat": seat, "discard": list(params["order"])})
    else:
        state = peek(state, seat, "deck_bottom", 2, log)
    return discard_from_limbo(state, card)


def _attack_options(need_free_slot):
    def options(state, seat, card):
        """Targets without a Code compare."""
        if need_free_slot and free_slot(state, seat) < 0:
            return []
        return attack_targets(state, seat, card, ignore_codes=True)
    return options


def mind_control(state, seat, card, params, log, rng):
    """Assassinate without comparing Codes; the Guard changes sides (unless blocked)."""
    state = push(state, finish_deploy_frame(seat, card))
    target = {"slot": params["slot"], "cover": params.get("cover", False)}
    return start_attack(state, seat, card, target, "mind", log, rng)


def rooftop_sniper(state, seat, card, params, log, rng):
    """Assassinate without comparing Codes, ignoring blocks and triggers."""
    target = {"slot": params["slot"], "cover": params.get("cover", False)}
    return start_attack(state, seat, card, target, "sniper", log, rng)


def _split_options(state, seat, card):
    if len(state.deck) < 4:
        return []
    return [{"slot": k} for k in _own_slots(state, seat)]


def split_personality(state, seat, card, params, log, rng):
    """Reveal a Guard and swap it with your Suitcase (which is then known to both)."""
    k = params["slot"]
    guard, _, cover = state.guards[seat][k]
    old = state.suitcases[seat]
    state = set_slot(state, seat, k, (old, False, cover))
    state = replace(state, suitcases=pair_set(state.suitcases, seat, guard),
                    suitcase_up=pair_set(state.suitcase_up, seat, True),
                    epochs=pair_set(state.epochs, seat, state.epochs[seat] + 1))
    ev(log, {"event": "split_personality", "seat": seat, "slot": k, "new_suitcase": card_info(state, guard)})
    return discard_from_limbo(state, card)


def _hiding_options(state, seat, card):
    out = []
    if state.discard:
        out.append({"mode": "top"})
    if len(state.discard) >= 2:
        out.append({"mode": "bottom"})
    uncovered_only = PROPOSALS["hiding_spot_uncovered_guards_only"]
    out += [{"mode": "guard", "slot": k} for k, s in enumerate(state.guards[seat])
            if s is not None and (s[2] < 0 or not uncovered_only)]
    return out


def hiding_spot(state, seat, card, params, log, rng):
    """TUCK the top/bottom discard or one of your Guards (no longer a Guard) under this card."""
    mode = params["mode"]
    if mode == "top":
        tucked, state = state.discard[-1], replace(state, discard=state.discard[:-1])
    elif mode == "bottom":
        tucked, state = state.discard[0], replace(state, discard=state.discard[1:])
    else:
        tucked = state.guards[seat][params["slot"]][0]
        state = set_slot(state, seat, params["slot"], None)
    item = (card, "hiding_spot", tucked)
    state = replace(limbo_remove(state, card), play=pair_set(state.play, seat, state.play[seat] + (item,)))
    ev(log, {"event": "tuck", "seat": seat, "tucked": card_info(state, tucked), **card_fields(state, card)})
    return state


def hiding_final_options(state, frame):
    """Final turn: keep the hand card, or swap it with a Hiding Spot's tucked card."""
    spots = [i[0] for i in state.play[frame.seat] if i[1] == "hiding_spot" and i[2] >= 0]
    return [{"type": "pass"}] + [{"type": "swap", "card": c} for c in spots]


def handle_hiding_final(state, frame, action, log, rng):
    """Swap the last hand card with the tucked card."""
    if action["type"] == "pass":
        return state
    seat, spot = frame.seat, action["card"]
    held = state.hands[seat][0]
    items = []
    for item in state.play[seat]:
        if item[0] == spot:
            tucked, item = item[2], (spot, "hiding_spot", held)
        items.append(item)
    state = set_hand(replace(state, play=pair_set(state.play, seat, tuple(items))), seat, [tucked])
    ev(log, {"event": "hiding_swap", "seat": seat, "took": card_info(state, tucked), "tucked": card_info(state, held)})
    return state


def _web_options(state, seat, card):
    rest = [c for c in state.hands[seat] if c != card]
    out = []
    if state.discard:
        out += [{"mode": "swap", "give": g} for g in rest]
    if state.encrypted:
        out.append({"mode": "look"})
        if state.discard:
            out += [{"mode": "both", "give": g} for g in rest]
    return out


def web_search(state, seat, card, params, log, rng):
    """Swap a hand card with the bottom discard and/or look at the top Encrypted card and move it
    to the bottom of that pile."""
    mode = params["mode"]
    if mode in ("swap", "both"):
        give, bottom = params["give"], state.discard[0]
        state = set_hand(replace(state, discard=(give,) + state.discard[1:]), seat,
                         [c for c in state.hands[seat] if c != give] + [bottom])
        ev(log, {"event": "web_swap", "seat": seat, "gave": card_info(state, give), "took": card_info(state, bottom)})
    if mode in ("look", "both"):
        state = peek(state, seat, "encrypted_top", 1, log)
        state = replace(state, encrypted=state.encrypted[1:] + state.encrypted[:1],
                        encrypted_by=state.encrypted_by[1:] + state.encrypted_by[:1])
        ev(log, {"event": "encrypted_top_to_bottom", "seat": seat})
    return discard_from_limbo(state, card)


def _guard_deploy_options(state, seat, card):
    return [{}] if free_slot(state, seat) >= 0 else []


def deploy_as_guard(state, seat, card, params, log, rng):
    """Decoy Guard / Armored Fedora: Deploy = place it as one of your Guards (revealed: face up)."""
    return place_guard(state, seat, card, PROPOSALS["deploy_as_guard_face_up"], log, True)


FINISHED_OPTIONS.update((_switch_options, _scavenge_options, _ep_options, _neutralize_options))
DEPLOY.update({
    "citrine_4": (_switch_options, switch_places),
    "citrine_5": (_scavenge_options, scavenge),
    "citrine_6": (_ep_options, extra_protection),
    "citrine_8": (_neutralize_options, neutralize),
    "emerald_2": (_attack_options(True), mind_control),
    "emerald_4": (_split_options, split_personality),
    "emerald_5": (_hiding_options, hiding_spot),
    "emerald_8": (_web_options, web_search),
    "ruby_2": (_guard_deploy_options, deploy_as_guard),
    "ruby_9": (_attack_options(False), rooftop_sniper),
    "promo_5b": (_guard_deploy_options, deploy_as_guard),
})
DECISIONS["hiding_final"] = (hiding_final_options, handle_hiding_final)

"""Assassination (digest A6): targets, attempts, blocks, kills, discard order and kill triggers.

Kinds of attack: "enlist" (an Assassin or Sentinel played for its guild: Codes must share a
number), "mind" (Mind Control: no compare, the target changes sides), "sniper" (Rooftop Sniper:
no compare, ignores every block and trigger), "grenade" (one Unstable Grenade attempt).

A successful attack opens a "defend" decision for the defender when a block is possible in
public terms (Bullet Proof Vest in the match and 2+ cards in hand, or a face-down Resilience);
then the auto "kill" frame removes the target. Extra Protection must die before the Guard under
it can be targeted; a CCT and its tucked card die together.
"""

from itertools import permutations

from .common import (AUTO, DECISIONS, answer, card_fields, card_info, code_shared, discard_from_limbo, ev,
                     limbo_add, react_cards, react_window_opens, set_skip, show_random_card)
from .data import CODE, CODES, NUMBER, PROPOSALS
from .state import Frame, free_slot, pop, push, replace, set_hand, set_slot

EP, CCT, RESILIENCE, DECOY, FEDORA = "citrine_6", "promo_7a", "emerald_6", "ruby_2", "promo_5b"


SHARED = tuple(tuple(bool(CODE[a] & CODE[b]) for b in range(18)) for a in range(18))


NO_GUARDS = (None, None, None)


def attack_targets(state, seat, card, ignore_codes=False):
    """Legal targets for seat's attack with card: [{"slot": k, "cover"?: True, "mine"?: True}]
    (fresh dicts the caller may extend)."""
    out = []
    shared = SHARED[card]
    guards = state.guards
    theirs, mine = guards[1 - seat], guards[seat]
    if theirs != NO_GUARDS:
        open_target = ignore_codes or not PROPOSALS["face_up_target_needs_shared_code"]
        for k, slot in enumerate(theirs):
            if slot is None:
                continue
            guard, face_up, cover = slot
            if cover >= 0:
                if open_target or shared[cover]:
                    out.append({"slot": k, "cover": True})
                if state.designs[cover] == EP:
                    continue
            if open_target or not face_up or shared[guard]:
                out.append({"slot": k})
    if not ignore_codes and mine != NO_GUARDS:
        designs = state.designs
        for k, slot in enumerate(mine):
            if slot and slot[2] < 0 and designs[slot[0]] == FEDORA and shared[slot[0]]:
                out.append({"slot": k, "mine": True})
    return out


def target_of(state, tseat, slot, cover):
    """The card an attack on (tseat, slot, cover) hits."""
    entry = state.guards[tseat][slot]
    return entry[2] if cover else entry[0]


def start_attack(state, attacker, card, target, kind, log, rng):
    """Resolve an attack with `card` (already in limbo) against a target dict."""
    tseat = attacker if target.get("mine") else 1 - attacker
    slot, cover = target["slot"], bool(target.get("cover"))
    victim = target_of(state, tseat, slot, cover)
    guard, face_up, cov = state.guards[tseat][slot]
    was_down = not cover and not face_up
    ev(log, {"event": "attack", "seat": attacker, "kind": kind, "target_seat": tseat, "slot": slot,
             "cover": cover, **card_fields(state, card)})
    if kind in ("enlist", "grenade") and not code_shared(card, victim):
        return attack_failed(state, attacker, card, tseat, kind, log, rng)
    if was_down:
        state = set_slot(state, tseat, slot, (guard, True, cov))
    ev(log, {"event": "attack_succeeds", "seat": attacker, "target_seat": tseat, "slot": slot,
             "target": card_info(state, victim)})
    args = (attacker, tseat, slot, cover, kind, card)
    state = push(state, Frame("kill", attacker, args))
    if kind == "sniper" or tseat == attacker:
        return state
    resilience = was_down and state.designs[victim] == RESILIENCE
    if resilience or react_window_opens(state, tseat, "citrine_9"):
        state = push(state, Frame("defend", tseat, args + (resilience, was_down)))
    return state


def attack_failed(state, attacker, card, tseat, kind, log, rng):
    """A missed attempt: the Assassin is discarded; an Enlisted attempt shows a random hand card
    of the defender to the attacker (both are told which)."""
    ev(log, {"event": "attack_fails", "seat": attacker, "target_seat": tseat})
    if kind == "grenade" and not PROPOSALS["grenade_failures_show_hand"]:
        return state
    if kind != "grenade":
        state = discard_from_limbo(state, card)
    hand = state.hands[tseat]
    if hand:
        shown = hand[rng.randbelow(len(hand))]
        state = show_random_card(state, tseat, attacker, log, shown)
    return state


def defend_options(state, frame):
    """Defender: pass, Bullet Proof Vest cards (REACT), or Resilience (if it was face down)."""
    out = [{"type": "pass"}]
    if len(state.hands[frame.seat]) >= 2:
        out += [{"type": "react", "card": c} for c in react_cards(state, frame.seat, "citrine_9")]
    if frame.args[6]:
        out.append({"type": "resilience"})
    return out


def handle_defend(state, frame, action, log, rng):
    """Apply the defender's choice; a block removes the pending kill."""
    if action["type"] == "pass":
        return state
    attacker, tseat, slot, cover, kind, card = frame.args[:6]
    _, state = pop(state)  # the kill frame
    if action["type"] == "react":
        state = set_hand(state, tseat, [c for c in state.hands[tseat] if c != action["card"]])
        state = limbo_add(state, action["card"])
        state = discard_from_limbo(state, action["card"])
        state = set_skip(state, tseat)
        ev(log, {"event": "react", "seat": tseat, "blocks": "assassination", **card_fields(state, action["card"])})
        if frame.args[7] and not PROPOSALS["revealed_guard_stays_face_up"]:
            guard, _, cov = state.guards[tseat][slot]
            state = set_slot(state, tseat, slot, (guard, False, cov))
    else:
        ev(log, {"event": "resilience", "seat": tseat, "slot": slot})
    return blocked(state, kind, card)


def blocked(state, kind, card):
    """Discard the cards that carried out a blocked attack (Deploy cards finish later)."""
    if kind == "enlist":
        return discard_from_limbo(state, card)
    return state


def process_kill(state, frame, log, rng):
    """Remove the target (a CCT pair goes together); order discards; fire kill triggers."""
    attacker, tseat, slot, cover, kind, card = frame.args
    guard, face_up, cov = state.guards[tseat][slot]
    victim = cov if cover else guard
    partner = -1
    if cov >= 0 and state.designs[cov] == CCT:
        partner = guard if cover else cov
        state = set_slot(state, tseat, slot, None)
    elif cover:
        state = set_slot(state, tseat, slot, (guard, face_up, -1))
    else:
        state = set_slot(state, tseat, slot, None)
    removed = (victim,) if partner < 0 else (victim, partner)
    if kind == "mind":
        return mind_take(state, attacker, victim, partner, log)
    state = limbo_add(state, *removed)
    if kind == "grenade":
        state = discard_from_limbo(state, *removed)
        top = state.stack[-1]
        state = pop(state)[1]
        state = push(state, Frame(top.kind, top.seat, (top.args[0], top.args[1] + 1, top.args[2])))
    else:
        state = push_triggers(state, attacker, tseat, removed, kind)
        pile = (card,) + removed if kind in ("enlist", "sniper") else removed
        state = push(state, Frame("order_discards", attacker, tuple(sorted(pile))))
        return state
    return push_triggers(state, attacker, tseat, removed, kind)


def push_triggers(state, attacker, tseat, removed, kind):
    """Kill triggers: Decoy Guard (the attacker names a number of their Code), Armored Fedora."""
    if kind == "sniper":
        return state
    for victim in removed:
        key = state.designs[victim]
        if key == DECOY:
            state = push(state, Frame("decoy_tell", attacker, (victim, tseat)))
        elif key == FEDORA:
            state = push(state, Frame("fedora_swap", tseat, (victim,)))
    return state


def mind_take(state, attacker, victim, partner, log):
    """Mind Control: the target becomes the attacker's face-up Guard; say if it is in your Code."""
    slot = free_slot(state, attacker)
    state = set_slot(state, attacker, slot, (victim, True, -1))
    if partner >= 0:
        state = discard_from_limbo(limbo_add(state, partner), partner)
    ev(log, {"event": "mind_control", "seat": attacker, "slot": slot, **card_fields(state, victim)})
    number = NUMBER[victim]
    yes = number in CODE[state.suitcases[attacker]]
    possible = [s for s in range(1, 10) if (number in CODES[s]) == yes]
    question = {"kind": "number_in_code", "number": number}
    state = answer(state, log, 1 - attacker, attacker, -1, question, yes, possible)
    return push_triggers(state, attacker, 1 - attacker, (victim,), "mind")


def order_options(state, frame):
    """Every order of the discarded cards (bottom to top)."""
    return [{"type": "order", "order": list(p)} for p in permutations(frame.args)]


def handle_order(state, frame, action, log, rng):
    """Put the cards on the Discard Pile in the chosen order."""
    state = discard_from_limbo(state, *action["order"])
    ev(log, {"event": "discard_order", "seat": frame.seat, "cards": list(action["order"])})
    return state


def decoy_options(state, frame):
    """The attacker names one number of their own Code (truthful options only)."""
    return [{"type": "answer", "number": n} for n in sorted(CODE[state.suitcases[frame.seat]])]


def handle_decoy(state, frame, action, log, rng):
    """Record the Decoy Guard answer."""
    n = action["number"]
    question = {"kind": "name_number_in_code"}
    return answer(state, log, frame.args[1], frame.seat, frame.args[0], question, n, sorted(CODES[n]))


def fedora_options(state, frame):
    """Armored Fedora's owner may swap a hand card with a discard."""
    out = [{"type": "pass"}]
    for give in state.hands[frame.seat]:
        out += [{"type": "swap", "give": give, "take": take} for take in sorted(set(state.discard))]
    return out


def handle_fedora(state, frame, action, log, rng):
    """Swap a hand card with a Discard Pile card (the given card takes its place)."""
    if action["type"] == "pass":
        return state
    give, take = action["give"], action["take"]
    pile = tuple(give if c == take else c for c in state.discard)
    state = set_hand(state, frame.seat, [c for c in state.hands[frame.seat] if c != give] + [take])
    state = replace(state, discard=pile)
    ev(log, {"event": "fedora_swap", "seat": frame.seat, "gave": card_info(state, give),
             "took": card_info(state, take)})
    return state


AUTO["kill"] = process_kill
DECISIONS["defend"] = (defend_options, handle_defend)
DECISIONS["order_discards"] = (order_options, handle_order)
DECISIONS["decoy_tell"] = (decoy_options, handle_decoy)
DECISIONS["fedora_swap"] = (fedora_options, handle_fedora)

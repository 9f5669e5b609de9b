"""Promo Deploy effects with their own sub-steps: Sands of Time, Unstable Grenade (one attempt per
opponent Guard, digest C13), No-Return Mail."""


from .combat import EP, start_attack
from .common import (AUTO, DECISIONS, DEPLOY, RESECRET, add_knowledge, card_fields, card_info,
                     discard_from_limbo, ev, finish_deploy_frame, limbo_remove, peek)
from .data import PROPOSALS
from .state import Frame, remember, deck_without, pair_set, push, replace, set_hand


def _sands_options(state, seat, card):
    return [{}] if state.deck and not state.sands_used[seat] else []


def sands_of_time(state, seat, card, params, log, rng):
    """Look at the bottom 3 of the Draw Deck; discard 2 and keep 1; stays in play."""
    bottom = state.deck[-3:]
    state = peek(state, seat, "deck_bottom", 3, log)
    item = (card, "sands", -1)
    state = replace(limbo_remove(state, card), play=pair_set(state.play, seat, state.play[seat] + (item,)),
                    sands_used=pair_set(state.sands_used, seat, True))
    if len(bottom) > 1:
        state = push(state, Frame("sands_keep", seat, (card,), bottom))
    return state


def sands_options(state, frame):
    """Which of the looked-at cards stays in the deck."""
    return [{"type": "pick", "card": c} for c in frame.secret]


def handle_sands(state, frame, action, log, rng):
    """Discard the others (at most 2), in deck order."""
    gone = [c for c in frame.secret if c != action["card"]][:2]
    deck, memory = deck_without(state, gone)
    state = replace(state, deck=deck, deck_memory=memory, discard=state.discard + tuple(gone))
    ev(log, {"event": "sands_discard", "seat": frame.seat, "cards": [card_info(state, c) for c in gone]})
    return state


def _grenade_options(state, seat, card):
    return [{}] if any(s is not None for s in state.guards[1 - seat]) else []


def grenade(state, seat, card, params, log, rng):
    """Queue an attempt on every opponent Guard: an Extra Protection first, then its Guard."""
    queue = []
    for k, slot in enumerate(state.guards[1 - seat]):
        if slot is None:
            continue
        if slot[2] >= 0 and state.designs[slot[2]] == EP:
            queue.append((k, True))
        queue.append((k, False))
    return push(state, Frame("grenade", seat, (card, 0, tuple(queue))))


def process_grenade(state, frame, log, rng):
    """Make the next attempt, or apply the kill count when none is left."""
    card, kills, queue = frame.args
    other = 1 - frame.seat
    while queue:
        (k, cover), queue = queue[0], queue[1:]
        slot = state.guards[other][k]
        if slot is None or (cover and slot[2] < 0):
            continue
        if not cover and slot[2] >= 0 and state.designs[slot[2]] == EP:
            continue  # the Extra Protection survived: its Guard cannot be targeted
        state = push(state, Frame("grenade", frame.seat, (card, kills, queue)))
        return start_attack(state, frame.seat, card, {"slot": k, "cover": cover}, "grenade", log, rng)
    return grenade_result(state, frame.seat, card, kills, log, rng)


def grenade_result(state, seat, card, kills, log, rng):
    """1 kill: reveal a random hand card; 2: reveal 2 and the opponent PEEKs 2; 3: Suitcase up."""
    kills = min(kills, PROPOSALS["grenade_max_kills_counted"])
    ev(log, {"event": "grenade_result", "seat": seat, "kills": kills})
    state = discard_from_limbo(state, card)
    if kills in (1, 2):
        hand = list(state.hands[seat])
        shown = [hand.pop(rng.randbelow(len(hand))) for _ in range(min(kills, len(hand)))]
        ev(log, {"event": "reveal", "seat": seat, "cards": [card_info(state, c) for c in shown]})
        state = remember(state, 1 - seat, shown)
        state = add_knowledge(state, 1 - seat, {"kind": "saw_card", "seat": seat, "cards": shown,
                                                "reason": "grenade"})
        if kills == 2 and (state.deck or state.encrypted):
            state = push(state, Frame("grenade_peek", 1 - seat))
    elif kills >= 3:
        state = replace(state, suitcase_up=pair_set(state.suitcase_up, seat, True))
        ev(log, {"event": "suitcase_revealed", "seat": seat, **card_fields(state, state.suitcases[seat])})
    return state


def grenade_peek_options(state, frame):
    """PEEK 2 of the Draw Deck or of the Encrypted pile."""
    return ([{"type": "peek", "mode": "deck"}] if state.deck else []) + \
        ([{"type": "peek", "mode": "encrypted"}] if state.encrypted else [])


def handle_grenade_peek(state, frame, action, log, rng):
    """Look at the top 2 of the chosen pile."""
    where = "deck_top" if action["mode"] == "deck" else "encrypted_top"
    return peek(state, frame.seat, where, 2, log)


def _mail_options(state, seat, card):
    return [{"give": c} for c in state.hands[seat] if c != card]


def no_return_mail(state, seat, card, params, log, rng):
    """Give the opponent a hand card; they then give you one of theirs."""
    give, other = params["give"], 1 - seat
    state = set_hand(state, seat, [c for c in state.hands[seat] if c != give])
    state = set_hand(state, other, state.hands[other] + (give,))
    ev(log, {"event": "mail_give", "seat": seat}, {other: {"card": give}})
    return push(state, finish_deploy_frame(seat, card), Frame("mail_return", other))


def mail_options(state, frame):
    """Any hand card."""
    return [{"type": "pick", "card": c} for c in state.hands[frame.seat]]


def handle_mail(state, frame, action, log, rng):
    """Give the chosen card back."""
    c, other = action["card"], 1 - frame.seat
    state = set_hand(state, frame.seat, [x for x in state.hands[frame.seat] if x != c])
    state = set_hand(state, other, state.hands[other] + (c,))
    ev(log, {"event": "mail_return", "seat": frame.seat}, {other: {"card": c}})
    return state


DEPLOY.update({
    "promo_7b": (_sands_options, sands_of_time),
    "promo_9a": (_grenade_options, grenade),
    "promo_9b": (_mail_options, no_return_mail),
})
AUTO["grenade"] = process_grenade
DECISIONS.update({
    "sands_keep": (sands_options, handle_sands),
    "grenade_peek": (grenade_peek_options, handle_grenade_peek),
    "mail_return": (mail_options, handle_mail),
})
RESECRET["sands_keep"] = lambda state, frame: state.deck[-3:]

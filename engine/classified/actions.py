"""The main action (Deploy / Encrypt / Enlist), its legal list, and the Deploy pipeline with the
Pull the Plug window.

Legal main actions, in this order: "cancel_trap" (if possible), then for each hand card by id:
encrypt, guard (Guard/Sentinel with a free spot), assassinate (Assassin/Sentinel; each target),
deploy (each parameter set the design allows, see the effect modules).
"""


from .combat import start_attack
from .common import (AUTO, DECISIONS, DEPLOY, SEAT_KEYS, card_fields, card_info, discard_from_limbo, ev, ev_private,
                     limbo_add, react_cards, react_window_opens, set_skip)
from .data import GUILD
from .plays import card_plays, cards_plays  # noqa: F401 (card_plays: Tough Choice's options)
from .state import Frame, deck_without, pop, push, remember, replace, replace_fields, set_hand

SECRET_PARAMS = {"promo_4b"}  # Telepathy Vision's guess stays private (digest C25)
# Deploy parameters announced when the Deploy is declared (allow-list): slots, modes, numbers
# asked about, discards taken or reordered. Anything else (a hand card to give or reveal) is
# told only to the deployer until its effect resolves (and shows what it shows).
PUBLIC_PARAMS = frozenset(("mode", "number", "slot", "slot2", "take", "cover", "order"))


def main_actions(state, seat):
    """The legal main actions of the seat to move."""
    plays = cards_plays(state, seat, state.hands[seat])
    if state.play[1 - seat] and can_cancel_trap(state, seat):
        return [{"type": "cancel_trap"}] + plays
    return plays


def can_cancel_trap(state, seat):
    """A Cyber Trap on seat's Suitcase may be cancelled by revealing 3 cards of one Guild."""
    hand = state.hands[seat]
    return (len(hand) >= 3 and any(i[1] == "cyber_trap" for i in state.play[1 - seat])
            and len({GUILD[c] for c in hand}) == 1)


def cancel_trap(state, seat, log):
    """Reveal the hand (3 cards of one Guild) and discard the opponent's Cyber Trap(s)."""
    other = 1 - seat
    traps = [i[0] for i in state.play[other] if i[1] == "cyber_trap"]
    rest = tuple(i for i in state.play[other] if i[1] != "cyber_trap")
    play = (rest, state.play[1]) if other == 0 else (state.play[0], rest)
    state = replace(state, play=play, discard=state.discard + tuple(traps))
    ev(log, {"event": "cancel_trap", "seat": seat, "revealed": [card_info(state, c) for c in state.hands[seat]]})
    return remember(state, other, state.hands[seat])


def play_card(state, seat, action, log, rng, from_hand=True):
    """Carry out encrypt / guard / assassinate / deploy with a card (from hand or from the deck);
    the turn's action is then resolving."""
    card, kind = action["card"], action["type"]
    if from_hand:
        hands = state.hands
        rest = hand = hands[seat]  # hand_without, inlined
        if card in hand:
            i = hand.index(card)
            rest = hand[:i] + hand[i + 1:]
        source = {"hands": (rest, hands[1]) if seat == 0 else (hands[0], rest)}
    else:
        deck, memory = deck_without(state, (card,))
        source = {"deck": deck, "deck_memory": memory}
    if kind == "encrypt":
        ev_private(log, {"event": "encrypt", "seat": seat}, seat, card_info(state, card))
        source["stage"] = "resolving"  # replace(state, stage=..., ..., **source) without the keyword call
        source["encrypted"] = (card,) + state.encrypted
        source["encrypted_by"] = (seat,) + state.encrypted_by
        return replace_fields(state, source)
    if kind == "guard":
        return enlist_guard(state, seat, card, source, log, from_hand)
    if kind == "assassinate":
        source["stage"] = "resolving"
        source["limbo"] = state.limbo + (card,)
        state = replace_fields(state, source)
        target = {}
        for k in ("slot", "cover", "mine"):  # a plain loop over the target fields
            if action.get(k):
                target[k] = action[k]
        target["slot"] = action["slot"]
        return start_attack(state, seat, card, target, "enlist", log, rng)
    return start_deploy(state, seat, card, action, log, source, rng)


def enlist_guard(state, seat, card, source, log, from_hand):
    """A Guard (or Sentinel) face down into the lowest free spot; Return to Sender may answer."""
    guards = state.guards
    row = guards[seat]
    slot = row.index(None) if None in row else -1  # free_slot
    row = row[:slot] + ((card, False, -1),) + row[slot + 1:]
    source["stage"] = "resolving"
    source["guards"] = (row, guards[1]) if seat == 0 else (guards[0], row)
    state = replace_fields(state, source)
    ev_private(log, {"event": "guard", "seat": seat, "slot": slot}, seat, card_info(state, card))
    if from_hand and react_window_opens(state, 1 - seat, "emerald_9"):
        state = push(state, Frame("window_rts", 1 - seat, (seat, slot)))
    return state


def start_deploy(state, seat, card, action, log, source, rng):
    """Announce a Deploy (the card and its public parameters; the rest only to the deployer) and
    open the Pull the Plug window before the effect resolves."""
    params = {}  # every parameter (plain loops: an action has 2-4 fields)
    for k, v in action.items():
        if k != "type" and k != "card":
            params[k] = v
    shown, hidden = split_params(state, card, params)
    window = react_window_opens(state, 1 - seat, "ruby_6")
    play = state.play
    announce(log, state, seat, card, shown, params if hidden else None)
    if not (window or play[0] or play[1]):
        # Nothing can come between: resolve now, as `settle` would pop and process the frame
        # (the effect gets the parameters deploy_params would give: sorted, lists as lists).
        given = {}
        for k in sorted(params):
            v = params[k]
            given[k] = list(v) if isinstance(v, (list, tuple)) else v
        source["stage"] = "resolving"
        source["limbo"] = state.limbo + (card,)
        state = replace_fields(state, source)
        return DEPLOY[state.designs[card]][1](state, seat, card, given, log, rng)
    if hidden:
        frame = Frame("resolve_deploy", seat, (card, _frozen(shown), hidden), (_frozen(params),))
    else:
        frame = Frame("resolve_deploy", seat, (card, _frozen(shown)))
    frames = (frame, Frame("window_ptp", 1 - seat, (card,))) if window else (frame,)
    source["stage"] = "resolving"
    source["limbo"] = state.limbo + (card,)
    source["stack"] = state.stack + frames
    return replace_fields(state, source)


def split_params(state, card, params):
    """(public parameters, names of the private ones): a parameter is announced only when it is
    a public fact (PUBLIC_PARAMS); the others (a hand card to give or reveal, a secret guess)
    stay the deployer's until the effect that reveals them resolves."""
    secret_design = state.designs[card] in SECRET_PARAMS
    shown, hidden = {}, ()
    for k, v in params.items():
        if k in PUBLIC_PARAMS and not secret_design:
            shown[k] = v
        else:
            hidden += (k,)
    return shown, tuple(sorted(hidden))


_ANNOUNCED = {}  # (card, design) -> the deploy event's shape: a read-only template, only copied


def announce(log, state, seat, card, shown, every=None):
    """Log a Deploy: the card and its public parameters for all, every parameter for the
    deployer when some are private."""
    design = state.designs[card]
    cache = _ANNOUNCED  # a local: the compiled build reads it as the dict it is
    template = cache.get((card, design))  # at most 18 cards x the designs: bounded
    if template is None:
        template = cache[(card, design)] = {"event": "deploy", "seat": None, **card_fields(state, card),
                                                 "params": None}
    public = template.copy()  # {"event": "deploy", "seat": seat, **card_fields(...), "params": shown}
    public["seat"] = seat
    public["params"] = shown
    if every is None:  # ev / ev_private, inlined
        log.append({"public": public, "private": {}})
    else:
        log.append({"public": public, "private": {SEAT_KEYS[seat]: {"params": dict(every)}}})


def _frozen(params):
    """Parameters as a sorted tuple of (name, value) pairs (lists as tuples)."""
    return tuple(sorted((k, _freeze(v)) for k, v in params.items()))


def _freeze(value):
    return tuple(value) if isinstance(value, list) else value


def deploy_params(frame):
    """The parameters of a resolve_deploy frame as a dict (the secret holds them all when some
    are private; args = (card, public parameters[, names of the private ones]))."""
    params = {}
    for k, v in frame.secret[0] if frame.secret else frame.args[1]:
        params[k] = list(v) if isinstance(v, tuple) else v
    return params


def process_resolve_deploy(state, frame, log, rng):
    """Resolve a Deploy effect (the PtP window has passed)."""
    card = frame.args[0]
    resolve = DEPLOY[state.designs[card]][1]
    return resolve(state, frame.seat, card, deploy_params(frame), log, rng)


def process_finish_deploy(state, frame, log, rng):
    """Put a resolved Deploy card on the Discard Pile."""
    return discard_from_limbo(state, frame.args[0])


def window_options(key):
    """Options of a REACT window: pass, or one of the reactor's cards of that design."""
    def options(state, frame):
        """pass, or react with a card of the design (keeping at least one card)."""
        out = [{"type": "pass"}]
        if len(state.hands[frame.seat]) >= 2:
            out += [{"type": "react", "card": c} for c in react_cards(state, frame.seat, key)]
        return out
    return options


def react_from_hand(state, seat, card, log, blocks):
    """Play a REACT card from hand to the Discard Pile and set the REACT cost."""
    state = set_hand(state, seat, [c for c in state.hands[seat] if c != card])
    state = discard_from_limbo(limbo_add(state, card), card)
    ev(log, {"event": "react", "seat": seat, "blocks": blocks, **card_fields(state, card)})
    return set_skip(state, seat)


def handle_ptp(state, frame, action, log, rng):
    """Pull the Plug: the Deploy below is blocked; its card is discarded."""
    if action["type"] == "pass":
        return state
    state = react_from_hand(state, frame.seat, action["card"], log, "deploy")
    deployed, state = pop(state)
    return discard_from_limbo(state, deployed.args[0])


def handle_rts(state, frame, action, log, rng):
    """Return to Sender: the Guard goes back to its owner's hand; they must discard a card."""
    if action["type"] == "pass":
        return state
    state = react_from_hand(state, frame.seat, action["card"], log, "guard")
    owner, slot = frame.args
    guard = state.guards[owner][slot][0]
    row = list(state.guards[owner])
    row[slot] = None
    guards = (tuple(row), state.guards[1]) if owner == 0 else (state.guards[0], tuple(row))
    state = set_hand(replace(state, guards=guards), owner, state.hands[owner] + (guard,))
    ev(log, {"event": "returned_to_hand", "seat": owner, "slot": slot, **card_fields(state, guard)})
    state = remember(state, frame.seat, [guard])
    return push(state, Frame("forced_discard", owner))


def discard_options(state, frame):
    """Discard any hand card."""
    return [{"type": "discard", "card": c} for c in state.hands[frame.seat]]


def handle_discard(state, frame, action, log, rng):
    """Discard the chosen hand card."""
    card = action["card"]
    state = set_hand(state, frame.seat, [c for c in state.hands[frame.seat] if c != card])
    ev(log, {"event": "discard", "seat": frame.seat, **card_fields(state, card)})
    return replace(state, discard=state.discard + (card,))


AUTO["resolve_deploy"] = process_resolve_deploy
AUTO["finish_deploy"] = process_finish_deploy
DECISIONS["window_ptp"] = (window_options("ruby_6"), handle_ptp)
DECISIONS["window_rts"] = (window_options("emerald_9"), handle_rts)
DECISIONS["forced_discard"] = (discard_options, handle_discard)

"""Applying Phase 2 actions other than attacks: spot (with the special card it finds), take,
double agent, equipment, the virology-lab effect. Each function returns (new_state, [events]) and never mutates input.
"""

from .attack import discard_from_hand, eliminate_spy
from .data import (
    AIM_INDEX,
    BINOCULARS_MARKERS,
    CARDS,
    DEPTH,
    EMPTY,
    HAND_LIMIT,
    SPECIAL_NAMES,
    equipment_name,
    level_of,
    spy_code,
    spy_owner,
)
from .events import event, public_event
from .state import COMPILED, NO_STATE_CACHES, DarkAgentState, add_sorted, copy_state, evolve, remove_one, replace_at


def apply_spot(state, seat, action, rng):
    """Select a cell with one of your unused satellites in that line (Super Satellite if asked);
    a special card in the cell takes effect at once (`special_on_spot`). The hottest apply of a
    playout: its state copy (`state.evolve`) and its public event (the public_event format) are
    written out."""
    line = action["line"]
    cell = line * DEPTH + action["depth"]
    if COMPILED:  # the same state: the extension type copied, three fields set (state.pxd)
        new = copy_state(state)
        used = state.sats_used
        new.spotted = state.spotted + (cell,)
        new.sats_used = used[:line] + (used[line] + 1,) + used[line + 1:]
        if action.get("super"):
            new.super_token = replace_at(state.super_token, seat, False)
            events = [{"public": {"spot": {"seat": seat, "cell": cell, "super": True}}, "private": {}}]
        else:
            events = [{"public": {"spot": {"seat": seat, "cell": cell, "super": False}}, "private": {}}]
        if state.grid[cell] in SPECIAL_NAMES:
            new, more = special_on_spot(new, seat, cell, action.get("to"), rng)
            events += more
        return new, events
    fields = state.__dict__
    used = fields["sats_used"]
    new = DarkAgentState.__new__(DarkAgentState)
    if action.get("super"):
        _set_attribute(new, "__dict__", {
            **fields, "spotted": fields["spotted"] + (cell,),
            "sats_used": used[:line] + (used[line] + 1,) + used[line + 1:],
            "super_token": replace_at(fields["super_token"], seat, False), **NO_STATE_CACHES})
        events = [{"public": {"spot": {"seat": seat, "cell": cell, "super": True}}, "private": {}}]
    else:
        _set_attribute(new, "__dict__", {
            **fields, "spotted": fields["spotted"] + (cell,),
            "sats_used": used[:line] + (used[line] + 1,) + used[line + 1:], **NO_STATE_CACHES})
        events = [{"public": {"spot": {"seat": seat, "cell": cell, "super": False}}, "private": {}}]
    if fields["grid"][cell] in SPECIAL_NAMES:
        new, more = special_on_spot(new, seat, cell, action.get("to"), rng)
        events += more
    return new, events


_set_attribute = object.__setattr__


def apply_take(state, seat, action):
    """Take a spotted equipment card into your hand (publicly known)."""
    cell = action["cell"]
    card = equipment_name(state.grid[cell])
    hands = replace_at(state.hands, seat, add_sorted(state.hands[seat], card))
    public = replace_at(state.hands_public, seat, add_sorted(state.hands_public[seat], card))
    state = evolve(state, hands=hands, hands_public=public, grid=replace_at(state.grid, cell, EMPTY))
    return state, [public_event({"take": {"seat": seat, "cell": cell, "card": card}})]


def deploy_spy(state, seat, cell):
    """Place the seat's lowest-level reserve spy into an empty cell."""
    level = state.reserve[seat][0]
    wounded = state.wounded[seat]
    if level in wounded:
        wounded = remove_one(wounded, level)
    state = evolve(state, grid=replace_at(state.grid, cell, spy_code(seat, level)),
                    reserve=replace_at(state.reserve, seat, state.reserve[seat][1:]),
                    wounded=replace_at(state.wounded, seat, wounded))
    return state, public_event({"deploy": {"seat": seat, "cell": cell, "level": level}})


def draw_equipment(state, seat, rng):
    """Supply: draw the top equipment card (hidden); an empty deck is rebuilt from the discard."""
    deck, discard = state.deck, state.discard
    if not deck:
        deck, discard = tuple(rng.shuffled(discard)), ()
    card, deck = deck[0], deck[1:]
    if not deck and discard:
        deck, discard = tuple(rng.shuffled(discard)), ()
    hands = replace_at(state.hands, seat, add_sorted(state.hands[seat], card))
    state = evolve(state, deck=deck, discard=discard, hands=hands)
    return state, event({"supply": {"seat": seat, "deck_size": len(deck)}}, {seat: {"drew": card}})


def special_on_spot(state, seat, cell, to, rng):
    """A special card takes effect as soon as its cell is spotted (digest A10; no choice to
    postpone or skip it): Supply draws (unless the hand is full or no card is left), Support
    deploys the lowest reserve spy into the empty cell `to` (the spot action's parameter; no
    effect without a reserve spy or an empty cell), Espionage takes the Double Agent token,
    Media marks the end-of-turn rearrangement."""
    name = SPECIAL_NAMES[state.grid[cell]]
    state = evolve(state, used_cells=state.used_cells + (cell,))
    events = []
    effect = False
    if name == "supply":
        if len(state.hands[seat]) < HAND_LIMIT and (state.deck or state.discard):
            state, ev = draw_equipment(state, seat, rng)
            events.append(ev)
            effect = True
    elif name == "support":
        if to is not None:  # legal only with a reserve spy and `to` empty
            state, ev = deploy_spy(state, seat, to)
            events.append(ev)
            effect = True
    elif name == "media":
        effect = "media" not in state.status
        if effect:
            state = evolve(state, status=tuple(sorted(state.status + ("media",))))
    elif name == "espionage":
        effect = state.double_agent != seat
        if effect:
            state = evolve(state, double_agent=seat)
    head = public_event({"special": {"seat": seat, "cell": cell, "special": name, "effect": effect}})
    return state, [head] + events


def apply_double_agent(state, seat, action):
    """Put the Double Agent token on a spotted enemy spy: it fights for you this turn."""
    cell = action["cell"]
    return evolve(state, turned=cell), [public_event({"double_agent": {"seat": seat, "cell": cell}})]


def apply_play(state, seat, action):
    """Play an equipment card from hand (Adrenaline/Explosives are played inside attacks)."""
    card = action["card"]
    state = discard_from_hand(state, seat, card)
    public = {"play": {"seat": seat, "card": card}}
    for key in ("cell", "to"):
        if action.get(key) is not None:
            public["play"][key] = action[key]
    events = [public_event(public)]
    if card in ("rifle", "rocket_launcher", "bulletproof_jacket"):
        flag = {"rifle": "rifle", "rocket_launcher": "rocket", "bulletproof_jacket": "invulnerable"}[card]
        state = evolve(state, status=tuple(sorted(state.status + (flag,))))
    elif card == "binoculars":
        aim = AIM_INDEX[CARDS[state.grid[action["cell"]]].name]
        markers = replace_at(state.markers, aim, state.markers[aim] + BINOCULARS_MARKERS)
        state = evolve(state, markers=markers)
    elif card == "rubber_boat":
        state, ev = deploy_spy(state, seat, action["to"])
        events.append(ev)
    elif card == "jet_pack":
        grid = list(state.grid)
        a, b = action["cell"], action["to"]
        grid[a], grid[b] = grid[b], grid[a]
        state = evolve(state, grid=tuple(grid))
    return state, events


def apply_virology(state, seat, action):
    """Objective effect (option): a spotted enemy player spy goes home without a roll, no VP."""
    cell = action["cell"]
    code = state.grid[cell]
    owner, level = spy_owner(code), level_of(code)
    state = evolve(state, grid=replace_at(state.grid, cell, EMPTY),
                    reserve=replace_at(state.reserve, owner, add_sorted(state.reserve[owner], level)),
                    virology_used=replace_at(state.virology_used, seat, True))
    return state, [public_event({"virology": {"seat": seat, "cell": cell, "owner": owner, "level": level}})]


def apply_jacket(state, seat, action):
    """The defender answers the Bulletproof-jacket prompt: use it (spy stays) or decline."""
    attacker, target, _victim, _level = state.pending
    if action["use"]:
        state = discard_from_hand(state, seat, "bulletproof_jacket")
    else:
        state = eliminate_spy(state, attacker, target)
    state = evolve(state, phase="act", pending=())
    return state, [public_event({"jacket": {"seat": seat, "cell": target, "used": action["use"]}})]


"""Immutable state of a Classified Information match, its JSON form and small pure helpers.

Card ids 0..17 (see data.py). Zones: `deck` (top first), `encrypted` (top first, with who put
each card there in `encrypted_by`; -1 = set-up), `discard` (bottom first: the top is the last
element), `hands` (sorted tuples), `suitcases`, `guards` (3 slots per seat; a slot is None or
(card, face_up, cover) where cover is -1 or the id of an Extra Protection / CCT on top of it),
`deck_memory` (per seat, parallel to the deck: the card the seat knows at each position, or -1:
its still-valid PEEKs), `opening_draw` (the first player's set-up draw, -1 if none), `hand_memory` (per seat: the cards it knows are in the other's hand now),
`limbo` (cards in resolution, public), `play` (per seat: (card, kind, extra) items: hiding_spot/extra=tucked card, telepathy/extra=guess,
short_circuit, cyber_trap, sands).

`stack` holds pending work, top last: decision frames (a seat must act) and continuation frames
(processed automatically). `stage` is "pick" (suitcase choice variant), "action" (the seat to
move owes its main action), "resolving" (its action is resolving), "wrap" (final-turn Hiding
Spot offer made) or "over".
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Frame:
    """One pending step: a decision for `seat` or a continuation; args public, secret private."""

    kind: str
    seat: int
    args: tuple = ()
    secret: tuple = ()

    def __init__(self, kind, seat, args=(), secret=()):
        """What the dataclass would generate (a frozen class sets its fields through
        object.__setattr__), written out so the compiled build compiles it too (the generated
        one stays Python: most of the cost of a Frame there)."""
        _set_attribute(self, "kind", kind)
        _set_attribute(self, "seat", seat)
        _set_attribute(self, "args", args)
        _set_attribute(self, "secret", secret)


@dataclass(frozen=True)
class ClassifiedState:
    """The full (authoritative) state of one match."""

    designs: tuple
    deck: tuple
    encrypted: tuple
    encrypted_by: tuple
    discard: tuple
    hands: tuple
    suitcases: tuple
    suitcase_up: tuple
    epochs: tuple
    guards: tuple
    play: tuple
    turn: int
    turn_no: int
    stage: str
    stack: tuple = ()
    limbo: tuple = ()
    skip: tuple = (False, False)
    final_left: int = -1
    sands_used: tuple = (False, False)
    knowledge: tuple = ((), ())
    qa: tuple = ()
    result: tuple = ()
    first: int = 0
    deck_memory: tuple = None
    hand_memory: tuple = ((), ())
    opening_draw: int = -1  # the card the first player drew at set-up (for Game.setup_events)




working_state = [None]  # the copy the running `apply` step made of its input, or None


def replace(state, **changes):
    """The state with some fields changed. Normally a shallow copy (engine.core.evolve: one
    fresh `{**fields, **changes}` dict set whole); the one state a running `apply` step made for
    itself (`working_state[0]`, set by rules.apply and cleared before it returns) is private to
    that step, so it is changed in place instead of copied again: the effects chain `replace`,
    `set_slot`, `push`, ... several times a step. Nothing else is ever edited: a state an `apply`
    returned, its input, and every state made outside `apply` are copied as always. (Threads:
    each step marks its own fresh copy; a step that finds another's mark just copies.)"""
    if state is working_state[0]:
        state.__dict__.update(changes)
        return state
    cls = type(state)
    new = cls.__new__(cls)  # evolve, inlined
    _set_attribute(new, "__dict__", {**state.__dict__, **changes})
    return new


def replace_fields(state, changes):
    """`replace(state, **changes)` with the changes given as a dict (the caller's own, fresh
    dict: it is not kept): the same state, copied or edited in place alike, for the hot paths,
    without a keyword call (in the compiled build a call here from this module is a C call)."""
    fields = state.__dict__
    if state is working_state[0]:
        for name in changes:  # fields.update(changes): a plain loop the compiler makes C dict calls
            fields[name] = changes[name]
        return state
    cls = type(state)
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", {**fields, **changes})
    return new


def fresh_state(designs, deck, encrypted, encrypted_by, hands, suitcases, turn, stage, first, deck_memory,
                turn_no=0, opening_draw=-1):
    """A new match's state: what `ClassifiedState(...)` with these fields (the rest at their
    defaults, nothing discarded, no Guards or play items) builds, without the frozen
    dataclass's per-field `__init__` (set as one field dict, like engine.core.evolve)."""
    state = _new_object(ClassifiedState)
    _set_attribute(state, "__dict__", {
        "designs": designs, "deck": deck, "encrypted": encrypted, "encrypted_by": encrypted_by,
        "discard": (), "hands": hands, "suitcases": suitcases, "suitcase_up": (False, False),
        "epochs": (0, 0), "guards": ((None,) * 3, (None,) * 3), "play": ((), ()), "turn": turn,
        "turn_no": turn_no, "stage": stage, "stack": (), "limbo": (), "skip": (False, False),
        "final_left": -1, "sands_used": (False, False), "knowledge": ((), ()), "qa": (),
        "result": (), "first": first, "deck_memory": deck_memory, "hand_memory": ((), ()),
        "opening_draw": opening_draw})
    return state


_new_object, _set_attribute = object.__new__, object.__setattr__


def working_fields(state):
    """The field dict of a state that is private to the step being computed, for editing in
    place (no copy). Only for a state made during this `apply` / `new_state` call (never its
    input, never one already returned): the turn machinery uses it on the state an action
    produced. Returned states are never edited afterwards."""
    return state.__dict__


def blank_memory(size):
    """Deck memory for a deck nobody has looked at."""
    return ((-1,) * size, (-1,) * size)


def deck_without_top(state):
    """(deck, deck_memory) after the top card leaves."""
    return state.deck[1:], (state.deck_memory[0][1:], state.deck_memory[1][1:])


def deck_without(state, cards):
    """(deck, deck_memory) after some cards leave the deck (wherever they are)."""
    keep = [i for i, c in enumerate(state.deck) if c not in cards]
    memory = tuple(tuple(m[i] for i in keep) for m in state.deck_memory)
    return tuple(state.deck[i] for i in keep), memory


def deck_with(deck, memory, seat, top=(), bottom=()):
    """(deck, deck_memory) with cards put on top / at the bottom; only `seat` knows them."""
    out = []
    for s in (0, 1):
        mine = s == seat
        out.append(tuple(c if mine else -1 for c in top) + memory[s] + tuple(c if mine else -1 for c in bottom))
    return tuple(top) + deck + tuple(bottom), tuple(out)


def remember(state, seat, cards):
    """State where `seat` knows these cards are in the other seat's hand."""
    known = tuple(sorted(set(state.hand_memory[seat]) | set(cards)))
    return replace_fields(state, {"hand_memory": pair_set(state.hand_memory, seat, known)})


def pair_set(pair, seat, value):
    """A copy of a 2-tuple with element `seat` replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def hand_without(hand, card):
    """The hand minus one card."""
    if card in hand:
        i = hand.index(card)
        return hand[:i] + hand[i + 1:]
    return hand


def hand_with(hand, *cards):
    """The hand plus cards, sorted."""
    return tuple(sorted(hand + cards))


def set_hand(state, seat, hand):
    """State with seat's hand replaced (kept sorted)."""
    return replace_fields(state, {"hands": pair_set(state.hands, seat, tuple(sorted(hand)))})


def set_slot(state, seat, slot, value):
    """State with one Guard slot replaced (None, or (card, face_up, cover))."""
    row = list(state.guards[seat])
    row[slot] = value
    return replace_fields(state, {"guards": pair_set(state.guards, seat, tuple(row))})


def to_discard(state, *cards):
    """State with cards put on top of the Discard Pile in the given order (last ends on top)."""
    return replace_fields(state, {"discard": state.discard + tuple(cards)})


def push(state, *frames):
    """State with frames pushed (the last one ends on top)."""
    return replace_fields(state, {"stack": state.stack + tuple(frames)})


def pop(state):
    """(top frame, state without it)."""
    return state.stack[-1], replace_fields(state, {"stack": state.stack[:-1]})


def add_knowledge(state, seat, entry):
    """State with a private knowledge entry appended for seat (stamped with the turn number)."""
    entry = dict(entry, turn=state.turn_no)
    return replace_fields(state, {"knowledge": pair_set(state.knowledge, seat, state.knowledge[seat] + (entry,))})


def guard_cards(state, seat):
    """The cards in seat's Guard spots (tucked CCT cards included; covers excluded)."""
    return [s[0] for s in state.guards[seat] if s is not None]


def guard_count(state, seat):
    """How many Guards seat has."""
    return sum(1 for s in state.guards[seat] if s is not None)


def free_slot(state, seat):
    """The lowest free Guard slot of seat, or -1."""
    for i, s in enumerate(state.guards[seat]):
        if s is None:
            return i
    return -1


def play_items(state, seat, kind):
    """seat's play-area items of one kind."""
    return [item for item in state.play[seat] if item[1] == kind]


def frame_to_json(frame):
    """JSON form of a Frame."""
    return {"kind": frame.kind, "seat": frame.seat, "args": _listify(frame.args),
            "secret": _listify(frame.secret)}


def frame_from_json(data):
    """Inverse of frame_to_json."""
    return Frame(data["kind"], data["seat"], _tuplify(data["args"]), _tuplify(data["secret"]))


def _listify(value):
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value):
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def state_to_json(state):
    """Lossless JSON form of the state."""
    return {
        "designs": list(state.designs), "deck": list(state.deck),
        "encrypted": list(state.encrypted), "encrypted_by": list(state.encrypted_by),
        "discard": list(state.discard), "hands": [list(h) for h in state.hands],
        "suitcases": list(state.suitcases), "suitcase_up": list(state.suitcase_up),
        "epochs": list(state.epochs), "guards": _listify(state.guards),
        "play": _listify(state.play), "turn": state.turn, "turn_no": state.turn_no,
        "stage": state.stage, "stack": [frame_to_json(f) for f in state.stack],
        "limbo": list(state.limbo),
        "skip": list(state.skip), "final_left": state.final_left,
        "sands_used": list(state.sands_used),
        "knowledge": [list(k) for k in state.knowledge], "qa": list(state.qa),
        "result": _listify(state.result), "first": state.first,
        "deck_memory": [list(m) for m in state.deck_memory],
        "hand_memory": [list(m) for m in state.hand_memory],
        "opening_draw": state.opening_draw,
    }


def state_from_json(data):
    """Inverse of state_to_json."""
    return ClassifiedState(
        designs=tuple(data["designs"]), deck=tuple(data["deck"]),
        encrypted=tuple(data["encrypted"]), encrypted_by=tuple(data["encrypted_by"]),
        discard=tuple(data["discard"]), hands=tuple(tuple(h) for h in data["hands"]),
        suitcases=tuple(data["suitcases"]), suitcase_up=tuple(data["suitcase_up"]),
        epochs=tuple(data["epochs"]), guards=_tuplify(data["guards"]),
        play=_tuplify(data["play"]), turn=data["turn"], turn_no=data["turn_no"],
        stage=data["stage"], stack=tuple(frame_from_json(f) for f in data["stack"]),
        limbo=tuple(data["limbo"]),
        skip=tuple(data["skip"]), final_left=data["final_left"],
        sands_used=tuple(data["sands_used"]),
        knowledge=tuple(tuple(k) for k in data["knowledge"]), qa=tuple(data["qa"]),
        result=_tuplify(data["result"]), first=data["first"],
        deck_memory=tuple(tuple(m) for m in data["deck_memory"]),
        hand_memory=tuple(tuple(m) for m in data["hand_memory"]),
        opening_draw=data.get("opening_draw", -1),
    )

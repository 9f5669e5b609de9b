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

Two forms of ClassifiedState, one per engine: the pure engine's frozen dataclass (its copies and
in-place edits of a step's own state go through the field dict), and in the optional compiled
build an extension type (state.pxd: typed read-only fields, no field dict) copied field by field
(`copied`) and edited by C field writes (`set_fields`); `COMPILED` picks the form once. Both
build, compare, hash, print, pickle and serialize alike (tests/classified/test_classified_typed.py).
"""

from dataclasses import dataclass


try:  # the optional compiled build (bench/build_engine.py): state.pxd declares IN_C, a C constant
    COMPILED = IN_C  # noqa: F821
except NameError:  # the pure engine (which never imports Cython)
    COMPILED = False
_FRAME_IN_C = COMPILED  # which Frame this module made (fixed here: tests switch COMPILED's forms)


class Frame:
    """One pending step: a decision for `seat` or a continuation; args public, secret private."""

    def __init__(self, kind, seat, args=(), secret=()):
        """What the dataclass would generate (a frozen class sets its fields through
        object.__setattr__), written out so the compiled build compiles it too (the generated
        one stays Python: most of the cost of a Frame there). In the build, Frame is an
        extension type (state.pxd): its fields are C field writes."""
        if _FRAME_IN_C:
            self.kind, self.seat, self.args, self.secret = kind, seat, args, secret
            return
        _set_attribute(self, "kind", kind)
        _set_attribute(self, "seat", seat)
        _set_attribute(self, "args", args)
        _set_attribute(self, "secret", secret)

    # the compiled build's (an extension type has no dataclass): what the dataclass generates
    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return _frame_tuple(self) == _frame_tuple(other)

    def __ne__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return _frame_tuple(self) != _frame_tuple(other)

    def __hash__(self):
        return hash(_frame_tuple(self))

    def __repr__(self):
        return f"Frame(kind={self.kind!r}, seat={self.seat!r}, args={self.args!r}, secret={self.secret!r})"

    def __reduce__(self):
        return (Frame, _frame_tuple(self))

    def __setstate__(self, values):
        """A pure engine's pickle of a Frame (the slotted dataclass's field list) loaded here."""
        self.kind, self.seat, self.args, self.secret = values


def _frame_tuple(frame):
    """A frame's fields in order (the compiled build's equality, hash, repr and pickling)."""
    return (frame.kind, frame.seat, frame.args, frame.secret)


if not COMPILED:  # the pure engine: the frozen slotted dataclass Frame always was (a new class)
    for _name in ("__eq__", "__ne__", "__hash__", "__repr__", "__reduce__", "__setstate__"):
        delattr(Frame, _name)
    setattr(Frame, "__annotations__", {"kind": str, "seat": int, "args": tuple, "secret": tuple})
    setattr(Frame, "args", ())
    setattr(Frame, "secret", ())
    globals()["Frame"] = dataclass(frozen=True, slots=True)(Frame)


# The state's fields in order, with their defaults (_REQUIRED: none). The pure engine's
# ClassifiedState is the frozen dataclass of these fields (made below); the compiled build's is
# the extension type state.pxd declares (typed C fields, no `__dict__`), with the same
# constructor, equality, hash and repr.
_REQUIRED = object()
FIELDS = (
    ("designs", tuple, _REQUIRED), ("deck", tuple, _REQUIRED), ("encrypted", tuple, _REQUIRED),
    ("encrypted_by", tuple, _REQUIRED), ("discard", tuple, _REQUIRED), ("hands", tuple, _REQUIRED),
    ("suitcases", tuple, _REQUIRED), ("suitcase_up", tuple, _REQUIRED), ("epochs", tuple, _REQUIRED),
    ("guards", tuple, _REQUIRED), ("play", tuple, _REQUIRED), ("turn", int, _REQUIRED),
    ("turn_no", int, _REQUIRED), ("stage", str, _REQUIRED), ("stack", tuple, ()), ("limbo", tuple, ()),
    ("skip", tuple, (False, False)), ("final_left", int, -1), ("sands_used", tuple, (False, False)),
    ("knowledge", tuple, ((), ())), ("qa", tuple, ()), ("result", tuple, ()), ("first", int, 0),
    ("deck_memory", tuple, None), ("hand_memory", tuple, ((), ())),
    ("opening_draw", int, -1),  # the card the first player drew at set-up (for Game.setup_events)
)
FIELD_NAMES = tuple(f[0] for f in FIELDS)
_FIELD_INDEX = {name: i for i, name in enumerate(FIELD_NAMES)}


class ClassifiedState:
    """The full (authoritative) state of one match."""

    # The methods below are the compiled build's (an extension type has no dataclass): what the
    # frozen dataclass generates. The pure engine drops them and makes the dataclass (below).
    def __init__(self, designs, deck, encrypted, encrypted_by, discard, hands, suitcases, suitcase_up,
                 epochs, guards, play, turn, turn_no, stage, stack=(), limbo=(), skip=(False, False),
                 final_left=-1, sands_used=(False, False), knowledge=((), ()), qa=(), result=(), first=0,
                 deck_memory=None, hand_memory=((), ()), opening_draw=-1):
        self.designs, self.deck, self.encrypted, self.encrypted_by = designs, deck, encrypted, encrypted_by
        self.discard, self.hands, self.suitcases, self.suitcase_up = discard, hands, suitcases, suitcase_up
        self.epochs, self.guards, self.play, self.turn, self.turn_no = epochs, guards, play, turn, turn_no
        self.stage, self.stack, self.limbo, self.skip, self.final_left = stage, stack, limbo, skip, final_left
        self.sands_used, self.knowledge, self.qa, self.result = sands_used, knowledge, qa, result
        self.first, self.deck_memory, self.hand_memory = first, deck_memory, hand_memory
        self.opening_draw = opening_draw

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return _astuple(self) == _astuple(other)

    def __ne__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return _astuple(self) != _astuple(other)

    def __hash__(self):
        return hash(_astuple(self))

    def __repr__(self):
        return "ClassifiedState(" + ", ".join(
            [f"{name}={value!r}" for name, value in zip(FIELD_NAMES, _astuple(self))]) + ")"

    def __reduce__(self):
        return (ClassifiedState, _astuple(self))

    def __setstate__(self, values):
        """A pure engine's pickle of a state (the dataclass's field dict) loaded here."""
        set_fields(self, values)


def _astuple(state):
    """The state's fields in order (the compiled build's equality, hash, repr and pickling)."""
    return tuple([getattr(state, name) for name in FIELD_NAMES])


if not COMPILED:  # the pure engine: the frozen dataclass of FIELDS, as it always was
    for _name in ("__init__", "__eq__", "__ne__", "__hash__", "__repr__", "__reduce__", "__setstate__"):
        delattr(ClassifiedState, _name)
    ClassifiedState.__annotations__ = {name: kind for name, kind, _ in FIELDS}
    for _name, _kind, _default in FIELDS:
        if _default is not _REQUIRED:
            setattr(ClassifiedState, _name, _default)
    dataclass(frozen=True)(ClassifiedState)


working_state = [None]  # the copy the running `apply` step made of its input, or None


def replace(state, **changes):
    """The state with some fields changed. Normally a shallow copy (engine.core.evolve: one
    fresh `{**fields, **changes}` dict set whole); the one state a running `apply` step made for
    itself (`working_state[0]`, set by rules.apply and cleared before it returns) is private to
    that step, so it is changed in place instead of copied again: the effects chain `replace`,
    `set_slot`, `push`, ... several times a step. Nothing else is ever edited: a state an `apply`
    returned, its input, and every state made outside `apply` are copied as always. (Threads:
    each step marks its own fresh copy; a step that finds another's mark just copies.)"""
    if COMPILED:  # the same, on the extension type: see replace_fields
        return replace_fields(state, changes)
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
    if COMPILED:  # the same: the extension type copied field by field (a struct copy), then set
        if state is not working_state[0]:
            state = copied(state)
        set_fields(state, changes)
        return state
    fields = state.__dict__
    if state is working_state[0]:
        for name in changes:  # fields.update(changes): a plain loop the compiler makes C dict calls
            fields[name] = changes[name]
        return state
    cls = type(state)
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", {**fields, **changes})
    return new


def copied(state):
    """The compiled build's shallow copy of a state (every field shared): what
    `replace_fields(state, {})` gives there. Only the compiled forms call it (the pure engine
    copies the field dict)."""
    new = ClassifiedState.__new__(ClassifiedState)
    new.designs, new.deck, new.encrypted, new.encrypted_by = state.designs, state.deck, state.encrypted, state.encrypted_by
    new.discard, new.hands, new.suitcases, new.suitcase_up = state.discard, state.hands, state.suitcases, state.suitcase_up
    new.epochs, new.guards, new.play, new.turn = state.epochs, state.guards, state.play, state.turn
    new.turn_no, new.stage, new.stack, new.limbo = state.turn_no, state.stage, state.stack, state.limbo
    new.skip, new.final_left, new.sands_used, new.knowledge = state.skip, state.final_left, state.sands_used, state.knowledge
    new.qa, new.result, new.first, new.deck_memory = state.qa, state.result, state.first, state.deck_memory
    new.hand_memory, new.opening_draw = state.hand_memory, state.opening_draw
    return new


def working_copy(state):
    """The compiled build's copy of an `apply` step's input for the step itself, the top frame
    (if any) popped: what `replace_fields(state, {"stack": state.stack[:-1]})` gives there."""
    new = copied(state)
    if state.stack:
        new.stack = state.stack[:-1]
    return new


def set_fields(state, changes):
    """The compiled build's `state.__dict__.update(changes)`: fields of a state private to the
    running step set in place (field names as in FIELDS; the pure engine edits the field dict)."""
    index = _FIELD_INDEX
    for name, value in changes.items():  # a typed dict: the compiler walks it without lookups
        i = index[name]
        if i == 0:
            state.designs = value
        elif i == 1:
            state.deck = value
        elif i == 2:
            state.encrypted = value
        elif i == 3:
            state.encrypted_by = value
        elif i == 4:
            state.discard = value
        elif i == 5:
            state.hands = value
        elif i == 6:
            state.suitcases = value
        elif i == 7:
            state.suitcase_up = value
        elif i == 8:
            state.epochs = value
        elif i == 9:
            state.guards = value
        elif i == 10:
            state.play = value
        elif i == 11:
            state.turn = value
        elif i == 12:
            state.turn_no = value
        elif i == 13:
            state.stage = value
        elif i == 14:
            state.stack = value
        elif i == 15:
            state.limbo = value
        elif i == 16:
            state.skip = value
        elif i == 17:
            state.final_left = value
        elif i == 18:
            state.sands_used = value
        elif i == 19:
            state.knowledge = value
        elif i == 20:
            state.qa = value
        elif i == 21:
            state.result = value
        elif i == 22:
            state.first = value
        elif i == 23:
            state.deck_memory = value
        elif i == 24:
            state.hand_memory = value
        else:
            state.opening_draw = value


def fresh_state(designs, deck, encrypted, encrypted_by, hands, suitcases, turn, stage, first, deck_memory,
                turn_no=0, opening_draw=-1):
    """A new match's state: what `ClassifiedState(...)` with these fields (the rest at their
    defaults, nothing discarded, no Guards or play items) builds, without the frozen
    dataclass's per-field `__init__` (set as one field dict, like engine.core.evolve)."""
    if COMPILED:  # the extension type's own constructor (C field writes)
        return ClassifiedState(designs, deck, encrypted, encrypted_by, (), hands, suitcases, (False, False),
                               (0, 0), ((None,) * 3, (None,) * 3), ((), ()), turn, turn_no, stage,
                               first=first, deck_memory=deck_memory, opening_draw=opening_draw)
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
    produced. Returned states are never edited afterwards. Pure engine only (the compiled
    build's states have no field dict: its forms call set_fields)."""
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

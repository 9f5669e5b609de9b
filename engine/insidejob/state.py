"""Inside Job state: immutable dataclasses, a cheap `evolve` and the lossless JSON form.

`InsideJobSetup` holds what is fixed once dealt (options, roles, set-aside cards) and is shared
by reference between successive states; `InsideJobState` holds what changes. `evolve` is a
shallow copy plus the changed fields (no deep copies, no dataclass re-validation): the hot path
builds new tuples only for what changes. The hottest paths go one step further: they copy the
field dict once (`state.__dict__.copy()`), set what changes, possibly across several rule steps
(a trick's end and the next trick's start), and wrap it with `state_of` (one state per action).

The optional compiled build (state.pxd) makes both classes Cython extension types instead: the
fields are typed C members, read-only from Python, and there is no `__dict__`. The class bodies
below carry the methods the build needs (the constructor, equality, hash, repr, pickling), which
the pure engine drops before making its frozen dataclasses; the build's hot paths change a
fresh copy in place (`draft_of` ... `finished`) instead of a field dict, and `fields_of` /
`fields_copy` / `state_of` give the slower paths a field dict on both engines.

Phases: "designate" (the Accomplice picks a player), "mission" (the lead chooses 1 of 2 drawn
missions), "play" (cards are played in turn), "vote" (simultaneous secret votes), "over".
"""

from dataclasses import dataclass

from engine.core import evolve  # noqa: F401  (the shared fast copy; game modules import it from here)
# (the compiled build replaces it below: core.evolve copies a `__dict__`)

try:  # the optional compiled build (bench/build_engine.py): state.pxd declares IN_C, a C constant
    COMPILED = IN_C  # noqa: F821
except NameError:  # the pure engine (which never imports Cython)
    COMPILED = False

DESIGNATE, MISSION, PLAY, VOTE, OVER = "designate", "mission", "play", "vote", "over"

_set_attribute = object.__setattr__


SETUP_FIELDS = ("players", "wagers", "risk_mode", "specials", "voluntary_reveal", "dealer", "roles",
                "set_aside")
STATE_FIELDS = ("setup", "phase", "lead", "turn", "hands", "intel", "supply", "revealed", "deck",
                "drawn", "discarded", "mission", "trick", "tricks", "completed", "failed",
                "accomplice_target", "votes", "result")


class InsideJobSetup:
    """Options and the deal that never change during a match."""

    players: int
    wagers: bool
    risk_mode: bool
    specials: tuple          # chosen special-role ids (in option order)
    voluntary_reveal: bool
    dealer: int
    roles: tuple             # role id per seat
    set_aside: tuple         # cards set aside unseen

    # The compiled build's methods (an extension type, state.pxd): what the frozen dataclass
    # gives the pure engine, which drops them below (COMPILED_ONLY) before making it one.
    def __init__(self, players, wagers, risk_mode, specials, voluntary_reveal, dealer, roles,
                 set_aside):
        self.players = players
        self.wagers = wagers
        self.risk_mode = risk_mode
        self.specials = specials
        self.voluntary_reveal = voluntary_reveal
        self.dealer = dealer
        self.roles = roles
        self.set_aside = set_aside

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return values_of(self, SETUP_FIELDS) == values_of(other, SETUP_FIELDS)

    def __hash__(self):
        return hash(values_of(self, SETUP_FIELDS))

    def __repr__(self):
        return fields_repr(self, SETUP_FIELDS)

    def __reduce__(self):
        return InsideJobSetup, values_of(self, SETUP_FIELDS)

    def __setstate__(self, fields):  # a pickle of the pure engine's dataclass: its field dict
        self.__init__(**fields)


class InsideJobState:
    """Everything that changes during a match (see the module docstring for phases)."""

    setup: InsideJobSetup
    phase: str
    lead: int
    turn: int                # seat to play next in the "play" phase
    hands: tuple             # per seat: sorted tuple of card ids
    intel: tuple             # per seat: Intel tokens held (wagered tokens are on the cards)
    supply: int
    revealed: tuple          # per seat: role face up (public-from-start roles included)
    deck: tuple              # mission ids, top first
    drawn: tuple             # the 2 missions the lead is choosing from (phase "mission")
    discarded: tuple         # ((seat, mission id), ...) unchosen missions, out unseen
    mission: str             # the revealed mission of the current trick ("" if none)
    trick: tuple             # ((seat, card, wagered), ...) in play order
    tricks: tuple            # finished: ((lead, mission, plays, winner seat, success), ...)
    completed: tuple         # mission ids in the completed row
    failed: tuple            # mission ids boxed after failing
    accomplice_target: int   # -1 until designated
    votes: tuple             # per seat: tuple of voted seats, or None (not voted / no vote)
    result: tuple            # () while running; (side, code, seat) when over

    # The compiled build's methods, as for InsideJobSetup above.
    def __init__(self, setup, phase, lead, turn, hands, intel, supply, revealed, deck, drawn,
                 discarded, mission, trick, tricks, completed, failed, accomplice_target, votes,
                 result):
        self.setup = setup
        self.phase = phase
        self.lead = lead
        self.turn = turn
        self.hands = hands
        self.intel = intel
        self.supply = supply
        self.revealed = revealed
        self.deck = deck
        self.drawn = drawn
        self.discarded = discarded
        self.mission = mission
        self.trick = trick
        self.tricks = tricks
        self.completed = completed
        self.failed = failed
        self.accomplice_target = accomplice_target
        self.votes = votes
        self.result = result

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return values_of(self, STATE_FIELDS) == values_of(other, STATE_FIELDS)

    def __hash__(self):
        return hash(values_of(self, STATE_FIELDS))

    def __repr__(self):
        return fields_repr(self, STATE_FIELDS)

    def __reduce__(self):
        return InsideJobState, values_of(self, STATE_FIELDS)

    def __setstate__(self, fields):  # a pickle of the pure engine's dataclass: its field dict
        self.__init__(**fields)


COMPILED_ONLY = ("__init__", "__eq__", "__hash__", "__repr__", "__reduce__", "__setstate__")
if not COMPILED:  # the pure engine: frozen dataclasses, exactly as before (made in place)
    for _cls in (InsideJobSetup, InsideJobState):
        for _name in COMPILED_ONLY:
            delattr(_cls, _name)
        dataclass(frozen=True)(_cls)
    del _cls, _name


def values_of(obj, names):
    """The named fields' values, as a tuple (the compiled classes' equality, hash and pickle)."""
    return tuple([getattr(obj, name) for name in names])


def fields_repr(obj, names):
    """The dataclass-style repr: `Class(name=value, ...)`."""
    return "%s(%s)" % (type(obj).__name__,
                       ", ".join(["%s=%r" % (name, getattr(obj, name)) for name in names]))


def state_of(fields):
    """The InsideJobState whose field dict is `fields` (every field, in declaration order, as
    `state.__dict__.copy()` gives them). The dict is taken over, not copied: the caller must
    not touch it afterwards. No validation (the hot path's constructor). The compiled build
    copies the values into the new extension-type state's C fields."""
    if COMPILED:
        built = InsideJobState.__new__(InsideJobState)
        built.setup = fields["setup"]
        built.phase = fields["phase"]
        built.lead = fields["lead"]
        built.turn = fields["turn"]
        built.hands = fields["hands"]
        built.intel = fields["intel"]
        built.supply = fields["supply"]
        built.revealed = fields["revealed"]
        built.deck = fields["deck"]
        built.drawn = fields["drawn"]
        built.discarded = fields["discarded"]
        built.mission = fields["mission"]
        built.trick = fields["trick"]
        built.tricks = fields["tricks"]
        built.completed = fields["completed"]
        built.failed = fields["failed"]
        built.accomplice_target = fields["accomplice_target"]
        built.votes = fields["votes"]
        built.result = fields["result"]
        return built
    cls = InsideJobState  # typed `type` in state.pxd: Cython then calls its allocator directly
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", fields)
    return new


def fields_of(state):
    """The field dict of a state, to read only: `state.__dict__` in the pure engine; in the
    compiled build (no `__dict__`) a fresh dict of the same fields, in declaration order."""
    if COMPILED:
        typed = state  # typed InsideJobState in state.pxd: C member reads
        return {"setup": typed.setup, "phase": typed.phase, "lead": typed.lead,
                "turn": typed.turn, "hands": typed.hands, "intel": typed.intel,
                "supply": typed.supply, "revealed": typed.revealed, "deck": typed.deck,
                "drawn": typed.drawn, "discarded": typed.discarded, "mission": typed.mission,
                "trick": typed.trick, "tricks": typed.tricks, "completed": typed.completed,
                "failed": typed.failed, "accomplice_target": typed.accomplice_target,
                "votes": typed.votes, "result": typed.result}
    return state.__dict__


def fields_copy(state):
    """A fresh field dict of a state, to change and then wrap with `state_of`."""
    if COMPILED:
        return fields_of(state)
    return state.__dict__.copy()


if COMPILED:  # core.evolve copies `__dict__`, which the compiled classes do not have
    def evolve(state, **changes):  # noqa: F811
        """A copy of a state with some fields changed (core.evolve's answer)."""
        fields = fields_of(state)
        fields.update(changes)
        return state_of(fields)


class Draft:
    """The pure engine's stand-in for the compiled build's draft (`draft_of`): a plain
    object holding a copy of a state's field dict as its own `__dict__`, changed by attribute."""


def draft_of(state):
    """A changeable copy of a state, for the compiled build's hot paths: set its fields by
    attribute, then `finished(draft)` is the new state. Compiled: a new state not yet handed
    out, its C fields copied one by one (a struct copy) and set through typed C access;
    pure (tests only): a Draft."""
    if COMPILED:
        new = InsideJobState.__new__(InsideJobState)
        new.setup = state.setup
        new.phase = state.phase
        new.lead = state.lead
        new.turn = state.turn
        new.hands = state.hands
        new.intel = state.intel
        new.supply = state.supply
        new.revealed = state.revealed
        new.deck = state.deck
        new.drawn = state.drawn
        new.discarded = state.discarded
        new.mission = state.mission
        new.trick = state.trick
        new.tricks = state.tricks
        new.completed = state.completed
        new.failed = state.failed
        new.accomplice_target = state.accomplice_target
        new.votes = state.votes
        new.result = state.result
        return new
    draft = Draft()
    draft.__dict__.update(state.__dict__)
    return draft


def finished(draft):
    """The state a draft stands for (compiled: the draft itself)."""
    if COMPILED:
        return draft
    return state_of(draft.__dict__.copy())


def setup_of(fields):
    """The InsideJobSetup whose field dict is `fields` (every field, in declaration order),
    taken over without the frozen dataclass's per-field `__init__` (the deal's constructor)."""
    if COMPILED:
        return InsideJobSetup(fields["players"], fields["wagers"], fields["risk_mode"],
                              fields["specials"], fields["voluntary_reveal"], fields["dealer"],
                              fields["roles"], fields["set_aside"])
    cls = InsideJobSetup
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", fields)
    return new


def setup_to_json(setup):
    """Lossless JSON form of the setup."""
    return {
        "players": setup.players, "wagers": setup.wagers, "risk_mode": setup.risk_mode,
        "specials": list(setup.specials), "voluntary_reveal": setup.voluntary_reveal,
        "dealer": setup.dealer, "roles": list(setup.roles), "set_aside": list(setup.set_aside),
    }


def setup_from_json(data):
    """Inverse of `setup_to_json`."""
    return InsideJobSetup(
        data["players"], data["wagers"], data["risk_mode"], tuple(data["specials"]),
        data["voluntary_reveal"], data["dealer"], tuple(data["roles"]), tuple(data["set_aside"]))


def plays_to_json(plays):
    """((seat, card, wagered), ...) as lists."""
    return [[s, c, w] for s, c, w in plays]


def plays_from_json(data):
    """Inverse of `plays_to_json`."""
    return tuple((s, c, w) for s, c, w in data)


def state_to_json(state):
    """Lossless JSON form of a state."""
    return {
        "setup": setup_to_json(state.setup), "phase": state.phase, "lead": state.lead,
        "turn": state.turn, "hands": [list(h) for h in state.hands],
        "intel": list(state.intel), "supply": state.supply, "revealed": list(state.revealed),
        "deck": list(state.deck), "drawn": list(state.drawn),
        "discarded": [[s, m] for s, m in state.discarded], "mission": state.mission,
        "trick": plays_to_json(state.trick),
        "tricks": [[lead, m, plays_to_json(p), w, ok] for lead, m, p, w, ok in state.tricks],
        "completed": list(state.completed), "failed": list(state.failed),
        "accomplice_target": state.accomplice_target,
        "votes": [None if v is None else list(v) for v in state.votes],
        "result": list(state.result),
    }


def state_from_json(data):
    """Inverse of `state_to_json`."""
    return InsideJobState(
        setup_from_json(data["setup"]), data["phase"], data["lead"], data["turn"],
        tuple(tuple(h) for h in data["hands"]), tuple(data["intel"]), data["supply"],
        tuple(data["revealed"]), tuple(data["deck"]), tuple(data["drawn"]),
        tuple((s, m) for s, m in data["discarded"]), data["mission"],
        plays_from_json(data["trick"]),
        tuple((lead, m, plays_from_json(p), w, ok) for lead, m, p, w, ok in data["tricks"]),
        tuple(data["completed"]), tuple(data["failed"]), data["accomplice_target"],
        tuple(None if v is None else tuple(v) for v in data["votes"]), tuple(data["result"]))

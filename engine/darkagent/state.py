"""The Dark Agent state: one frozen dataclass of tuples, plus its lossless JSON form.

Cells are numbered `line * DEPTH + depth` (depth 0 = nearest the satellites). `sats[line]` is the
sorted tuple of satellite owners in that line (NEUTRAL = -1). Per-seat tuples are indexed by seat.
Turn-scoped fields (spotted, sats_used, used_cells, status, turned, media_picks) are reset at the
start of every turn.

Caches ride in the state's __dict__ (never in its JSON): `_legal_cache` and `_outcome` belong to
one state and are reset to None by `evolve`; `_sats_cache` holds facts derived from `sats` alone
and is handed on to copies until `sats` changes. The three cache keys are present (None when
empty) in every state made by `evolve`, `make_state` or `with_cache_slots` (and by the
hot applies that write `evolve` out), so a cache is set by replacing a
value, never by adding or deleting a key: a state's field dict never has holes, and CPython copies
a hole-free dict in one block (`{**fields, **changes}`) with every key at the same position, which
keeps attribute reads on the copies specialised.

The compiled build (bench/build_engine.py) makes the state an extension type instead (state.pxd:
typed read-only fields, the three caches as private slots, `COMPILED` true): a copy is a new
object with its fields stored one by one (`copy_state`), `evolve` and the hot applies set the
changed fields on it, and the hot functions that type `state` read its fields as C fields. The
class body's methods give that type the dataclass's behaviour (keyword construction with the
defaults, equality and hashing on the fields, the repr, pickling by field values); the pure
engine deletes them and makes the frozen dataclass, exactly as before. Both forms give the same
answers (tests/darkagent/test_darkagent_state_forms.py).
"""

from dataclasses import dataclass, fields

from ..core import evolve as core_evolve
from .data import SAFETY_ROUND_CAP

try:  # the optional compiled build (bench/build_engine.py): state.pxd declares IN_C, a C constant
    COMPILED = IN_C  # noqa: F821
except NameError:  # the pure engine (which never imports Cython)
    COMPILED = False

# phases
PLACE, MOVE, ACT, MEDIA, JACKET, VOTE, OVER = "place", "move", "act", "media", "jacket", "vote", "over"


@dataclass(frozen=True)
class DarkAgentConfig:
    """The match options that shape the rules (validated options, frozen)."""

    players: int
    aim_limit: int
    need_dark_agent: bool
    max_rounds: int
    objective_effects: bool
    jacket_defence: str
    solo_alpha: int
    vote_rule: str
    safety_round_cap: int = SAFETY_ROUND_CAP["default"]  # older snapshots lack it

    def to_json(self):
        """A plain dict."""
        values = self.__dict__
        return {name: values[name] for name in _CONFIG_FIELDS}


_CONFIG_FIELDS = tuple(f.name for f in fields(DarkAgentConfig))


class DarkAgentState:
    """Full state of a Dark Agent match (hidden parts: deck order, hands, votes).

    The pure engine makes it a frozen dataclass (below, with the defaults of the turn-scoped
    fields); the compiled build makes it an extension type (state.pxd: typed read-only fields and
    three private cache slots) with the methods defined here, which the pure engine deletes."""

    cfg: DarkAgentConfig
    phase: str
    first: int
    turn: int
    round: int
    place_order: tuple          # seats still to place a satellite, in order
    grid: tuple                 # CELLS occupant codes
    markers: tuple              # attempt markers per aim (AIM_NAMES order)
    sats: tuple                 # per line: sorted tuple of owners
    reserve: tuple              # per seat: sorted levels of spies on the player board
    wounded: tuple              # per seat: sorted levels of reserve spies that came back wounded
    super_token: tuple          # per seat: Super Satellite token still available
    double_agent: int           # holder seat, or -1 when discarded
    hands: tuple                # per seat: sorted equipment names (hidden)
    hands_public: tuple         # per seat: the part of the hand everybody knows
    deck: tuple                 # equipment deck, top first (hidden order)
    discard: tuple              # equipment discard pile (public)
    captured: tuple             # per seat: fixed card codes taken to the player's board
    kills: tuple                # per seat: ((victim seat, level), ...) player spies eliminated
    bonus_aim: int              # code of the aim carrying the +3 token, -1 if none
    bonus_holder: int           # seat holding the +3 token, -1 if none
    virology_used: tuple        # per seat: the virology-lab effect was used
    # turn-scoped (defaults in _DEFAULTS: a compiled class body may not assign its fields)
    spotted: tuple              # cells selected this turn
    sats_used: tuple            # own satellites used per line this turn
    used_cells: tuple           # special cards spotted (and so acted) this turn
    status: tuple               # sorted flags: rifle, rifle_remote, rifle_retry, rocket, invulnerable, media
    turned: int                 # cell of the spy under the Double Agent token this turn
    media_picks: tuple          # cells picked for the Media rearrangement
    pending: tuple              # JACKET: (attacker, target cell, victim seat, level)
    votes: tuple                # VOTE: per seat -1 (not yet), 0 no, 1 yes
    last_roll: tuple            # (rolled dice, used dice, defender die or 0, bonus, defence, success)
    rotations: int              # how many UN rotations happened
    end_reason: str

    # The compiled build's dataclass behaviour (what the pure engine's dataclass generates):
    # keyword construction with defaults, equality and hashing on the field values, the repr,
    # and pickling by field values (the caches are left behind; a pure engine's pickle, a field
    # dict, is read too).
    def __init__(self, *args, **values):
        init_fields(self, args, values)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return field_values(self) == field_values(other)

    def __hash__(self):
        return hash(field_values(self))

    def __repr__(self):
        return "DarkAgentState(" + ", ".join(
            [f"{name}={value!r}" for name, value in zip(FIELD_NAMES, field_values(self))]) + ")"

    def __reduce__(self):
        return unpickle_state, (field_values(self),)

    def __setstate__(self, values):
        for name, value in values.items():
            if name in FIELD_INDEX:
                set_field(self, FIELD_INDEX[name], value)


FIELD_NAMES = ("cfg", "phase", "first", "turn", "round", "place_order", "grid", "markers", "sats",
               "reserve", "wounded", "super_token", "double_agent", "hands", "hands_public", "deck",
               "discard", "captured", "kills", "bonus_aim", "bonus_holder", "virology_used",
               "spotted", "sats_used", "used_cells", "status", "turned", "media_picks", "pending",
               "votes", "last_roll", "rotations", "end_reason")
FIELD_INDEX = {name: index for index, name in enumerate(FIELD_NAMES)}
_DEFAULTS = {"spotted": (), "sats_used": (0, 0, 0, 0, 0, 0, 0), "used_cells": (), "status": (),
             "turned": -1, "media_picks": (), "pending": (), "votes": (), "last_roll": (),
             "rotations": 0, "end_reason": ""}

if not COMPILED:  # the pure engine: the frozen dataclass, as declared above with _DEFAULTS
    del (DarkAgentState.__init__, DarkAgentState.__eq__, DarkAgentState.__hash__,
         DarkAgentState.__repr__, DarkAgentState.__reduce__, DarkAgentState.__setstate__)
    for _name, _value in _DEFAULTS.items():
        setattr(DarkAgentState, _name, _value)
    del _name, _value
    dataclass(frozen=True)(DarkAgentState)  # in place (the compiled class cannot be rebound)


_TUPLE_OF_TUPLES = ("sats", "reserve", "wounded", "hands", "hands_public", "captured")


_CACHE_KEYS = ("_legal_cache", "_outcome")
SATS_CACHE = "_sats_cache"
NO_STATE_CACHES = {"_legal_cache": None, "_outcome": None}
NO_CACHES = {"_legal_cache": None, "_outcome": None, SATS_CACHE: None}


def evolve(state, **changes):
    """A copy of `state` with `changes` (a fast dataclasses.replace without re-validation): one
    fresh `{**fields, **changes}` dict (unchanged tuples are shared) with the per-state caches
    reset and, when the satellites change, the satellite-derived cache too. (The compiled build:
    the same, as a copy of the extension type's fields with the changed ones set.)"""
    if COMPILED:
        return evolve_fields(state, changes)
    cls = type(state)  # core.evolve, inlined (one merged dict, no second call)
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", {**state.__dict__, **changes,
                                     **(NO_CACHES if "sats" in changes else NO_STATE_CACHES)})
    return new


_set_attribute = object.__setattr__


_FIELD_NAMES = FIELD_NAMES  # the pure engine's names (fields(DarkAgentState) there, the same)


def make_state(**values):
    """What `with_cache_slots(DarkAgentState(**values))` makes, without the frozen dataclass's
    one `object.__setattr__` per field and the second copy (a new match builds one per playout):
    the fields in declaration order, then the empty cache slots."""
    if COMPILED:  # the constructor's work (init_fields) on a new extension type, without passing
        state = DarkAgentState.__new__(DarkAgentState)  # the 22 keywords on once more
        init_fields(state, (), values)
        return state
    merged = {**_DEFAULTS, **values}
    if len(merged) != len(_FIELD_NAMES):
        return with_cache_slots(DarkAgentState(**values))  # a missing or unknown field: the dataclass says which
    state = DarkAgentState.__new__(DarkAgentState)
    _set_attribute(state, "__dict__", {**{name: merged[name] for name in _FIELD_NAMES}, **NO_CACHES})
    return state


def with_cache_slots(state):
    """`state` re-wrapped with the (empty) cache keys in its field dict, for states made by the
    dataclass constructor (a new match, a state from JSON, a sampled state). (The compiled
    build's states always have their cache slots: a copy with them empty.)"""
    if COMPILED:
        if state._legal_cache is None and state._outcome is None and state._sats_cache is None:
            return state  # a new state (the constructor's): its slots are empty already
        new = copy_state(state)
        new._sats_cache = None
        return new
    return core_evolve(state, **NO_CACHES)


_FLAT = ("phase", "first", "turn", "round", "double_agent", "bonus_aim", "bonus_holder",
         "turned", "rotations", "end_reason")
_ONE_LEVEL = ("grid", "markers", "super_token", "deck", "discard", "virology_used", "spotted",
              "sats_used", "used_cells", "status", "media_picks", "pending", "votes", "place_order")


def state_to_json(state):
    """Lossless JSON form (lists for tuples)."""
    d = dict(zip(FIELD_NAMES, field_values(state))) if COMPILED else state.__dict__
    out = {key: d[key] for key in _FLAT}
    for key in _ONE_LEVEL:
        out[key] = list(d[key])
    for key in _TUPLE_OF_TUPLES:
        out[key] = [list(v) for v in d[key]]
    out["kills"] = [[list(k) for k in v] for v in d["kills"]]
    roll = d["last_roll"]
    out["last_roll"] = [list(roll[0]), list(roll[1])] + list(roll[2:]) if roll else []
    out["cfg"] = state.cfg.to_json()
    return out


def sats_cache(state):
    """The dict of facts derived from `state.sats` alone, shared by copies with the same sats."""
    if COMPILED:  # the same dict, in the extension type's slot
        cache = state._sats_cache
        if cache is None:
            cache = state._sats_cache = {}
        return cache
    cache = state.__dict__.get(SATS_CACHE)
    if cache is None:
        cache = state.__dict__[SATS_CACHE] = {}
    return cache


def state_from_json(data):
    """Inverse of `state_to_json`."""
    values = {}
    for name in FIELD_NAMES:
        value = data[name]
        values[name] = DarkAgentConfig(**value) if name == "cfg" else _to_tuples(value)
    return with_cache_slots(DarkAgentState(**values))


def unpickle_state(values):
    """The state with these field values (in FIELD_NAMES order): what a compiled state pickles
    to (both engines read it)."""
    return make_state(**dict(zip(FIELD_NAMES, values)))


def field_values(state):
    """The field values of `state` in declaration order (what the dataclass compares)."""
    return (state.cfg, state.phase, state.first, state.turn, state.round, state.place_order,
            state.grid, state.markers, state.sats, state.reserve, state.wounded,
            state.super_token, state.double_agent, state.hands, state.hands_public, state.deck,
            state.discard, state.captured, state.kills, state.bonus_aim, state.bonus_holder,
            state.virology_used, state.spotted, state.sats_used, state.used_cells, state.status,
            state.turned, state.media_picks, state.pending, state.votes, state.last_roll,
            state.rotations, state.end_reason)


# The compiled build's forms (never run by the pure engine, whose states are frozen
# dataclasses): in the build these assignments are C stores into the extension type's fields.

def copy_state(state):
    """A copy of `state` with the per-state caches empty and the satellite cache shared: what
    `evolve` copies before setting the changed fields (compiled build only)."""
    new = DarkAgentState.__new__(DarkAgentState)
    new.cfg = state.cfg
    new.phase = state.phase
    new.first = state.first
    new.turn = state.turn
    new.round = state.round
    new.place_order = state.place_order
    new.grid = state.grid
    new.markers = state.markers
    new.sats = state.sats
    new.reserve = state.reserve
    new.wounded = state.wounded
    new.super_token = state.super_token
    new.double_agent = state.double_agent
    new.hands = state.hands
    new.hands_public = state.hands_public
    new.deck = state.deck
    new.discard = state.discard
    new.captured = state.captured
    new.kills = state.kills
    new.bonus_aim = state.bonus_aim
    new.bonus_holder = state.bonus_holder
    new.virology_used = state.virology_used
    new.spotted = state.spotted
    new.sats_used = state.sats_used
    new.used_cells = state.used_cells
    new.status = state.status
    new.turned = state.turned
    new.media_picks = state.media_picks
    new.pending = state.pending
    new.votes = state.votes
    new.last_roll = state.last_roll
    new.rotations = state.rotations
    new.end_reason = state.end_reason
    new._sats_cache = state._sats_cache
    return new


def evolve_fields(state, changes):
    """`evolve(state, **changes)` (compiled build only)."""
    new = copy_state(state)
    for name, value in changes.items():
        set_field(new, FIELD_INDEX[name], value)
    if "sats" in changes:
        new._sats_cache = None
    return new


def set_field(state, index, value):
    """Set field number `index` (FIELD_NAMES order) of a fresh state (compiled build only)."""
    if index == 0:
        state.cfg = value
    elif index == 1:
        state.phase = value
    elif index == 2:
        state.first = value
    elif index == 3:
        state.turn = value
    elif index == 4:
        state.round = value
    elif index == 5:
        state.place_order = value
    elif index == 6:
        state.grid = value
    elif index == 7:
        state.markers = value
    elif index == 8:
        state.sats = value
    elif index == 9:
        state.reserve = value
    elif index == 10:
        state.wounded = value
    elif index == 11:
        state.super_token = value
    elif index == 12:
        state.double_agent = value
    elif index == 13:
        state.hands = value
    elif index == 14:
        state.hands_public = value
    elif index == 15:
        state.deck = value
    elif index == 16:
        state.discard = value
    elif index == 17:
        state.captured = value
    elif index == 18:
        state.kills = value
    elif index == 19:
        state.bonus_aim = value
    elif index == 20:
        state.bonus_holder = value
    elif index == 21:
        state.virology_used = value
    elif index == 22:
        state.spotted = value
    elif index == 23:
        state.sats_used = value
    elif index == 24:
        state.used_cells = value
    elif index == 25:
        state.status = value
    elif index == 26:
        state.turned = value
    elif index == 27:
        state.media_picks = value
    elif index == 28:
        state.pending = value
    elif index == 29:
        state.votes = value
    elif index == 30:
        state.last_roll = value
    elif index == 31:
        state.rotations = value
    elif index == 32:
        state.end_reason = value


def init_fields(state, args, values):
    """The dataclass constructor's work for the compiled class: positional and keyword field
    values, the defaults for the rest, a TypeError for a missing, unknown or doubled field."""
    if len(args) > len(FIELD_NAMES):
        raise TypeError(f"DarkAgentState takes at most {len(FIELD_NAMES)} positional arguments")
    merged = dict(_DEFAULTS)
    for name, value in zip(FIELD_NAMES, args):
        merged[name] = value
    for name, value in values.items():
        if name not in FIELD_INDEX:
            raise TypeError(f"DarkAgentState got an unexpected keyword argument {name!r}")
        if FIELD_INDEX[name] < len(args):
            raise TypeError(f"DarkAgentState got multiple values for argument {name!r}")
        merged[name] = value
    missing = [name for name in FIELD_NAMES if name not in merged]
    if missing:
        raise TypeError(f"DarkAgentState missing required arguments: {', '.join(missing)}")
    for name, value in merged.items():
        set_field(state, FIELD_INDEX[name], value)


def _to_lists(value):
    if isinstance(value, tuple):
        return [_to_lists(v) for v in value]
    return value


def _to_tuples(value):
    if isinstance(value, list):
        return tuple(_to_tuples(v) for v in value)
    return value


def replace_at(items, index, value):
    """A copy of tuple `items` with position `index` set to `value`."""
    return items[:index] + (value,) + items[index + 1:]


def add_sorted(items, value):
    """A sorted tuple with `value` added."""
    return tuple(sorted(items + (value,)))


def remove_one(items, value):
    """A tuple with one occurrence of `value` removed."""
    i = items.index(value)
    return items[:i] + items[i + 1:]

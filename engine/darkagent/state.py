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
"""

from dataclasses import MISSING, dataclass, fields

from ..core import evolve as core_evolve
from .data import SAFETY_ROUND_CAP

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


@dataclass(frozen=True)
class DarkAgentState:
    """Full state of a Dark Agent match (hidden parts: deck order, hands, votes)."""

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
    # turn-scoped
    spotted: tuple = ()         # cells selected this turn
    sats_used: tuple = (0, 0, 0, 0, 0, 0, 0)  # own satellites used per line this turn
    used_cells: tuple = ()      # special cards spotted (and so acted) this turn
    status: tuple = ()          # sorted flags: rifle, rifle_remote, rifle_retry, rocket, invulnerable, media
    turned: int = -1            # cell of the spy under the Double Agent token this turn
    media_picks: tuple = ()     # cells picked for the Media rearrangement
    pending: tuple = ()         # JACKET: (attacker, target cell, victim seat, level)
    votes: tuple = ()           # VOTE: per seat -1 (not yet), 0 no, 1 yes
    last_roll: tuple = ()       # (rolled dice, used dice, defender die or 0, bonus, defence, success)
    rotations: int = 0          # how many UN rotations happened
    end_reason: str = ""


_TUPLE_OF_TUPLES = ("sats", "reserve", "wounded", "hands", "hands_public", "captured")


_CACHE_KEYS = ("_legal_cache", "_outcome")
SATS_CACHE = "_sats_cache"
NO_STATE_CACHES = {"_legal_cache": None, "_outcome": None}
NO_CACHES = {"_legal_cache": None, "_outcome": None, SATS_CACHE: None}


def evolve(state, **changes):
    """A copy of `state` with `changes` (a fast dataclasses.replace without re-validation): one
    fresh `{**fields, **changes}` dict (unchanged tuples are shared) with the per-state caches
    reset and, when the satellites change, the satellite-derived cache too."""
    cls = type(state)  # core.evolve, inlined (one merged dict, no second call)
    new = cls.__new__(cls)
    _set_attribute(new, "__dict__", {**state.__dict__, **changes,
                                     **(NO_CACHES if "sats" in changes else NO_STATE_CACHES)})
    return new


_set_attribute = object.__setattr__


_FIELD_NAMES = tuple(f.name for f in fields(DarkAgentState))
_DEFAULTS = {f.name: f.default for f in fields(DarkAgentState) if f.default is not MISSING}


def make_state(**values):
    """What `with_cache_slots(DarkAgentState(**values))` makes, without the frozen dataclass's
    one `object.__setattr__` per field and the second copy (a new match builds one per playout):
    the fields in declaration order, then the empty cache slots."""
    merged = {**_DEFAULTS, **values}
    if len(merged) != len(_FIELD_NAMES):
        return with_cache_slots(DarkAgentState(**values))  # a missing or unknown field: the dataclass says which
    state = DarkAgentState.__new__(DarkAgentState)
    _set_attribute(state, "__dict__", {**{name: merged[name] for name in _FIELD_NAMES}, **NO_CACHES})
    return state


def with_cache_slots(state):
    """`state` re-wrapped with the (empty) cache keys in its field dict, for states made by the
    dataclass constructor (a new match, a state from JSON, a sampled state)."""
    return core_evolve(state, **NO_CACHES)


_FLAT = ("phase", "first", "turn", "round", "double_agent", "bonus_aim", "bonus_holder",
         "turned", "rotations", "end_reason")
_ONE_LEVEL = ("grid", "markers", "super_token", "deck", "discard", "virology_used", "spotted",
              "sats_used", "used_cells", "status", "media_picks", "pending", "votes", "place_order")


def state_to_json(state):
    """Lossless JSON form (lists for tuples)."""
    d = state.__dict__
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
    cache = state.__dict__.get(SATS_CACHE)
    if cache is None:
        cache = state.__dict__[SATS_CACHE] = {}
    return cache


def state_from_json(data):
    """Inverse of `state_to_json`."""
    values = {}
    for f in fields(DarkAgentState):
        value = data[f.name]
        values[f.name] = DarkAgentConfig(**value) if f.name == "cfg" else _to_tuples(value)
    return with_cache_slots(DarkAgentState(**values))


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

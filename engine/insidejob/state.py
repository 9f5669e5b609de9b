"""Inside Job state: immutable dataclasses, a cheap `evolve` and the lossless JSON form.

`InsideJobSetup` holds what is fixed once dealt (options, roles, set-aside cards) and is shared
by reference between successive states; `InsideJobState` holds what changes. `evolve` is a
shallow copy plus the changed fields (no deep copies, no dataclass re-validation): the hot path
builds new tuples only for what changes. The hottest paths go one step further: they copy the
field dict once (`state.__dict__.copy()`), set what changes, possibly across several rule steps
(a trick's end and the next trick's start), and wrap it with `state_of` (one state per action).

Phases: "designate" (the Accomplice picks a player), "mission" (the lead chooses 1 of 2 drawn
missions), "play" (cards are played in turn), "vote" (simultaneous secret votes), "over".
"""

from dataclasses import dataclass

from engine.core import evolve  # noqa: F401  (the shared fast copy; game modules import it from here)

try:  # the optional compiled build (bench/build_engine.py): state.pxd declares IN_C, a C constant
    COMPILED = IN_C  # noqa: F821
except NameError:  # the pure engine (which never imports Cython)
    COMPILED = False

DESIGNATE, MISSION, PLAY, VOTE, OVER = "designate", "mission", "play", "vote", "over"

_set_attribute = object.__setattr__


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def state_of(fields):
    """The InsideJobState whose field dict is `fields` (every field, in declaration order, as
    `state.__dict__.copy()` gives them). The dict is taken over, not copied: the caller must
    not touch it afterwards. No validation (the hot path's constructor)."""
    cls = InsideJobState  # typed `type` in state.pxd: Cython then calls its allocator directly
    new = cls.__new__(cls)
    if COMPILED:  # the same as below: object.__setattr__'s "__dict__" ends in this C function
        set_field_dict(new, fields)  # noqa: F821 (declared in state.pxd)
    else:
        _set_attribute(new, "__dict__", fields)
    return new


def fields_of(state):
    """The field dict of a state (or setup), to read only: copy it before changing anything
    (`state_of`). The compiled build's fast form of `state.__dict__`, for the hot functions
    that read several fields (they read attributes in the pure engine, faster there)."""
    if COMPILED:  # the same dict: what the "__dict__" attribute's getter returns
        return field_dict(state)  # noqa: F821 (declared in state.pxd)
    return state.__dict__


def setup_of(fields):
    """The InsideJobSetup whose field dict is `fields` (every field, in declaration order),
    taken over without the frozen dataclass's per-field `__init__` (the deal's constructor)."""
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

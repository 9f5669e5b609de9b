"""Helpers for Dark Agent scenario tests: crafted states and forced dice."""

from dataclasses import replace

from engine.darkagent import RULES
from engine.darkagent.data import (
    AIM_NAMES,
    CARDS,
    EMPTY,
    EQUIP_BASE,
    EQUIP_INDEX,
    LINES,
    SPY_LEVELS,
    spy_code,
)
from engine.darkagent.setup import make_config
from engine.darkagent.state import ACT, DarkAgentState

OPTIONS = {"players": 2, "aim_limit": 3, "need_dark_agent": False, "max_rounds": 0,
           "objective_effects": False, "jacket_defence": "auto", "solo_alpha": -1,
           "vote_rule": "strict_majority", "safety_round_cap": 30}


class ForcedRng:
    """An Rng stand-in: dice come from a list; shuffles keep order; randbelow returns 0."""

    def __init__(self, dice=()):
        self.dice = list(dice)

    def die(self, sides=6):
        """The next forced die."""
        return self.dice.pop(0)

    def randbelow(self, n):
        """Always 0."""
        return 0

    def shuffled(self, seq):
        """The sequence unchanged."""
        return list(seq)

    def choice(self, seq):
        """The first element."""
        return seq[0]


def card(name):
    """Code of the first fixed card with this name."""
    return next(i for i, c in enumerate(CARDS) if c.name == name)


def equip(name):
    """Code of an equipment card lying in the theatre."""
    return EQUIP_BASE + EQUIP_INDEX[name]


def cell(line, depth):
    """Cell index."""
    return line * 5 + depth


def blank(players=2, **overrides):
    """An ACT-phase state for seat 0 with an empty grid and every satellite neutral-free."""
    options = dict(OPTIONS, players=players)
    for key in list(overrides):
        if key in OPTIONS:
            options[key] = overrides.pop(key)
    n = players
    state = DarkAgentState(
        cfg=make_config(options), phase=ACT, first=0, turn=0, round=1, place_order=(),
        grid=(EMPTY,) * 35, markers=(0,) * len(AIM_NAMES), sats=((),) * LINES,
        reserve=(tuple(SPY_LEVELS),) * n, wounded=((),) * n, super_token=(True,) * n,
        double_agent=1 % n, hands=((),) * n, hands_public=((),) * n, deck=(), discard=(),
        captured=((),) * n, kills=((),) * n, bonus_aim=-1, bonus_holder=-1,
        virology_used=(False,) * n)
    return replace(state, **overrides)


def own_line(state, line, seat=0):
    """State where `seat` holds all three satellites of `line` (every depth in reach)."""
    sats = state.sats[:line] + ((seat, seat, seat),) + state.sats[line + 1:]
    return replace(state, sats=sats)


def spot(line, depth, **extra):
    """A spot action (extra: super=True, to=cell)."""
    return dict({"type": "spot", "line": line, "depth": depth}, **extra)


def put(state, items):
    """State with {cell: code} placed in the grid."""
    grid = list(state.grid)
    for c, code in items.items():
        grid[c] = code
    return replace(state, grid=tuple(grid))


def spy(seat, level):
    """A player spy code."""
    return spy_code(seat, level)


def act(state, seat, action, dice=()):
    """Check legality and apply with forced dice: (new state, events)."""
    RULES.check_action(state, seat, action)
    return RULES.apply(state, seat, action, ForcedRng(dice))


def legal(state, seat=0):
    """The seat's legal actions."""
    return RULES.legal_actions(state, seat)

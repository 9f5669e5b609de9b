"""Scoring (digest A13) from a per-player ledger, and the match outcome.

Objective 6 VP, +3 for the holder of the last-objective token, each sentinel / neutral agent
neutralised its level, the Dark Agent 5, each enemy player spy eliminated its level, each of your
own spies still in the theatre its level; optional objective effect: Hostage +2. Ties: all top
scorers win. Solo: you win iff you took the Dark Agent and scored at least 35 + alpha.
"""

from engine.core import make_outcome

from .data import AIM_BONUS, CARDS, DARK_CODE, EFFECTS, SOLO, SPY_BASE, level_of, spy_owner
from .state import OVER


def deployed_levels(grid, n):
    """Per seat: levels of that seat's spies in the theatre (one pass over the grid)."""
    out = [[] for _ in range(n)]
    for code in grid:
        if code >= SPY_BASE:
            out[spy_owner(code)].append(level_of(code))
    return out


def ledger(state, seat, deployed=None):
    """[{"source", "vp"}, ...]: every VP the seat has, with where it comes from."""
    if deployed is None:
        deployed = deployed_levels(state.grid, state.cfg.players)[seat]
    entries = [{"source": CARDS[c].name, "kind": CARDS[c].kind, "vp": CARDS[c].vp}
               for c in state.captured[seat]]
    entries += [{"source": f"spy of seat {victim} (level {level})", "kind": "kill", "vp": level}
                for victim, level in state.kills[seat]]
    entries += [{"source": f"own spy level {level} in the theatre", "kind": "deployed", "vp": level}
                for level in deployed]
    if state.bonus_holder == seat:
        entries.append({"source": "last objective token", "kind": "bonus", "vp": AIM_BONUS})
    if state.cfg.objective_effects and any(CARDS[c].name == "hostage" for c in state.captured[seat]):
        entries.append({"source": "hostage delivered", "kind": "effect", "vp": EFFECTS["hostage"]["value"]})
    return entries


def score(state, seat):
    """The seat's current VP total."""
    return sum(e["vp"] for e in ledger(state, seat))


def solo_target(cfg):
    """VP needed to win solo: 35 + alpha."""
    alpha = cfg.aim_limit if cfg.solo_alpha < 0 else cfg.solo_alpha
    return SOLO["baseVp"] + alpha


def outcome(state):
    """None while running, else the standard outcome."""
    if state.phase != OVER:
        return None
    n = state.cfg.players
    scores = [score(state, s) for s in range(n)]
    if n == 1:
        has_dark = DARK_CODE in state.captured[0]
        target = solo_target(state.cfg)
        won = has_dark and scores[0] >= target
        reason = "won" if won else ("no Dark Agent" if not has_dark else f"below {target} VP")
        return make_outcome({0} if won else set(), 1, reasons={0: reason}, scores=scores,
                            summary=f"solo: {scores[0]} VP, target {target}, Dark Agent {has_dark}")
    best = max(scores)
    winners = {s for s in range(n) if scores[s] == best}
    return make_outcome(winners, n, scores=scores,
                        summary=f"game ended by {state.end_reason}; top score {best}")

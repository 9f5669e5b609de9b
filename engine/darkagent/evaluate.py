"""A static evaluation of a Dark Agent position for search bots (ISMCTS playout cut-offs).

Value per seat in [0, 1]: the leader(s) by current VP get 1; the others get their share of the
leader's VP scaled to at most 0.6. Solo: the fraction of the VP target reached, halved without
the Dark Agent. Only public facts of the (determinized) state are used.
"""

from .data import DARK_CODE
from .scoring import score, solo_target

PLAYOUT_DEPTH = 60


def evaluate(state):
    """{seat: value in [0, 1]} for the position."""
    n = state.cfg.players
    scores = [score(state, s) for s in range(n)]
    if n == 1:
        has_dark = DARK_CODE in state.captured[0]
        share = min(1.0, scores[0] / max(1, solo_target(state.cfg)))
        return {0: share if has_dark else share / 2}
    best = max(scores)
    if best <= 0:
        return {s: 0.5 for s in range(n)}
    return {s: 1.0 if scores[s] == best else 0.6 * scores[s] / best for s in range(n)}

"""The Phase-1 enumerations (memoised, candidate lines only) agree with a plain reading of the
rules: every (a, b, c, d) in order, first of each net result kept; swaps line by line; and the
Phase-1 legal lists (built from memoised move lists and per-line swap columns) are exactly them."""

import random

from engine import Rng
from engine.darkagent import RULES, board, legal
from engine.darkagent.action_dicts import MOVE_SATELLITES, SKIP_SATELLITES, SWAP_SATELLITE
from engine.darkagent.data import LINES, NEUTRAL, RULE, SLOTS
from engine.darkagent.state import evolve


def reference_double_moves(sats, seat):
    """Two different satellites moved a->b then c->d, in (a, b, c, d) order, one per net result."""
    own = [line.count(seat) for line in sats]
    room = [SLOTS - len(line) for line in sats]
    seen, out = set(), []
    for a in range(LINES):
        for b in range(LINES):
            for c in range(LINES):
                for d in range(LINES):
                    if not own[a] or b == a or room[b] <= 0 or d == c:
                        continue
                    if own[c] - (c == a) <= 0 or room[d] - (d == b) + (d == a) <= 0:
                        continue
                    losing, gaining = [a, c], [b, d]
                    for line in (a, c):
                        if line in gaining and line in losing:
                            losing.remove(line)
                            gaining.remove(line)
                    key = (tuple(sorted(losing)), tuple(sorted(gaining)))
                    if losing and key not in seen:
                        seen.add(key)
                        out.append((a, b, c, d))
    return out


def reference_swaps(sats, seat):
    """One own satellite in src swapped with another owner's in dst (locked lines excluded)."""
    out = []
    for src in range(LINES):
        for dst in range(LINES):
            if seat not in sats[src] or dst == src and not RULE["swapWithinSameLine"]:
                continue
            for owner in sorted(set(sats[dst]) - {seat}):
                lockable = owner != NEUTRAL or RULE["neutralLinesLockable"]
                if not (lockable and sats[dst].count(owner) == SLOTS):
                    out.append((src, dst, owner))
    return out


def random_layout(rnd):
    lines = [[] for _ in range(LINES)]
    for _ in range(rnd.randint(0, LINES * SLOTS)):
        line = rnd.choice([i for i in range(LINES) if len(lines[i]) < SLOTS])
        lines[line].append(rnd.choice([NEUTRAL, 0, 1, 2, 3, 4, 5]))
    return tuple(tuple(sorted(line)) for line in lines)


def test_moves_and_swaps_match_the_reference():
    rnd = random.Random(7)
    for _ in range(3000):
        sats, seat = random_layout(rnd), rnd.randint(0, 5)
        assert list(board.double_moves(sats, seat)) == reference_double_moves(sats, seat), sats
        assert board.swaps(sats, seat) == reference_swaps(sats, seat), sats


def test_swaps_follow_the_rule_switches(monkeypatch):
    rnd = random.Random(8)
    monkeypatch.setitem(RULE, "neutralLinesLockable", True)
    monkeypatch.setitem(RULE, "swapWithinSameLine", True)
    for _ in range(500):
        sats, seat = random_layout(rnd), rnd.randint(0, 5)
        assert board.swaps(sats, seat) == reference_swaps(sats, seat), sats


def test_phase1_action_lists_follow_the_move_and_swap_lists(monkeypatch):
    rnd = random.Random(9)
    base = RULES.new_state(RULES.validate_options({"players": 6}), Rng(1))
    for switches in ((False, False), (True, True)):
        monkeypatch.setitem(RULE, "neutralLinesLockable", switches[0])
        monkeypatch.setitem(RULE, "swapWithinSameLine", switches[1])
        for _ in range(1500):
            sats, seat = random_layout(rnd), rnd.randint(0, 5)
            moves = reference_double_moves(sats, seat) or board.single_moves(sats, seat)
            expected = [MOVE_SATELLITES[m] for m in moves] + [SWAP_SATELLITE[s] for s in reference_swaps(sats, seat)]
            assert legal.move_actions(evolve(base, sats=sats), seat) == (expected or [SKIP_SATELLITES]), sats


def test_applied_moves_and_swaps_match_one_satellite_at_a_time():
    rnd = random.Random(10)
    for _ in range(3000):
        sats, seat = random_layout(rnd), rnd.randint(0, 5)
        for src, dst, owner in board.swaps(sats, seat):
            expected = board._moved(board._moved(sats, src, dst, seat), dst, src, owner)
            assert board.apply_swap(sats, seat, src, dst, owner) == expected
        for moves in board.double_moves(sats, seat):
            expected = board._moved(board._moved(sats, moves[0], moves[1], seat), moves[2], moves[3], seat)
            assert board.apply_moves(sats, seat, moves) == expected

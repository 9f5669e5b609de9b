"""Board geometry: cells, adjacency, spotting ranges, objective protection, satellite moves.

Spotting range (digest A7, by the number of satellites of any owner in the line): 1 -> depth 0,
2 -> depths 0-1, 3 -> depths 0-2, 3 all yours -> every depth; the Super Satellite token lets one
satellite select any depth. Phase 1 (A6): move two of your satellites to lines with room, or swap
one of yours with another owner's satellite in another line (a line where a player holds all 3
satellites is locked). Lines never hold more than 3 satellites.
"""

from functools import cache

from .data import (
    CARDS,
    DEPTH,
    EQUIP_BASE,
    LINES,
    NEUTRAL,
    RULE,
    SLOTS,
    SPY_BASE,
    is_enemy_spy,
)

ADJACENT = tuple(
    tuple(line2 * DEPTH + d2
          for line2, d2 in ((line - 1, d), (line + 1, d), (line, d - 1), (line, d + 1))
          if 0 <= line2 < LINES and 0 <= d2 < DEPTH)
    for line in range(LINES) for d in range(DEPTH))


def cell_of(line, depth):
    """Cell index of (line, depth)."""
    return line * DEPTH + depth


def line_of(cell):
    """The line a cell lies in."""
    return cell // DEPTH


def spot_range(sats_in_line, seat):
    """How many depths (from 0) `seat`'s satellites in this line may select."""
    k = len(sats_in_line)
    if k == SLOTS and all(o == seat for o in sats_in_line):
        return DEPTH
    return min(k, DEPTH)


def is_protected(grid, cell, seat, turned):
    """An objective is protected by an orthogonally adjacent sentinel or enemy spy (not turned)."""
    for other in ADJACENT[cell]:
        code = grid[other]
        if code < 0 or other == turned:
            continue
        if code < EQUIP_BASE and CARDS[code].kind == "sentinel":
            return True
        if code >= SPY_BASE:
            if code // 10 != (SPY_BASE + 10 * seat) // 10:
                return True
        elif RULE["neutralAgentsBlockObjectives"] and is_enemy_spy(code, seat):
            return True
    return False


def _moved(sats, src, dst, owner):
    lines = list(sats)
    items = list(lines[src])
    items.remove(owner)
    lines[src] = tuple(items)
    lines[dst] = tuple(sorted(lines[dst] + (owner,)))
    return tuple(lines)


def single_moves(sats, seat, frozen=()):
    """[(src, dst)] moves of one of `seat`'s satellites to another line with room.

    `frozen[line]` counts own satellites in that line that may not move (already moved)."""
    moves = []
    for src in range(LINES):
        movable = sats[src].count(seat) - (frozen[src] if frozen else 0)
        if movable <= 0:
            continue
        for dst in range(LINES):
            if dst != src and len(sats[dst]) < SLOTS:
                moves.append((src, dst))
    return moves


def double_moves(sats, seat):
    """((a, b, c, d), ...): two different satellites moved (a->b then c->d), deduplicated by
    net result (first in (a, b, c, d) order kept) and excluding moves that cancel out."""
    return double_moves_from_counts(*move_counts(sats, seat))


def move_counts(sats, seat):
    """(own satellites per line, satellites per line): all that `double_moves` depends on."""
    return tuple([line.count(seat) for line in sats]), tuple([len(line) for line in sats])


def double_moves_from_counts(own, sizes):
    """`double_moves` from `move_counts`. Only candidate lines are visited: a and c where the seat
    has satellites (a satellite moved into b may not move again, so c == a needs two there),
    b and d where there is room (d may also be a, which the first move emptied; d == b needs two
    free slots). The net change of a move (lines losing, lines gaining) is kept as one int: a
    pair of sorted line pairs as (p * 7 + q) * 49 + r * 7 + s (below 2401 with 7 lines), a
    single line change x -> y as 2401 + x * 7 + y (memo tables miss it on a new layout: the
    first matches of a process compute it often)."""
    n = LINES  # a local (a C int in the compiled build)
    own_lines = [line for line in range(n) if own[line]]
    room_lines = [line for line in range(n) if sizes[line] < SLOTS]
    seen, out = set(), []
    single = n * n * n * n  # the first single-change code (no pair code reaches it)
    for a in own_lines:
        after_a = sorted(set(room_lines) | {a})
        for b in room_lines:
            if b == a:
                continue
            d_lines = after_a if sizes[b] < SLOTS - 1 else [d for d in after_a if d != b]
            for c in own_lines:
                if c == a and own[a] < 2:
                    continue
                # a != b and c != d, so only c == b or d == a cancel: a chain a->b->d
                # (net a -> d) or a satellite taking a's place (net c -> b)
                if c == b:
                    for d in d_lines:
                        if d != c and d != a:
                            key = single + a * n + d
                            if key not in seen:
                                seen.add(key)
                                out.append((a, b, c, d))
                    continue
                losing = (a * n + c if a <= c else c * n + a) * n * n
                for d in d_lines:
                    if d == c:
                        continue
                    if d == a:
                        key = single + c * n + b
                    else:
                        key = losing + (b * n + d if b <= d else d * n + b)
                    if key not in seen:
                        seen.add(key)
                        out.append((a, b, c, d))
    return tuple(out)


def apply_moves(sats, seat, moves):
    """Satellites after a flat list of (src, dst) pairs of moves (owner tuples stay sorted:
    removing keeps the order, the arriving satellite is sorted in)."""
    lines = list(sats)
    for i in range(0, len(moves), 2):
        src, dst = moves[i], moves[i + 1]
        lines[src] = _line_after(lines[src], seat, None)
        lines[dst] = _line_after(lines[dst], None, seat)
    return tuple(lines)


@cache
def _line_after(owners, leaving, arriving):
    """A line's sorted owners after one satellite of `leaving` left and/or one of `arriving`
    came (None: nobody); memoised, the lines being few."""
    if leaving is not None:
        at = owners.index(leaving)
        owners = owners[:at] + owners[at + 1:]
    if arriving is not None:
        owners = tuple(sorted(owners + (arriving,)))
    return owners


def swaps(sats, seat):
    """[(src, dst, owner)]: swap one own satellite in src with `owner`'s in another line dst."""
    lockable_neutral, within = RULE["neutralLinesLockable"], RULE["swapWithinSameLine"]
    partners = [swap_partners(owners, seat, lockable_neutral) for owners in sats]
    return [(src, dst, owner) for src in range(LINES) if seat in sats[src]
            for dst in range(LINES) if dst != src or within for owner in partners[dst]]


@cache
def swap_partners(owners, seat, lockable_neutral):
    """The owners (ascending, `seat` excluded) of a line's satellites that `seat` may swap with:
    all of them unless one player holds the whole line (a locked line; neutral only if lockable)."""
    return tuple(owner for owner in sorted(set(owners)) if owner != seat and
                 not ((owner != NEUTRAL or lockable_neutral) and owners.count(owner) == SLOTS))


def apply_swap(sats, seat, src, dst, owner):
    """Satellites after swapping seat's satellite in src with owner's in dst."""
    if src == dst:
        return _moved(_moved(sats, src, dst, seat), dst, src, owner)
    lines = list(sats)
    lines[src] = _line_after(lines[src], seat, owner)
    lines[dst] = _line_after(lines[dst], owner, seat)
    return tuple(lines)


def rotate_grid(grid):
    """UN rotation: line 0 moves to the far end, every other line shifts one step toward 0."""
    return grid[DEPTH:] + grid[:DEPTH]

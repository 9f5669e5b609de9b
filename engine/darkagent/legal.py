"""Legal actions for Dark Agent, per phase, in a documented deterministic order.

Order in Phase 2 (ACT): spot (line, depth ascending; Super Satellite variants last per line; the
spot of a Support card once per empty deployment cell `to`, ascending), attack (target cell
ascending, then spy subsets, then Adrenaline variants), take, double_agent, play (card name,
then cells), virology, end_turn. Special cards have no action of their own: they act in the spot
that selects them (actions.special_on_spot). Super Satellite spots of a depth already in range
are not offered.
"""

from functools import cache, lru_cache
from itertools import chain, compress, permutations
from operator import itemgetter
from types import FunctionType

from . import board
from .spots import CELL_FLAG, spot_actions
from .action_dicts import (
    BINOCULARS,
    DOUBLE_AGENT,
    END_TURN,
    JACKET_ANSWERS,
    JET_PACK,
    MEDIA_DONE,
    MEDIA_PICK,
    MOVE_SATELLITES,
    PLAY,
    PLACE_SATELLITE,
    RUBBER_BOAT,
    SKIP_SATELLITES,
    SPOT,
    SUPER_SPOT,
    SUPPORT_SPOT,
    SWAP_SATELLITE,
    TAKE,
    VOTES,
)
from .data import (
    CARDS,
    CELLS,
    DEPTH,
    EMPTY,
    EQUIP_BASE,
    HAND_LIMIT,
    LINES,
    RULE,
    SLOTS,
    SPECIAL_NAMES,
    SPY_BASE,
    is_enemy_spy,
    kind_of,
    level_of,
)
from .state import ACT, JACKET, MEDIA, MOVE, PLACE, VOTE


def legal_actions(state, seat):
    """All legal actions of `seat` now."""
    phase = state.phase
    if phase == ACT:
        return act_actions(state, seat) if seat == state.turn else []
    if phase == MOVE:
        return move_actions(state, seat) if seat == state.turn else []
    if phase == PLACE:
        if not state.place_order or state.place_order[0] != seat:
            return []
        return [PLACE_SATELLITE[line] for line in range(len(state.sats)) if len(state.sats[line]) < SLOTS]
    if phase == VOTE:
        if state.votes[seat] != -1:
            return []
        return list(VOTES)
    if phase == JACKET:
        if seat != state.pending[2]:
            return []
        return list(JACKET_ANSWERS)
    if phase == MEDIA:
        return media_actions(state) if seat == state.turn else []
    return []


def move_actions(state, seat):
    """Phase 1: two-satellite moves (else single moves), swaps; skip only when nothing is legal.
    The swaps are `board.swaps` in its order (src, then dst, then owner), read from per-line
    swap columns (for each src line with an own satellite, entry src of every column, chained
    in C). The compiled build runs `move_actions_typed` instead (the same list)."""
    sats = state.sats
    if COMPILED:
        return move_actions_typed(sats, seat)
    own = tuple(map(tuple.count, sats, _SEAT_PER_LINE[seat]))
    out = list(_double_move_actions(own, tuple(map(len, sats))))
    if not out:
        out = [MOVE_SATELLITES[m] for m in board.single_moves(sats, seat)]
    columns = _swap_columns(sats, seat)
    for src in compress(_LINE_NUMBERS, own):
        out += chain.from_iterable(map(_ENTRY[src], columns))
    return out or [SKIP_SATELLITES]


_SEAT_PER_LINE = tuple((seat,) * board.LINES for seat in range(8))  # map(tuple.count, sats, ...)


def move_actions_typed(sats, seat):
    """`move_actions` (the same list) written as loops over the lines, which the compiled build
    types (legal.pxd) and runs in C; the pure engine keeps the map/chain form, faster there.
    A line's owners (a sorted tuple of at most 3 seats in -1..5) are coded as an int below 512
    (base 8, digit owner + 2), which indexes the seat's swap columns without hashing tuples;
    the satellite counts (own, size: 0..3 each) of all lines form the key of the double moves."""
    switches = RULE["neutralLinesLockable"], RULE["swapWithinSameLine"]
    table = _SWAP_CODES.get((seat, switches))
    if table is None:
        table = _SWAP_CODES[seat, switches] = [None] * (LINES * _CODES)
    key = 0
    columns, owned = [], []
    for line in range(LINES):
        owners = sats[line]
        count = code = 0
        for owner in owners:
            code = code * 8 + owner + 2
            if owner == seat:
                count += 1
        key = key * 16 + count * 4 + len(owners)
        if count:
            owned.append(line)
        index = line * _CODES + code
        column = table[index]
        if column is None:
            column = table[index] = _swap_column(line, owners, seat, switches[0], switches[1])
        columns.append(column)
    moves = _DOUBLE_MOVES.get(key)
    if moves is None:
        if len(_DOUBLE_MOVES) >= _DOUBLE_MOVES_LIMIT:
            _DOUBLE_MOVES.clear()  # a bound on the memo, like _double_move_actions' maxsize
        moves = _DOUBLE_MOVES[key] = double_move_actions_typed(key)
    out = list(moves)
    if not out:
        out = [MOVE_SATELLITES[m] for m in board.single_moves(sats, seat)]
    for src in owned:
        for column in columns:
            out.extend(column[src])
    return out or [SKIP_SATELLITES]


def double_move_actions_typed(key):
    """`_double_move_actions(own, sizes)` (the same tuple) for the satellite-count key of
    `move_actions_typed` (per line, base 16: own count * 4 + size), written for the compiled build
    (legal.pxd types its loops; a process meets thousands of layouts, most Phase-1 listings miss
    the memo): board.double_moves_from_counts' loops, with the candidate lines as bit masks and
    each line's counts read from the key's digits (C ints, no list per call), its net-change keys
    marked in a bytearray instead of a set, and each move's action read from a list by its code
    (no tuple built and hashed)."""
    n = LINES
    slots = SLOTS
    own_mask = room_mask = 0  # bit `line`: the seat has a satellite there / there is room
    for line in range(n):
        if key >> 4 * (n - 1 - line) + 2 & 3:
            own_mask |= 1 << line
        if (key >> 4 * (n - 1 - line) & 3) < slots:
            room_mask |= 1 << line
    seen = _NO_SEEN_KEYS[:]  # a fresh zeroed copy (cheaper than calling bytearray in the build)
    out = []
    single = n * n * n * n  # the first single-change code (no pair code reaches it)
    for a in range(n):
        if not own_mask >> a & 1:
            continue
        after_a = room_mask | 1 << a  # where the second move may go: a was emptied by the first
        two_of_a = (key >> 4 * (n - 1 - a) + 2 & 3) >= 2
        for b in range(n):
            if b == a or not room_mask >> b & 1:
                continue
            # d == b needs two free slots in b
            d_mask = after_a if (key >> 4 * (n - 1 - b) & 3) < slots - 1 else after_a & ~(1 << b)
            for c in range(n):
                if not own_mask >> c & 1 or c == a and not two_of_a:
                    continue
                code = ((a * n + b) * n + c) * n  # the move's code, less d
                if c == b:
                    for d in range(n):
                        if d_mask >> d & 1 and d != c and d != a:
                            change = single + a * n + d
                            if not seen[change]:
                                seen[change] = 1
                                out.append(_MOVE_BY_CODE[code + d])
                    continue
                losing = (a * n + c if a <= c else c * n + a) * n * n
                for d in range(n):
                    if not d_mask >> d & 1 or d == c:
                        continue
                    if d == a:
                        change = single + c * n + b
                    else:
                        change = losing + (b * n + d if b <= d else d * n + b)
                    if not seen[change]:
                        seen[change] = 1
                        out.append(_MOVE_BY_CODE[code + d])
    return tuple(out)


# the double-move actions by code ((a * LINES + b) * LINES + c) * LINES + d (None: a == b or c == d)
_MOVE_BY_CODE = [MOVE_SATELLITES.get((code // board.LINES ** 3, code // board.LINES ** 2 % board.LINES,
                                      code // board.LINES % board.LINES, code % board.LINES))
                 for code in range(board.LINES ** 4)]
_SEEN_KEYS = board.LINES ** 4 + board.LINES ** 2  # pair codes, then single changes
_NO_SEEN_KEYS = bytearray(_SEEN_KEYS)  # never written: double_move_actions_typed marks a copy
_CODES = 512  # line owner codes: 8 ** SLOTS
_SWAP_CODES = {}  # (seat, rule switches) -> [swap column or None] by line * _CODES + owner code
_DOUBLE_MOVES = {}  # satellite-count key -> double move actions (move_actions_typed)
_DOUBLE_MOVES_LIMIT = 16384
_LINE_NUMBERS = range(board.LINES)
_ENTRY = tuple(itemgetter(line) for line in _LINE_NUMBERS)  # a column's swaps from line `line`


_SWAP_TABLES = {}  # (seat, rule switches) -> per line: {owners: swap column}


def _swap_columns(sats, seat):
    """Per line dst: the swap actions into dst, per src line (a column of `board.swaps`)."""
    switches = RULE["neutralLinesLockable"], RULE["swapWithinSameLine"]
    tables = _SWAP_TABLES.get((seat, switches))
    if tables is None:
        tables = _SWAP_TABLES[seat, switches] = [{} for _ in range(board.LINES)]
    columns = list(map(dict.get, tables, sats))
    if None in columns:
        for dst, owners in enumerate(sats):
            if columns[dst] is None:
                columns[dst] = tables[dst][owners] = _swap_column(dst, owners, seat, *switches)
    return columns


def _swap_column(dst, owners, seat, lockable_neutral, within):
    """(swap actions from src into dst, for src in every line) for dst holding `owners`: the
    column of its swap partners (`_partner_column`, shared by the layouts with those partners)."""
    return _partner_column(dst, board.swap_partners(owners, seat, lockable_neutral), within)


@cache
def _partner_column(dst, partners, within):
    """(swap actions from src into dst with one of `partners`, for src in every line)."""
    return tuple([tuple([SWAP_SATELLITE[src, dst, owner] for owner in partners])
                  if src != dst or within else () for src in range(board.LINES)])


@lru_cache(maxsize=16384)
def _double_move_actions(own, sizes):
    """The two-satellite move actions for the satellite counts: memoised, since a few thousand
    layouts cover whole series of matches."""
    return tuple([MOVE_SATELLITES[m] for m in board.double_moves_from_counts(own, sizes)])


def attack_targets(state, seat, spotted):
    """Cells that may be attacked now: spotted sentinels/aims/enemy spies, Rifle remote sentinels
    (`spotted`: the spotted cells, ascending)."""
    grid, turned = state.grid, state.turned
    remote = "rifle" in state.status and "rifle_remote" not in state.status
    targets = []
    for cell in range(CELLS) if remote else spotted:
        code = grid[cell]
        if code < 0 or cell == turned:
            continue
        kind = kind_of(code)
        is_spotted = cell in spotted
        if kind == "sentinel" and (is_spotted or remote) or is_spotted and (kind == "aim" or is_enemy_spy(code, seat)):
            targets.append(cell)
    return targets


def _subsets(cells):
    n = len(cells)
    return [[cells[i] for i in range(n) if mask >> i & 1] for mask in range(1, 1 << n)]


def attack_actions(state, seat, spotted, own):
    """Every legal attack: target x own spotted spy subset (+ turned spy) x Adrenaline choice
    (`own`: the seat's spies among the ascending `spotted` cells)."""
    if not own:
        return []
    own = list(own)
    hand = state.hands[seat]
    extras = [[]] + ([[state.turned]] if state.turned >= 0 else [])
    out = []
    for target in attack_targets(state, seat, spotted):
        code = state.grid[target]
        kind = kind_of(code)
        explosives = False
        if kind == "aim" and board.is_protected(state.grid, target, seat, state.turned):
            if "explosives" not in hand:
                continue
            explosives = True
        for subset in _subsets(own):
            for extra in extras:
                out += _attack_variants(state, target, kind, subset, extra, explosives, hand)
    return out


def _attack_variants(state, target, kind, subset, extra, explosives, hand):
    """The attack without and with Adrenaline on each own spy, where the level rule allows."""
    grid = state.grid
    spies = sorted(subset + extra)
    counted = spies if RULE["doubleAgentCountsForLevelRule"] else subset
    total = sum(level_of(grid[c]) for c in counted)
    need = level_of(grid[target]) if kind not in ("sentinel", "aim") else -1
    base = {"type": "attack", "target": target, "spies": spies}
    if explosives:
        base["explosives"] = True
    out = [base] if total > need else []
    if "adrenaline" in hand:
        out += [dict(base, adrenaline=c) for c in subset
                if total + (level_of(grid[c]) if RULE["adrenalineCountsForLevelRule"] else 0) > need]
    return out


def with_support_targets(state, seat, spots):
    """The spot actions with the one selecting a Support card expanded into one action per
    empty cell its spy may be deployed to (`to` ascending): Support acts as soon as it is
    spotted, so where to deploy is part of the spot. Unchanged without a reserve spy or an
    empty cell (the spot then has no effect) or when no Support cell is offered."""
    grid = state.grid
    global _support_cell
    found = _support_cell
    if found[0] is not grid:  # the states of a turn share their grid tuple: one scan per grid
        found = _support_cell = _find_support(grid)
    cell = found[1]
    # no spot of the Support cell without an own satellite in its line, nor once it is spotted
    if cell < 0 or not state.reserve[seat] or seat not in state.sats[found[2]] or cell in state.spotted:
        return spots
    plain, extended = found[3], found[4]  # the spots' shared dicts
    for index, action in enumerate(spots):  # at most one spot selects the Support cell
        if action is plain or action is extended:
            empty = empty_cells(state)
            if not empty:
                return spots
            line, depth = found[2], found[5]
            support = action is extended
            return (spots[:index] + [SUPPORT_SPOT[line, depth, support, to] for to in empty]
                    + spots[index + 1:])
    return spots


def _find_support(grid):
    """(grid, Support cell, its line, its plain and Super Satellite spots, its depth), the cell
    -1 (line 0) when the grid has no Support card."""
    cell = _support_index(grid)
    line, depth = divmod(cell, DEPTH) if cell >= 0 else (0, 0)
    return grid, cell, line, SPOT[line][depth], SUPER_SPOT[line][depth], depth


def _support_index(grid):
    """The Support card's cell in `grid`, -1 without one: one scan (a C loop over C ints in the
    build, legal.pxd; about as fast as `in` plus `index` in the pure engine)."""
    for cell in range(len(grid)):
        code = grid[cell]
        if code == SUPPORT_CODE:
            return cell
    return -1


SUPPORT_CODE = next(code for code, name in SPECIAL_NAMES.items() if name == "support")
# (the grid of the last with_support_targets call, its Support cell or -1), replaced whole in one
# assignment so threads sharing the module never pair one grid with another's cell
_support_cell = (None, -1, 0, None, None, 0)
ENEMY_CARD_CODES = frozenset(code for code, card in enumerate(CARDS) if card.kind in ("agent", "dark"))
AIM_CODES = frozenset(code for code, card in enumerate(CARDS) if card.kind == "aim")
JET_PACK_CARD_CODES = frozenset(code for code, card in enumerate(CARDS)
                                if card.kind in ("sentinel", "agent", "dark"))


def empty_cells(state, _last=[None, ()]):
    """Cells with no occupant (a new list; the last grid's answer is remembered: the states of a
    turn share their grid tuple)."""
    grid = state.grid
    if grid is not _last[0]:
        _last[1] = tuple([c for c, code in enumerate(grid) if code == EMPTY])
        _last[0] = grid
    return list(_last[1])


STATUS_CARDS = {"rifle": "rifle", "rocket_launcher": "rocket", "bulletproof_jacket": "invulnerable"}


def play_actions(state, seat, spotted, own_spotted):
    """Equipment plays (Adrenaline and Explosives are played inside an attack); `spotted`
    ascending, `own_spotted` the seat's spies among them."""
    out = []
    hand = state.hands[seat]
    for card in hand if len(hand) == 1 else sorted(set(hand)):
        flag = STATUS_CARDS.get(card)
        if flag is not None:
            if flag not in state.status and (card != "bulletproof_jacket" or own_spotted):
                out.append(PLAY[card])
        elif card == "binoculars":
            grid = state.grid
            cells = spotted if RULE["binocularsTargetMustBeSpotted"] else range(CELLS)
            out += [BINOCULARS[c] for c in cells if grid[c] in AIM_CODES]
        elif card == "rubber_boat" and state.reserve[seat]:
            out += [RUBBER_BOAT[e] for e in empty_cells(state)]
        elif card == "jet_pack":
            out += jet_pack_actions(state, seat, spotted)
    return out


def jet_pack_actions(state, seat, spotted):
    """Swap one of your spies (anywhere) with a spotted enemy spy or sentinel."""
    grid, turned = state.grid, state.turned
    low = SPY_BASE + 10 * seat
    cells = spotted if RULE["jetPackTargetMustBeSpotted"] else range(CELLS)
    others = [c for c in cells if c != turned and (  # sentinels and enemy spies
        grid[c] in JET_PACK_CARD_CODES or grid[c] >= SPY_BASE and not low <= grid[c] < low + 10)]
    if not others:
        return []
    return [JET_PACK[m, o] for m, code in enumerate(grid) if low <= code < low + 10 for o in others]


def act_actions(state, seat):
    """Phase 2 actions in the documented order. One pass over the spotted cells (ascending)
    sorts them into own spies, equipment, special cards and enemy spies."""
    out = with_support_targets(state, seat, spot_actions(state, seat))
    hand = state.hands[seat]
    spotted = state.spotted
    own_spotted = ()
    if spotted:
        spotted = sorted(spotted)
        grid = state.grid
        low = SPY_BASE + 10 * seat
        own_spotted, equipment, enemies = [], [], []
        for cell in spotted:
            code = grid[cell]
            if code >= SPY_BASE:
                (own_spotted if low <= code < low + 10 else enemies).append(cell)
            elif code >= EQUIP_BASE:
                equipment.append(cell)
            elif code in ENEMY_CARD_CODES:
                enemies.append(cell)
        if own_spotted:
            out += attack_actions(state, seat, spotted, own_spotted)
        if equipment and len(hand) < HAND_LIMIT:
            out += [TAKE[c] for c in equipment]
        if enemies and state.double_agent == seat and state.turned < 0:
            out += [DOUBLE_AGENT[c] for c in enemies]
    if hand:
        out += play_actions(state, seat, spotted, own_spotted)
    if state.cfg.objective_effects:
        out += virology_actions(state, seat, spotted)
    out.append(END_TURN)
    return out


def virology_actions(state, seat, spotted):
    """Optional objective effect: once, send a spotted enemy player spy home without a roll."""
    if not state.cfg.objective_effects or state.virology_used[seat]:
        return []
    if not any(CARDS[c].name == "virology_lab" for c in state.captured[seat]):
        return []
    return [{"type": "virology", "cell": c} for c in spotted
            if state.grid[c] >= SPY_BASE and c != state.turned and is_enemy_spy(state.grid[c], seat)]


def media_actions(state):
    """End-of-turn Media: pick up to 3 occupied cells one by one, then put them back in any order."""
    picks = state.media_picks
    out = []
    if len(picks) < RULE["mediaMaxCards"]:
        picked = 0  # the picked cells as flags (bit `cell`: a C int in the build, no tuple scans)
        for c in picks:
            flag = CELL_FLAG[c]
            picked |= flag
        grid = state.grid
        for c in range(len(grid)):
            flag = CELL_FLAG[c]
            if grid[c] != EMPTY and not picked & flag:
                out.append(MEDIA_PICK[c])
    if len(picks) >= 2:
        out += [{"type": "media_place", "cells": list(p)} for p in permutations(picks)
                if p != picks]  # (both tuples of cells)
    out.append(MEDIA_DONE)
    return out


# True in the compiled build (bench/build_engine.py), where a module's functions are not Python
# function objects: `move_actions` then runs `move_actions_typed`, which gives the same list.
COMPILED = not isinstance(move_actions, FunctionType)

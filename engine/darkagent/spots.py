"""Phase-2 spot actions: which cells `seat` may still select with its satellites this turn.

Per line where the seat has satellites, the spot actions (depth ascending, Super Satellite
variants beyond the line's reach) are precomputed for every subset of that line's cells already
spotted (a 5-bit mask), with and without the Super Satellite token: listing a state's spot
actions is then a mask per spotted cell and one table read per usable line. The per-seat line
tables are cached with the satellites (a turn's Phase-2 states share them).
"""

from functools import cache
from types import FunctionType

from .action_dicts import SPOT, SUPER_SPOT
from .board import spot_range
from .data import CELLS, DEPTH, LINES
from .state import SATS_CACHE, sats_cache

_KEYS = tuple(f"spot_lines/{seat}" for seat in range(8))  # str keys: their hash is cached
_CELL_LINE = tuple(cell // DEPTH for cell in range(CELLS))
_CELL_BIT = tuple(1 << (cell % DEPTH) for cell in range(CELLS))


def spot_lines(state, seat):
    """((line, own satellites, by mask, by mask with the Super Satellite), ...) for the lines
    where `seat` has satellites; `by mask[m]` are the spot actions of the cells not in mask m.
    Read per line from `seat`'s tables (owners -> entry, () where the seat has none)."""
    if COMPILED:  # the same dict, in the extension type's slot (state.pxd)
        cache = sats_cache(state)
    else:
        cache = state.__dict__.get(SATS_CACHE)
        if cache is None:
            cache = sats_cache(state)
    key = _KEYS[seat]
    lines = cache.get(key)
    if lines is None and COMPILED:
        lines = cache[key] = spot_lines_typed(state.sats, seat)
    if lines is None:
        sats = state.sats
        tables = _LINE_TABLES[seat]
        entries = list(map(dict.get, tables, sats))
        if None in entries:
            for line, owners in enumerate(sats):
                if entries[line] is None:
                    entries[line] = tables[line][owners] = (
                        _line_spots(line, owners, seat) if seat in owners else ())
        lines = cache[key] = tuple(filter(None, entries))
    return lines


_LINE_TABLES = tuple(tuple({} for _ in range(LINES)) for _ in range(8))  # seat, line: owners -> entry


def spot_lines_typed(sats, seat):
    """`spot_lines`' entries for `sats` (the same tuple), written as loops over the lines, which
    the compiled build types (spots.pxd) and runs in C; the pure engine keeps the map form. A
    line's owners (a sorted tuple of at most 3 seats in -1..5) are coded as an int below 512
    (base 8, digit owner + 2) that indexes the seat's entries without hashing tuples."""
    table = _CODE_TABLES[seat]
    out = []
    for line in range(LINES):
        owners = sats[line]
        code = 0
        mine = False
        for owner in owners:
            code = code * 8 + owner + 2
            if owner == seat:
                mine = True
        if mine:
            index = line * _CODES + code
            entry = table[index]
            if entry is None:
                entry = table[index] = _line_spots(line, owners, seat)
            out.append(entry)
    return tuple(out)


_CODES = 512  # line owner codes: 8 ** SLOTS
_CODE_TABLES = tuple([None] * (LINES * _CODES) for _ in range(8))  # seat: entry by line * _CODES + code


def _build_line_spots(line, owners, seat):
    """(line, own satellites, by mask, by mask with the Super Satellite) for one line
    (memoised as `_line_spots`); the mask rows depend on the line and the seat's reach only
    (`_mask_rows`: at most LINES * (DEPTH + 1) of them, shared by the entries)."""
    plain, extended = _mask_rows(line, spot_range(owners, seat))
    return line, owners.count(seat), plain, extended


def _build_mask_rows(line, reach):
    """(by mask, by mask with the Super Satellite) for a line whose satellites reach `reach`
    depths: per mask of spotted depths, the spot actions of the others (memoised as `_mask_rows`)."""
    actions = [SPOT[line][d] if d < reach else SUPER_SPOT[line][d] for d in range(DEPTH)]
    extended = tuple([tuple([actions[d] for d in range(DEPTH) if not m >> d & 1]) for m in range(1 << DEPTH)])
    in_reach = (1 << reach) - 1  # without the token only the depths in reach count (shared rows)
    plain = tuple([extended[m | ~in_reach & ((1 << DEPTH) - 1)] for m in range(1 << DEPTH)])
    return plain, extended


_mask_rows = cache(_build_mask_rows)
_line_spots = cache(_build_line_spots)


def spot_actions(state, seat):
    """Select cells with unused own satellites (and the Super Satellite token): per line, the
    cells not yet spotted, depth ascending."""
    if COMPILED:  # the same fields, read from the extension type (state.pxd), and a C loop
        cache = state._sats_cache
        lines = cache.get(_KEYS[seat]) if cache is not None else None
        if lines is None:
            lines = spot_lines(state, seat)
        return spot_actions_from(lines, state.sats_used, state.super_token[seat], state.spotted)
    fields = state.__dict__
    cache = fields.get(SATS_CACHE)
    lines = cache.get(_KEYS[seat]) if cache is not None else None
    if lines is None:
        lines = spot_lines(state, seat)
    used = fields["sats_used"]
    table = 3 if fields["super_token"][seat] else 2
    spotted = fields["spotted"]
    out = []
    if spotted:
        masks = [0] * LINES
        for cell in spotted:
            masks[_CELL_LINE[cell]] |= _CELL_BIT[cell]
        for entry in lines:
            line = entry[0]
            if entry[1] > used[line]:
                out += entry[table][masks[line]]
    else:
        for entry in lines:
            if entry[1] > used[entry[0]]:
                out += entry[table][0]
    return out


def spot_actions_from(lines, used, super_token, spotted):
    """`spot_actions` from the seat's `spot_lines`, its satellites used per line, its Super
    Satellite token and the spotted cells (the same list), for the compiled build (spots.pxd
    types it): the spotted cells as one 64-bit mask (bit `cell`), a line's 5-bit mask read from
    it by a shift, C ints throughout (no per-line list of masks)."""
    table = 3 if super_token else 2
    flags = 0
    for cell in spotted:
        flag = CELL_FLAG[cell]
        flags |= flag
    out = []
    for entry in lines:
        line = entry[0]
        own, spent = entry[1], used[line]
        if own > spent:
            out.extend(entry[table][flags >> line * DEPTH & _DEPTH_MASK])
    return out


CELL_FLAG = tuple(1 << cell for cell in range(CELLS))  # a cell's flag (below 2 ** 35: C 64-bit ints in the build)
_DEPTH_MASK = (1 << DEPTH) - 1


# True in the compiled build (bench/build_engine.py), where a module's functions are not Python
# function objects: `spot_lines` then runs `spot_lines_typed`, which gives the same tuple, and the
# fields are read from the extension type (state.COMPILED, the same flag).
COMPILED = not isinstance(spot_lines, FunctionType)

"""Phase-2 spot actions: which cells `seat` may still select with its satellites this turn.

Per line where the seat has satellites, the spot actions (depth ascending, Super Satellite
variants beyond the line's reach) are precomputed for every subset of that line's cells already
spotted (a 5-bit mask), with and without the Super Satellite token: listing a state's spot
actions is then a mask per spotted cell and one table read per usable line. The per-seat line
tables are cached with the satellites (a turn's Phase-2 states share them).
"""

from functools import cache

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
    cache = state.__dict__.get(SATS_CACHE)
    if cache is None:
        cache = sats_cache(state)
    key = _KEYS[seat]
    lines = cache.get(key)
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


@cache
def _line_spots(line, owners, seat):
    """(line, own satellites, by mask, by mask with the Super Satellite) for one line."""
    reach = spot_range(owners, seat)
    actions = tuple(SPOT[line][d] if d < reach else SUPER_SPOT[line][d] for d in range(DEPTH))
    masks = range(1 << DEPTH)
    extended = tuple(tuple(actions[d] for d in range(DEPTH) if not m >> d & 1) for m in masks)
    in_reach = (1 << reach) - 1  # without the token only the depths in reach count (shared rows)
    plain = tuple(extended[m | ~in_reach & ((1 << DEPTH) - 1)] for m in masks)
    return line, owners.count(seat), plain, extended


def spot_actions(state, seat):
    """Select cells with unused own satellites (and the Super Satellite token): per line, the
    cells not yet spotted, depth ascending."""
    cache = state.__dict__.get(SATS_CACHE)
    lines = cache.get(_KEYS[seat]) if cache is not None else None
    if lines is None:
        lines = spot_lines(state, seat)
    out = []
    used = state.sats_used
    table = 3 if state.super_token[seat] else 2
    spotted = state.spotted
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

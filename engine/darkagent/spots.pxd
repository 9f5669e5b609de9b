# Cython declarations for engine/darkagent/spots.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The spot actions are
# listed at every Phase-2 step: the per-line mask table read with C ints, the state typed as the
# extension type (state.pxd: C field reads; `fields` is the pure engine's field dict).
cimport cython

from engine.darkagent.state cimport DarkAgentState, sats_cache


@cython.locals(cache=dict, lines=tuple, fields=dict)
cpdef spot_actions(DarkAgentState state, int seat)

# A turn's first Phase-2 listing reads the seat's line entries (then cached with the satellites):
# a C call from spot_actions.
@cython.locals(cache=dict)
cpdef spot_lines(DarkAgentState state, int seat)

# The listing itself (spots.py's spot_actions_from): the spotted cells as one unsigned 64-bit
# mask (cells below 35), the line, own count, used count and 5-bit mask as C ints. (CELL_FLAG
# stays a Python name: legal.py imports it.)
cdef Py_ssize_t _DEPTH_MASK

@cython.locals(table=cython.Py_ssize_t, flags=cython.ulonglong, flag=cython.ulonglong,
               cell=cython.Py_ssize_t, out=list,
               entry=tuple, line=cython.Py_ssize_t, own=cython.Py_ssize_t,
               spent=cython.Py_ssize_t)
cpdef list spot_actions_from(tuple lines, tuple used, super_token, tuple spotted)

# A turn's first Phase-2 listing (the satellites just moved) reads the seat's line entries:
# C loops over the lines and their at most 3 owners, the owner code a C int.
cdef Py_ssize_t _CODES

@cython.locals(table=list, out=list, line=cython.Py_ssize_t, owners=tuple, code=cython.int,
               mine=cython.bint, owner=cython.int, index=cython.Py_ssize_t)
cpdef tuple spot_lines_typed(tuple sats, int seat)

# data.DEPTH (imported by name) as a C int: the mask arithmetic below stays in C.
cdef Py_ssize_t DEPTH

# A line entry is built once per (line, owners, seat) (a process builds a few hundred in its first
# matches), its mask rows once per (line, reach): 32 masks x 5 depths, C ints.
cpdef tuple _build_line_spots(line, tuple owners, seat)

@cython.locals(m=cython.int, d=cython.int, actions=list, in_reach=cython.int,
               extended=tuple)
cpdef tuple _build_mask_rows(line, int reach)

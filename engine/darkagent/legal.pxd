# Cython declarations for engine/darkagent/legal.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Listing the legal
# actions is half of a playout: seats and cell codes as C ints, the lists as typed, the state
# typed as the extension type (state.pxd: C field reads).
cimport cython

from engine.darkagent.state cimport DarkAgentState

# spots.spot_actions is listed at every Phase-2 step: cimported, act_actions calls it in C
# (the .py's import of the name stays for the pure engine).
from engine.darkagent.spots cimport spot_actions


# The other phases' listing (Setup, Media, Jacket; rules.py runs the hot ones itself): the state
# typed, the phase names typed strings (identity first).
cdef str ACT, JACKET, MEDIA, MOVE, PLACE, VOTE

cpdef legal_actions(DarkAgentState state, seat)

@cython.locals(out=list, grid=tuple, low=cython.int, code=cython.int, own_spotted=object,
               equipment=list, enemies=list)
cpdef act_actions(DarkAgentState state, int seat)

@cython.locals(out=list, own=tuple, columns=list, src=cython.Py_ssize_t)
cpdef move_actions(DarkAgentState state, int seat)

# The Phase-1 list the compiled build makes (every turn has one, about 20 a playout): C loops
# over the lines and their at most 3 owners, C ints for the owner codes and the count key
# (below 16 ** 7), and the memo tables typed so that their reads are direct C-API calls.
cdef dict _SWAP_CODES, _DOUBLE_MOVES
cdef Py_ssize_t _CODES, _DOUBLE_MOVES_LIMIT

@cython.locals(table=list, key=cython.long, columns=list, owned=list, line=cython.Py_ssize_t,
               owners=tuple, count=cython.int, code=cython.int, owner=cython.int,
               index=cython.Py_ssize_t, column=tuple, moves=tuple, out=list, src=cython.Py_ssize_t)
cpdef list move_actions_typed(tuple sats, int seat)

# A new satellite-count layout's double moves (legal.py's docstring): the lines, masks, codes
# and keys as C ints (below 7 ** 4 + 7 ** 2), the seen keys a bytearray read and written in C,
# the action table a typed list; data.LINES and data.SLOTS (imported by name) as C ints.
cdef list _MOVE_BY_CODE
cdef Py_ssize_t _SEEN_KEYS
cdef bytearray _NO_SEEN_KEYS
cdef Py_ssize_t LINES, SLOTS

@cython.locals(n=cython.long, slots=cython.long, own_mask=cython.long, room_mask=cython.long,
               seen=bytearray, out=list, single=cython.long, a=cython.long, b=cython.long,
               c=cython.long, d=cython.long, line=cython.long, code=cython.long,
               change=cython.long, losing=cython.long, after_a=cython.long, d_mask=cython.long,
               two_of_a=cython.bint)
cpdef tuple double_move_actions_typed(long key)

# A line's swap column is looked up once per (line, owners, seat), built once per (line,
# partners): the source line a C int.
cpdef tuple _swap_column(Py_ssize_t dst, tuple owners, seat, lockable_neutral, within)

@cython.locals(grid=tuple, index=cython.Py_ssize_t, found=tuple, cell=cython.Py_ssize_t)
cpdef with_support_targets(DarkAgentState state, int seat, list spots)

# A new grid's Support cell (about ten grids a playout): a C loop over the cells, the card code a
# C int (no `in` plus `index` comparing Python ints), a C call from with_support_targets.
cdef int SUPPORT_CODE

@cython.locals(cell=cython.Py_ssize_t, code=cython.int)
cpdef Py_ssize_t _support_index(tuple grid)

@cython.locals(cell=cython.Py_ssize_t)
cpdef tuple _find_support(tuple grid)

# Equipment plays are listed at every Phase-2 step with a hand: the hand and grid typed, cells
# and spy codes as C ints.
# STATUS_CARDS typed: its .get is a C dict read, not a method looked up and called.
cdef dict STATUS_CARDS

@cython.locals(out=list, hand=tuple, grid=tuple, c=cython.Py_ssize_t, e=cython.Py_ssize_t)
cpdef list play_actions(DarkAgentState state, int seat, spotted, own_spotted)

@cython.locals(grid=tuple, turned=cython.Py_ssize_t, low=cython.int, c=cython.Py_ssize_t,
               m=cython.Py_ssize_t, o=cython.Py_ssize_t, code=cython.int, others=list)
cpdef list jet_pack_actions(DarkAgentState state, int seat, spotted)

# Media is listed at every pick of the end-of-turn rearrangement: the cells as C ints.
# (the picked cells as 64-bit flags, spots.CELL_FLAG imported by name: no tuple scan per cell;
# data.EMPTY a C int)
cdef tuple CELL_FLAG
cdef int EMPTY

@cython.locals(picks=tuple, out=list, c=cython.Py_ssize_t, picked=cython.ulonglong, flag=cython.ulonglong,
               grid=tuple)
cpdef list media_actions(DarkAgentState state)

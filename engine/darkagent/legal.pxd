# Cython declarations for engine/darkagent/legal.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Listing the legal
# actions is half of a playout: seats and cell codes as C ints, the lists as typed.
cimport cython


@cython.locals(out=list, grid=tuple, low=cython.int, code=cython.int, own_spotted=object,
               equipment=list, enemies=list)
cpdef act_actions(state, int seat)

@cython.locals(out=list, own=tuple, columns=list, src=cython.Py_ssize_t)
cpdef move_actions(state, int seat)

@cython.locals(grid=tuple, index=cython.Py_ssize_t, found=tuple, cell=cython.Py_ssize_t)
cpdef with_support_targets(state, seat, list spots)

# Cython declarations for engine/darkagent/spots.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The spot actions are
# listed at every Phase-2 step: the per-line mask table read with C ints.
cimport cython


@cython.locals(out=list, table=cython.Py_ssize_t, masks=list, entry=tuple, line=cython.Py_ssize_t)
cpdef spot_actions(state, int seat)

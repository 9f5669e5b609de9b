# Cython declarations for engine/darkagent/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A spot is the most
# frequent action of a playout: its line and cell as C ints.
cimport cython


@cython.locals(line=cython.Py_ssize_t, cell=cython.Py_ssize_t, used=tuple, events=list, fields=dict)
cpdef apply_spot(state, seat, action, rng)

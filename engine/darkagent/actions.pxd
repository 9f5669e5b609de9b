# Cython declarations for engine/darkagent/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A spot is the most
# frequent action of a playout: its line and cell as C ints, the state and its copy typed as the
# extension type (state.pxd: C field reads and stores, the copy a C call).
cimport cython

# state.COMPILED (imported by name in the .py) held as a C flag: its tests are C branches.
cdef bint COMPILED

from engine.darkagent.state cimport DarkAgentState, copy_state, replace_at


@cython.locals(line=cython.Py_ssize_t, cell=cython.Py_ssize_t, used=tuple, events=list, fields=dict,
               new=DarkAgentState)
cpdef apply_spot(DarkAgentState state, seat, action, rng)

# Cython declarations for engine/insidejob/flow.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A trick's end runs on
# the field dict of the state being built and appends to the step's event list.
cimport cython


@cython.locals(deck=tuple)
cpdef open_trick(dict fields, lead, list events)

@cython.locals(plays=tuple, wagered=cython.Py_ssize_t)
cpdef finish_trick(dict fields, list events)

@cython.locals(params=dict)
cpdef run_end_checks(dict fields, winner, gain, list events)

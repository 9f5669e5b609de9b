# Cython declarations for engine/insidejob/flow.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A trick's end runs on
# the field dict of the state being built and appends to the step's event list. `state_of` and
# `trick_facts` are cimported from state.pxd and missions.pxd (C calls, no argument parsing);
# the reveal checks run at many trick ends: the Intel and reveal tuples typed, seats C ints.
cimport cython

from engine.insidejob.missions cimport trick_facts
from engine.insidejob.state cimport state_of


cpdef seat_thresholds(setup)

@cython.locals(thresholds=tuple, seat=cython.Py_ssize_t)
cpdef reveal_due(setup, tuple intel, tuple revealed)

@cython.locals(deck=tuple)
cpdef open_trick(dict fields, lead, list events)

@cython.locals(plays=tuple, wagered=cython.Py_ssize_t, winner=cython.int)
cpdef finish_trick(dict fields, list events)

@cython.locals(params=dict)
cpdef run_end_checks(dict fields, winner, gain, list events)

@cython.locals(roles=tuple, revealed=tuple)
cpdef voters(state)

@cython.locals(fields=dict)
cpdef end_match(state, side, code, seat, list events)

@cython.locals(fields=dict)
cpdef start_vote(state, list events)

@cython.locals(fields=dict, votes=tuple)
cpdef cast_vote(state, seat, targets, list events)

# Cython declarations for engine/insidejob/outcome.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A playout ends with one
# outcome, whose per-seat results call each other a dozen times: cpdef makes those calls C calls
# (no Python argument parsing), and `tally` is cimported from flow.pxd for the same reason.
cimport cython

from engine.insidejob.flow cimport tally


cpdef side_result(state, seat)

@cython.locals(counts=list)
cpdef decoy_result(state, seat)

cpdef dependent_result(state, seat, dict results)

@cython.locals(results=dict, pending=list)
cpdef dict seat_results(state)

@cython.locals(results=dict)
cpdef match_outcome(state)

# Cython declarations for engine/classified/turns.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The turn machinery runs
# on every step: seats as C ints, the step's field dict and log as the dict and list they are.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_info, ev
from engine.classified.state cimport pair_set


@cython.locals(other=cython.int, fields=dict, hands=tuple, memory=tuple, hand=tuple,
               play=tuple, known=tuple)
cpdef begin_turn(state, int seat, list log)

@cython.locals(fields=dict, left=cython.int)
cpdef end_turn(state, list log)

@cython.locals(play=tuple, stack=tuple, auto=dict)
cpdef settle(state, list log, rng)

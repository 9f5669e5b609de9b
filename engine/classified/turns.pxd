# Cython declarations for engine/classified/turns.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The turn machinery runs
# on every step: seats as C ints, the state as the extension type (state.pxd: its field reads
# and the in-place edits of the step's own state are C struct reads and writes), the log as a list.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_info, ev
from engine.classified.state cimport ClassifiedState, Frame, pair_set, set_fields


@cython.locals(other=cython.int, fields=dict, hands=tuple, memory=tuple, hand=tuple,
               play=tuple, known=tuple)
cpdef begin_turn(ClassifiedState state, int seat, list log)

@cython.locals(other=cython.int, hands=tuple, memory=tuple, hand=tuple, play=tuple, known=tuple,
               deck=tuple)
cdef _begin_turn_typed(ClassifiedState state, int seat, list log)

@cython.locals(fields=dict, left=cython.int)
cpdef end_turn(ClassifiedState state, list log)

@cython.locals(play=tuple, stack=tuple, auto=dict, top=Frame)
cpdef settle(ClassifiedState state, list log, rng)

# the end of a match and the Cyber Trap test (settle, end_turn and rules.outcome call them):
# C calls from this module, the state's fields C struct reads
cpdef check_traps(ClassifiedState state, list log)
cpdef finish(ClassifiedState state, winners, reason)
cpdef hits(ClassifiedState state, int seat)
cpdef end_game(ClassifiedState state, list log)

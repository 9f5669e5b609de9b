# Cython declarations for engine/classified/memory.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Runs after every step:
# the seat as a C int, hands and memories as the tuples they are.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.state cimport pair_set


@cython.locals(old_hands=tuple, new_hands=tuple, memories=tuple, before=tuple, after=tuple)
cpdef update_hand_memory(old, new)

@cython.locals(known_before=tuple, known=set, now=tuple)
cpdef _reconciled(old, new, tuple memories, int seat, tuple before, tuple after)

# asked by _reconciled for each card that entered or left a hand: a C call
cpdef is_visible_to(state, int seat, card)

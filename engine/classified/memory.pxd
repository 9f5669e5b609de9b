# Cython declarations for engine/classified/memory.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Runs after every step:
# the seat as a C int, the states as the extension type (C field reads), hands and memories as
# the tuples they are.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.state cimport ClassifiedState, pair_set


@cython.locals(old_hands=tuple, new_hands=tuple, memories=tuple, before=tuple, after=tuple)
cpdef update_hand_memory(ClassifiedState old, ClassifiedState new)

@cython.locals(known_before=tuple, known=set, now=tuple)
cpdef _reconciled(ClassifiedState old, ClassifiedState new, tuple memories, int seat, tuple before, tuple after)

# asked by _reconciled for each card that entered or left a hand: a C call
cpdef is_visible_to(ClassifiedState state, int seat, card)

# Cython declarations for engine/classified/effects_info.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Only cimports: the
# helpers of common.py and state.py this module calls on its hot paths (cpdef there) are
# reached by direct C calls instead of Python calls between modules; the module's Python
# imports of the same names stay. Wheel of Fate's legal list (a Deploy listed on every turn it
# is in hand) reads its shared actions by an index computed in C.
cimport cython
from engine.classified.common cimport answer, card_fields, card_info, ev
from engine.classified.state cimport ClassifiedState, free_slot, pair_set, remember, set_slot


@cython.locals(out=list, made=list, action=dict, i=Py_ssize_t, k=Py_ssize_t)
cpdef _own_guard_slots(ClassifiedState state, seat, Py_ssize_t card)

# Cython declarations for engine/classified/combat.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Only cimports: the
# helpers of common.py and state.py this module calls on its hot paths (cpdef there) are
# reached by direct C calls instead of Python calls between modules; the module's Python
# imports of the same names stay.
from engine.classified.common cimport (answer, card_fields, card_info, code_shared, ev, react_window_opens,
                                       set_skip)
from engine.classified.state cimport free_slot, pop, set_hand, set_slot

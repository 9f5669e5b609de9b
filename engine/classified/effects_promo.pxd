# Cython declarations for engine/classified/effects_promo.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Only cimports: the
# helpers of common.py and state.py this module calls on its hot paths (cpdef there) are
# reached by direct C calls instead of Python calls between modules; the module's Python
# imports of the same names stay.
from engine.classified.common cimport card_fields, card_info, ev
from engine.classified.state cimport add_knowledge, pair_set, remember, set_hand

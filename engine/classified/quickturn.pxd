# Cython declarations for engine/classified/quickturn.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. About half the steps of
# a random match are a quick turn: the seats as C ints (indexes into the typed tuples), the
# step's field dict, hands, rows and memories as the dict and tuples they are, so reads and
# writes are direct C-API calls. `card` stays an object: it is only put into tuples and dicts.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_info, has_design
from engine.classified.state cimport ClassifiedState, copied


@cython.locals(fields=dict, play=tuple, deck=tuple, other=cython.int, hands=tuple, row=tuple,
               hand=tuple, i=cython.Py_ssize_t, rest=tuple, slot=cython.Py_ssize_t, guards=tuple,
               drawn_hand=tuple, memory=tuple, known=tuple, mine=tuple, info=dict, cache=dict)
cpdef quick_turn(state, int seat, kind, card, list log)

# the compiled form: the state and its copy typed as the extension type (C field reads and writes)
@cython.locals(play=tuple, deck=tuple, other=cython.int, hands=tuple, row=tuple, hand=tuple,
               i=cython.Py_ssize_t, rest=tuple, slot=cython.Py_ssize_t, guards=tuple, drawn_hand=tuple,
               memory=tuple, known=tuple, mine=tuple, info=dict, cache=dict, new=ClassifiedState)
cdef _quick_turn_typed(ClassifiedState state, int seat, kind, card, list log)

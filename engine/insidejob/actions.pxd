# Cython declarations for engine/insidejob/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Playing a card and
# listing the plays are most of a match: seats and cards as C ints, the containers as typed.
cimport cython


@cython.locals(setup=object, cards=tuple, trick=tuple, low=cython.Py_ssize_t, start=cython.Py_ssize_t,
               stop=cython.Py_ssize_t, actions=list)
cpdef play_actions(state, int seat)

@cython.locals(fields=dict, hands=list, hand=tuple, i=cython.Py_ssize_t, trick=tuple,
               n=cython.Py_ssize_t, intel=list, events=list)
cpdef apply_play(state, int seat, int card, wager)

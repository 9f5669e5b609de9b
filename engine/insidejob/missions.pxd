# Cython declarations for engine/insidejob/missions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Judging a trick runs at
# every trick's end: the per-position lists typed as the lists they are, cards, values, suits
# and positions as C ints (a mission's trump is a suit, 0..3: missions.json).
cimport cython


@cython.locals(values=list, suits=list, trumps=list, wagers=list, card_values=tuple,
               card_suits=tuple, card=cython.int,
               value=cython.int, suit=cython.int, led=cython.int, best=cython.Py_ssize_t,
               best_value=cython.int, best_trump=cython.bint, position=cython.Py_ssize_t)
cpdef trick_facts(tuple plays, int trump)

@cython.locals(best=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef winning_position(list values, list suits, led, list trumps)

# Cython declarations for engine/insidejob/missions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Judging a trick runs at
# every trick's end: the per-position lists typed as the lists they are.
cimport cython


@cython.locals(values=list, suits=list, trumps=list, wagers=list)
cpdef trick_facts(tuple plays, trump)

@cython.locals(best=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef winning_position(list values, list suits, led, list trumps)

# Cython declarations for engine/insidejob/setup.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. C integers where the
# Python ones always fit: a block's draw is below 2**62 and the deck is 52 cards (so the digit
# arithmetic of a block runs in C). `open_trick` and `state_of` are cimported: C calls.
cimport cython

from engine.insidejob.flow cimport open_trick
from engine.insidejob.state cimport state_of


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, size=cython.Py_ssize_t, x=cython.ulonglong,
               deck=list, sizes=list)
cpdef list fast_shuffle(rng, items)

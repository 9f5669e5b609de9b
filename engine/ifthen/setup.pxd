# Cython declarations for engine/ifthen/setup.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. C integers where the
# Python ones always fit: 64-bit draws, 32-bit halves times a deck size below 2**31.
cimport cython


@cython.locals(word=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef list fast_shuffle(rng, items)

# Cython declarations for engine/darkagent/setup.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Every playout deals the
# theatre with two shuffles: the 64-bit draws and their rejection limits as unsigned C 64-bit
# integers (a draw and a limit are below 2**64; the remainder is below the 35-card deck), the
# indices as C integers.
cimport cython


@cython.locals(items=list, n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               z=cython.ulonglong, limit=cython.ulonglong)
cpdef list shuffled(rng, seq)

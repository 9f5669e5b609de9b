# Cython declarations for engine/rng.py, read only by the optional compiled build
# (bench/build_engine.py, `make compiled`); the pure-Python engine never sees this file.
# The 64-bit types give the same numbers as Python: rng.py masks every sum and product to 64 bits,
# which is what unsigned C arithmetic does by itself, and keeps the one sum that would pass 2**64
# (the rejection limit) in a form that never does. tests/test_compiled_engine.py checks the streams.
# The two 4096-entry tables are C arrays here (filled once from rng.py's lists at import): a
# draw's seed-free half is then a C read and its XOR with the seed a C XOR, where a list entry
# made two Python ints to make and free a draw. `wide` keeps a 64-bit randbelow (a shuffle's
# block of swaps) and its rejection limit in C integers too.
cimport cython

cdef unsigned long long _MASK, _GOLDEN, _MUL1, _MUL2
cdef unsigned long long _SMALL_LIMITS[4096]
cdef unsigned long long _COUNTER_MIXES[4096]

cpdef unsigned long long _mix(unsigned long long z)


cdef class Rng:
    cdef public unsigned long long seed
    cdef public unsigned long long counter

    @cython.locals(counter=cython.ulonglong, z=cython.ulonglong)
    cpdef unsigned long long next64(self)

    @cython.locals(counter=cython.ulonglong, z=cython.ulonglong, small=cython.ulonglong,
                   limit=cython.ulonglong, wide=cython.ulonglong)
    cpdef randbelow(self, n)

    @cython.locals(counter=cython.ulonglong, z=cython.ulonglong, seed=cython.ulonglong)
    cpdef list draws(self, Py_ssize_t count)

    @cython.locals(counter=cython.ulonglong, z=cython.ulonglong, small=Py_ssize_t,
                   limit=cython.ulonglong)
    cpdef choice(self, seq)

    # a deck shuffle: the list and its indexes C values, each draw a C call of randbelow
    @cython.locals(items=list, i=Py_ssize_t, j=Py_ssize_t)
    cpdef list shuffled(self, seq)

# Cython declarations for engine/classified/setup.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Every match starts with
# a deal: the shuffle's list and draws typed and its indexes C integers (n <= 18), so the
# Fisher-Yates swaps are direct list reads and writes; `deal` reaches it by a C call. The draws
# themselves stay Python ints (64-bit words compared with LIMITS). The compiled build deals with
# Rng.shuffled instead (its draws are C integers there), so this loop is the pure engine's.
cimport cython
# state.fresh_state, cpdef there: a direct C call
from engine.classified.state cimport fresh_state


@cython.locals(words=list, cards=list, n=cython.Py_ssize_t, j=cython.Py_ssize_t, pick_first=cython.bint)
cpdef shuffled_deal(rng, first)

@cython.locals(cards=list, rest=list)
cpdef deal(options, rng)

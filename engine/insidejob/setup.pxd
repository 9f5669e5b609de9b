# Cython declarations for engine/insidejob/setup.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. C integers where the
# Python ones always fit: a block's draw is below 2**62 and the deck is 52 cards (so the digit
# arithmetic of a block runs in C). The deal's piles are filled over C ints (card ids, seats),
# and the deal's caches are typed dicts (their `get` a C call). The state types are cimported:
# new_state builds them with their constructors in the build.
cimport cython

from engine.insidejob.state cimport InsideJobSetup, InsideJobState


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, size=cython.Py_ssize_t, x=cython.ulonglong,
               deck=list, sizes=list)
cpdef list fast_shuffle(rng, items)

@cython.locals(table=dict, facts=tuple)
cpdef tuple dealt_role_facts(tuple roles)

@cython.locals(holder=list, piles=list, pile=list, position=cython.Py_ssize_t,
               card=cython.Py_ssize_t, seat=cython.Py_ssize_t)
cpdef tuple deal_sorted_typed(list cards, Py_ssize_t players, Py_ssize_t size)

@cython.locals(decks=dict)
cpdef new_state(options, rng)

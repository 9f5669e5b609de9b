# Cython declarations for engine/classified/plays.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The legal main actions
# are listed on every turn: the lists and tuples they are read from typed as such.
cimport cython


@cython.locals(out=list, deploys=list, live=list, finished=list, firsts=tuple, guards=tuple,
               mine=tuple, theirs=tuple, targets=list, card=cython.int)
cpdef cards_plays(state, seat, tuple cards)

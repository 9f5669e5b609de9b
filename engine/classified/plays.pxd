# Cython declarations for engine/classified/plays.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The legal main actions
# are listed on every turn: the lists and tuples they are read from typed as such.
cimport cython
from engine.classified.state cimport ClassifiedState


# A match's table (a __slots__ class in Python) as an extension type: cards_plays reads seven
# of its fields on every call, as C struct reads instead of attribute lookups.
cdef class _Table:
    cdef public object designs, rule, own_rows
    cdef public list deploys, live, finished
    cdef public dict targets


@cython.locals(out=list, deploys=list, live=list, finished=list, firsts=tuple, guards=tuple,
               mine=tuple, theirs=tuple, targets=list, card=cython.int, table=_Table)
cpdef cards_plays(ClassifiedState state, seat, tuple cards)

@cython.locals(found=list)
cpdef _targets(_Table table, rows)

# Cython declarations for engine/classified/effects_cards.py, read only by the optional compiled
# build (bench/build_engine.py); the pure-Python engine never sees this file. Switch Places,
# Scavenge and Neutralize the Target have the longest legal lists, built on every turn they are
# in hand: each action read from a table of shared actions by an index computed in C (the card
# and the parameters as C integers), the output list as a list, the state as the extension type
# (state.pxd: C field reads).
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_fields, card_info, ev
from engine.classified.state cimport ClassifiedState, free_slot, pair_set, set_hand, set_slot


@cython.locals(out=list, mine=list, rest=list, row=tuple, theirs=tuple, made=list, action=dict,
               i=Py_ssize_t, k=Py_ssize_t, j=Py_ssize_t, d=Py_ssize_t)
cpdef _switch_options(ClassifiedState state, seat, Py_ssize_t card)

@cython.locals(out=list, rest=list, made=list, action=dict, i=Py_ssize_t, take=Py_ssize_t, d=Py_ssize_t)
cpdef _scavenge_options(ClassifiedState state, seat, Py_ssize_t card)

@cython.locals(out=list, made=list, action=dict, i=Py_ssize_t, k=Py_ssize_t)
cpdef _ep_options(ClassifiedState state, seat, Py_ssize_t card)

@cython.locals(out=list, pile=list, order=list, template=dict, made=list, action=dict, i=Py_ssize_t,
               j=Py_ssize_t)
cpdef _neutralize_options(ClassifiedState state, seat, Py_ssize_t card)

# Cython declarations for engine/classified/effects_cards.py, read only by the optional compiled
# build (bench/build_engine.py); the pure-Python engine never sees this file. Switch Places,
# Scavenge and Neutralize the Target have the longest legal lists, built on every turn they are
# in hand: each action a copy of a template dict, so the template and the action typed as
# dicts (a direct PyDict_Copy and dict writes), the output list as a list, the state as the
# extension type (state.pxd: C field reads).
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_fields, card_info, ev
from engine.classified.state cimport ClassifiedState, free_slot, pair_set, set_hand, set_slot


@cython.locals(out=list, mine=list, rest=list, row=tuple, theirs=tuple, template=dict, action=dict)
cpdef _switch_options(ClassifiedState state, seat, card)

@cython.locals(out=list, rest=list, template=dict, action=dict)
cpdef _scavenge_options(ClassifiedState state, seat, card)

@cython.locals(out=list, pile=list, order=list, template=dict, action=dict, i=Py_ssize_t)
cpdef _neutralize_options(ClassifiedState state, seat, card)

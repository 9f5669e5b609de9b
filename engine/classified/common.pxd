# Cython declarations for engine/classified/common.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Card descriptions and
# events are made on most steps: the description cache and the descriptions typed as dicts (a
# direct dict lookup and copy instead of method calls), the logs as lists; cpdef, so calls
# from this module (card_info -> card_fields, discard_from_limbo -> _without) are C calls. The
# state typed as the extension type (state.pxd) where it is read: C field reads.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.state cimport ClassifiedState, pair_set, replace_fields


@cython.locals(cache=dict, info=dict)
cpdef dict card_fields(ClassifiedState state, card)

@cython.locals(cache=dict, info=dict)
cpdef dict card_info(ClassifiedState state, card)

@cython.locals(parts=dict)
cpdef ev(list log, public, private=*)

cpdef ev_private(list log, public, int seat, secret)

@cython.locals(kept=tuple)
cpdef tuple _without(pile, tuple cards)

# asked or made on most Deploys and attacks (C calls from combat, actions, effects_info)
cpdef react_window_opens(ClassifiedState state, reactor, key)
@cython.locals(seen=list)
cpdef bint has_design(ClassifiedState state, key)
cpdef code_shared(card_a, card_b)
cpdef answer(ClassifiedState state, log, asker, answerer, card, question, reply, possible)
cpdef set_skip(ClassifiedState state, seat)

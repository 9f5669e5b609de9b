# Cython declarations for engine/classified/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A main action runs on
# most steps: the seat as a C int, the state as the extension type (state.pxd: C field reads),
# the step's log and the dicts it builds as typed.
cimport cython
# cpdef functions of other modules called here on every step: cimported, so they are direct C calls
from engine.classified.common cimport card_fields, card_info, ev, ev_private, react_window_opens, set_skip
from engine.classified.plays cimport cards_plays
from engine.classified.state cimport ClassifiedState, pop, remember, replace_fields, set_hand


@cython.locals(hands=tuple, rest=tuple, hand=tuple, i=cython.Py_ssize_t, source=dict, target=dict)
cpdef play_card(ClassifiedState state, int seat, action, list log, rng, from_hand=*)

@cython.locals(guards=tuple, row=tuple)
cpdef enlist_guard(ClassifiedState state, int seat, card, dict source, list log, from_hand)

@cython.locals(params=dict, given=dict, play=tuple)
cpdef start_deploy(ClassifiedState state, int seat, card, action, list log, dict source, rng)

@cython.locals(shown=dict, hidden=tuple)
cpdef split_params(ClassifiedState state, card, dict params)

# called once per Deploy from start_deploy: a C call; the log and the public parameters typed
@cython.locals(cache=dict, template=dict, public=dict)
cpdef announce(list log, ClassifiedState state, int seat, card, dict shown, every=*)

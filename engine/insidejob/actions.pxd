# Cython declarations for engine/insidejob/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Playing a card and
# listing the plays are most of a match: seats and cards as C ints, the containers as typed,
# the fields read from the state's field dict (state.pxd's `fields_of`). `fields_of`,
# `state_of`, `finish_trick`, `cast_vote` and `voters` are cimported from state.pxd and
# flow.pxd: C calls.
cimport cython

from engine.insidejob.flow cimport cast_vote, finish_trick, voters
from engine.insidejob.state cimport fields_of, state_of


cpdef to_move(state)

cpdef legal_actions(state, seat)

@cython.locals(setup=object, cards=tuple, trick=tuple, low=cython.Py_ssize_t,
               start=cython.Py_ssize_t, stop=cython.Py_ssize_t, actions=list)
cpdef play_actions(state, int seat)

@cython.locals(fields=dict, facts=dict, cards=tuple, trick=tuple, low=cython.Py_ssize_t,
               start=cython.Py_ssize_t, stop=cython.Py_ssize_t, card=cython.int, actions=list)
cpdef play_actions_by_fields(state, int seat)

@cython.locals(fields=dict)
cpdef to_move_by_fields(state)

@cython.locals(fields=dict)
cpdef legal_actions_by_fields(state, seat)

@cython.locals(fields=dict, hands=list, hand=tuple, i=cython.Py_ssize_t, held=cython.int,
               trick=tuple, n=cython.Py_ssize_t, intel=list, events=list)
cpdef apply_play(state, int seat, int card, wager)

@cython.locals(fields=dict, drawn=tuple)
cpdef apply_choose(state, int seat, mission)

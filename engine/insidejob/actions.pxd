# Cython declarations for engine/insidejob/actions.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Playing a card and
# listing the plays are most of a match: the state typed as the extension type it is in the
# build (state.pxd), so its fields are C member reads and a new state is a draft whose members
# are set in C (`draft_of`, `finished`); seats and cards as C ints, the containers as typed.
# `draft_of`, `finished`, `finish_trick_typed`, `cast_vote` and `voters` are cimported from
# state.pxd and flow.pxd: C calls.
cimport cython

from engine.insidejob.flow cimport cast_vote, finish_trick, finish_trick_typed, voters
from engine.insidejob.state cimport InsideJobSetup, InsideJobState, draft_of, finished, state_of


cpdef to_move(state)

cpdef legal_actions(state, seat)

@cython.locals(setup=object, cards=tuple, trick=tuple, low=cython.Py_ssize_t,
               start=cython.Py_ssize_t, stop=cython.Py_ssize_t, actions=list)
cpdef play_actions(state, int seat)

@cython.locals(setup=InsideJobSetup, cards=tuple, trick=tuple, low=cython.Py_ssize_t,
               start=cython.Py_ssize_t, stop=cython.Py_ssize_t, first=cython.Py_ssize_t,
               last=cython.Py_ssize_t, card=cython.int, actions=list, pairs=tuple,
               plain=tuple, pair=tuple, at=cython.Py_ssize_t, i=cython.Py_ssize_t)
cpdef play_actions_typed(InsideJobState state, int seat)

@cython.locals(phase=str, votes=tuple)
cpdef to_move_typed(InsideJobState state)

@cython.locals(phase=str)
cpdef legal_actions_typed(InsideJobState state, seat)

@cython.locals(setup=InsideJobSetup, key=tuple, table=dict, found=tuple)
cpdef tuple vote_actions(InsideJobState state, seat)

cpdef apply_action_typed(InsideJobState state, seat, action, rng=*)

@cython.locals(new=InsideJobState, hands=list, hand=tuple, i=cython.Py_ssize_t, held=cython.int,
               trick=tuple, n=cython.int, intel=list, events=list)
cpdef apply_play_typed(InsideJobState state, int seat, int card, wager)

@cython.locals(new=InsideJobState, drawn=tuple)
cpdef apply_choose_typed(InsideJobState state, int seat, mission)

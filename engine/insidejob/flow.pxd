# Cython declarations for engine/insidejob/flow.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. A trick's end runs on
# a draft state (`finish_trick_typed`: the state an extension type, state.pxd, its members set
# in C) and appends to the step's event list; the dict forms (`finish_trick`, `run_end_checks`)
# stay for the pure engine. The rarer changes (a reveal, a vote, the end) also work on a draft in
# the build. `state_of`, `draft_of`, `finished`, `fields_copy` and `trick_facts` are cimported
# from state.pxd and missions.pxd (C calls, no argument parsing); the reveal checks run at many
# trick ends: the Intel and reveal tuples typed, seats C ints.
cimport cython

from engine.insidejob.missions cimport trick_facts
from engine.insidejob.state cimport (InsideJobSetup, InsideJobState, draft_of, fields_copy,
                                     finished, state_of)


cpdef dict public_event(body)

cpdef dict draw_event(lead, drawn)

@cython.locals(last=tuple, key=tuple, found=tuple, table=dict)
cpdef tuple seat_thresholds(setup)

@cython.locals(thresholds=tuple, seat=cython.Py_ssize_t, held=cython.int)
cpdef reveal_due(setup, tuple intel, tuple revealed)

@cython.locals(deck=tuple)
cpdef open_trick(dict fields, lead, list events)

@cython.locals(plays=tuple, wagered=cython.Py_ssize_t, winner=cython.int)
cpdef finish_trick(dict fields, list events)

@cython.locals(plays=tuple, wagered=cython.int, winner=cython.int, setup=InsideJobSetup,
               supply=cython.int, take=cython.int, gain=cython.int, tricks=tuple,
               completed=tuple, intel=tuple, deck=tuple, drawn=tuple, paid=list,
               target=cython.Py_ssize_t, last=cython.Py_ssize_t, lowest=cython.int,
               held=cython.int, due=cython.bint)
cpdef finish_trick_typed(InsideJobState new, list events)

@cython.locals(params=dict)
cpdef run_end_checks(dict fields, winner, gain, list events)

@cython.locals(setup=InsideJobSetup, params=dict, deck=tuple, drawn=tuple)
cpdef run_end_checks_typed(InsideJobState new, int winner, int gain, list events)

@cython.locals(setup=InsideJobSetup, roles=tuple, revealed=tuple)
cpdef voters(InsideJobState state)

@cython.locals(fields=dict, new=InsideJobState)
cpdef end_match(state, side, code, seat, list events)

@cython.locals(fields=dict, new=InsideJobState)
cpdef start_vote(state, list events)

@cython.locals(fields=dict, votes=tuple, new=InsideJobState)
cpdef cast_vote(state, seat, targets, list events)

# the vote's count, run once a match: C calls from cast_vote (and outcome.pxd)
@cython.locals(counts=list)
cpdef list tally(votes, int players)

cpdef suspect_seat(roles)

@cython.locals(fields=dict, new=InsideJobState)
cpdef reveal(state, seat, list events)

@cython.locals(setup=InsideJobSetup, n=cython.int, thresholds=tuple, offset=cython.int,
               seat=cython.int)
cpdef run_threshold_reveals(state, start, list events)

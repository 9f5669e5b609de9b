# Cython declarations for engine/darkagent/turns.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Every turn has a Phase-1
# move and an end, every round a vote per seat: cpdef (rules.pxd cimports the applies, so its
# calls are C calls) with the state typed as the extension type (state.pxd): its fields read and
# its copies' fields set as C fields, the copy a C call. (`fields`, the state's field dict, is the
# pure engine's form.)
cimport cython

# state.COMPILED (imported by name in the .py) held as a C flag: its tests are C branches.
cdef bint COMPILED

from engine.darkagent.state cimport DarkAgentState, copy_state, evolve_fields, replace_at


@cython.locals(fields=dict)
cpdef apply_move(DarkAgentState state, seat, action)

@cython.locals(new=DarkAgentState)
cpdef apply_move_typed(DarkAgentState state, seat, action, kind)

cpdef apply_end_turn(DarkAgentState state, seat, action)

@cython.locals(fields=dict)
cpdef next_turn(DarkAgentState state)

@cython.locals(new=DarkAgentState, turn=cython.int, players=cython.int, nxt=cython.int)
cpdef next_turn_typed(DarkAgentState state)

@cython.locals(fields=dict, new=DarkAgentState)
cpdef apply_vote(DarkAgentState state, seat, action, rng)

cdef int reset_turn_fields(DarkAgentState new) except -1

# The vote opens every round: the copy typed (`new`), the turn's fields reset in C.
@cython.locals(new=DarkAgentState)
cpdef un_peace_phase(DarkAgentState state, dict changes=*)

# Cython declarations for engine/darkagent/turns.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Every turn has a Phase-1
# move and an end, every round a vote per seat: cpdef (rules.pxd cimports the applies, so its
# calls are C calls) with the state's field dict typed (direct dict reads).
cimport cython


@cython.locals(fields=dict)
cpdef apply_move(state, seat, action)

cpdef apply_end_turn(state, seat, action)

@cython.locals(fields=dict)
cpdef next_turn(state)

@cython.locals(fields=dict)
cpdef apply_vote(state, seat, action, rng)

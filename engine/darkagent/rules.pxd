# Cython declarations for engine/darkagent/rules.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. to_move, legal_actions
# and apply run at every step of a playout: module functions (the rules object holds them as
# staticmethods), the state's field dict and its legal-list cache typed so that their reads and
# writes are direct dict calls, and the hot handlers imported by name (no module attribute
# lookup per step).
cimport cython


cpdef to_move(state)

@cython.locals(fields=dict, cache=dict)
cpdef legal_actions(state, seat)

cpdef apply_action(state, seat, action, rng)

cpdef _apply_act(state, seat, action, kind, rng)

# The hottest handlers are cpdef functions of sibling modules: cimported, the calls are C calls
# (the .py's imports of the same names stay for the pure engine).
from engine.darkagent.actions cimport apply_spot
from engine.darkagent.legal cimport act_actions, move_actions
from engine.darkagent.turns cimport apply_move, apply_vote

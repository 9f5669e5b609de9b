# Cython declarations for engine/darkagent/rules.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. to_move, legal_actions
# and apply run at every step of a playout: module functions (the rules object holds them as
# staticmethods), the state typed as the extension type (state.pxd) so that its fields and its
# legal-list cache are C fields, and the hot handlers imported by name (no module attribute
# lookup per step).
cimport cython

# state.COMPILED (imported by name in the .py) held as a C flag: its tests are C branches.
cdef bint COMPILED

from engine.darkagent.state cimport DarkAgentState

# The phase names as typed strings: a phase test is a string comparison that starts with an
# identity check (the phases are these very objects), not a generic rich comparison.
cdef str ACT, JACKET, MEDIA, MOVE, OVER, PLACE, VOTE


# The memo of the voters and the Phase-2 handlers typed: their .get is a C dict read.
cdef dict _VOTERS, ACT_HANDLERS

cpdef to_move(DarkAgentState state)

# The pure engine's form (state.__dict__): the build's rules object holds legal_actions_typed.
@cython.locals(fields=dict, cache=dict)
cpdef legal_actions(state, seat)

# (`cache`: the state's slot, a (seat, list) pair or a dict; rules.py's docstring)
cpdef legal_actions_typed(DarkAgentState state, seat)

cpdef cached_outcome(DarkAgentState state)

cpdef apply_action(DarkAgentState state, seat, action, rng)

cpdef _apply_act(state, seat, action, kind, rng)

# The hottest handlers are cpdef functions of sibling modules: cimported, the calls are C calls
# (the .py's imports of the same names stay for the pure engine).
from engine.darkagent.actions cimport apply_spot
from engine.darkagent.legal cimport act_actions, move_actions
from engine.darkagent.turns cimport apply_end_turn, apply_move, apply_vote

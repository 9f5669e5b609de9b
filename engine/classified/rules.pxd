# Cython declarations for engine/classified/rules.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. Only cimports: the
# per-step functions `apply` and `legal_actions` call in other modules (each declared cpdef in
# its module's .pxd) are reached by direct C calls instead of Python calls between modules. The
# module's Python imports of the same names stay (the pure engine's, and the module's globals).
# The compiled build's to_move / legal_actions are typed functions (below).
cimport cython
from engine.classified.actions cimport play_card
from engine.classified.memory cimport update_hand_memory
from engine.classified.plays cimport cards_plays
from engine.classified.quickturn cimport quick_turn
from engine.classified.state cimport ClassifiedState, Frame, replace_fields, working_copy
from engine.classified.turns cimport begin_turn, settle

# the compiled build's to_move / legal_actions (rules.py swaps them in): the state typed as the
# extension type, so its fields are C struct reads (the seat stays an object: the method takes
# any seat, a spectator's None included)
@cython.locals(stack=tuple, top=Frame)
cpdef to_move_typed(ClassifiedState state)

@cython.locals(cached=list, stack=tuple, top=Frame)
cpdef list legal_actions_typed(ClassifiedState state, seat)

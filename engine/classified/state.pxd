# Cython declarations for engine/classified/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. `replace_fields` copies
# or edits a state several times a step: cpdef, so the helpers here (set_hand, set_slot, push,
# pop, ...) reach it by a C call, and the field dicts typed so update/merge are direct C-API
# calls. `pair_set` (a 2-tuple with one element replaced) takes the seat as a C int.
cimport cython


@cython.locals(fields=dict)
cpdef replace_fields(state, dict changes)

cpdef pair_set(pair, int seat, value)

# a fresh state for every match (setup.deal calls it positionally: a C call)
cpdef fresh_state(designs, deck, encrypted, encrypted_by, hands, suitcases, turn, stage, first, deck_memory,
                  turn_no=*, opening_draw=*)

# the small state helpers the effects call several times a step: C calls from the modules
# that cimport them (combat, effects_cards, effects_info, actions, common)
@cython.locals(row=list)
cpdef set_slot(state, seat, slot, value)
cpdef set_hand(state, seat, hand)
cpdef remember(state, seat, cards)
cpdef add_knowledge(state, seat, entry)
cpdef pop(state)
cpdef free_slot(state, seat)

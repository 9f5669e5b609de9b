# Cython declarations for engine/classified/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. `replace_fields` copies
# or edits a state several times a step: cpdef, so the helpers here (set_hand, set_slot, push,
# pop, ...) reach it by a C call. `pair_set` (a 2-tuple with one element replaced) takes the
# seat as a C int.
cimport cython

# `IN_C` makes state.COMPILED true in the build (the pure engine never imports Cython: it finds
# no such name), which picks the extension type's forms of replace / replace_fields / fresh_state.
cdef extern from *:
    """
    #define __pyx_classified_in_c 1
    """
    const bint IN_C "__pyx_classified_in_c"


# A pending step as an extension type (a frozen slotted dataclass in the pure engine): made by a
# C constructor, and its fields C struct reads where a variable is typed Frame (settle and
# legal_actions read the top frame's kind and seat on every step). Read-only from Python; the
# fields stay objects (the kinds, seats and argument tuples of every frame as they are).
cdef class Frame:
    cdef readonly object kind, seat, args, secret

cdef bint _FRAME_IN_C  # Frame.__init__'s test: a C flag


# The state as an extension type: a copy is a struct copy (copied) instead of a field dict merged
# and installed, and a read of a field of a variable typed ClassifiedState (the hot functions'
# .pxd declarations) is a C struct read instead of a type lookup plus an instance-dict lookup.
# `readonly`: Python code (bots, views, the service) reads every field by name and can set none;
# only the compiled modules write them, and only on a state private to the running step (what
# the pure engine does through the field dict). The ints are C ints (turn numbers, seats, cards,
# -1 markers); every other field keeps the type it always has (tuples, the stage a str).
cdef class ClassifiedState:
    cdef readonly tuple designs, deck, encrypted, encrypted_by, discard, hands, suitcases, suitcase_up
    cdef readonly tuple epochs, guards, play
    cdef readonly int turn, turn_no
    cdef readonly str stage
    cdef readonly tuple stack, limbo, skip
    cdef readonly int final_left
    cdef readonly tuple sands_used, knowledge, qa, result
    cdef readonly int first
    cdef readonly tuple deck_memory, hand_memory
    cdef readonly int opening_draw


cpdef replace_fields(state, dict changes)

# the copy and the in-place update of the compiled forms: C functions (cimported by turns,
# quickturn, memory and rules); the field index a C int, so the chain of tests is a switch
@cython.locals(new=ClassifiedState)
cpdef ClassifiedState copied(ClassifiedState state)

@cython.locals(new=ClassifiedState)
cpdef ClassifiedState working_copy(ClassifiedState state)

@cython.locals(i=cython.int, index=dict)
cpdef set_fields(ClassifiedState state, dict changes)

cpdef pair_set(pair, int seat, value)

# a fresh state for every match (setup.deal calls it positionally: a C call)
cpdef fresh_state(designs, deck, encrypted, encrypted_by, hands, suitcases, turn, stage, first, deck_memory,
                  turn_no=*, opening_draw=*)

# the small state helpers the effects call several times a step: C calls from the modules
# that cimport them (combat, effects_cards, effects_info, actions, common)
@cython.locals(row=list)
cpdef set_slot(ClassifiedState state, seat, slot, value)
cpdef set_hand(ClassifiedState state, seat, hand)
cpdef remember(ClassifiedState state, seat, cards)
cpdef add_knowledge(ClassifiedState state, seat, entry)
cpdef pop(ClassifiedState state)
cpdef free_slot(ClassifiedState state, seat)

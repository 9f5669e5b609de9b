# Cython declarations for engine/darkagent/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The state is an extension
# type here: a state is a C struct of typed fields (read-only from Python code, like the frozen
# dataclass), so a copy is one allocation and a store per field (no field dict built, merged and
# freed per step), and a read in a module that types `state` as DarkAgentState is a C field read
# (no type lookup plus instance-dict lookup). The three caches, which the pure engine keeps in the
# field dict, are private slots (set only by compiled code). `IN_C` makes state.COMPILED true in
# the build (the pure engine never imports Cython: it finds no such name).
# final: no subclass, so typed method calls and field reads need no checks. (`no_gc` and
# `freelist` would not be taken from a .pxd: Cython reads them only from the class's own
# decorators, which a pure-Python class body cannot carry; the generated type keeps GC tracking.)
cimport cython

cdef extern from *:
    """
    #define __pyx_darkagent_in_c 1
    """
    const bint IN_C "__pyx_darkagent_in_c"


@cython.final
cdef class DarkAgentState:
    cdef readonly object cfg
    cdef readonly str phase
    cdef readonly int first, turn, round
    cdef readonly tuple place_order, grid, markers, sats, reserve, wounded, super_token
    cdef readonly int double_agent
    cdef readonly tuple hands, hands_public, deck, discard, captured, kills
    cdef readonly int bonus_aim, bonus_holder
    cdef readonly tuple virology_used, spotted, sats_used, used_cells, status
    cdef readonly int turned
    cdef readonly tuple media_picks, pending, votes, last_roll
    cdef readonly int rotations
    cdef readonly str end_reason
    # the caches (state.py's module docstring): None when empty (the legal lists: a (seat, list)
    # pair or a {seat: list} dict, rules.legal_actions_typed)
    cdef object _legal_cache, _outcome, _sats_cache


@cython.locals(new=DarkAgentState)
cpdef DarkAgentState copy_state(DarkAgentState state)

cdef int set_field(DarkAgentState state, Py_ssize_t index, object value) except -1

cpdef tuple field_values(DarkAgentState state)

cdef int init_fields(DarkAgentState state, tuple args, dict values) except -1

@cython.locals(new=DarkAgentState)
cpdef DarkAgentState evolve_fields(DarkAgentState state, dict changes)

@cython.locals(new=DarkAgentState)
cpdef DarkAgentState with_cache_slots(DarkAgentState state)

@cython.locals(cache=dict)
cpdef dict sats_cache(DarkAgentState state)

# A copy of a per-seat or per-cell tuple with one entry replaced, in most applies: a C call from
# the modules that cimport it (actions, turns).
cpdef tuple replace_at(tuple items, Py_ssize_t index, value)

# Cython declarations for engine/insidejob/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file.
# `IN_C` makes state.COMPILED true in the build (the pure engine never imports Cython: it finds
# no such name).
# The state and setup are extension types here: their fields are C struct members, so a copy is
# 19 pointer copies (no field dict to build, hash or take over) and a read through a variable
# typed InsideJobState is a C member read (an untyped read is a descriptor call, no dict
# lookup). `readonly`: uncompiled code (bots, views, the service) reads them by name but cannot
# set them; compiled code that cimports the type sets them on fresh states only (`draft_of`,
# `state_of`, the constructors). The seats, counts and turn are C ints (a seat, a count of
# tokens, a player count: always small); the flags stay objects (the options' own values, as
# the pure engine keeps them); the rest are the tuples and strings the module docstring lists.
# The classes compare, hash and repr as the pure engine's frozen dataclasses do, and pickle as
# (class, field values): the pure engine can load such a pickle, and the build loads the pure
# engine's (its field dict, through `__setstate__`).
# `state_of`, `draft_of` and `finished` are cimported by the game's other .pxd files: C calls.
cimport cython

cdef extern from *:
    """
    #define __pyx_insidejob_in_c 1
    """
    const bint IN_C "__pyx_insidejob_in_c"


# final: no subclasses, so a typed argument's check is an exact type test. (`no_gc` and
# `freelist` are not taken from a .pxd: Cython reads them from the class's own decorators.)
@cython.final
cdef class InsideJobSetup:
    cdef readonly int players
    cdef readonly object wagers
    cdef readonly object risk_mode
    cdef readonly tuple specials
    cdef readonly object voluntary_reveal
    cdef readonly int dealer
    cdef readonly tuple roles
    cdef readonly tuple set_aside


@cython.final
cdef class InsideJobState:
    cdef readonly InsideJobSetup setup
    cdef readonly str phase
    cdef readonly int lead
    cdef readonly int turn
    cdef readonly tuple hands
    cdef readonly tuple intel
    cdef readonly int supply
    cdef readonly tuple revealed
    cdef readonly tuple deck
    cdef readonly tuple drawn
    cdef readonly tuple discarded
    cdef readonly str mission
    cdef readonly tuple trick
    cdef readonly tuple tricks
    cdef readonly tuple completed
    cdef readonly tuple failed
    cdef readonly int accomplice_target
    cdef readonly tuple votes
    cdef readonly tuple result


@cython.locals(cls=type, built=InsideJobState)
cpdef state_of(dict fields)

@cython.locals(typed=InsideJobState)
cpdef dict fields_of(state)

cpdef dict fields_copy(state)

@cython.locals(new=InsideJobState)
cpdef InsideJobState draft_of(InsideJobState state)

cpdef InsideJobState finished(InsideJobState draft)

# Cython declarations for engine/insidejob/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. `cls` typed as a type
# lets Cython compile `cls.__new__(cls)` to a direct call of the class's allocator.
# `IN_C` makes state.COMPILED true in the build (the pure engine never imports Cython: it finds
# no such name). A new state takes over its field dict through PyObject_GenericSetDict, what
# `object.__setattr__(new, "__dict__", fields)` ends in, and `fields_of` reads it through
# PyObject_GenericGetDict, what the "__dict__" attribute's getter calls: both without the
# generic attribute machinery (a compiled attribute read costs a type lookup plus a dict lookup,
# so the hot functions that read several fields read them from the dict). `state_of` and
# `fields_of` are cimported by the game's other .pxd files: C calls.
cimport cython

cdef extern from *:
    """
    #define __pyx_insidejob_in_c 1
    #define __pyx_insidejob_set_field_dict(o, d) PyObject_GenericSetDict((o), (d), NULL)
    #define __pyx_insidejob_field_dict(o) PyObject_GenericGetDict((o), NULL)
    """
    const bint IN_C "__pyx_insidejob_in_c"
    int set_field_dict "__pyx_insidejob_set_field_dict"(object, object) except -1
    dict field_dict "__pyx_insidejob_field_dict"(object)


@cython.locals(cls=type)
cpdef state_of(dict fields)

cpdef dict fields_of(state)

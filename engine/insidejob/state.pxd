# Cython declarations for engine/insidejob/state.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. `cls` typed as a type
# lets Cython compile `cls.__new__(cls)` to a direct call of the class's allocator.
cimport cython


@cython.locals(cls=type)
cpdef state_of(fields)

# Cython declarations for engine/darkagent/board.py, read only by the optional compiled build
# (bench/build_engine.py); the pure-Python engine never sees this file. The double moves of a
# satellite-count layout are computed once per layout (legal.py memoises them), but a process
# meets thousands of layouts in its first matches: the lines, the move's net-change key and the
# loop bounds as C ints (all below 2401 + 49), the lists and the seen set typed.
cimport cython


@cython.locals(own_lines=list, room_lines=list, seen=set, out=list, single=cython.long,
               a=cython.long, b=cython.long, c=cython.long, d=cython.long, line=cython.long,
               key=cython.long, losing=cython.long, n=cython.long, after_a=list, d_lines=list)
cpdef tuple double_moves_from_counts(tuple own, tuple sizes)

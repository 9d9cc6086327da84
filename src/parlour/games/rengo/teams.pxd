# The C types of Go's order of play for the compiled build (scripts/compiled.py): Cython reads this file beside
# teams.py ("augmenting .pxd"), Python never does. The fields are Rotation's __slots__; keep them in step.

cdef class Rotation:
    cdef public object lineup
    cdef public int colour
    cdef public list next
    cdef public object out

    cpdef step(self, int team)
    cpdef int after_move(self) except -1

# The C types of Go's board for the compiled build (scripts/compiled.py): Cython reads this file beside board.py
# ("augmenting .pxd"), Python never does. The fields are Board's __slots__; keep them in step.

cdef class Board:
    cdef public object geo
    cdef public list colour
    cdef public list head
    cdef public list stones
    cdef public list libs
    cdef public list keys
    cdef public list masks
    cdef public list heads
    cdef public unsigned long long hash
    cdef public set seen
    cdef public dict counts
    cdef public list captures
    cdef public tuple neighbours
    cdef public tuple around
    cdef public tuple zobrist
    cdef public int size
    cdef public list atari
    cdef public list nstones
    cdef public tuple zpoint
    cdef public tuple cols
    cdef public object points_of

    cpdef int _put(self, int p, int c) except -1
    cpdef int _remove(self, int h) except -1
    cpdef int play(self, int p, int c) except -1
    cpdef int count_key(self) except -1
    cpdef object result_hash(self, int p, int c)
    cpdef object legal_mask(self, int c)

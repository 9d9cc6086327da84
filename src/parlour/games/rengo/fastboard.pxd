# The C types of the play-out board for the compiled build: Cython reads this file beside fastboard.py
# ("augmenting .pxd"), Python never does. The arrays are MAXP (441: 19x19 with its border) long.

cimport cython

@cython.final
cdef class FastBoard:
    cdef public int size
    cdef public int stride
    cdef public int nempty
    cdef public int ko
    cdef public int last
    cdef public int last2
    cdef public int passes
    cdef public int ncand
    cdef public bint light
    cdef public unsigned long long rng
    cdef bytes pat
    cdef int colour[441]
    cdef int chain[441]
    cdef int nxt[441]
    cdef int nstones[441]
    cdef int plibs[441]
    cdef long long lsum[441]
    cdef long long lsq[441]
    cdef int first[441]
    cdef int empty[441]
    cdef int epos[441]
    cdef int cand[441]

    cpdef reset(self, int size)
    cpdef load(self, int size, list colours, int ko=*)
    cpdef copy_from(self, FastBoard other)
    cpdef int padded(self, int q)
    cpdef int unpadded(self, int p)
    cpdef int colour_at(self, int p)
    cpdef int first_colour(self, int p)
    cpdef int empties(self)
    cpdef int empty_at(self, int i)
    cpdef bint in_atari(self, int p)
    cpdef int atari_liberty(self, int p)
    cpdef int chain_size(self, int p)
    cdef void _add_lib(self, int h, int p)
    cdef void _drop_lib(self, int h, int p)
    cdef int _merge(self, int a, int b)
    cdef int _remove(self, int h)
    cpdef int play(self, int p, int c)
    cpdef play_pass(self)
    cpdef bint legal(self, int p, int c)
    cpdef bint is_eye(self, int p, int c)
    cpdef int self_atari(self, int p, int c)
    cpdef bint pattern(self, int p)
    cpdef int captures(self, int p, int c)
    cpdef int saves(self, int p, int c)
    cpdef int stones_near(self, int p, int distance)
    cpdef int random_below(self, int n)
    cdef void _add_cand(self, int p)
    cpdef int _pick(self, int c, bint check)
    cpdef int policy(self, int c)
    cpdef int playout(self, int c, int limit)
    cpdef int area(self)
    cpdef int owner(self, int p)

# The C types of the tree search for the compiled build: Cython reads this file beside uct.py ("augmenting
# .pxd"), Python never does.

cimport cython
from parlour.games.rengo.fastboard cimport FastBoard

@cython.final
cdef class Node:
    cdef public int move
    cdef public int colour
    cdef public int n
    cdef public double v
    cdef public double w
    cdef public double av
    cdef public double aw
    cdef public list children

    cpdef double urgency(self)


@cython.final
cdef class Tree:
    cdef public int size
    cdef public double komi
    cdef public int colour
    cdef public FastBoard root_board
    cdef public FastBoard work
    cdef public int limit
    cdef public int simulations
    cdef public Node root

    cpdef expand(self, Node node, FastBoard b, int colour, object allowed=*)
    cpdef Node select(self, Node node)
    cpdef simulate(self)

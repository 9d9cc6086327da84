# The C types of Go's state for the compiled build (scripts/compiled.py): Cython reads this file beside state.py
# ("augmenting .pxd"), Python never does. The fields are FIELDS of state.py, in its order; keep them in step.

from parlour.games.rengo.board cimport Board
from parlour.games.rengo.teams cimport Rotation


cdef class _RengoBase:
    cdef public object game
    cdef public object seed
    cdef public object rules
    cdef public Board board
    cdef public Rotation rot
    cdef public object phase
    cdef public int passes
    cdef public object passed
    cdef public object dead
    cdef public object step
    cdef public int proposer
    cdef public object proposal
    cdef public list events
    cdef public list actions
    cdef public object sheet
    cdef public object count
    cdef public object resigned
    cdef public object winning
    cdef public object last
    cdef public object setup
    cdef public object handicap
    cdef public object _legal
    cdef public object _mask
    cdef public object _to_act
    cdef public object _plays

    cpdef _turn(self)
    cpdef check(self, seat, action)
    cpdef _apply(self, seat, action)
    cpdef _play(self, int seat, int p)
    cpdef _pass(self, int seat)

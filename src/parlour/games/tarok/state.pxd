# The C types of tarok's state for the compiled build (scripts/compiled.py): Cython reads this file beside state.py
# ("augmenting .pxd"), Python never does. The fields are FIELDS of state.py, in its order; keep them in step.

from parlour.games.tarok.actions cimport plays_of
from parlour.games.tarok.play cimport legal as legal_cards, winner_card


cdef class _TarokBase:
    cdef public int players
    cdef public int turn
    cdef public int phase
    cdef public bint finished
    cdef public int dealer
    cdef public int deals
    cdef public int last_dealer
    cdef public bint skis_round
    cdef public int deal_start
    cdef public int forehand
    cdef public int high
    cdef public int high_bidder
    cdef public int passed
    cdef public int contract
    cdef public int declarer
    cdef public int called
    cdef public int partner
    cdef public bint revealed
    cdef public int group
    cdef public bint king_rest
    cdef public unsigned long long discards
    cdef public unsigned long long shown
    cdef public int passes
    cdef public int leader
    cdef public int led
    cdef public unsigned long long tmask
    cdef public int regime
    cdef public long long _mask
    cdef public int tricks_played
    cdef public int klop_next
    cdef public bint emperor
    cdef public int mond_lost
    cdef public unsigned long long talon_rest
    cdef public unsigned long long last_trick
    cdef public int last_winner
    cdef public int last_pagat
    cdef public list hands
    cdef public list kept
    cdef public list won
    cdef public list tricks
    cdef public list trick
    cdef public list talon
    cdef public list events
    cdef public object game
    cdef public object seed
    cdef public object rng
    cdef public object sheet
    cdef public object stacked
    cdef public object mode
    cdef public object wheels
    cdef public object announced
    cdef public object kontra
    cdef public object _legal

    # (cpdef: the engine's calls between its own steps are C calls, not Python method calls)
    cpdef _new_deal(self)
    cpdef _deal(self, cards)
    cpdef _apply(self, seat, action)
    cpdef _legal_now(self)
    cpdef _set_contract(self, contract, declarer)
    cpdef _announce(self, seat, kind, p, action)
    cpdef _start_play(self)
    cpdef _score(self)
    cpdef _write_row(self, row, detail, won_game, wheel=*)
    cpdef bint _match_over(self)
    cpdef long long _play_mask(self)
    cpdef _play(self, int seat, int card, text=*)
    cpdef _end_trick(self)
    cpdef int _side(self, int seat)
    cpdef int _relation(self, int seat, int other)

# The C types of tarok's card play for the compiled build (scripts/compiled.py): Cython reads this file beside
# play.py ("augmenting .pxd"), Python never does. state.pxd cimports these, so the card play calls them in C.

cpdef unsigned long long legal(unsigned long long hand, unsigned long long trick, int led, int regime,
                               unsigned long long restricted)
cpdef int winner_card(unsigned long long trick, int led, int regime)
cdef int _top(unsigned long long x) noexcept

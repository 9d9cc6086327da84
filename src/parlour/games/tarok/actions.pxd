# The C types of tarok's action lists for the compiled build (scripts/compiled.py): Cython reads this file beside
# actions.py ("augmenting .pxd"), Python never does. state.pxd cimports plays_of, so the card play calls it in C.

cpdef list plays_of(unsigned long long mask)

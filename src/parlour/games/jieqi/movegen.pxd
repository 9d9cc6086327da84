# The C types of Jieqi's move generator for the compiled build (scripts/compiled.py): Cython reads this file beside
# movegen.py ("augmenting .pxd"), Python never does. The kernel's tables are C pointers into the bytes that hold
# them; its board and move lists are C arrays.

cdef const unsigned char* _KTO
cdef const unsigned char* _KLEG
cdef const unsigned char* _KCOUNT
cdef const unsigned char* _KHOW
cdef const unsigned char* _KWHICH
cdef const unsigned char* _KRAY
cdef const unsigned char* _KRAY_LEN
cdef const unsigned char* _KEXPOSURE

cdef bint _kload(object board, int* b) except -1
cdef int _kpseudo(int* b, int colour, bint free, int* out) noexcept
cdef bint _kattacked(int* b, int sq, int them, bint free) noexcept
cdef int _klegal(int* b, int colour, int king, bint free, int* out) noexcept
cdef long long _kperft(int* b, int colour, int* kings, int depth, bint free) noexcept

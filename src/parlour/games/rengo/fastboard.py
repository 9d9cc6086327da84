"""A Go board on C arrays for play-outs: chains with pseudo-liberties, captures, simple ko, and a play-out policy.

The tree search's board (``uct.py``); the game's own :class:`.board.Board` stays the rules' authority (positional
superko, the record). This one is built for speed in the compiled build (``fastboard.pxd``: every field a C array):

* points are padded: ``(row + 1) * stride + col + 1`` with ``stride = size + 2``, a border all round, so that a
  neighbour is ``p ± 1``, ``p ± stride`` with no bounds test;
* a chain is a ring of stones (``nxt``) with a head (``chain[p]``); the head keeps the chain's stone count and its
  *pseudo-liberties* (one per stone-empty adjacency) with their sum and sum of squares: the chain is in atari
  exactly when ``plibs * lsq == lsum ** 2`` (all its pseudo-liberties are the same point, ``lsum // plibs``);
* the empty points are a list with each point's place in it, so a random empty point costs one draw.

The play-out policy is MoGo's (Gelly et al. 2006), as Michi (Petr Baudiš) writes it: after the opponent's move,
capture its chain if it is in atari, else save an own chain it put in atari (capture a neighbour in atari, or
extend if that gives two liberties), else play a point next to it that matches one of the 3×3 patterns below, else
a random point; never an own eye, never a self-atari of two stones or more (a single stone may throw in).

>>> b = FastBoard(9, seed=1)
>>> for name, c in (("E5", WHITE), ("D5", BLACK), ("E6", BLACK), ("F5", BLACK)):
...     _ = b.play(b.point_of_name(name), c)
>>> b.in_atari(b.point_of_name("E5")), b.play(b.point_of_name("E4"), BLACK)   # E4 takes the stone on E5
(True, 1)
>>> b.colour_at(b.point_of_name("E5")), b.is_eye(b.point_of_name("E5"), BLACK)
(0, True)
>>> -81 <= b.playout(WHITE, 400) <= 81
True
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from .points import LETTERS

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
#: Points of the biggest padded board (19×19 with its border).
MAXP = 441
MASK64 = 0xFFFFFFFFFFFFFFFF
#: xorshift64*'s multiplier, a C integer in the compiled build (a bare literal would be multiplied as a Python int).
_MULT = cython.declare(cython.ulonglong, 0x2545F4914F6CDD1D)

#: Michi's 3×3 play-out patterns, the centre the point to play. ``X``/``O`` stones of either colour (each pattern
#: also holds with the colours swapped), ``x``/``o`` anything but that colour, ``.`` empty, ``#`` off the board,
#: ``?`` anything.
PATTERNS = (
    ("XOX", "...", "???"),  # hane: enclosing hane
    ("XO.", "...", "?.?"),  # hane: non-cutting hane
    ("XO?", "X..", "x.?"),  # hane: magari
    (".O.", "X..", "..."),  # katatsuke or diagonal attachment
    ("XO?", "O.o", "?o?"),  # cut: unprotected
    ("XO?", "O.X", "???"),  # cut: peeped
    ("?X?", "O.O", "ooo"),  # cut: de
    ("OX?", "o.O", "???"),  # cut: keima
    ("X.?", "O.?", "##?"),  # side: chase
    ("OX?", "X.O", "###"),  # side: block the side cut
    ("?X?", "x.O", "###"),  # side: block the side connection
    ("?XO", "x.x", "###"),  # side: sagari
    ("?OX", "X.O", "###"),  # side: cut
)
_VALUE = {".": (EMPTY,), "X": (BLACK,), "O": (WHITE,), "#": (BORDER,), "?": (EMPTY, BLACK, WHITE, BORDER),
          "x": (EMPTY, WHITE, BORDER), "o": (EMPTY, BLACK, BORDER)}
#: The order of the 8 neighbours in a pattern's code (2 bits each): the 3×3 square's cells but the centre.
_CELLS = (0, 1, 2, 3, 5, 6, 7, 8)


def _symmetries(rows: tuple[str, str, str]) -> list[str]:
    """The 8 rotations and reflections of a pattern, each with the colours as written and swapped."""
    grid = "".join(rows)
    out = []
    for _ in range(4):
        grid = "".join(grid[6 - 3 * (i % 3) + i // 3] for i in range(9))  # a quarter turn
        for g in (grid, "".join(grid[3 * (i // 3) + 2 - i % 3] for i in range(9))):  # and its mirror
            out.append(g)
            out.append(g.translate(str.maketrans("XOxo", "OXox")))
    return out


def pattern_table() -> bytes:
    """One byte per code of the 8 neighbours (``4 ** 8``): 1 where a pattern matches.

    >>> t = pattern_table()
    >>> t[code_of("XOX" "." "." "???".replace("?", "."))], t[0]    # an enclosing hane matches; an empty area not
    (1, 0)
    """
    table = bytearray(4 ** 8)
    for rows in PATTERNS:
        for grid in _symmetries(rows):
            codes = [0]
            for k, cell in enumerate(_CELLS):
                codes = [code | v << 2 * k for code in codes for v in _VALUE[grid[cell]]]
            for code in codes:
                table[code] = 1
    return bytes(table)


def code_of(cells: str) -> int:
    """The code of 8 neighbours written as characters (``.XO#``), in the pattern order."""
    return sum(".XO#".index(ch) << 2 * k for k, ch in enumerate(cells))


PAT3 = pattern_table()
# The colours as C constants for the compiled methods (module names are Python objects there).
_EMPTY = cython.declare(cython.int, EMPTY)
_BLACK = cython.declare(cython.int, BLACK)
_WHITE = cython.declare(cython.int, WHITE)
_BORDER = cython.declare(cython.int, BORDER)


@cython.cclass
class FastBoard:
    """A position for play-outs; :meth:`copy_from` resets one to another's (the tree's root) in a few loops."""

    def __init__(self, size: int, seed: int = 1) -> None:
        # Separate lists in Python; in the compiled build each copies into its C array (zeros to begin with).
        zeros = [0] * MAXP
        self.colour = list(zeros)
        self.chain = list(zeros)
        self.nxt = list(zeros)
        self.nstones = list(zeros)
        self.plibs = list(zeros)
        self.lsum = list(zeros)
        self.lsq = list(zeros)
        self.first = list(zeros)
        self.empty = list(zeros)
        self.epos = list(zeros)
        self.cand = list(zeros)
        self.pat = PAT3
        #: Light play-outs: uniformly random points (but own eyes), no tactics, patterns or self-atari test. The
        #: dead stones at the end of a game are judged by these: the policy's defence lets a lone stone live
        #: in a wide area that the other side, having passed, could have taken.
        self.light = False
        self.rng = (seed * 0x9E3779B97F4A7C15 + 1) & MASK64 or 1
        self.reset(size)

    # --- setting up ---------------------------------------------------------------------------------------------

    @cython.locals(r=cython.int, c=cython.int, p=cython.int)
    def reset(self, size: int) -> None:
        """The empty board of ``size``."""
        self.size = size
        self.stride = size + 2
        for p in range(MAXP):
            self.colour[p] = _BORDER
            self.first[p] = 0
        self.nempty = 0
        for r in range(size):
            for c in range(size):
                p = (r + 1) * self.stride + c + 1
                self.colour[p] = _EMPTY
                self.epos[p] = self.nempty
                self.empty[self.nempty] = p
                self.nempty += 1
        self.ko = -1
        self.last = -1
        self.last2 = -1
        self.passes = 0

    @cython.locals(q=cython.int, c=cython.int, p=cython.int)
    def load(self, size: int, colours: list, ko: int = -1) -> None:
        """The position of a game's board: ``colours`` by its points (``row * size + col``), ``ko`` a point or -1.

        Stones are put one by one; the setup is a real position, so none is captured.
        """
        self.reset(size)
        for q in range(size * size):
            c = colours[q]
            if c == _BLACK or c == _WHITE:
                p = self.padded(q)
                self.play(p, c)
        self.ko = self.padded(ko) if ko >= 0 else -1
        self.last = -1
        self.last2 = -1
        for p in range(MAXP):
            self.first[p] = 0

    @cython.locals(p=cython.int, n=cython.int)
    def copy_from(self, other: "FastBoard") -> None:
        """Become ``other``'s position (same size)."""
        n = other.stride * other.stride
        self.size, self.stride = other.size, other.stride
        for p in range(n):
            self.colour[p] = other.colour[p]
            self.chain[p] = other.chain[p]
            self.nxt[p] = other.nxt[p]
            self.nstones[p] = other.nstones[p]
            self.plibs[p] = other.plibs[p]
            self.lsum[p] = other.lsum[p]
            self.lsq[p] = other.lsq[p]
            self.epos[p] = other.epos[p]
            self.first[p] = 0
        for p in range(other.nempty):
            self.empty[p] = other.empty[p]
        self.nempty = other.nempty
        self.ko, self.last, self.last2, self.passes = other.ko, other.last, other.last2, other.passes

    # --- points -------------------------------------------------------------------------------------------------

    def padded(self, q: int) -> int:
        """The padded point of a game point ``row * size + col``."""
        return (q // self.size + 1) * self.stride + q % self.size + 1

    def unpadded(self, p: int) -> int:
        """The game point (``row * size + col``) of a padded point."""
        return (p // self.stride - 1) * self.size + p % self.stride - 1

    def point_of_name(self, name: str) -> int:
        """The padded point of a GTP name (``E5``)."""
        return self.padded((int(name[1:]) - 1) * self.size + LETTERS.index(name[0].upper()))

    def colour_at(self, p: int) -> int:
        return self.colour[p]

    def first_colour(self, p: int) -> int:
        """The colour that played ``p`` first since the last :meth:`copy_from` or :meth:`load` (0: none)."""
        return self.first[p]

    def empties(self) -> int:
        return self.nempty

    def empty_at(self, i: int) -> int:
        return self.empty[i]

    # --- chains -------------------------------------------------------------------------------------------------

    @cython.locals(h=cython.int)
    def in_atari(self, p: int) -> bool:
        """The chain of the stone on ``p`` has one liberty."""
        h = self.chain[p]
        return self.plibs[h] > 0 and self.plibs[h] * self.lsq[h] == self.lsum[h] * self.lsum[h]

    @cython.locals(h=cython.int)
    def atari_liberty(self, p: int) -> int:
        """The one liberty of the chain on ``p`` (which must be in atari)."""
        h = self.chain[p]
        return self.lsum[h] // self.plibs[h]

    def chain_size(self, p: int) -> int:
        return self.nstones[self.chain[p]]

    @cython.locals(h=cython.int, x=cython.int, n=cython.int, d=cython.int, count=cython.int)
    def liberties(self, p: int) -> int:
        """The chain's liberties, counted exactly (for tests; the play-outs need only atari)."""
        h = self.chain[p]
        seen = set()
        x = h
        while True:
            for d in range(4):
                n = x + (-1 if d == 0 else 1 if d == 1 else -self.stride if d == 2 else self.stride)
                if self.colour[n] == _EMPTY:
                    seen.add(n)
            x = self.nxt[x]
            if x == h:
                break
        count = len(seen)
        return count

    def _add_lib(self, h, p):
        self.plibs[h] += 1
        self.lsum[h] += p
        self.lsq[h] += p * p

    def _drop_lib(self, h, p):
        self.plibs[h] -= 1
        self.lsum[h] -= p
        self.lsq[h] -= p * p

    @cython.locals(x=cython.int, t=cython.int)
    def _merge(self, a, b):
        """Join chain ``b`` into ``a`` (the bigger keeps its head); returns the head."""
        if self.nstones[a] < self.nstones[b]:
            a, b = b, a
        x = b
        while True:
            self.chain[x] = a
            x = self.nxt[x]
            if x == b:
                break
        t = self.nxt[a]
        self.nxt[a] = self.nxt[b]
        self.nxt[b] = t
        self.nstones[a] += self.nstones[b]
        self.plibs[a] += self.plibs[b]
        self.lsum[a] += self.lsum[b]
        self.lsq[a] += self.lsq[b]
        return a

    @cython.locals(x=cython.int, n=cython.int, d=cython.int, count=cython.int, s=cython.int)
    def _remove(self, h):
        """Take chain ``h`` off the board; its neighbours gain the liberties. Returns its stone count."""
        s = self.stride
        count = 0
        x = h
        while True:
            self.colour[x] = _EMPTY
            self.epos[x] = self.nempty
            self.empty[self.nempty] = x
            self.nempty += 1
            count += 1
            x = self.nxt[x]
            if x == h:
                break
        while True:
            for d in range(4):
                n = x + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
                if self.colour[n] == _BLACK or self.colour[n] == _WHITE:
                    self._add_lib(self.chain[n], x)
            x = self.nxt[x]
            if x == h:
                break
        return count

    # --- moves --------------------------------------------------------------------------------------------------

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, h=cython.int, other=cython.int, taken=cython.int,
                   captured=cython.int, cap=cython.int, i=cython.int, last=cython.int)
    def play(self, p: int, c: int) -> int:
        """Put a stone of colour ``c`` on ``p`` (legal: see :meth:`legal`); returns the stones it captured."""
        s = self.stride
        other = 3 - c
        i = self.epos[p]
        last = self.empty[self.nempty - 1]
        self.empty[i] = last
        self.epos[last] = i
        self.nempty -= 1
        self.colour[p] = c
        self.chain[p] = p
        self.nxt[p] = p
        self.nstones[p] = 1
        self.plibs[p] = 0
        self.lsum[p] = 0
        self.lsq[p] = 0
        if self.first[p] == 0:
            self.first[p] = c
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            if self.colour[n] == _EMPTY:
                self._add_lib(p, n)
            elif self.colour[n] != _BORDER:
                self._drop_lib(self.chain[n], p)
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            if self.colour[n] == c and self.chain[n] != self.chain[p]:
                self._merge(self.chain[p], self.chain[n])
        captured = 0
        cap = -1
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            if self.colour[n] == other:
                h = self.chain[n]
                if self.plibs[h] == 0:
                    captured += self._remove(h)
                    cap = n
        self.ko = -1
        h = self.chain[p]
        if captured == 1 and self.nstones[h] == 1 and self.plibs[h] == 1:
            self.ko = cap
        self.last2 = self.last
        self.last = p
        self.passes = 0
        return captured

    def play_pass(self) -> None:
        self.ko = -1
        self.last2 = self.last
        self.last = -1
        self.passes += 1

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, k=cython.int)
    def legal(self, p: int, c: int) -> bool:
        """``p`` is empty, not the simple ko, and the stone would have a liberty (or capture)."""
        if self.colour[p] != _EMPTY or p == self.ko:
            return False
        s = self.stride
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            k = self.colour[n]
            if k == _EMPTY:
                return True
            if k == _BORDER:
                continue
            if (k == c) != self.in_atari(n):  # an own chain with another liberty, or an enemy one to take
                return True
        return False

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, bad=cython.int, edge=cython.int, k=cython.int)
    def is_eye(self, p: int, c: int) -> bool:
        """``p`` is an eye of ``c``: its neighbours are ``c``'s, and enough diagonals too (none enemy at the edge,
        at most one in the middle)."""
        s = self.stride
        for d in range(4):
            k = self.colour[p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)]
            if k != c and k != _BORDER:
                return False
        bad = 0
        edge = 0
        for d in range(4):
            k = self.colour[p + (-s - 1 if d == 0 else -s + 1 if d == 1 else s - 1 if d == 2 else s + 1)]
            if k == _BORDER:
                edge = 1
            elif k == 3 - c:
                bad += 1
        return bad == 0 if edge else bad < 2

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, size=cython.int, nlibs=cython.int, l1=cython.int,
                   h=cython.int, x=cython.int, e=cython.int, m=cython.int, y=cython.int, k=cython.int,
                   h0=cython.int, h1=cython.int, h2=cython.int)
    def self_atari(self, p: int, c: int) -> int:
        """The stones that playing ``c`` at ``p`` would leave in atari (its own chain, ``p`` included), or 0 when it
        would have two liberties or more, or capture."""
        s = self.stride
        nlibs = 0
        l1 = -1
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            k = self.colour[n]
            if k == _EMPTY:
                if nlibs == 0:
                    l1 = n
                    nlibs = 1
                elif n != l1:
                    return 0
            elif k == 3 - c and self.in_atari(n):
                return 0
        size = 1
        h0 = h1 = h2 = -1
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            if self.colour[n] != c:
                continue
            h = self.chain[n]
            if h == h0 or h == h1 or h == h2:
                continue
            if h0 < 0:
                h0 = h
            elif h1 < 0:
                h1 = h
            else:
                h2 = h
            size += self.nstones[h]
            x = h
            while True:
                for e in range(4):
                    y = x + (-1 if e == 0 else 1 if e == 1 else -s if e == 2 else s)
                    if self.colour[y] == _EMPTY and y != p:
                        if nlibs == 0:
                            l1 = y
                            nlibs = 1
                        elif y != l1:
                            return 0
                x = self.nxt[x]
                if x == h:
                    break
        m = size
        return m

    @cython.locals(s=cython.int, code=cython.int, i=cython.int)
    def pattern(self, p: int) -> bool:
        """A 3×3 pattern of :data:`PATTERNS` matches around ``p``."""
        s = self.stride
        code = (self.colour[p - s - 1] | self.colour[p - s] << 2 | self.colour[p - s + 1] << 4
                | self.colour[p - 1] << 6 | self.colour[p + 1] << 8 | self.colour[p + s - 1] << 10
                | self.colour[p + s] << 12 | self.colour[p + s + 1] << 14)
        i = self.pat[code]
        return i != 0

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, k=cython.int)
    def captures(self, p: int, c: int) -> int:
        """The enemy stones ``c`` at ``p`` would capture (counted once per neighbouring chain in atari)."""
        s = self.stride
        total = 0
        seen = -1
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            k = self.colour[n]
            if k == 3 - c and self.in_atari(n) and self.chain[n] != seen:
                seen = self.chain[n]
                total += self.nstones[self.chain[n]]
        return total

    @cython.locals(n=cython.int, d=cython.int, s=cython.int, total=cython.int, h0=cython.int, h=cython.int)
    def saves(self, p: int, c: int) -> int:
        """The own stones in atari next to ``p`` that playing there gives two liberties or more (0: none)."""
        s = self.stride
        total = 0
        h0 = -1
        for d in range(4):
            n = p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
            if self.colour[n] == c and self.in_atari(n) and self.chain[n] != h0:
                h0 = self.chain[n]
                total += self.nstones[h0]
        if total and self.self_atari(p, c) != 0:
            return 0
        h = total
        return h

    @cython.locals(r=cython.int, q=cython.int, dr=cython.int, dc=cython.int, count=cython.int, k=cython.int,
                   lo=cython.int, hi=cython.int, reach=cython.int)
    def stones_near(self, p: int, distance: int) -> int:
        """The stones within ``distance`` of ``p`` (rows plus columns apart)."""
        r = p // self.stride
        q = p % self.stride
        count = 0
        for dr in range(-distance, distance + 1):
            if r + dr < 1 or r + dr > self.size:
                continue
            reach = distance - (dr if dr >= 0 else -dr)
            lo = q - reach if q - reach >= 1 else 1
            hi = q + reach if q + reach <= self.size else self.size
            for dc in range(lo, hi + 1):
                k = self.colour[(r + dr) * self.stride + dc]
                if k == _BLACK or k == _WHITE:
                    count += 1
        return count

    # --- play-outs ----------------------------------------------------------------------------------------------

    @cython.locals(x=cython.ulonglong)
    def random_below(self, n: int) -> int:
        """A random number in ``[0, n)`` (xorshift64*)."""
        x = self.rng
        x ^= x >> 12
        x ^= x << 25
        if not cython.compiled:  # C's 64-bit integers wrap by themselves
            x &= MASK64
        x ^= x >> 27
        self.rng = x
        x = x * _MULT
        if not cython.compiled:
            x &= MASK64
        return (x >> 33) % n

    @cython.locals(p=cython.int)
    def _add_cand(self, p):
        self.cand[self.ncand] = p
        self.ncand += 1

    @cython.locals(i=cython.int, p=cython.int, n=cython.int)
    def _pick(self, c: int, check: bool) -> int:
        """A random legal one of the candidates (not a self-atari of two stones or more when ``check``), or -1."""
        n = self.ncand
        while n > 0:
            i = self.random_below(n)
            p = self.cand[i]
            self.cand[i] = self.cand[n - 1]
            n -= 1
            if self.legal(p, c) and (not check or self.self_atari(p, c) < 2):
                return p
        return -1

    @cython.locals(last=cython.int, s=cython.int, d=cython.int, n=cython.int, h=cython.int, x=cython.int,
                   e=cython.int, y=cython.int, p=cython.int, i=cython.int, start=cython.int, k=cython.int,
                   other=cython.int, ne=cython.int)
    def policy(self, c: int) -> int:
        """The play-out's move for ``c`` here (a padded point), or -1 to pass."""
        s = self.stride
        other = 3 - c
        last = self.last
        if last >= 0 and self.colour[last] == other and not self.light:
            self.ncand = 0
            if self.in_atari(last):
                self._add_cand(self.atari_liberty(last))
            for d in range(4):
                n = last + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)
                if self.colour[n] == c and self.in_atari(n):
                    h = self.chain[n]
                    x = h
                    while True:  # take a neighbour in atari
                        for e in range(4):
                            y = x + (-1 if e == 0 else 1 if e == 1 else -s if e == 2 else s)
                            if self.colour[y] == other and self.in_atari(y):
                                self._add_cand(self.atari_liberty(y))
                        x = self.nxt[x]
                        if x == h:
                            break
                    p = self.atari_liberty(h)
                    if self.self_atari(p, c) == 0:  # running gives two liberties
                        self._add_cand(p)
            p = self._pick(c, False)
            if p >= 0:
                return p
            self.ncand = 0
            for d in range(8):
                n = last + (-s - 1 if d == 0 else -s if d == 1 else -s + 1 if d == 2 else -1 if d == 3 else
                            1 if d == 4 else s - 1 if d == 5 else s if d == 6 else s + 1)
                if self.colour[n] == _EMPTY and self.pattern(n) and not self.is_eye(n, c):
                    self._add_cand(n)
            p = self._pick(c, True)
            if p >= 0:
                return p
        ne = self.nempty
        if ne == 0:
            return -1
        start = self.random_below(ne)
        for i in range(ne):
            k = start + i
            p = self.empty[k - ne if k >= ne else k]
            if p != self.ko and not self.is_eye(p, c) and self.legal(p, c) and (self.light
                                                                              or self.self_atari(p, c) < 2):
                return p
        return -1

    @cython.locals(moves=cython.int, p=cython.int, colour=cython.int)
    def playout(self, c: int, limit: int) -> int:
        """Play on from ``c`` to move until two passes in a row (or ``limit`` moves); returns Black's area less
        White's (no komi)."""
        colour = c
        for moves in range(limit):
            if self.passes >= 2:
                break
            p = self.policy(colour)
            if p < 0:
                self.play_pass()
            else:
                self.play(p, colour)
            colour = 3 - colour
        return self.area()

    @cython.locals(r=cython.int, q=cython.int, p=cython.int, s=cython.int, k=cython.int, score=cython.int,
                   black=cython.int, white=cython.int, d=cython.int)
    def area(self) -> int:
        """Black's stones and empty points bordered by Black only, less White's (a played-out board's count)."""
        s = self.stride
        score = 0
        for r in range(self.size):
            for q in range(self.size):
                p = (r + 1) * s + q + 1
                k = self.colour[p]
                if k == _BLACK:
                    score += 1
                elif k == _WHITE:
                    score -= 1
                else:
                    black = white = 0
                    for d in range(4):
                        k = self.colour[p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)]
                        if k == _BLACK:
                            black = 1
                        elif k == _WHITE:
                            white = 1
                    score += black - white
        return score

    @cython.locals(r=cython.int, q=cython.int, p=cython.int, s=cython.int, k=cython.int, d=cython.int)
    def owner(self, p: int) -> int:
        """Who holds ``p`` on a played-out board: its stone's colour, or the one colour around an empty point."""
        s = self.stride
        k = self.colour[p]
        if k != _EMPTY:
            return k
        r = 0
        for d in range(4):
            q = self.colour[p + (-1 if d == 0 else 1 if d == 1 else -s if d == 2 else s)]
            if q == _BLACK or q == _WHITE:
                r |= q
        return r if r != 3 else 0

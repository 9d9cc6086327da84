"""The Go board: stones, chains with their liberties kept up to date move by move, captures, and the
positional superko rule by Zobrist hashes.

Chains live in flat lists indexed by a *head* point (any stone of the chain): ``stones[head]`` and
``libs[head]`` are bit masks over the points, ``keys[head]`` the XOR of the chain's Zobrist keys, so a
capture changes the position's hash in one step. ``seen`` holds the hash of every position the game has
had: a move that would bring one back is illegal (positional superko; simple ko is the commonest case).

The legal points come from a few mask operations (:meth:`Board.legal_mask`): an empty point next to an empty
one lives; one without (an eye) lives if it touches a chain of its own not in ``atari``; a point that takes a
chain in ``atari`` is legal unless the position after it was seen; and a plain move can repeat only a position
with the same stone counts after it, found in ``counts`` with the point that would make it.

>>> b = Board(9)
>>> for name, c in (("E5", WHITE), ("D5", BLACK), ("E6", BLACK), ("F5", BLACK), ("E4", BLACK)):
...     _ = b.play_named(name, c)
>>> b.colour[b.geo.point("E5")], b.captures[BLACK]          # the white stone had no liberty left
(0, 1)
>>> b2 = Board(9)
>>> for name, c in (("D5", BLACK), ("E5", WHITE), ("E6", BLACK), ("F6", WHITE), ("E4", BLACK),
...                 ("F4", WHITE), ("A1", BLACK), ("G5", WHITE), ("F5", BLACK)):
...     _ = b2.play_named(name, c)
>>> b2.captures[BLACK], b2.colour[b2.geo.point("E5")]      # F5 took the white stone on E5: a ko
(1, 0)
>>> b2.is_legal(b2.geo.point("E5"), WHITE)                  # taking back at once repeats the position
False
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from parlour.core.i18n import Message

from .points import BLACK, EMPTY, STONE_CHARS, WHITE, Geometry, geometry

#: A Python int: ``ONE << p`` stays a Python int (a mask of up to 361 bits) where ``p`` is a C int.
ONE = 1


@cython.locals(top=cython.Py_ssize_t, i=cython.Py_ssize_t)
def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first (faster than :func:`bits` on many)."""
    out = []
    text = bin(mask)
    top = len(text) - 1
    i = text.find("1", 2)
    while i != -1:
        out.append(top - i)
        i = text.find("1", i + 1)
    out.reverse()
    return out


@cython.cclass
class Board:
    """A position with its history of hashes. :meth:`clone` is cheap; nothing here knows about teams.

    In the compiled build (``scripts/compiled.py``) this is an extension type declared in ``board.pxd``: the
    point and chain indices of the moves below are C integers, the hash a 64-bit one; the masks stay Python ints.
    """

    __slots__ = ("geo", "colour", "head", "stones", "libs", "keys", "masks", "heads", "hash", "seen", "counts",
                 "captures", "neighbours", "around", "zobrist", "size", "atari", "nstones", "zpoint", "cols",
                 "points_of")

    def __init__(self, size: int) -> None:
        geo = geometry(size)
        n = geo.points
        self.geo: Geometry = geo
        # The geometry's tables the moves read, kept here: one attribute lookup instead of two.
        self.size, self.neighbours, self.around, self.zobrist = geo.size, geo.neighbours, geo.around, geo.zobrist
        self.zpoint = geo.zobrist_points
        self.cols, self.points_of = (geo.not_last_col, geo.not_first_col), geo.list_points
        self.colour: list[int] = [EMPTY] * n
        self.head: list[int] = [-1] * n
        self.stones: list[int] = [0] * n
        self.libs: list[int] = [0] * n
        self.keys: list[int] = [0] * n
        #: Bit masks of the empty points, the black stones and the white stones (indexed by colour).
        self.masks: list[int] = [geo.full, 0, 0]
        #: The heads of the chains of each colour (index 0 unused).
        self.heads: list[set[int]] = [set(), set(), set()]
        #: The heads of the chains of each colour that have one liberty left (in atari).
        self.atari: list[set[int]] = [set(), set(), set()]
        #: The stones of each colour on the board (index 0 unused).
        self.nstones: list[int] = [0, 0, 0]
        self.hash = 0
        self.seen: set[int] = {0}
        #: The hashes of the positions seen by their stone counts, ``black << 10 | white``: a move that adds a
        #: stone without capturing can repeat only a position with its counts after it.
        self.counts: dict[int, list[int]] = {0: [0]}
        #: Stones captured by each colour (index BLACK: white stones Black took).
        self.captures: list[int] = [0, 0, 0]

    def clone(self) -> "Board":
        b = Board.__new__(Board)
        b.geo = self.geo
        b.size, b.neighbours, b.around, b.zobrist = self.size, self.neighbours, self.around, self.zobrist
        b.colour, b.head = self.colour[:], self.head[:]
        b.stones, b.libs, b.keys = self.stones[:], self.libs[:], self.keys[:]
        b.masks, b.captures = self.masks[:], self.captures[:]
        b.heads = [set(), set(self.heads[1]), set(self.heads[2])]
        b.atari = [set(), set(self.atari[1]), set(self.atari[2])]
        b.nstones = self.nstones[:]
        b.zpoint, b.cols, b.points_of = self.zpoint, self.cols, self.points_of
        b.hash = self.hash
        b.seen = set(self.seen)
        b.counts = {key: hashes[:] for key, hashes in self.counts.items()}
        return b

    # --- setting up ----------------------------------------------------------------------------------------------

    def place(self, point: int, colour: int) -> None:
        """Put a stone on an empty point as a setup (handicap, a position): no capture, no history.

        A stone set up without a liberty is refused: a setup position must be one a game could have.
        """
        name = self.geo.name(point)
        if self.colour[point] != EMPTY:
            raise ValueError(f"{name} is not empty")
        for q in self.geo.neighbours[point]:
            if self.colour[q] not in (EMPTY, colour) and self.libs[self.head[q]] == 1 << point:
                raise ValueError(f"a stone on {name} would leave the chain at {self.geo.name(q)} without a liberty")
        self._put(point, colour)
        if not self.libs[self.head[point]]:
            raise ValueError(f"the stone on {name} would have no liberty")
        self.start_history()

    def start_history(self) -> None:
        """The position as it stands is the first of the game's (after a setup)."""
        self.seen = {self.hash}
        self.counts = {self.count_key(): [self.hash]}

    # --- moves ---------------------------------------------------------------------------------------------------

    @cython.locals(q=cython.int, cq=cython.int, h=cython.int, base=cython.int,
                   s=cython.int, taken=cython.int, best=cython.Py_ssize_t, n=cython.Py_ssize_t, key=cython.ulonglong,
                   own_key=cython.ulonglong, colour=list, head=list, stones=list, libs=list, keys=list, masks=list,
                   friends=list, enemies=list)
    def _put(self, p: int, c: int) -> int:
        """Set a stone of colour ``c`` on ``p``: join its chains, take liberties, capture. Returns stones taken."""
        bit = ONE << p
        colour, head, stones, libs, keys = self.colour, self.head, self.stones, self.libs, self.keys
        masks = self.masks
        colour[p] = c
        masks[0] ^= bit
        masks[c] |= bit
        key = self.zobrist[c][p]
        self.hash ^= key
        # Join the friendly chains around p into the biggest one; the new stone joins it too.
        friends = []
        enemies = []
        for q in self.neighbours[p]:
            cq = colour[q]
            if cq == c:
                h = head[q]
                if h not in friends:
                    friends.append(h)
            elif cq:
                enemies.append(head[q])
        own_libs = self.around[p] & masks[0]
        own_stones = bit
        own_key = key
        if friends:
            base = friends[0]
            if len(friends) > 1:
                best = -1
                for h in friends:  # the first of the biggest, as max() would pick it
                    n = stones[h].bit_count()
                    if n > best:
                        best, base = n, h
                for h in friends:
                    if h != base:  # relabel the smaller chains into the biggest
                        own_stones |= stones[h]
                        own_libs |= libs[h]
                        own_key ^= keys[h]
                        for s in bit_list(stones[h]):
                            head[s] = base
                        stones[h] = libs[h] = keys[h] = 0
                        self.heads[c].discard(h)
                        self.atari[c].discard(h)
            own_stones |= stones[base]
            own_libs |= libs[base]
            own_key ^= keys[base]
        else:
            base = p
            self.heads[c].add(p)
        head[p] = base
        stones[base] = own_stones
        own_libs &= ~bit
        libs[base] = own_libs
        keys[base] = own_key
        self.nstones[c] += 1
        if own_libs and not own_libs & (own_libs - 1):
            self.atari[c].add(base)
        else:  # two liberties or more (or none until the captures below give some)
            self.atari[c].discard(base)
        taken = 0
        for h in enemies:
            left = libs[h] & ~bit
            libs[h] = left
            if not left:
                if stones[h]:
                    taken += self._remove(h)
            elif not left & (left - 1):
                self.atari[3 - c].add(h)
        return taken

    @cython.locals(c=cython.int, s=cython.int, q=cython.int, hq=cython.int, count=cython.int,
                   colour=list, head=list, libs=list)
    def _remove(self, h: int) -> int:
        """Take the chain with head ``h`` off the board; its neighbours gain the freed points as liberties."""
        colour, head, libs = self.colour, self.head, self.libs
        mask = self.stones[h]
        c = colour[h]
        for s in bit_list(mask):
            colour[s] = EMPTY
            head[s] = -1
        self.masks[0] |= mask
        self.masks[c] ^= mask
        self.hash ^= self.keys[h]
        self.stones[h] = self.keys[h] = 0
        libs[h] = 0
        self.heads[c].discard(h)
        self.atari[c].discard(h)
        # Every chain touching the captured stones gains them as liberties.
        around = self.around
        atari = self.atari[3 - c]
        border = self.geo.spread(mask) & ~mask
        for q in bit_list(border):
            hq = head[q]
            if hq >= 0:
                lib = libs[hq] | mask & around[q]
                libs[hq] = lib
                if lib & (lib - 1):
                    atari.discard(hq)
                else:
                    atari.add(hq)
        count = mask.bit_count()
        self.nstones[c] -= count
        self.captures[3 - c] += count
        return count

    @cython.locals(taken=cython.int, key=cython.int)
    def play(self, p: int, c: int) -> int:
        """Play a legal move (the caller checked it); returns the stones captured."""
        taken = self._put(p, c)
        h = self.hash  # one Python int for both books
        self.seen.add(h)
        key = self.count_key()
        same = self.counts.get(key)
        if same is None:
            self.counts[key] = [h]
        else:
            same.append(h)
        return taken

    def count_key(self) -> int:
        nstones = self.nstones
        return nstones[1] << 10 | nstones[2]

    def play_named(self, name: str, c: int) -> int:
        """Play at a point given by name, checking legality (for tests and doctests)."""
        p = self.geo.point(name)
        if not self.is_legal(p, c):
            raise ValueError(f"{name} is not legal for {STONE_CHARS[c]}")
        return self.play(p, c)

    # --- legality -------------------------------------------------------------------------------------------------

    @cython.locals(q=cython.int, cq=cython.int, hq=cython.int, h=cython.ulonglong,
                   alive=cython.bint, colour=list, head=list, libs=list)
    def result_hash(self, p: int, c: int) -> int | None:
        """The hash after ``c`` plays on the empty point ``p``, or ``None`` if the stone would have no liberty."""
        bit = ONE << p
        colour, head, libs = self.colour, self.head, self.libs
        h = self.hash ^ self.zobrist[c][p]
        alive = (self.around[p] & self.masks[0]) != 0
        taken = 0
        for q in self.neighbours[p]:
            cq = colour[q]
            if cq:
                hq = head[q]
                lib = libs[hq]
                if cq == c:
                    if lib != bit:
                        alive = True
                elif lib == bit and not taken >> hq & 1:
                    taken |= ONE << hq
                    h ^= self.keys[hq]
                    alive = True
        return h if alive else None

    def why_not(self, p: int, c: int) -> str | None:
        """Why ``c`` may not play on ``p`` (occupied, suicide, repetition), or ``None`` if it may."""
        if self.colour[p] != EMPTY:
            return Message("{point} is occupied", point=self.geo.name(p))
        h = self.result_hash(p, c)
        if h is None:
            return Message("{point} is suicide: the stone would have no liberty and capture nothing",
                           point=self.geo.name(p))
        if h in self.seen:
            return Message("{point} would repeat an earlier position (ko: positional superko forbids recreating any "
                           "earlier board)", point=self.geo.name(p))
        return None

    def is_legal(self, p: int, c: int) -> bool:
        if self.colour[p] != EMPTY:
            return False
        h = self.result_hash(p, c)
        return h is not None and h not in self.seen

    @cython.locals(n=cython.int, h=cython.int, q=cython.int, key=cython.int, h0=cython.ulonglong, libs=list,
                   stones=list, keys=list, seen=set, same=list, zp=dict, zc=tuple, cols=tuple, takes=dict)
    def legal_mask(self, c: int) -> int:
        """The mask of every point ``c`` may play on."""
        empty = self.masks[0]
        n = self.size
        libs, stones, keys = self.libs, self.stones, self.keys
        cols = self.cols
        # A stone next to an empty point lives.
        near = empty << n | empty >> n | (empty & cols[0]) << 1 | (empty & cols[1]) >> 1
        # A stone on the last liberty of enemy chains takes them: by liberty, the XOR of their keys.
        takes = {}
        for h in self.atari[3 - c]:
            lib = libs[h]
            takes[lib] = takes.get(lib, 0) ^ keys[h]
        captures = 0
        for lib in takes:
            captures |= lib
        free = empty & ~captures
        legal = free & near
        # An empty point without an empty neighbour (an eye, mostly) lives if it joins a chain of its own that
        # has another liberty: one not in atari.
        lonely = free & ~near
        if lonely:
            weak = 0
            for h in self.atari[c]:
                weak |= stones[h]
            strong = self.masks[c] & ~weak
            legal |= lonely & (strong << n | strong >> n | (strong & cols[0]) << 1 | (strong & cols[1]) >> 1)
        h0 = self.hash
        zc = self.zobrist[c]
        key = self.count_key() + (1 << 10 if c == BLACK else 1)
        same = self.counts.get(key)
        if same is not None:  # earlier positions had one more stone of this colour: the move that recreates one
            zp = self.zpoint[c]
            for h1 in same:
                q = zp.get(h0 ^ h1, -1)  # the point whose key turns this position's hash into that one's
                if q >= 0:
                    legal &= ~(ONE << q)
        if takes:  # a capture is legal unless the position after it was seen
            seen = self.seen
            for lib, taken in takes.items():
                if h0 ^ zc[lib.bit_length() - 1] ^ taken not in seen:
                    legal |= lib
        return legal

    def legal_points(self, c: int) -> list[int]:
        """Every point ``c`` may play on, lowest first."""
        return self.geo.list_points(self.legal_mask(c))

    # --- reading the position ---------------------------------------------------------------------------------------

    def chain(self, p: int) -> int:
        """The stones of the chain through ``p`` (0 if it is empty)."""
        h = self.head[p]
        return self.stones[h] if h >= 0 else 0

    def chain_heads(self) -> list[int]:
        """One point per chain: its lowest point, in order."""
        return sorted({(self.stones[h] & -self.stones[h]).bit_length() - 1
                       for h in set(self.head) if h >= 0})

    def rows(self) -> list[str]:
        """The board as text, the top row first: ``X`` black, ``O`` white, ``.`` empty."""
        n = self.geo.size
        line = "".join(STONE_CHARS[c] for c in self.colour)
        return [line[r * n:(r + 1) * n] for r in range(n - 1, -1, -1)]

    def check(self) -> None:
        """Recompute every chain from scratch and compare with the kept books (for tests)."""
        geo = self.geo
        for colour in (EMPTY, BLACK, WHITE):
            assert self.masks[colour] == sum(1 << p for p, c in enumerate(self.colour) if c == colour)
        key = 0
        for p, c in enumerate(self.colour):
            if c == EMPTY:
                assert self.head[p] == -1
                continue
            key ^= geo.zobrist[c][p]
            mask = geo.fill(1 << p, self.masks[c])
            h = self.head[p]
            assert self.stones[h] == mask, f"chain at {geo.name(p)}"
            assert self.libs[h] == geo.spread(mask) & self.masks[0], f"liberties at {geo.name(p)}"
            assert self.libs[h], f"chain at {geo.name(p)} has no liberty"
        assert key == self.hash
        for c in (BLACK, WHITE):
            assert self.heads[c] == {h for p, h in enumerate(self.head) if h >= 0 and self.colour[p] == c}
            assert self.atari[c] == {h for h in self.heads[c] if self.libs[h].bit_count() == 1}
            assert self.nstones[c] == self.masks[c].bit_count()
        assert self.hash in self.seen and self.hash in self.counts[self.count_key()]
        assert sum(map(len, self.counts.values())) >= len(self.seen)

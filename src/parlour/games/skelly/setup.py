"""Setting up a position: ``game.new(seed, deck=SETUP)`` places the caps and says how far each player has come.

A setup is entries separated by ``;`` (or new lines)::

    0: -0.85,-0.85 next 2; 1: hand; 2: 0.1,0.3 trapped waited 1 next 6; 3: out; turn 2; shots 40

``SEAT: WHERE WORDS...`` places a seat's cap. WHERE is ``x,y`` in metres (the court's centre is 0,0; y runs away
from the start line), ``hand`` (not on the court: the next shot is from the start line) or ``out`` (already
removed; caps are out in the order written). WORDS say where the player is in the game:

- ``next N`` (N from 1 to 13: the next box on the way up), ``next N back`` (12 to 1: on the way back down);
- ``run``: the course is done; next is the shot from box 1 into 13;
- ``quadrants`` or ``quadrants NE,SW``: 13 reached; shooting for the quadrants (those named are done);
- ``killer``, ``kills K``: a killer, and the caps it has removed;
- ``trapped`` (the cap must lie in the dead box) and ``waited K`` (turns it has already been skipped).

A seat not written stays in its owner's hand with nothing done. ``turn S`` gives the first shot to seat S (by
default the seat drawn by the seed); ``shots N`` counts shots already played (the match's limit counts them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from parlour.core.errors import BadOption

from .court import CAP_RADIUS, COURSE, QUADRANTS, units

if TYPE_CHECKING:
    from .state import SkellyState

_NUMBER = r"-?\d+(?:\.\d+)?"
_PLACE = re.compile(rf"^({_NUMBER})\s*,\s*({_NUMBER})$")


def parse_setup(state: "SkellyState", text: str) -> None:
    """Apply the setup ``text`` to a fresh state; raise :class:`BadOption` naming the first thing wrong."""
    from .state import ALL_QUADS, QUADS, RUN

    n = state.game.players
    court = state.court
    entries = [e.strip() for e in re.split(r"[;\n]", text) if e.strip()]
    if not entries:
        raise BadOption("an empty setup: write entries like '0: -0.85,-0.85 next 2; turn 0'")
    outs = 0
    for entry in entries:
        words = entry.replace(":", " : ", 1).split()
        head = words[0].lower()
        if head in ("turn", "shots"):
            if len(words) != 2 or not words[1].isdigit():
                raise BadOption(f"setup entry {entry!r}: write '{head} N'")
            value = int(words[1])
            if head == "turn":
                if value >= n:
                    raise BadOption(f"setup entry {entry!r}: seats are 0..{n - 1}")
                state.turn = value
            else:
                state.shots = value
            continue
        if not head.isdigit() or len(words) < 3 or words[1] != ":":
            raise BadOption(f"setup entry {entry!r}: write 'SEAT: x,y WORDS', 'SEAT: hand', 'SEAT: out', 'turn S' or "
                            "'shots N'")
        seat = int(head)
        if seat >= n:
            raise BadOption(f"setup entry {entry!r}: seats are 0..{n - 1}")
        where, rest = words[2].lower(), [w.lower() for w in words[3:]]
        if where == "out":
            state.out[seat] = outs
            outs += 1
        elif where != "hand":
            m = _PLACE.match(where)
            if not m:
                raise BadOption(f"setup entry {entry!r}: a place is 'x,y' in metres, 'hand' or 'out', not {where!r}")
            pos = (units(float(m[1])), units(float(m[2])))
            if not court.wholly_on_court(pos):
                raise BadOption(f"setup entry {entry!r}: the cap must lie wholly on the court "
                                f"(|x| and |y| at most {(court.side // 2 - court.margin) / 10000} m)")
            state.pos[seat] = pos
        i = 0
        while i < len(rest):
            word = rest[i]
            arg = rest[i + 1] if i + 1 < len(rest) else None
            if word == "next" and arg is not None and arg.isdigit() and 1 <= int(arg) <= 13:
                back = i + 2 < len(rest) and rest[i + 2] == "back"
                box = int(arg)
                if back and box == 13:
                    raise BadOption(f"setup entry {entry!r}: the way back runs from 12 down to 1")
                state.progress[seat] = (len(COURSE) - box) if back else box - 1
                i += 3 if back else 2
            elif word == "run":
                state.progress[seat] = RUN
                i += 1
            elif word == "quadrants":
                state.progress[seat] = QUADS
                if arg is not None and all(q.upper() in QUADRANTS for q in arg.split(",")):
                    for q in arg.split(","):
                        state.quads[seat] |= 1 << QUADRANTS.index(q.upper())
                    if state.quads[seat] == ALL_QUADS:
                        raise BadOption(f"setup entry {entry!r}: all four quadrants done is 'killer'")
                    i += 2
                else:
                    i += 1
            elif word == "killer":
                state.killer[seat] = True
                state.progress[seat], state.quads[seat] = QUADS, ALL_QUADS
                i += 1
            elif word in ("kills", "waited") and arg is not None and arg.isdigit():
                (state.kills if word == "kills" else state.waited)[seat] = int(arg)
                i += 2
            elif word == "trapped":
                state.trapped[seat] = True
                i += 1
            else:
                raise BadOption(f"setup entry {entry!r}: cannot read {' '.join(rest[i:])!r}; the words are next N, "
                                "next N back, run, quadrants [NE,NW,SW,SE], killer, kills K, trapped, waited K")
        if state.trapped[seat] and (state.pos[seat] is None or not court.in_skull(state.pos[seat])
                                    or state.killer[seat]):
            raise BadOption(f"setup entry {entry!r}: a trapped cap lies in the dead box, and is no killer's")
    for s in range(n):
        if state.progress[s] == QUADS and not state.killer[s] and state.turn != s:
            raise BadOption(f"seat {s} shoots for the quadrants only during its own turn: give it the turn")
    placed = [(s, p) for s, p in enumerate(state.pos) if p is not None]
    for i, (s, p) in enumerate(placed):
        for o, q in placed[i + 1:]:
            if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 < (2 * CAP_RADIUS) ** 2:
                raise BadOption(f"the caps of seats {s} and {o} overlap: caps are {2 * CAP_RADIUS / 10} mm across")
    if state.out[state.turn] is not None:
        raise BadOption(f"seat {state.turn} is out and cannot have the turn")

"""Go and Rengo on the screen: the board drawn with coordinates, the last move ringed, captures, the order of
play inside the teams, and the count (pure functions of a view).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("go", size=9).new(seed=1)
>>> for text in ("play E5", "play C3", "play D3"):
...     _ = state.apply(state.to_act[0], text)
>>> print(plain(board(state.view(0), Seats(("human", "mcts"), viewer=0)), width=64))
╭─ Go · 9×9 · move 3 · area scoring, komi 7.5 ─────────────────╮
│     A B C D E F G H J                                        │
│   9 · · · · · · · · ·  9  To move   White: Seat 1 (mcts)     │
│   8 · · · · · · · · ·  8  Captured  Black 0 · White 0        │
│   7 · · + · · · + · ·  7  Last      Black D3                 │
│   6 · · · · · · · · ·  6                                     │
│   5 · · · · ● · · · ·  5  ● Black   You                      │
│   4 · · · · · · · · ·  4  ○ White   Seat 1 (mcts)            │
│   3 · · ○ ● · · + · ·  3                                     │
│   2 · · · · · · · · ·  2                                     │
│   1 · · · · · · · · ·  1                                     │
│     A B C D E F G H J                                        │
╰──────────────────────────────────────────────────────────────╯
>>> print(event_line({"type": "move", "seat": 1, "colour": "W", "point": "C4", "captured": ["C3", "D3"]},
...                  Seats(("human", "mcts"), viewer=0)))
Seat 1 (mcts) plays White C4 and captures 2 stones: C3 D3
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import Seats

from .points import LETTERS, handicap_points
from .scoring import points_text

STONES = {"X": "●", "O": "○"}
COLOUR_WORDS = {"B": "Black", "W": "White"}
STEPS = {"mark": "marks the dead stones, then accepts",
         "answer": "accepts that marking, or changes it and accepts its own",
         "confirm": "accepts the changed marking, or resumes play"}


def _stars(size: int) -> set[tuple[int, int]]:
    """Star points (row from the top, column), where the board draws ``+``: the corners' and the centre, and
    the sides' on 19×19."""
    return {(size - 1 - p // size, p % size) for p in handicap_points(size, 9 if size >= 19 else 5)}


def _point(name: str, size: int) -> tuple[int, int]:
    return size - int(name[1:]), LETTERS.index(name[0])


def grid(view: dict[str, Any]) -> Text:
    """The board with its coordinates: stones, the last move ringed, dead stones and territory at the count."""
    size = view["size"]
    letters = " ".join(LETTERS[:size])
    last = view.get("last")
    ringed = _point(last["point"], size) if last and last.get("point") else None
    dead = {_point(p, size) for p in view.get("dead") or []}
    owned: dict[tuple[int, int], str] = {}
    for colour, points in (view.get("territory") or {}).items():
        for p in points:
            owned[_point(p, size)] = colour
    stars = _stars(size)
    out = Text(f"    {letters}\n")
    for r, row in enumerate(view["board"]):
        number = size - r
        out.append(f" {number:>2} ")
        for c, ch in enumerate(row):
            if c:
                out.append(" ")
            if ch in STONES:
                style = "bold" if ch == "X" else ""
                if (r, c) in dead:
                    out.append("×", style="dim")
                    continue
                if (r, c) == ringed:
                    style += " reverse"
                out.append(STONES[ch], style=style.strip())
            elif (r, c) in owned:
                out.append("▪" if owned[(r, c)] == "black" else "▫", style="dim")
            else:
                out.append("+" if (r, c) in stars else "·", style="dim")
        out.append(f" {number:>2}\n")
    out.append(f"    {letters}")
    return out


def _who(view: dict[str, Any], seat: int, seats: Seats) -> str:
    role = view["roles"][seat]
    name = seats.name(seat)
    return f"{role}: {name}"


def info(view: dict[str, Any], seats: Seats) -> Table:
    """Whose turn, captures, the last move, the teams in their order, and the count once play has stopped."""
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column()
    phase = view["phase"]
    t.add_row("", "")  # level with the first row of the board, under the letters
    if phase == "play" and view["to_act"]:
        t.add_row("To move", _who(view, view["to_act"][0], seats))
        teams = [m for m in view["teams"] if len(m) > 1]
        if teams:
            t.add_row("Then", ", ".join(seats.name(s) for s in view["order"][1:5]))
    elif phase == "scoring":
        t.add_row("Counting", f"{seats.name(view['to_act'][0])} {STEPS[view['step']]}")
    captures = view["captures"]
    t.add_row("Captured", f"Black {captures[0]} · White {captures[1]}")
    last = view.get("last")
    if last:
        t.add_row("Last", f"{COLOUR_WORDS[last['colour']]} {last.get('point', 'passed')}")
    if view.get("score"):
        s = view["score"]
        label = "Result" if view["over"] else "Count now"
        t.add_row(label, f"Black {points_text(s['black'])} · White {points_text(s['white'])} → {s['result']}")
    elif view["over"] and view.get("result"):
        t.add_row("Result", view["result"])
    t.add_row("", "")
    for team, members in enumerate(view["teams"]):
        mark = "●" if team == 0 else "○"
        names = [seats.name(s) + (" (out)" if s in view["out"] else "") for s in members]
        t.add_row(f"{mark} {'Black' if team == 0 else 'White'}", ", ".join(names))
    return t


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The whole table as ``view`` shows it: board and coordinates beside who is to move and the counts."""
    body = Table.grid(padding=(0, 2))
    body.add_column(no_wrap=True)
    body.add_column()
    body.add_row(grid(view), info(view, seats))
    parts: list[RenderableType] = [body]
    if view["over"]:
        parts += [Text(), result_line(view["result"], view["winners"], seats)]
    moves = view["moves"]
    title = (f"{'Rengo' if view['game'] == 'rengo' else 'Go'} · {view['size']}×{view['size']} · move {moves} · "
             f"{view['scoring']} scoring, komi {points_text(view['komi'])}")
    return Panel(Group(*parts), title=title, title_align="left")


def moves(view: dict[str, Any], seats: Seats) -> RenderableType:
    """What the seat may type: a point to play (too many to list), or the few choices of the count."""
    legal = view["legal"]
    if view["phase"] == "play":
        points = [a.split()[1] for a in legal if a.startswith("play ")]
        example = points[len(points) // 2] if points else "D4"
        return Text.assemble(f"Type a point to play, such as {example} ({len(points)} points are open to you), "
                             "or ", ("pass", "bold"), " or ", ("resign", "bold"), ".")
    return Text.assemble("Type one of: ", Text("  ·  ").join(Text(a, style="bold") for a in legal),
                         "\n(a chain is named by its lowest point; dead marks it dead, alive takes the mark off)")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words."""
    kind = event["type"]
    if kind == "start":
        if not event["handicap"]:
            return None
        return Text(f"Handicap {len(event['handicap'])}: Black's stones on {' '.join(event['handicap'])}; "
                    f"{seats.name(event['first'])} moves first for White")
    if kind == "move":
        line = Text(f"{seats.does(event['seat'], 'plays')} {COLOUR_WORDS[event['colour']]} {event['point']}")
        if event.get("captured"):
            n = len(event["captured"])
            line.append(f" and captures {n} stone{'s' * (n != 1)}: {' '.join(event['captured'])}", style="bold")
        return line
    if kind == "pass":
        return Text(f"{seats.does(event['seat'], 'passes')} ({COLOUR_WORDS[event['colour']]})")
    if kind == "stop":
        return Text(f"Play stops. {seats.name(event['marker'])} marks the dead stones first.", style="bold")
    if kind == "mark":
        n = len(event["points"])
        state = "dead" if event["dead"] else "alive again"
        return Text(f"{seats.does(event['seat'], 'marks')} {event['points'][0]} {state} "
                    f"({n} stone{'s' * (n != 1)})")
    if kind == "accept":
        dead = " ".join(event["dead"]) or "none"
        return Text(f"{seats.does(event['seat'], 'accepts')} the marking (dead: {dead})")
    if kind == "resume":
        return Text(f"{seats.does(event['seat'], 'resumes')} play: {seats.name(event['next'])} to move",
                    style="bold")
    if kind == "resign":
        if event["drops_out"]:
            return Text(f"{seats.does(event['seat'], 'resigns')} (out of the game; the team plays on)")
        return Text(f"{seats.does(event['seat'], 'resigns')} for {'Black' if event['team'] == 0 else 'White'}",
                    style="bold")
    if kind == "score":
        how = "territory and prisoners" if event["scoring"] == "territory" else "stones and territory"
        extra = f" + {event['compensation']} for the handicap" if event["compensation"] else ""
        return Text(f"Count ({how}): Black {points_text(event['black'])}, White {points_text(event['white'])} "
                    f"(komi {points_text(event['komi'])}{extra}): {event['result']}", style="bold")
    if kind == "end":
        return result_line(event["result"], event["winners"], seats)
    return None


def result_line(result: str, winners: list[int], seats: Seats) -> Text:
    """``Game over: White (Seat 1 & Seat 3) wins by 10.5 points.``"""
    if result == "Jigo":
        return Text("Game over: a tie (jigo).", style="bold")
    colour = "Black" if result[0] == "B" else "White"
    who = " & ".join(seats.name(s) for s in winners)
    margin = result[2:]
    how = "by resignation" if margin == "R" else f"by {margin} point{'s' * (margin != '1')}"
    return Text(f"Game over: {colour} ({who}) wins {how}.", style="bold")

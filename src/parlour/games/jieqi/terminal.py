"""Jieqi on the screen: the board in Chinese characters (Latin letters where the terminal cannot show them),
covered pieces as 暗, the last move marked, captures and what covered pieces may be beside it.

The player's own colour is at the bottom; a spectator sees Red at the bottom.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("jieqi").new(seed=3)
>>> state.apply(0, "move h3e3") and None
>>> print(plain(board_lines(state.view(1))))     # Black's view: Black at the bottom
    i   h   g   f   e   d   c   b   a
 1 暗──暗──暗──暗──帥──暗──暗──暗──暗
   │   │   │   │ ╲ │ ╱ │   │   │   │
 2 ├───┼───┼───┼───┼───┼───┼───┼───┤
   │   │   │   │ ╱ │ ╲ │   │   │   │
 3 ├───◦───┼───┼───傌──┼───┼───暗──┤
   │   │   │   │   │   │   │   │   │
 4 暗──┼───暗──┼───暗──┼───暗──┼───暗
   │   │   │   │   │   │   │   │   │
 5 └───┴───┴───┴───┴───┴───┴───┴───┘
   │  楚 河                 漢 界  │
 6 ┌───┬───┬───┬───┬───┬───┬───┬───┐
   │   │   │   │   │   │   │   │   │
 7 暗──┼───暗──┼───暗──┼───暗──┼───暗
   │   │   │   │   │   │   │   │   │
 8 ├───暗──┼───┼───┼───┼───┼───暗──┤
   │   │   │   │ ╲ │ ╱ │   │   │   │
 9 ├───┼───┼───┼───┼───┼───┼───┼───┤
   │   │   │   │ ╱ │ ╲ │   │   │   │
10 暗──暗──暗──暗──將──暗──暗──暗──暗
    i   h   g   f   e   d   c   b   a
>>> print(plain(event_line(state.events[-1], Seats(("human", "random"), viewer=1))))
Seat 0 (human) moves h3e3=N, turning up a horse 傌
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, end_line

tr = translator(__name__)

#: Red's and Black's characters for K A B N R C P.
RED_GLYPHS = dict(zip("KABNRCP", "帥仕相傌俥炮兵"))
BLACK_GLYPHS = dict(zip("kabnrcp", "將士象馬車砲卒"))
COVERED_GLYPH = "暗"
#: Each piece with its article, as the log writes it ("a horse 傌").
A_NAMES = {"K": N_("a general"), "A": N_("an advisor"), "B": N_("an elephant"), "N": N_("a horse"), "R": N_("a chariot"),
           "C": N_("a cannon"), "P": N_("a soldier")}
RED_STYLE, BLACK_STYLE = "bold red", "bold"
LEGEND = N_("帥仕相傌俥炮兵 Red, 將士象馬車砲卒 Black: general K, advisor A, elephant B, horse N, chariot R, "
            "cannon C, soldier P; 暗 covered")
LATIN_LEGEND = N_("K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier, X covered; Red upper case")


def glyph(letter: str, latin: bool = False) -> str:
    """A FEN letter as its character (``X``/``x`` covered), or two columns of Latin."""
    if latin:
        return letter + " "
    if letter in "Xx":
        return COVERED_GLYPH
    return RED_GLYPHS.get(letter) or BLACK_GLYPHS[letter]


def piece_words(letter: str) -> str:
    """``c`` -> ``a cannon 砲``: a piece in words and its character."""
    if letter in "Xx":
        return tr.t("a covered piece")
    return f"{tr.t(A_NAMES[letter.upper()])} {glyph(letter)}"


def placement(fen: str) -> dict[tuple[int, int], str]:
    """The pieces of a FEN's board by (file 0-8, rank 0-9)."""
    rows = fen.split()[0].split("[")[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                out[(f, 9 - i)] = ch
                f += 1
    return out


def _point(column: int, row: int, latin: bool) -> str:
    """An empty point at ``column`` 0-8 and ``row`` 0-9 of the screen (top left first)."""
    if latin:
        return "+"
    left, right = column == 0, column == 8
    if row in (0, 5):  # the top edge, or the bank below the river: nothing above
        return "┌" if left else "┐" if right else "┬"
    if row in (9, 4):  # the bottom edge, or the bank above the river: nothing below
        return "└" if left else "┘" if right else "┴"
    return "├" if left else "┤" if right else "┼"


def board_lines(view: dict[str, Any], latin: bool = False) -> Text:
    """The board as lines of text, the seat's colour at the bottom; the last move's origin is ``◦`` (``.``), its
    destination highlighted."""
    pieces = placement(view["fen"])
    last = view.get("last")
    origin = target = None
    if last:
        origin = ("abcdefghi".index(last["from"][0]), int(last["from"][1:]) - 1)
        target = ("abcdefghi".index(last["to"][0]), int(last["to"][1:]) - 1)
    flipped = view.get("colour") == "black"  # turned half round: the seat's own side at the bottom
    ranks = list(range(10)) if flipped else list(range(9, -1, -1))
    files = list(range(8, -1, -1)) if flipped else list(range(9))
    dash, bar = ("-", "|") if latin else ("─", "│")
    out = Text()
    header = "    " + "   ".join("abcdefghi"[f] for f in files) + "\n"
    out.append(header, style="dim")
    for i, r in enumerate(ranks):
        out.append(f"{r + 1:>2} ", style="dim")
        for j, f in enumerate(files):
            letter = pieces.get((f, r))
            if letter:
                style = RED_STYLE if letter.isupper() else BLACK_STYLE
                if (f, r) == target:
                    style += " reverse"
                out.append(letter if latin else glyph(letter), style=style)
                if latin and j < 8:
                    out.append(dash)
            elif (f, r) == origin:
                out.append(("." if latin else "◦") + (dash if j < 8 else " "), style="yellow")
            else:
                out.append(_point(j, i, latin) + (dash if j < 8 else " "))
            if j < 8:
                out.append(dash * 2)
        out.append("\n")
        if i == 9:
            break
        nxt = ranks[i + 1]
        if {r, nxt} == {4, 5}:
            river = "   Chu River       Han Border   " if latin else "  楚 河                 漢 界  "
            out.append("   " + bar + river[: 4 * 8 - 1] + bar + "\n")
            continue
        cells = []
        low = min(r, nxt)  # the gap between ranks low and low + 1
        for j, f in enumerate(files[:-1]):
            g = files[j + 1]
            diagonal = " "
            if {f, g} <= {3, 4, 5} and low in (0, 1, 7, 8):
                # the palace's diagonals, from its corners to its centre (e2, e9): "╱" when the centre is at
                # the cell's bottom left or top right
                centre = 1 if low <= 1 else 8
                rising = (f == 4) == (nxt == centre)
                diagonal = "╱" if rising else "╲"
                if latin:
                    diagonal = "/" if rising else "\\"
            cells.append(bar + " " + diagonal + " ")
        out.append("   " + "".join(cells) + bar + "\n")
    out.append("    " + "   ".join("abcdefghi"[f] for f in files), style="dim")
    return out


class BoardDrawing:
    """The board (or its legend), in Chinese characters where the terminal can show them, else in Latin letters."""

    def __init__(self, view: dict[str, Any], legend: bool = False) -> None:
        self.view, self.legend = view, legend

    def _text(self, options: ConsoleOptions) -> Text:
        latin = not options.encoding.lower().startswith("utf")
        if self.legend:
            return Text(tr.t(LATIN_LEGEND if latin else LEGEND), style="dim")
        return board_lines(self.view, latin)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._text(options))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._text(options)


def _captured(view: dict[str, Any], colour: str) -> Text:
    out = Text()
    for entry in view["captured"][colour]:
        letter = entry["piece"]
        out.append(glyph(letter), style=RED_STYLE if letter.isupper() else BLACK_STYLE)
        if entry["covered"] and letter not in "Xx":
            out.append("*", style="dim")
        out.append(" ")
    return out if out.plain else Text(tr.t("none"), style="dim")


def _unseen(view: dict[str, Any], colour: str) -> Text:
    pool = view["unseen"][colour]
    if not pool:
        return Text("—", style="dim")
    out = Text()
    for letter, n in pool.items():
        out.append(glyph(letter), style=RED_STYLE if letter.isupper() else BLACK_STYLE)
        out.append(f"×{n} ")
    return out


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The whole table as ``view`` shows it: the board, whose move, the last move, captures and the match."""
    red = view["red"]
    black = 1 - red
    numbers = {"n": view["number"], "games": view["options"]["games"]}
    title = tr.t("Hidden Xiangqi (Jieqi) · game {n} of {games}", **numbers)
    if view["options"].get("plain"):
        title = tr.t("Xiangqi · game {n} of {games}", **numbers)
    side = Table.grid(padding=(0, 1))
    side.add_column(style="bold", no_wrap=True)
    side.add_column()
    side.add_row(tr.t("Red"), Text(seats.name(red), style=RED_STYLE))
    side.add_row(tr.t("Black"), Text(seats.name(black), style=BLACK_STYLE))
    ended = [e for e in view.get("previous") or [] if e["type"] == "result"]
    if view["result"]:
        side.add_row(tr.t("Result"), result_text(view["result"], seats, view["number"]))
    elif ended and not view["log"][1:]:  # a new game of the match: how the last one ended
        side.add_row(tr.t("Last game"), result_text(ended[0], seats, ended[0]["game"]))
    if not view["over"]:
        mover = red if view["to_move"] == "red" else black
        colour = tr.t("Red") if view["to_move"] == "red" else tr.t("Black")
        status = Text(f"{seats.name(mover)} ({colour})")
        if view["check"]:
            status.append(" " + tr.t("— in check!"), style="bold yellow")
        side.add_row(tr.t("To move"), status)
    moves = [e for e in view["log"] if e["type"] == "move"]
    if moves:
        side.add_row(tr.t("Last move"), move_text(moves[-1], seats))
    side.add_row("", Text())
    side.add_row(tr.t("Red lost"), _captured(view, "red"))
    side.add_row(tr.t("Black lost"), _captured(view, "black"))
    if any(e["covered"] and e["piece"] not in "Xx" for c in ("red", "black") for e in view["captured"][c]):
        side.add_row("", Text(tr.t("* was covered when taken"), style="dim"))
    if not view["options"].get("plain"):
        side.add_row("", Text())
        side.add_row(tr.t("Covered"), Text(tr.t("may be:"), style="dim"))
        side.add_row("  " + tr.t("Red"), _unseen(view, "red"))
        side.add_row("  " + tr.t("Black"), _unseen(view, "black"))
    side.add_row("", Text())
    side.add_row(tr.t("No progress"), Text(tr.t("{n} of {max} plies", n=view["quiet"], max=view["options"]["quiet_plies"])))
    side.add_row(tr.t("Score"), Text(f"{seats.name(0)} {view['scores'][0]}, {seats.name(1)} {view['scores'][1]}"))
    layout = Table.grid(padding=(0, 3))
    layout.add_column(no_wrap=True)
    layout.add_column()
    layout.add_row(BoardDrawing(view), side)
    parts: list[RenderableType] = [Text(title, style="bold"), layout, BoardDrawing(view, legend=True)]
    if view["over"]:
        parts.append(end_line({"winners": view["winners"], "scores": view["scores"]}, seats))
    return Group(*parts)


def move_text(event: dict[str, Any], seats: Seats) -> Text:
    """``h3e3=C`` with what was revealed and taken, in words: what a player writes down."""
    move = event["action"].split()[-1]
    out = Text(move + (f"={event['piece'].upper()}" if event.get("reveal") else ""))
    if event.get("reveal"):
        out.append(tr.t(", turning up {piece}", piece=piece_words(event["piece"])))
    if "capture" in event:
        what = piece_words(event["capture"])
        if event.get("covered") and event["capture"] not in "Xx":
            what += " " + tr.t("(covered)")
        out.append(tr.t(", taking {piece}", piece=what))
    if event.get("check"):
        out.append(" " + tr.t("— check!"), style="bold yellow")
    return out


def result_text(result: dict[str, Any], seats: Seats, number: int) -> Text:
    reason = result["reason"]
    if result["winner"] is None:
        if reason == "repetition":
            return Text(tr.t("Game {n} drawn by repetition.", n=number), style="bold")
        return Text(tr.t("Game {n} drawn with no capture or reveal for too long.", n=number), style="bold")
    how = {"checkmate": tr.t("Checkmate"), "stalemate": tr.t("Stalemate (no legal move)"),
           "perpetual check": tr.t("Perpetual check")}.get(reason, reason.capitalize())
    winner = result["winner"]
    values = {"how": how, "n": number, "colour": tr.t("Red") if result["side"] == "red" else tr.t("Black")}
    if seats.you(winner):
        return Text(tr.t("{how}: You win game {n} with {colour}.", **values), style="bold")
    return Text(tr.t("{how}: {who} wins game {n} with {colour}.", who=seats.name(winner), **values), style="bold")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log, in words."""
    kind = event["type"]
    if kind == "game":
        if seats.you(event["red"]):
            return Text(tr.t("Game {n}: you play Red.", n=event["game"]), style="bold")
        return Text(tr.t("Game {n}: {who} plays Red.", n=event["game"], who=seats.name(event["red"])), style="bold")
    if kind == "move":
        move = move_text(event, seats)
        return tr.tx("You move {move}", move=move) if seats.you(event["seat"]) \
            else tr.tx("{who} moves {move}", who=seats.name(event["seat"]), move=move)
    if kind == "identity":
        return Text(tr.t("The covered piece taken on {point} was {piece}.", point=event["point"],
                         piece=piece_words(event["piece"])), style="italic")
    if kind == "result":
        return result_text(event, seats, event["game"])
    if kind == "end":
        return end_line(event, seats)
    return None


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``move h3e3`` → "Premakni top 炮 h3→e3" (the piece
    that stands there, or "a covered piece").

    >>> import parlour
    >>> print(move_words("move h3e3", parlour.load("jieqi", plain=True).new(seed=1).view(0), Seats.anonymous(2)))
    Move a cannon 炮 h3→e3
    """
    words = action.split()
    if len(words) != 2 or words[0] != "move" or "fen" not in view:
        return None
    squares = re.findall(r"[a-i](?:10|[1-9])", words[1])
    if len(squares) != 2:
        return None
    origin = squares[0]
    letter = placement(view["fen"]).get((ord(origin[0]) - ord("a"), int(origin[1:]) - 1))
    if letter is None:
        return None
    return tr.t("Move {piece} {origin}→{target}", piece=piece_words(letter), origin=origin, target=squares[1])

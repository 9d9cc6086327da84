"""Drawing a seat's view with rich. Every function here is pure: a view (and names) in, a renderable out.

A game draws its own table in its folder's ``terminal.py`` (``board(view, seats)`` and ``event_line(event, seats)``,
and ``hand(view, seats)`` where its cards need more than the suit symbols), found by :func:`layout`; a game still
without one gets :func:`generic_board`, drawn from the keys most views share (``table``, ``hand``, ``stock``...).

>>> import parlour
>>> state = parlour.load("giacomotto").new(seed=3)
>>> view = state.view(0)
>>> text = plain(turn_screen(view, Seats(("human", "random"), viewer=0), view["log"]))
>>> "Your hand" in text and "Your moves" in text and "Score sheet" in text
True
>>> print(plain(moves(["trail 7H", "capture KH 8C+5D 6S+7H"]), width=40))
1 trail 7H   2 capture KH 8C+5D 6S+7H
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable, Iterable, Sequence

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.errors import UnknownGame
from parlour.core.record import table_entry
from parlour.core.registry import game_class
from parlour.core.i18n import DEFAULT, language, translator
from parlour.core.terminal import Seats, action_text, cards_text, generic_event, plain, sheet_word, value_text

tr = translator(__name__)

#: How many lines of "since your last turn" a screen shows (the oldest are summarised).
RECENT_LINES = 10


def hand_line(view: dict[str, Any], seats: Seats | None = None) -> Text:
    """The seat's hand on one line, each card with its suit symbol."""
    return Text.assemble((tr.t("Your hand") + "  ", "bold"),
                         cards_text(view.get("hand") or [], sep="  ", empty=tr.t("empty")))


@dataclass(frozen=True)
class Layout:
    """A game's own drawing: its board, its event lines and the seat's hand."""

    board: Callable[[dict[str, Any], Seats], RenderableType]
    event_line: Callable[[dict[str, Any], Seats], Text | None]
    hand: Callable[[dict[str, Any], Seats], RenderableType] = hand_line
    #: The seat's choices its own way (Go: "type a point"); ``None``: the legal moves numbered.
    moves: Callable[[dict[str, Any], Seats], RenderableType] | None = None
    #: A legal move in the player's words (``trail 7H`` → "Odvrzi 7♥"), shown beside its text in a language other
    #: than English; ``None`` (or a move it does not know): the text alone.
    move_words: Callable[[str, dict[str, Any], Seats], Text | str | None] | None = None


def generic_board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The board of a game without a layout: its card zones and every other plain value of the view.

    >>> print(plain(generic_board({"game": "golf", "players": 2, "to_act": [1], "discard": ["JC"],
    ...                            "layouts": [["##", "AS"], ["10D", "##"]], "stock": 35}, Seats.anonymous(2)), 50))
    ╭─ Golf ─────────────────────────────────────────╮
    │ To act   Seat 1                                │
    │ Discard  J♣                                    │
    │ Layouts  Seat 0: ## A♠                         │
    │          Seat 1: 10♦ ##                        │
    │ Stock    35                                    │
    ╰────────────────────────────────────────────────╯
    """
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    shown = {"game", "players", "seat", "legal", "log", "sheet", "hand", "options", "over", "winners"}
    for key, value in view.items():
        if key in shown or value is None:
            continue
        label = key.replace("_", " ").capitalize()
        if key == "to_act":
            grid.add_row(tr.t("To act"), ", ".join(seats.name(s) for s in value) or tr.t("nobody"))
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            grid.add_row(label, cards_text(value))
        elif (isinstance(value, list) and len(value) == view.get("players")
              and all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in value)):
            grid.add_row(label, Text("\n").join(Text.assemble(f"{seats.name(i)}: ", cards_text(v))
                                                 for i, v in enumerate(value)))
        elif isinstance(value, list):
            grid.add_row(label, " ".join(map(value_text, value)))
        elif isinstance(value, (str, int, float, bool)):
            grid.add_row(label, value_text(value))
    return Panel(grid, title=str(view.get("game", "game")).capitalize(), title_align="left")


GENERIC = Layout(generic_board, generic_event)


@cache
def game_layout(game_id: str) -> Layout:
    """The drawing in the game's own ``terminal.py``, or the generic one while it has none.

    >>> game_layout("giacomotto").board.__module__
    'parlour.games.giacomotto.terminal'
    """
    try:
        package = game_class(game_id).__module__.rsplit(".", 1)[0]
    except UnknownGame:
        return GENERIC
    try:
        module = importlib.import_module(f"{package}.terminal")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.terminal":
            raise
        return GENERIC
    return Layout(module.board, module.event_line, getattr(module, "hand", hand_line), getattr(module, "moves", None),
                  getattr(module, "move_words", None))


def layout(view: dict[str, Any]) -> Layout:
    return game_layout(str(view.get("game", "")))


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The board of any game as ``view`` shows it."""
    return layout(view).board(view, seats.with_view(view))


def seat_board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The board, and below it the seat's hand when the view has one (a spectator's has none)."""
    if view.get("hand") is None:
        return board(view, seats)
    return Group(board(view, seats), layout(view).hand(view, seats))


def event_lines(view: dict[str, Any], events: Iterable[dict[str, Any]], seats: Seats) -> list[Text]:
    """A line for each event worth showing (``view`` says which game's wording to use)."""
    draw = layout(view).event_line
    seats = seats.with_view(view)
    lines = [draw(e, seats) for e in events]
    return [line for line in lines if line is not None]


def recent(view: dict[str, Any], events: Sequence[dict[str, Any]], seats: Seats,
           title: str | None = None) -> RenderableType:
    """What happened since the seat last played, the newest last; long stretches keep their end."""
    lines = event_lines(view, events, seats)
    if len(lines) > RECENT_LINES:
        skipped = len(lines) - RECENT_LINES + 1
        lines = [Text(tr.tn("… {n} earlier event", "… {n} earlier events", skipped), style="dim")] \
            + lines[-(RECENT_LINES - 1):]
    return Panel(Group(*lines) if lines else Text(tr.t("nothing yet"), style="dim"),
                 title=title or tr.t("Since your last turn"), title_align="left")


def sheet_table(sheet: dict[str, Any], seats: Seats) -> RenderableType:
    """The score sheet: one row per deal or pack, then the totals."""
    table = Table(title=tr.t("Score sheet"), title_justify="left", title_style="bold", show_footer=True,
                  box=box.SIMPLE_HEAD, show_edge=False, header_style="dim", footer_style="bold", padding=(0, 1))
    table.add_column("", footer=tr.t("total"), no_wrap=True)
    solo = all(len(members) == 1 for members in seats.sides) if seats.sides else len(seats.kinds) == len(sheet["sides"])
    for side, total in enumerate(sheet["totals"]):
        # partners are named by their side's label (the board says who sits on which side)
        name = seats.side_name(side) if solo else sheet_word(sheet["sides"][side], seats.game)
        table.add_column(name, footer=str(total), justify="right")
    for row in sheet["rows"]:
        table.add_row(sheet_word(row["label"], seats.game), *map(str, row["points"]))
    return table


def moves(legal: Sequence[str], words: Callable[[str], Text | str | None] | None = None) -> RenderableType:
    """The legal moves, numbered from 1, in columns read top to bottom; with ``words`` (a game's
    :attr:`Layout.move_words`), each in the player's words, then the text that can be typed for it, dimmed.

    >>> print(plain(moves(["pass", "take"], lambda a: {"pass": "Naprej"}.get(a)), width=40))
    1 Naprej (pass)   2 take
    """
    width = len(str(len(legal)))
    items = []
    for i, a in enumerate(legal, 1):
        said = words(a) if words else None
        text = action_text(a)
        if said and str(said).strip().lower() != a.lower():
            text = Text.assemble(said if isinstance(said, Text) else Text(str(said)), " ",
                                 Text.assemble("(", text, ")", style="dim"))
        items.append(Text.assemble((f"{i:>{width}} ", "bold cyan"), text))
    return Columns(items, column_first=True, padding=(0, 3))


def move_words(view: dict[str, Any], seats: Seats) -> Callable[[str], Text | str | None] | None:
    """The game's words for the moves of ``view``, in the current language; ``None`` in English, where a move's
    text is its own words, or for a game without them."""
    said = layout(view).move_words
    if said is None or language() == DEFAULT:
        return None
    return lambda action: said(action, view, seats)


def turn_screen(view: dict[str, Any], seats: Seats, events: Sequence[dict[str, Any]]) -> RenderableType:
    """Everything a human needs to choose a move: board, recent events, score sheet, hand and numbered moves."""
    seats = seats.with_view(view)
    middle = Table.grid(padding=(0, 2), expand=True)
    middle.add_column(ratio=3)
    middle.add_column(ratio=2)
    middle.add_row(recent(view, events, seats), sheet_table(view["sheet"], seats) if "sheet" in view else Text())
    parts: list[RenderableType] = [board(view, seats), middle]
    if view.get("hand") is not None:
        parts.append(layout(view).hand(view, seats))
    if view.get("legal"):
        own = layout(view).moves
        parts += [Text(tr.t("Your moves"), style="bold"),
                  own(view, seats) if own else moves(view["legal"], move_words(view, seats))]
    return Group(*parts)


def final_screen(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The end of a match: the last board and the whole score sheet."""
    parts: list[RenderableType] = [board(view, seats)]
    if "sheet" in view:
        parts.append(sheet_table(view["sheet"], seats.with_view(view)))
    return Group(*parts)


def replay_step(number: int, entry: dict[str, Any], view: dict[str, Any], events: Sequence[dict[str, Any]],
                seats: Seats) -> RenderableType:
    """One step of a replay: the action told in words with what it caused, then the board after it.

    The record's own text of the action is shown when the game tells nothing about it.
    """
    lines = event_lines(view, events, seats)
    table = table_entry(entry["action"]) if entry["seat"] is None else None
    if table:
        word, seat, level = table
        lines = [Text({"start": "The table's clocks start: everyone is here",
                       "bot": f"{seats.name(seat)} is away: a bot ({level}) plays for them",
                       "back": f"{seats.name(seat)} is back and plays again",
                       "pause": "The deal is scored: the table waits for everyone to be ready for the next",
                       "next": f"{seats.name(seat)} is ready for the next deal"}[word], style="dim")]
    if not lines:
        who = tr.t("clock") if entry["seat"] is None else tr.t("Seat {n}", n=entry["seat"])
        lines = [tr.tx("{who}: {action}", who=who, action=action_text(entry["action"]))]
    head = Text.assemble((f"#{number} ", "bold cyan"), lines[0])
    return Group(head, *(Text.assemble("   ", line) for line in lines[1:]), seat_board(view, seats))

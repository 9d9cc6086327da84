"""Gami on the screen: both hands open, the six table cards, whose turn, the deal and the match (pure functions).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("gami").new(seed=3)
>>> print(plain(board(state.view(0), Seats(("human", "alphabeta"), viewer=0)), width=80))
╭─ Gami · deal 1 of 1 · exchange 1 (the deal stops after 200) ─────────────────╮
│ ▶ Seat 1 (alphabeta)   9 cards   ♣ 2 6 7   ♦ 4 7       ♥ 4 5 6 8             │
│                                                                              │
│   Table                          ♣ 4 5     ♦ 2 8       ♥ 2 7                 │
│                                                                              │
│   You                  9 cards   ♣ A 3 8   ♦ A 3 5 6   ♥ A 3                 │
│                                                                              │
│ Seat 1 (alphabeta) plays first this deal.                                    │
╰──────────────────────────────────────────────────────────────────────────────╯
>>> seats = Seats(("human", "alphabeta"), viewer=0)
>>> print(plain(event_line({"type": "exchange", "seat": 1, "action": "exchange 4H 3H take 5C", "gave": "4H",
...     "took": "3H", "gami": [["AH", "2H", "3H"]], "captured": "5C"}, seats)))
Seat 1 (alphabeta) gives 4♥ for 3♥: GAMI A♥ 2♥ 3♥, and takes 5♣ from You
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import RED, Seats, card_text, cards_text, end_line

SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"))
RANKS = "A2345678"
WHY = {
    "stuck": "{loser} cannot make any exchange",
    "two cards": "{loser} {is_} down to two cards",
    "repetition": "the same position came round a third time",
    "move cap": "the deal reached its last exchange (the move cap)",
}


def suit_cells(codes: list[str]) -> list[Text]:
    """One cell per suit, ranks in order: ``♣ A 2 4``, ``♦ 3``, ``♥ 7 8`` (diamonds and hearts in red)."""
    cells = []
    for suit, symbol in SUITS:
        ranks = sorted((c[:-1] for c in codes if c[-1] == suit), key=RANKS.index)
        cells.append(Text(f"{symbol} {' '.join(ranks) or '—'}", style=RED if suit != "C" else ""))
    return cells


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The opponent's hand at the top, the table in the middle, the viewer's hand below (seat 0 below for onlookers)."""
    options = view["options"]
    below = view["seat"] if view["seat"] is not None else 0
    above = 1 - below
    title = f"Gami · deal {view['deal']} of {options['games']}"
    if not view["over"]:
        title += f" · exchange {view['plies'] + 1} (the deal stops after {options['max_plies']})"
    grid = Table.grid(padding=(0, 3))
    for justify in ("left", "right", "left", "left", "left"):
        grid.add_column(no_wrap=True, justify=justify)  # type: ignore[arg-type]
    to_act = set(view["to_act"])

    def row(seat: int) -> None:
        hand = view["hands"][seat]
        name = Text.assemble("▶ " if seat in to_act else "  ",
                             (seats.name(seat), "bold" if seat == seats.viewer else ""))
        grid.add_row(name, f"{len(hand)} cards", *suit_cells(hand))

    row(above)
    grid.add_row()
    grid.add_row(Text("  Table", style="bold"), "", *suit_cells(view["table"]))
    grid.add_row()
    row(below)
    body: list[RenderableType] = [grid, Text()]
    notes = [f"{seats.name(view['first'])} play{'' if view['first'] == seats.viewer else 's'} first this deal."]
    if view["repeats"] >= 2:
        notes.append(f"This position has come round {view['repeats']} times: a third time ends the deal.")
    if options["games"] > 1:
        notes.append("Match: " + ", ".join(f"{seats.name(s)} {view['scores'][s]}" for s in (0, 1))
                     + " (a deal won is 2 points, a draw 1 each).")
    body.append(Text(" ".join(notes)))
    for e in view["log"]:
        if e["type"] in ("result", "end"):
            body.append(event_line(e, seats) or Text())
    return Panel(Group(*body), title=title, title_align="left")


def gami_text(gami: list[str]) -> Text:
    return Text.assemble("GAMI ", cards_text(gami))


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log: ``You give 4♥ for 3♥: GAMI A♥ 2♥ 3♥, and take 5♣ from Seat 1``."""
    kind = event["type"]
    if kind == "deal":
        first = seats.name(event["first"])
        return Text.assemble((f"Deal {event['deal']}", "bold"), f": {first} play{'' if event['first'] == seats.viewer else 's'}"
                             " first; on the table ", cards_text(event["table"]))
    if kind == "exchange":
        line = Text.assemble(f"{seats.does(event['seat'], 'gives')} ", card_text(event["gave"]), " for ",
                             card_text(event["took"]))
        if event.get("gami"):
            line.append(": ")
            line.append_text(gami_text(event["gami"][0]))
            if event.get("captured"):
                line.append_text(Text.assemble(", and ", "take" if event["seat"] == seats.viewer else "takes", " ",
                                               card_text(event["captured"]), f" from {seats.name(1 - event['seat'])}"))
            else:
                line.append(", and takes nothing" if event["seat"] != seats.viewer else ", and take nothing")
        return line
    if kind == "result":
        return result_line(event, seats)
    if kind == "end":
        return end_line(event, seats)
    return None


def result_line(event: dict[str, Any], seats: Seats) -> Text:
    """How a deal ended: who won it, why, and the cards each player held."""
    winner = event["winner"]
    cards = event["cards"]
    loser = 1 - winner if winner is not None else None
    why = WHY[event["reason"]].format(loser=seats.name(loser), is_="are" if loser == seats.viewer else "is")
    held = f"{seats.name(0)} {cards[0]} cards, {seats.name(1)} {cards[1]}"
    if winner is None:
        verdict = "a draw"
    else:
        verdict = f"{seats.name(winner)} win{'' if winner == seats.viewer else 's'}"
    return Text(f"Deal {event['deal']}: {verdict}: {why} ({held}).", style="bold")

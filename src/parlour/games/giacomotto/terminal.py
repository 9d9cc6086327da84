"""Giacomotto on the screen: its board and its event lines, drawn from a seat's view (pure functions).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("giacomotto").new(seed=3)
>>> print(plain(board(state.view(0), Seats(("human", "random"), viewer=0)), width=70))
╭─ Giacomotto · pack 1 · deal 1 of 4 · first to 101 ─────────────────╮
│ Table  Q♣  9♥  A♥  6♠                                              │
│ Stock  36 cards (3 more deals)   Dealer  Seat 1 (random)           │
│                                                                    │
│        seat               in hand       pile    tablas    score    │
│   ▶    You                      6    0 cards         0        0    │
│        Seat 1 (random)          6    0 cards         0        0    │
╰────────────────────────────────────────────────────────────────────╯
>>> print(event_line({"type": "capture", "seat": 1, "action": "capture KH 8C+5D", "card": "KH",
...                   "groups": [["8C", "5D"]], "cards": ["5D", "8C"], "tabla": True}, Seats(("human", "random"), viewer=0)))
Seat 1 (random) captures with K♥: 8♣+5♦  TABLA!
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import Seats, card_text, cards_text, end_line

HAND, TABLE, DECK = 6, 4, 52


def deals_per_pack(players: int) -> int:
    """Six cards each per deal, after four to the table: 4 deals for two players, 2 for four."""
    return (DECK - TABLE) // (HAND * players)


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: table cards, stock, dealer, and each seat's hand size, pile and score."""
    seats = seats.with_view(view)
    players = view["players"]
    title = (f"Giacomotto · pack {view['pack']} · deal {view['deal']} of {deals_per_pack(players)}"
             f" · first to {view['options']['target']}")
    house = [name for name, on in (("forced capture", view["options"].get("forced_capture")),
                                   ("no last-card tabla", not view["options"].get("last_card_tabla", True))) if on]

    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    capture = view.get("capture")
    taken = {c for g in capture["groups"] for c in g} | set(capture["group"]) if capture else set()
    top.add_row("Table", cards_text([c for c in view["table"] if c not in taken], sep="  ", empty="empty"))
    if capture:
        top.add_row("Capture", capture_text(capture, seats))
    stock = view["stock"]
    deals_left = stock // (HAND * players)
    more = f"{deals_left} more deal{'s' * (deals_left != 1)}" if stock else "last deal of the pack"
    top.add_row("Stock", Text.assemble(f"{stock} cards ({more})   ", ("Dealer  ", "bold"), seats.name(view["dealer"])))

    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    partners = players > 2
    headers = ["", "seat"] + ["side"] * partners + ["in hand", "pile", "tablas", "score"]
    for i, header in enumerate(headers):
        people.add_column(header, justify="left" if i < 2 + partners else "right", no_wrap=True)
    to_act = set(view["to_act"])
    for seat in range(players):
        side = seats.side_of(seat)
        cells = ["▶" if seat in to_act else "", Text(seats.name(seat), style="bold" if seat == seats.viewer else "")]
        cells += [view["sheet"]["sides"][side]] * partners
        cells += [str(view["hands"][seat]), f"{view['piles'][side]} cards", str(view["tablas"][side]),
                  str(view["scores"][seat])]
        people.add_row(*cells)
    body: list[RenderableType] = [top, Text(), people]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left",
                 subtitle=("house rules: " + ", ".join(house)) if house else None, subtitle_align="left")


def groups_text(groups: list[list[str]]) -> Text:
    """Groups of cards: ``8♣+5♦ 6♠+7♥``."""
    return Text(" ").join(Text("+").join(card_text(c) for c in g) for g in groups)


def capture_text(capture: dict[str, Any], seats: Seats) -> Text:
    """The capture under way: ``Seat 1 captures with K♥ (14): took 8♣+5♦, taking 6♠+…``.

    >>> from parlour.core.terminal import plain
    >>> print(plain(capture_text({"seat": 1, "card": "KH", "values": [14], "groups": [["8C", "5D"]],
    ...                           "group": ["6S"]}, Seats(("human", "random"), viewer=0))))
    Seat 1 (random) captures with K♥ (14): took 8♣+5♦, taking 6♠+…
    """
    worth = " or ".join(map(str, capture["values"]))
    line = Text.assemble(f"{seats.does(capture['seat'], 'captures')} with ", card_text(capture["card"]), f" ({worth})")
    if capture["groups"]:
        line.append(": took ")
        line.append_text(groups_text(capture["groups"]))
    if capture["group"]:
        line.append(", taking " if capture["groups"] else ": taking ")
        line.append_text(Text("+").join(card_text(c) for c in capture["group"]))
        line.append("+…")
    elif not capture["groups"]:
        line.append(": nothing taken yet")
    return line


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log: ``Seat 1 (greedy) captures with K♥: 8♣+5♦ 6♠+7♥``; ``None`` if it has no line."""
    kind = event["type"]
    if kind == "pack":
        return Text.assemble((f"Pack {event['pack']}", "bold"), f": {seats.name(event['dealer'])} deal"
                             f"{'' if event['dealer'] == seats.viewer else 's'}; on the table ",
                             cards_text(event["table"]))
    if kind == "deal":
        return Text(f"Deal {event['deal']} of pack {event['pack']}: six cards each, {event['stock']} left in the stock",
                    style="dim")
    if kind == "hand":
        whose = "Your" if event["seat"] == seats.viewer else f"{seats.name(event['seat'])}'s"
        return Text.assemble(f"{whose} new cards: ", cards_text(event["cards"]))
    if kind == "trail":
        return Text.assemble(f"{seats.does(event['seat'], 'trails')} ", card_text(event["card"]))
    if kind == "capture":
        line = Text.assemble(f"{seats.does(event['seat'], 'captures')} with ", card_text(event["card"]), ": ",
                             groups_text(event["groups"]))
        if event.get("tabla"):
            line.append("  TABLA!", style="bold yellow")
        return line
    if kind == "sweep":
        return Text.assemble(f"{seats.does(event['seat'], 'takes')} the cards left on the table (last capture): ",
                             cards_text(event["cards"]))
    if kind == "score":
        return score_line(event, seats)
    if kind == "end":
        return end_line(event, seats)
    return None


def score_line(event: dict[str, Any], seats: Seats) -> Text:
    """How a pack scored, a line per side: points, then cards taken, card points, most cards and tablas."""
    line = Text(f"Pack {event['pack']} scores:", style="bold")
    for side, points in enumerate(event["points"]):
        bits = [f"{event['cards'][side]} cards", f"{event['card_points'][side]} card points"]
        if event["most_cards"][side]:
            bits.append(f"+{event['most_cards'][side]} most cards")
        if event["tablas"][side]:
            bits.append(f"+{event['tablas'][side]} tabla{'s' * (event['tablas'][side] != 1)}")
        line.append(f"\n  {seats.side_name(side)} {points} ({', '.join(bits)})")
    return line

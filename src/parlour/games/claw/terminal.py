"""The Claw on the screen: the called card, the seats' winnings and penalties, drawn from a seat's view.

At a terminal the table's spread is the list of moves: every card lying on the table, in no order, each with
its number; find the called card and type its number (or its claim, ``claim 7H @3``).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("claw", players=2).new(seed=1)
>>> state.timeout()
>>> seats = Seats(("human", "sharp"), viewer=0)
>>> print(plain(board(state.view(0), seats), width=60))
╭─ The Claw · call 1 of 52 ────────────────────────────────╮
│ Call 1  7♠   find it on the table and claim it!          │
│ Table   52 cards   Still to call  51                     │
│                                                          │
│        seat              won    sits out                 │
│   ▶    You                 0                             │
│   ▶    Seat 1 (sharp)      0                             │
╰──────────────────────────────────────────────────────────╯
>>> print(event_line({"type": "claim", "seat": 1, "card": "6S", "call": 4, "result": "wrong"}, seats))
Seat 1 (sharp) claims 6♠: wrong, and sits out two calls.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import Seats, card_text, cards_text, plural


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The call, the table's count, and per seat the cards won and the calls it still sits out."""
    total = view["call"] + view["calls_left"]
    title = f"The Claw · call {view['call']} of {total}" if view["call"] else "The Claw · get ready"
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    phase = view["phase"]
    if view["card"] and phase in ("call", "drag"):
        hint = "find it on the table and claim it!" if phase == "call" else "contested: tug it home!"
        top.add_row(f"Call {view['call']}", Text.assemble(card_text(view["card"]), ("   " + hint, "bold yellow")))
    elif phase == "pause":
        who = "the table" if view["caller"] is None else seats.name(view["caller"])
        top.add_row("Next", f"{who} calls the next card")
    top.add_row("Table", Text.assemble(plural(len(view["spread"]), "card"), ("   Still to call  ", "bold"),
                                       str(view["calls_left"])))
    last = view["last"]
    if last and phase == "pause":
        top.add_row("Last", last_text(last, seats))
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", "seat", "won", "sits out"]):
        people.add_column(header, justify="right" if i == 2 else "left", no_wrap=True)
    to_act, drag = set(view["to_act"]), view["drag"]
    for seat in range(view["players"]):
        sits = view["sitting"][seat]
        note = plural(sits, "more call") if sits else ""
        if seat == view["caller"]:
            note = "calls"
        if drag:
            note = f"{plural(drag['taps'][seat], 'tug')}" + (" (claimed it)" if seat == drag["holder"] else "")
        people.add_row("▶" if seat in to_act else "", Text(seats.name(seat), style="bold" if seat == seats.viewer
                                                             else ""), str(len(view["piles"][seat])), note)
    body: list[RenderableType] = [top, Text(), people]
    if not view["legal"] and phase == "call":
        body += [Text(), Text.assemble(("On the table  ", "bold"), cards_text([c for c, *_ in view["spread"]]))]
    if view["over"]:
        body += [Text(), end_text(view, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def last_text(last: dict[str, Any], seats: Seats) -> Text:
    card = card_text(last["card"])
    if last["how"] == "taken":
        return Text.assemble(f"{seats.does(last['seat'], 'took')} ", card)
    if last["how"] == "torn":
        return Text.assemble(card, " was torn: nobody has it")
    return Text.assemble("nobody found ", card)


def end_text(view: dict[str, Any], seats: Seats) -> Text:
    winners = view["winners"]
    best = max(view["scores"]) if view["scores"] else 0
    who = " & ".join(seats.name(w) for w in winners)
    verb = "win" if len(winners) > 1 or seats.viewer in winners else "wins"
    return Text(f"Match over: {who} {verb} with {plural(best, 'card')}.", style="bold")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log: calls, claims, cards taken, missed or torn; tugs have none."""
    kind = event["type"]
    if kind == "start":
        lost = f"; the worn deck has lost {plural(len(event['lost']), 'card')}" if event["lost"] else ""
        return Text(f"{plural(event['cards'], 'card')} spread face up on the table{lost}.", style="bold")
    if kind == "call":
        who = "The table calls" if event["by"] is None else seats.does(event["by"], "calls")
        line = Text.assemble(f"Call {event['call']}: {who} ", card_text(event["card"]))
        if event.get("absent"):
            line.append(" — it is not on the table: next call", style="dim")
        return line
    if kind == "claim":
        line = Text.assemble(f"{seats.does(event['seat'], 'claims')} ", card_text(event["card"]))
        if event["result"] == "wrong":
            line.append(": wrong, and sits out two calls." if event["seat"] != seats.viewer
                        else ": wrong, and you sit out two calls.", style="red")
        return line
    if kind == "take":
        return Text.assemble(f"{seats.does(event['seat'], 'wins')} ", card_text(event["card"]), style="bold")
    if kind == "missed":
        return Text.assemble("Nobody found ", card_text(event["card"]), " in time.", style="dim")
    if kind == "torn":
        return Text.assemble(card_text(event["card"]), " is torn between ",
                             " and ".join(seats.name(s) for s in event["seats"]), ": it counts for nobody.")
    if kind == "end":
        best = max(event["scores"]) if event["scores"] else 0
        who = " & ".join(seats.name(w) for w in event["winners"])
        return Text(f"Match over: {who} won most cards ({best}).", style="bold")
    return None

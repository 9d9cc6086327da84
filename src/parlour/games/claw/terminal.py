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

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, card_text, cards_text

tr = translator(__name__)
#: The score sheet's one row (state.py), drawn by the terminal's score sheet in the player's language.
SHEET_ROW = N_("cards won")


def _said(seat: int | None, seats: Seats, you: str, them: str, style: str = "", **values: Any) -> Text:
    """One of two sentences: the one for you, or the one for another player ({who}); values may be rich Text."""
    if seat is not None and seat == seats.viewer:
        return tr.tx(you, style=style, **values)
    return tr.tx(them, style=style, who=seats.name(seat), **values)


def _cards(n: int) -> str:
    return tr.tn("{n} card", "{n} cards", n)


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The call, the table's count, and per seat the cards won and the calls it still sits out."""
    total = view["call"] + view["calls_left"]
    claw = tr.t("The Claw")
    title = f"{claw} · " + (tr.t("call {call} of {total}", call=view["call"], total=total) if view["call"]
                            else tr.t("get ready"))
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    phase = view["phase"]
    if view["card"] and phase in ("call", "drag"):
        hint = tr.t("find it on the table and claim it!") if phase == "call" else tr.t("contested: tug it home!")
        top.add_row(tr.t("Call {call}", call=view["call"]),
                    Text.assemble(card_text(view["card"]), ("   " + hint, "bold yellow")))
    elif phase == "pause":
        top.add_row(tr.t("Next"), tr.t("the table calls the next card") if view["caller"] is None
                    else _said(view["caller"], seats, N_("you call the next card"), N_("{who} calls the next card")))
    still = ("   " + tr.t("Still to call") + "  ", "bold")
    top.add_row(tr.t("Table"), Text.assemble(_cards(len(view["spread"])), still, str(view["calls_left"])))
    last = view["last"]
    if last and phase == "pause":
        top.add_row(tr.t("Last"), last_text(last, seats))
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", tr.t("seat"), tr.t("won"), tr.t("sits out")]):
        people.add_column(header, justify="right" if i == 2 else "left", no_wrap=True)
    to_act, drag = set(view["to_act"]), view["drag"]
    for seat in range(view["players"]):
        sits = view["sitting"][seat]
        note = tr.tn("{n} more call", "{n} more calls", sits) if sits else ""
        if seat == view["caller"]:
            note = tr.t("calls")
        if drag:
            note = tr.tn("{n} tug", "{n} tugs", drag["taps"][seat]) \
                + (" " + tr.t("(claimed it)") if seat == drag["holder"] else "")
        people.add_row("▶" if seat in to_act else "", Text(seats.name(seat), style="bold" if seat == seats.viewer
                                                             else ""), str(len(view["piles"][seat])), note)
    body: list[RenderableType] = [top, Text(), people]
    if not view["legal"] and phase == "call":
        body += [Text(), Text.assemble((tr.t("On the table") + "  ", "bold"),
                                       cards_text([c for c, *_ in view["spread"]]))]
    if view["over"]:
        body += [Text(), end_text(view, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def last_text(last: dict[str, Any], seats: Seats) -> Text:
    card = card_text(last["card"])
    if last["how"] == "taken":
        return _said(last["seat"], seats, N_("You took {card}"), N_("{who} took {card}"), card=card)
    if last["how"] == "torn":
        return tr.tx("{card} was torn: nobody has it", card=card)
    return tr.tx("nobody found {card}", card=card)


def end_text(view: dict[str, Any], seats: Seats) -> Text:
    winners = view["winners"]
    best = max(view["scores"]) if view["scores"] else 0
    if len(winners) == 1:
        return _said(winners[0], seats, N_("Match over: you win with {cards}."),
                     N_("Match over: {who} wins with {cards}."), "bold", cards=_cards(best))
    return Text(tr.t("Match over: {names} win with {cards}.", names=" & ".join(seats.name(w) for w in winners),
                     cards=_cards(best)), style="bold")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log: calls, claims, cards taken, missed or torn; tugs have none."""
    kind = event["type"]
    seat = event.get("seat")
    if kind == "start":
        spread = tr.tn("{n} card spread face up on the table", "{n} cards spread face up on the table", event["cards"])
        if event["lost"]:
            spread = tr.t("{spread}; the worn deck has lost {cards}", spread=spread, cards=_cards(len(event["lost"])))
        return Text(spread + ".", style="bold")
    if kind == "call":
        card = card_text(event["card"])
        line = tr.tx("Call {call}: The table calls {card}", call=event["call"], card=card) if event["by"] is None \
            else _said(event["by"], seats, N_("Call {call}: You call {card}"), N_("Call {call}: {who} calls {card}"),
                       call=event["call"], card=card)
        if event.get("absent"):
            line.append(" — " + tr.t("it is not on the table: next call"), style="dim")
        return line
    if kind == "claim":
        card = card_text(event["card"])
        if event["result"] == "wrong":
            return _said(seat, seats, N_("You claim {card}: wrong, and you sit out two calls."),
                         N_("{who} claims {card}: wrong, and sits out two calls."), card=card)
        return _said(seat, seats, N_("You claim {card}"), N_("{who} claims {card}"), card=card)
    if kind == "take":
        return _said(seat, seats, N_("You win {card}"), N_("{who} wins {card}"), "bold", card=card_text(event["card"]))
    if kind == "missed":
        return tr.tx("Nobody found {card} in time.", style="dim", card=card_text(event["card"]))
    if kind == "torn":
        return tr.tx("{card} is torn between {names}: it counts for nobody.", card=card_text(event["card"]),
                     names=" & ".join(seats.name(s) for s in event["seats"]))
    if kind == "end":
        best = max(event["scores"]) if event["scores"] else 0
        return Text(tr.t("Match over: {names} won most cards ({n}).", n=best,
                         names=" & ".join(seats.name(w) for w in event["winners"])), style="bold")
    return None


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``claim 7H @12`` → "Zgrabi 7♥" in Slovenian."""
    words = action.split()
    if words == ["call"]:
        return tr.t("Call the next card")
    if words[:1] == ["tug"]:
        return tr.t("Tug!")
    if len(words) == 3 and words[0] == "claim":
        return tr.tx("Claim {card}", card=card_text(words[1]))
    return None

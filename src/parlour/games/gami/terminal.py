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
Seat 1 (alphabeta) gives 4♥ for 3♥: GAMI A♥ 2♥ 3♥, and takes 5♣ from you
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.i18n import translator
from parlour.core.terminal import RED, Seats, card_text, cards_text, end_line

tr = translator(__name__)
SUITS = (("C", "♣"), ("D", "♦"), ("H", "♥"))
RANKS = "A2345678"


def _why(reason: str, loser: int | None, seats: Seats) -> str:
    if reason == "stuck":
        return tr.t("you cannot make any exchange") if seats.you(loser) \
            else tr.t("{loser} cannot make any exchange", loser=seats.name(loser))
    if reason == "two cards":
        return tr.t("you are down to two cards") if seats.you(loser) \
            else tr.t("{loser} is down to two cards", loser=seats.name(loser))
    if reason == "repetition":
        return tr.t("the same position came round a third time")
    return tr.t("the deal reached its last exchange (the move cap)")


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
    title = tr.t("Gami · deal {n} of {games}", n=view["deal"], games=options["games"])
    if not view["over"]:
        title += " · " + tr.t("exchange {n} (the deal stops after {max})", n=view["plies"] + 1, max=options["max_plies"])
    grid = Table.grid(padding=(0, 3))
    for justify in ("left", "right", "left", "left", "left"):
        grid.add_column(no_wrap=True, justify=justify)  # type: ignore[arg-type]
    to_act = set(view["to_act"])

    def row(seat: int) -> None:
        hand = view["hands"][seat]
        name = Text.assemble("▶ " if seat in to_act else "  ",
                             (seats.name(seat), "bold" if seat == seats.viewer else ""))
        grid.add_row(name, tr.tn("{n} card", "{n} cards", len(hand)), *suit_cells(hand))

    row(above)
    grid.add_row()
    grid.add_row(Text("  " + tr.t("Table"), style="bold"), "", *suit_cells(view["table"]))
    grid.add_row()
    row(below)
    body: list[RenderableType] = [grid, Text()]
    for g in (view.get("aids") or {}).get("gami") or []:  # the player aid, with parlour play --aids
        body.append(Text.assemble((tr.t("For a GAMI") + "  ", "bold"), tr.tx(
            "give {give}, take {take}: {three}", give=card_text(g["give"]), take=card_text(g["take"]),
            three=cards_text(g["three"]))))
    notes = [tr.t("You play first this deal.") if seats.you(view["first"])
             else tr.t("{who} plays first this deal.", who=seats.name(view["first"]))]
    if view["repeats"] >= 2:
        notes.append(tr.tn("This position has come round {n} time: a third time ends the deal.",
                           "This position has come round {n} times: a third time ends the deal.", view["repeats"]))
    if options["games"] > 1:
        notes.append(tr.t("Match: {scores} (a deal won is 2 points, a draw 1 each).",
                          scores=", ".join(f"{seats.name(s)} {view['scores'][s]}" for s in (0, 1))))
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
        deal = Text(tr.t("Deal {n}", n=event["deal"]), style="bold")
        if seats.you(event["first"]):
            return tr.tx("{deal}: you play first; on the table {cards}", deal=deal, cards=cards_text(event["table"]))
        return tr.tx("{deal}: {who} plays first; on the table {cards}", deal=deal, who=seats.name(event["first"]),
                     cards=cards_text(event["table"]))
    if kind == "exchange":
        seat = event["seat"]
        you = seats.you(seat)
        values = {"who": seats.name(seat), "gave": card_text(event["gave"]), "took": card_text(event["took"])}
        line = tr.tx("You give {gave} for {took}", **values) if you else tr.tx("{who} gives {gave} for {took}", **values)
        if event.get("gami"):
            line.append(": ")
            line.append_text(gami_text(event["gami"][0]))
            if event.get("captured"):
                taken = {"card": card_text(event["captured"]), "from": seats.name(1 - seat)}
                line.append_text(tr.tx(", and take {card} from {from}", **taken) if you
                                 else tr.tx(", and takes {card} from you", **taken) if seats.you(1 - seat)
                                 else tr.tx(", and takes {card} from {from}", **taken))
            else:
                line.append(tr.t(", and take nothing") if you else tr.t(", and takes nothing"))
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
    why = _why(event["reason"], loser, seats)
    held = tr.t("{first} {n} cards, {second} {m}", first=seats.name(0), n=cards[0], second=seats.name(1), m=cards[1])
    if winner is None:
        verdict = tr.t("a draw")
    else:
        verdict = tr.t("you win") if seats.you(winner) else tr.t("{who} wins", who=seats.name(winner))
    return Text(tr.t("Deal {n}: {verdict}: {why} ({held}).", n=event["deal"], verdict=verdict, why=why, held=held),
                style="bold")


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``exchange 3H 2H take 5C`` → "Daj 3♥ za 2♥: GAMI · Vzemi
    5♣" in Slovenian.

    >>> print(move_words("exchange 3H 2H take 5C", {}, Seats.anonymous(2)))
    Give 3♥ for 2♥: a GAMI · Take 5♣
    """
    words = action.split()
    if len(words) == 3 and words[0] == "exchange":
        return tr.tx("Give {gave} for {took}", gave=card_text(words[1]), took=card_text(words[2]))
    if len(words) == 5 and words[0] == "exchange":
        return Text.assemble(tr.tx("Give {gave} for {took}: a GAMI", gave=card_text(words[1]), took=card_text(words[2])),
                             " · ", tr.tx("Take {card}", card=card_text(words[4])))
    return None

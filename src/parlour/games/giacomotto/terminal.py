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

from parlour.core.i18n import translator
from parlour.core.terminal import Seats, card_text, cards_text, end_line, sheet_word

tr = translator(__name__)

HAND, TABLE, DECK = 6, 4, 52


def deals_per_pack(players: int) -> int:
    """Six cards each per deal, after four to the table: 4 deals for two players, 2 for four."""
    return (DECK - TABLE) // (HAND * players)


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: table cards, stock, dealer, and each seat's hand size, pile and score."""
    seats = seats.with_view(view)
    players = view["players"]
    title = tr.t("Giacomotto · pack {pack} · deal {deal} of {deals} · first to {target}", pack=view["pack"],
                 deal=view["deal"], deals=deals_per_pack(players), target=view["options"]["target"])
    house = [name for name, on in ((tr.t("forced capture"), view["options"].get("forced_capture")),
                                   (tr.t("no last-card tabla"), not view["options"].get("last_card_tabla", True))) if on]

    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    capture = view.get("capture")
    taken = {c for g in capture["groups"] for c in g} | set(capture["group"]) if capture else set()
    top.add_row(tr.t("Table"), cards_text([c for c in view["table"] if c not in taken], sep="  ", empty=tr.t("empty")))
    if capture:
        top.add_row(tr.t("Capture"), capture_text(capture, seats))
    stock = view["stock"]
    deals_left = stock // (HAND * players)
    more = tr.tn("{n} more deal", "{n} more deals", deals_left) if stock else tr.t("last deal of the pack")
    top.add_row(tr.t("Stock"), Text.assemble(tr.tn("{n} card ({more})", "{n} cards ({more})", stock, more=more) + "   ",
                                             (tr.t("Dealer") + "  ", "bold"), seats.name(view["dealer"])))

    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    partners = players > 2
    headers = ["", tr.t("seat")] + [tr.t("side")] * partners + [tr.t("in hand"), tr.t("pile"), tr.t("tablas"),
                                                                   tr.t("score")]
    for i, header in enumerate(headers):
        people.add_column(header, justify="left" if i < 2 + partners else "right", no_wrap=True)
    to_act = set(view["to_act"])
    for seat in range(players):
        side = seats.side_of(seat)
        cells = ["▶" if seat in to_act else "", Text(seats.name(seat), style="bold" if seat == seats.viewer else "")]
        cells += [sheet_word(view["sheet"]["sides"][side])] * partners
        cells += [str(view["hands"][seat]), tr.tn("{n} card", "{n} cards", view["piles"][side]), str(view["tablas"][side]),
                  str(view["scores"][seat])]
        people.add_row(*cells)
    captures = (view.get("aids") or {}).get("captures")  # the player aid, with parlour play --aids
    if captures:
        top.add_row(tr.t("Can capture"), cards_text(captures, sep="  "))
    body: list[RenderableType] = [top, Text(), people]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left",
                 subtitle=tr.t("house rules: {rules}", rules=", ".join(house)) if house else None, subtitle_align="left")


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
    worth = ""
    for value in capture["values"]:
        worth = tr.t("{a} or {b}", a=worth, b=value) if worth else str(value)
    values = {"who": seats.name(capture["seat"]), "card": card_text(capture["card"]), "worth": worth}
    line = tr.tx("You capture with {card} ({worth})", **values) if seats.you(capture["seat"]) \
        else tr.tx("{who} captures with {card} ({worth})", **values)
    group = Text.assemble(Text("+").join(card_text(c) for c in capture["group"]), "+…")
    if capture["groups"] and capture["group"]:
        line.append_text(tr.tx(": took {groups}, taking {group}", groups=groups_text(capture["groups"]), group=group))
    elif capture["groups"]:
        line.append_text(tr.tx(": took {groups}", groups=groups_text(capture["groups"])))
    elif capture["group"]:
        line.append_text(tr.tx(": taking {group}", group=group))
    else:
        line.append(tr.t(": nothing taken yet"))
    return line


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log: ``Seat 1 (greedy) captures with K♥: 8♣+5♦ 6♠+7♥``; ``None`` if it has no line."""
    kind = event["type"]
    seat = event.get("seat")
    you = seats.you(seat)
    who = seats.name(seat) if seat is not None else ""
    if kind == "pack":
        pack = Text(tr.t("Pack {n}", n=event["pack"]), style="bold")
        if seats.you(event["dealer"]):
            return tr.tx("{pack}: you deal; on the table {cards}", pack=pack, cards=cards_text(event["table"]))
        return tr.tx("{pack}: {who} deals; on the table {cards}", pack=pack, who=seats.name(event["dealer"]),
                     cards=cards_text(event["table"]))
    if kind == "deal":
        return Text(tr.t("Deal {deal} of pack {pack}: six cards each, {n} left in the stock", deal=event["deal"],
                         pack=event["pack"], n=event["stock"]), style="dim")
    if kind == "hand":
        if you:
            return tr.tx("Your new cards: {cards}", cards=cards_text(event["cards"]))
        return tr.tx("{who}'s new cards: {cards}", who=who, cards=cards_text(event["cards"]))
    if kind == "trail":
        card = card_text(event["card"])
        return tr.tx("You trail {card}", card=card) if you else tr.tx("{who} trails {card}", who=who, card=card)
    if kind == "capture":
        values = {"who": who, "card": card_text(event["card"]), "groups": groups_text(event["groups"])}
        line = tr.tx("You capture with {card}: {groups}", **values) if you \
            else tr.tx("{who} captures with {card}: {groups}", **values)
        if event.get("tabla"):
            line.append("  " + tr.t("TABLA!"), style="bold yellow")
        return line
    if kind == "sweep":
        cards = cards_text(event["cards"])
        return tr.tx("You take the cards left on the table (last capture): {cards}", cards=cards) if you \
            else tr.tx("{who} takes the cards left on the table (last capture): {cards}", who=who, cards=cards)
    if kind == "score":
        return score_line(event, seats)
    if kind == "end":
        return end_line(event, seats)
    return None


def score_line(event: dict[str, Any], seats: Seats) -> Text:
    """How a pack scored, a line per side: points, then cards taken, card points, most cards and tablas."""
    line = Text(tr.t("Pack {n} scores:", n=event["pack"]), style="bold")
    for side, points in enumerate(event["points"]):
        bits = [tr.tn("{n} card", "{n} cards", event["cards"][side]),
                tr.tn("{n} card point", "{n} card points", event["card_points"][side])]
        if event["most_cards"][side]:
            bits.append(tr.t("+{n} most cards", n=event["most_cards"][side]))
        if event["tablas"][side]:
            bits.append(tr.tn("+{n} tabla", "+{n} tablas", event["tablas"][side]))
        line.append(f"\n  {seats.side_name(side)} {points} ({', '.join(bits)})")
    return line


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | None:
    """A legal move in the player's words, beside its text: ``trail 7H`` → "Odvrzi 7♥" in Slovenian.

    >>> print(move_words("capture KH 8C+5D", {}, Seats.anonymous(2)))
    Capture with K♥: 8♣+5♦
    """
    words = action.split()
    if words == ["done"]:
        return Text(tr.t("Done"))
    if len(words) < 2:
        return None
    card = card_text(words[1])
    if words[0] == "trail":
        return tr.tx("Trail {card}", card=card)
    if words[0] == "take":
        return tr.tx("take {card}", card=card)
    if words[0] == "capture" and len(words) == 2:
        return tr.tx("Capture with {card}", card=card)
    if words[0] == "capture":
        return tr.tx("Capture with {card}: {groups}", card=card, groups=groups_text([w.split("+") for w in words[2:]]))
    return None

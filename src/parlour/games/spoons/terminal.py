"""Spoons on the screen: the ring of seats, the spoons, the letters and your hand, drawn from a seat's view.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("spoons", players=3).new(seed=1)
>>> state.timeout()
>>> seats = Seats(("human", "sharp", "sharp"), viewer=0)
>>> print(plain(board(state.view(0), seats), width=72))
╭─ S-P-O-O-N · round 1 · pass cards to your left ──────────────────────╮
│ Spoons  2 in the middle, none taken                                  │
│ Stock   39 cards   Discard pile  0 cards                             │
│                                                                      │
│        seat              cards    waiting    passed    letters       │
│   ▶    You                   5          0         0    —             │
│        Seat 1 (sharp)        4          0         0    —             │
│        Seat 2 (sharp)        4          0         0    —             │
│                                                                      │
│ You hold the stock; Seat 2 (sharp) passes to the discard pile.       │
╰──────────────────────────────────────────────────────────────────────╯
>>> print(plain(hand(state.view(0), seats)))
Your hand  K♣  4♦  A♠  9♦  6♣   (pass one to Seat 1 (sharp))
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, cards_text

PHASES = {"countdown": N_("get ready"), "passing": N_("pass cards to your left"), "grab": N_("GRAB A SPOON!"),
          "over": N_("over")}
tr = translator(__name__)


def spelled(word: str, letters: int) -> str:
    """The letters a seat holds: ``S P`` (``—`` for none)."""
    return " ".join(word[:letters]) or "—"


def _said(seat: int | None, seats: Seats, you: str, them: str, style: str = "", **values: Any) -> Text:
    """One of two sentences: the one for you, or the one for another player ({who}); values may be rich Text."""
    if seat is not None and seat == seats.viewer:
        return tr.tx(you, style=style, **values)
    return tr.tx(them, style=style, who=seats.name(seat), **values)


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The ring in passing order, each seat's cards, waiting cards, passes and letters; the spoons and the piles."""
    word = view["word"]
    title = f"{'-'.join(word)} · {tr.t('round {round}', round=view['round'])} · {tr.t(PHASES[view['phase']])}"
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    left = view["spoons"] - len(view["grabbed"])
    taken = ", ".join(f"{seats.name(s)} {ordinal(i + 1)}" for i, s in enumerate(view["grabbed"])) \
        or tr.t("none taken")
    top.add_row(tr.t("Spoons"), tr.t("{left} in the middle, {taken}", left=left, taken=taken))
    top.add_row(tr.t("Stock"), Text.assemble(tr.tn("{n} card", "{n} cards", view["stock"]),
                                             ("   " + tr.t("Discard pile") + "  ", "bold"),
                                             tr.tn("{n} card", "{n} cards", view["discard"])))
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    headers = ["", tr.t("seat"), tr.t("cards"), tr.t("waiting"), tr.t("passed"), tr.t("letters")]
    for i, header in enumerate(headers):
        people.add_column(header, justify="right" if 2 <= i <= 4 else "left", no_wrap=True)
    to_act = set(view["to_act"])
    alive = view["alive"]
    ring = alive[alive.index(view["holder"]):] + alive[:alive.index(view["holder"])] if view["holder"] in alive \
        else alive
    for seat in ring + [s for s in range(view["players"]) if s not in alive]:
        out = seat not in alive
        spoon = " ⌒ " + tr.t("spoon") if seat in view["grabbed"] else ""
        name = Text(seats.name(seat) + spoon, style="dim" if out else "bold" if seat == seats.viewer else "")
        people.add_row("▶" if seat in to_act else "", name, tr.t("out") if out else str(view["hands"][seat]),
                       "" if out else str(view["queues"][seat]), "" if out else str(view["passed"][seat]),
                       spelled(word, view["letters"][seat]))
    body: list[RenderableType] = [top, Text(), people]
    if not view["over"]:
        holds = _said(view["holder"], seats, N_("You hold the stock"), N_("{who} holds the stock"))
        passes = _said(view["dealer"], seats, N_("you pass to the discard pile"),
                       N_("{who} passes to the discard pile"))
        body += [Text(), tr.tx("{holds}; {passes}.", holds=holds, passes=passes)]
    laid = view["laid"]
    if laid:
        body.append(_said(laid["seat"], seats, N_("You laid down {cards} and took the first spoon."),
                          N_("{who} laid down {cards} and took the first spoon."), "bold",
                          cards=cards_text(laid["cards"])))
    if view["over"]:
        body += [Text(), end_text(view["winners"], seats)]
    return Panel(Group(*body), title=title, title_align="left")


def hand(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The seat's cards, with what to do: pass one on, or grab when it holds four of a kind."""
    cards = view["hand"]
    line = Text.assemble((tr.t("Your hand") + "  ", "bold"), cards_text(cards, sep="  ", empty=tr.t("none")))
    ranks = Counter(c[:-1] for c in cards)
    if "grab" in view["legal"]:
        four = [r for r, k in ranks.items() if k >= 4]
        line.append("   " + (tr.t("four {rank}s: grab!", rank=four[0]) if four else tr.t("grab!")), style="bold yellow")
    elif len(cards) == 5 and view["phase"] == "passing":
        alive = view["alive"]
        left = alive[(alive.index(view["seat"]) + 1) % len(alive)]
        line.append("   " + (tr.t("(pass one to the discard pile)") if left == view["holder"]
                             else tr.t("(pass one to {who})", who=seats.name(left))), style="dim")
    return line


ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... in the player's language."""
    return tr.t(ORDINALS[n]) if n in ORDINALS else tr.t("{n}th", n=n)


def end_text(winners: list[int], seats: Seats) -> Text:
    names = " & ".join(_said(w, seats, N_("You win"), N_("{who} wins")).plain for w in winners)
    return Text(tr.t("Match over: {names}, the last seat in.", names=names), style="bold")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log; passes have none (they are counted on the board)."""
    kind = event["type"]
    seat = event.get("seat")
    if kind == "round":
        deals = _said(event["dealer"], seats, N_("Round {round}: you deal"), N_("Round {round}: {who} deals"),
                      round=event["round"])
        holds = _said(event["holder"], seats, N_("you hold the stock"), N_("{who} holds the stock"))
        return tr.tx("{deals}, {holds}; {spoons} for {players}.", style="bold", deals=deals, holds=holds,
                     spoons=tr.tn("{n} spoon", "{n} spoons", event["spoons"]),
                     players=tr.tn("{n} player", "{n} players", len(event["alive"])))
    if kind == "go":
        return Text(tr.t("Go! Cards go round to the left."))
    if kind == "restock":
        restock = tr.t("The stock ran out: the discard pile ({n} cards), shuffled, is the new stock", n=event["cards"])
        return Text(restock + ".", style="dim")
    if kind == "grab":
        if event.get("false"):
            return _said(seat, seats, N_("You grab the first spoon without four of a kind!"),
                         N_("{who} grabs the first spoon without four of a kind!"), "bold red")
        if "cards" in event:
            return _said(seat, seats, N_("You lay down {cards} and take the first spoon!"),
                         N_("{who} lays down {cards} and takes the first spoon!"), "bold yellow",
                         cards=cards_text(event["cards"]))
        return _said(seat, seats, N_("You grab spoon {n}."), N_("{who} grabs spoon {n}."), n=event["order"])
    if kind == "timeout":
        return Text(tr.t("Time's up: nobody else grabbed in time."))
    if kind == "letter":
        return _said(seat, seats, N_("You get a letter: {letters}."), N_("{who} gets a letter: {letters}."), "bold",
                     letters=" ".join(event["letters"]))
    if kind == "out":
        return _said(seat, seats, N_("You spelled the whole word and are out."),
                     N_("{who} spelled the whole word and is out."), "bold red")
    if kind == "end":
        return end_text(event["winners"], seats)
    return None


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``pass 7H`` → "Podaj 7♥ naprej" in Slovenian."""
    words = action.split()
    if words == ["grab"]:
        return tr.t("Grab!")
    if len(words) == 2 and words[0] == "pass":
        return tr.tx("Pass {card} on", card=cards_text(words[1:]))
    return None

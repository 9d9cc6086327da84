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

from parlour.core.terminal import Seats, cards_text, plural

PHASES = {"countdown": "get ready", "passing": "pass cards to your left", "grab": "GRAB A SPOON!", "over": "over"}


def spelled(word: str, letters: int) -> str:
    """The letters a seat holds: ``S P`` (``—`` for none)."""
    return " ".join(word[:letters]) or "—"


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The ring in passing order, each seat's cards, waiting cards, passes and letters; the spoons and the piles."""
    word = view["word"]
    title = f"{'-'.join(word)} · round {view['round']} · {PHASES[view['phase']]}"
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    left = view["spoons"] - len(view["grabbed"])
    taken = ", ".join(f"{seats.name(s)} {ordinal(i + 1)}" for i, s in enumerate(view["grabbed"])) or "none taken"
    top.add_row("Spoons", f"{left} in the middle, {taken}")
    top.add_row("Stock", Text.assemble(plural(view["stock"], "card"), ("   Discard pile  ", "bold"),
                                       plural(view["discard"], "card")))
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", "seat", "cards", "waiting", "passed", "letters"]):
        people.add_column(header, justify="right" if 2 <= i <= 4 else "left", no_wrap=True)
    to_act = set(view["to_act"])
    alive = view["alive"]
    ring = alive[alive.index(view["holder"]):] + alive[:alive.index(view["holder"])] if view["holder"] in alive \
        else alive
    for seat in ring + [s for s in range(view["players"]) if s not in alive]:
        out = seat not in alive
        spoon = " ⌒ spoon" if seat in view["grabbed"] else ""
        name = Text(seats.name(seat) + spoon, style="dim" if out else "bold" if seat == seats.viewer else "")
        people.add_row("▶" if seat in to_act else "", name, "out" if out else str(view["hands"][seat]),
                       "" if out else str(view["queues"][seat]), "" if out else str(view["passed"][seat]),
                       spelled(word, view["letters"][seat]))
    body: list[RenderableType] = [top, Text(), people]
    if not view["over"]:
        body += [Text(), Text(f"{seats.does(view['holder'], 'holds')} the stock; "
                              f"{seats.does(view['dealer'], 'passes')} to the discard pile.")]
    laid = view["laid"]
    if laid:
        body.append(Text.assemble(f"{seats.does(laid['seat'], 'laid')} down ", cards_text(laid["cards"]),
                                  " and took the first spoon.", style="bold"))
    if view["over"]:
        body += [Text(), end_text(view["winners"], seats)]
    return Panel(Group(*body), title=title, title_align="left")


def hand(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The seat's cards, with what to do: pass one on, or grab when it holds four of a kind."""
    cards = view["hand"]
    line = Text.assemble(("Your hand  ", "bold"), cards_text(cards, sep="  ", empty="none"))
    ranks = Counter(c[:-1] for c in cards)
    if "grab" in view["legal"]:
        four = [r for r, k in ranks.items() if k >= 4]
        line.append(f"   four {four[0]}s: grab!" if four else "   grab!", style="bold yellow")
    elif len(cards) == 5 and view["phase"] == "passing":
        alive = view["alive"]
        left = alive[(alive.index(view["seat"]) + 1) % len(alive)]
        to = "the discard pile" if left == view["holder"] else seats.name(left)
        line.append(f"   (pass one to {to})", style="dim")
    return line


def ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"


def end_text(winners: list[int], seats: Seats) -> Text:
    return Text(f"Match over: {' & '.join(seats.does(w, 'wins') for w in winners)}, the last seat in.", style="bold")


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log; passes have none (they are counted on the board)."""
    kind = event["type"]
    if kind == "round":
        return Text(f"Round {event['round']}: {seats.does(event['dealer'], 'deals')}, "
                    f"{seats.does(event['holder'], 'holds')} the stock; "
                    f"{plural(event['spoons'], 'spoon')} for {len(event['alive'])} players.", style="bold")
    if kind == "go":
        return Text("Go! Cards go round to the left.")
    if kind == "restock":
        return Text(f"The stock ran out: the discard pile ({plural(event['cards'], 'card')}), shuffled, is the "
                    "new stock.", style="dim")
    if kind == "grab":
        if event.get("false"):
            return Text(f"{seats.does(event['seat'], 'grabs')} the first spoon without four of a kind!",
                        style="bold red")
        if "cards" in event:
            take = "take" if event["seat"] == seats.viewer else "takes"
            return Text.assemble(f"{seats.does(event['seat'], 'lays')} down ", cards_text(event["cards"]),
                                 f" and {take} the first spoon!", style="bold yellow")
        return Text(f"{seats.does(event['seat'], 'grabs')} spoon {event['order']}.")
    if kind == "timeout":
        return Text("Time's up: nobody else grabbed in time.")
    if kind == "letter":
        return Text(f"{seats.does(event['seat'], 'gets')} a letter: {' '.join(event['letters'])}.", style="bold")
    if kind == "out":
        return Text(f"{seats.name(event['seat'])} spelled the whole word and {'are' if event['seat'] == seats.viewer else 'is'}"
                    " out.", style="bold red")
    if kind == "end":
        return end_text(event["winners"], seats)
    return None

"""Zole on the screen: the table and the event lines, drawn from a seat's view (pure functions).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("zole").new(seed=3, deck=["KH", "8D"] + "QC QS QH QD 9C 9S 9H 7D".split()
...                                  + "AC 10C KC AS 10S KS JC JS AH 10H 9D JH JD AD 10D KD".split())
>>> state.apply(state.to_act[0], "take")
<Move take>
>>> print(plain(board(state.view(1), Seats(("search", "human", "greedy"), viewer=1)), width=78))
╭─ Zole · hand 1 of 12 · standard chips ─────────────────────────────────────╮
│ Talon       taken by the Big one                                           │
│ Big one     You (took the talon)                                           │
│ Small ones  Seat 0 (search), Seat 2 (greedy)                               │
│ Pool        empty   dealer: Seat 0 (search)                                │
│                                                                            │
│     seat                        cards  tricks  points  chips               │
│     Seat 0 (search)  small one      8       0       0      0               │
│  ▶  You              Big one       10       0       0      0               │
│     Seat 2 (greedy)  small one      8       0       0      0               │
╰────────────────────────────────────────────────────────────────────────────╯
>>> print(event_line({"type": "trick", "winner": 1, "cards": ["QC", "JS", "AD"], "points": 16},
...                  Seats(("search", "human", "greedy"), viewer=1)))
You take the trick: Q♣ J♠ A♦ (16 points)
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import Seats, card_text, cards_text, end_line

BIDS = {"pass": "passes", "take": "takes the talon: the Big one",
        "zole": "declares Zole: the Big one, without the talon",
        "small zole": "declares small zole: to take no trick"}
MODES = {"big": "took the talon", "zole": "Zole", "small zole": "small zole"}


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: the talon, who plays alone, the pool, each seat's cards, tricks, points and
    chips, the trick on the table, and the last hand's result."""
    options = view["options"]
    hands = f" of {options['hands']}" if options["hands"] else ""
    title = f"Zole · hand {view['hand_number']}{hands} · {options['scoring']} chips"
    if options["target"]:
        title += f" · to ±{options['target']}"
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    declarer, mode = view["declarer"], view["mode"]
    if view["talon_count"]:
        talon = f"{view['talon_count']} cards face down" + (" (the small ones' at the end)" if mode == "zole" else "")
    else:
        talon = "taken by the Big one"
    top.add_row("Talon", talon)
    if declarer is not None:
        alone = mode in ("big", "zole")
        top.add_row("Big one" if alone else "Alone", f"{seats.name(declarer)} ({MODES[mode]})")
        top.add_row("Small ones" if alone else "Against", ", ".join(seats.name(s) for s in view["small_ones"]))
    elif mode == "table":
        top.add_row("Game", "the table game: everyone for himself, the most tricks loses")
    dealer = f"   dealer: {seats.name(view['dealer'])}"
    if options["all_pass"] == "pules":
        pules = view["pules"]
        personal = ", ".join(seats.name(s) for s in pules["personal"]) or "none"
        top.add_row("Pules", f"{pules['common']} common; personal: {personal}{dealer}")
    else:
        pool = view["pool"]
        top.add_row("Pool", (f"{pool} chip{'s' * (pool != 1)}" if pool else "empty") + dealer)
    if view.get("laid_away"):
        top.add_row("Laid away", cards_text(view["laid_away"]))
    body: list[RenderableType] = [top, Text(), _seats(view, seats)]
    if view["trick"]:
        line = Text("Trick  ", style="bold")
        for i, play in enumerate(view["trick"]):
            line.append(("  " if i else "") + seats.name(play["seat"]) + " ")
            line.append_text(card_text(play["card"]))
        body += [Text(), line]
    elif view["last_trick"]:
        last = view["last_trick"]
        body += [Text(), Text.assemble(("Last trick  ", "bold"), cards_text(last["cards"]), f"  won by "
                                       f"{seats.name(last['winner'])}")]
    last = next((e for e in view["previous"] or [] if e["type"] == "score"), None)
    if last and view["phase"] in ("bid", "discard"):  # until the first card of the next hand
        body += [Text(), Text.assemble(("Last hand  ", "bold"), result_text(last, seats))]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def _seats(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    for i, header in enumerate(("", "seat", "", "cards", "tricks", "points", "chips")):
        people.add_column(header, justify="left" if i < 3 else "right", no_wrap=True)
    to_act = set(view["to_act"])
    declarer = view["declarer"]
    for seat in range(view["players"]):
        if seat == view["sitting_out"]:
            role = "deals, sits out"
        elif declarer is None:
            role = {"pass": "passed", None: ""}.get(view["bids"][seat], "")
        else:
            role = "small one" if seat != declarer else "Big one" if view["mode"] != "small zole" else "small zole"
        chips = view["scores"][seat]
        name = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
        people.add_row("▶" if seat in to_act else "", name,
                       role, str(view["hand_counts"][seat]), str(view["tricks"][seat]),
                       str(view["won_points"][seat]), f"{chips:+d}" if chips else "0")
    return people


def result_text(result: dict[str, Any], seats: Seats) -> Text:
    """One hand's result in words: who played what, the points, and the chips."""
    mode = result["mode"]
    if mode == "all pass":
        where = f"the pool now holds {result['pool']}" if "pool" in result else \
            f"a common pule is written ({result['common pules']} open)"
        return Text(f"everyone passed; {where}")
    if mode == "pool returned":
        return Text("the pool goes back in equal shares")
    chips = ", ".join(f"{seats.name(s)} {p:+d}" for s, p in enumerate(result["points"]))
    decl = result["declarer"]
    if mode == "table":
        losers = " & ".join(seats.name(s) for s in result["losers"])
        return Text(f"the table game: {losers} took the most tricks and pay{'s' * (len(result['losers']) == 1)} "
                    f"2 chips to each. Chips: {chips}")
    if mode == "small zole":
        how = "took no trick" if result["declarer_won"] else "took a trick"
        return Text(f"{seats.name(decl)}'s small zole: {how}. Chips: {chips}")
    big, small = result["card_points"]
    who = "the Big one wins" if result["declarer_won"] else "the small ones win"
    what = "Zole" if mode == "zole" else "the Big one"
    text = f"{seats.name(decl)} ({what}) {big}, the small ones {small}: {who}. Chips: {chips}"
    if "pool_taken" in result:
        text += " (the pool included)"
    if "pules" in result and result["pules"]["note"]:
        text += f"; pules: {seats.name(decl)} {result['pules']['note']}"
    return Text(text)


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log; ``None`` for events with nothing to tell."""
    kind = event["type"]
    if kind == "deal":
        sits = f"; {seats.name(event['dealer'])} sits out" if event["dealer"] not in event["active"] else ""
        pool = f"; the pool holds {event['pool']}" if event["pool"] else ""
        return Text(f"Hand {event['hand']}: {seats.does(event['dealer'], 'deals')}{sits}{pool}", style="bold")
    if kind == "hand":
        return Text.assemble("Your cards: " if event["seat"] == seats.viewer else f"{seats.name(event['seat'])}'s "
                             "cards: ", cards_text(event["cards"]))
    if kind == "bid":
        return Text(seats.does(event["seat"], BIDS[event["action"]]))
    if kind == "talon":
        return Text.assemble(f"{seats.does(event['seat'], 'picks')} up the talon: ", cards_text(event["cards"]))
    if kind == "laid away":
        return Text.assemble(f"{seats.does(event['seat'], 'lays')} away ", cards_text(event["cards"]))
    if kind == "discard":
        return None if event["seat"] == seats.viewer else Text(f"{seats.does(event['seat'], 'lays')} away two cards")
    if kind == "table game":
        return Text("Everyone passed: the table game is played, everyone for himself; the most tricks loses")
    if kind == "play":
        return Text.assemble(f"{seats.does(event['seat'], 'plays')} ", card_text(event["card"]))
    if kind == "trick":
        return Text.assemble(f"{seats.does(event['winner'], 'takes')} the trick: ", cards_text(event["cards"]),
                             f" ({event['points']} points)")
    if kind == "score":
        line = Text.assemble((f"Hand {event['hand']}: ", "bold"), result_text(event, seats))
        if event.get("talon"):
            line.append("\n  The talon: ")
            line.append_text(cards_text(event["talon"]))
            if event.get("laid away"):
                line.append("; laid away: ")
                line.append_text(cards_text(event["laid away"]))
        return line
    if kind == "pool returned":
        return Text(f"The pool goes back: {event['each']} chip{'s' * (event['each'] != 1)} each")
    if kind == "end":
        return end_line(event, seats)
    return None

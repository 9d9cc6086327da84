"""The memory games in the terminal: every player's grid with numbered slots, the stock, the discard, the drawn card,
Kaboo's snap windows and powers, and each round's reveal with its points (pure functions).

Slot numbers are the ones the moves use (``swap 2``, ``snap 1.3``: seat 1's slot 3). A face-down card is ``▒▒``;
a face-down card this seat is looking at (or remembers, with ``memory_aid``) is shown in italics with a ``*``.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("golf6", players=2).new(seed=4)
>>> text = plain(board(state.view(0), Seats(("human", "expert"), viewer=0)), width=80)
>>> "Stock" in text and "0 ▒▒" in text
True
>>> print(event_line({"type": "swap", "seat": 1, "slot": 2, "out": "QC"}, Seats.anonymous(2)))
Seat 1 puts the drawn card in slot 2; out goes Q♣
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.cards import Card
from parlour.core.registry import game_class
from parlour.core.terminal import Seats, card_text, cards_text, end_line

from .rules import Rules, rank_of

FACE_DOWN = "▒▒"
POWERS = {"peek": "look at one of your own cards", "spy": "look at another player's card",
          "jack": "swap one of your cards with another player's, unseen",
          "look": "look at one of yours and one of another player's, then trade them or not"}


def rules_of(view: dict[str, Any]) -> Rules:
    return game_class(view["game"]).state_class.rules


def _slot(code: str | None, up: bool) -> Text:
    if code is None:
        return Text("  ", style="dim")
    if code == "##":
        return Text(FACE_DOWN, style="dim")
    shown = card_text(code)
    if not up:  # face down, but this seat may see it now (a peek, or memory_aid)
        shown.stylize("italic")
        shown.append("*", style="dim")
    return shown


def grid(view: dict[str, Any], seat: int, seats: Seats) -> RenderableType:
    """One player's cards, row by row, each with its slot number (penalty cards on extra rows)."""
    rules = rules_of(view)
    cols = rules.cols
    layout, up = view["layouts"][seat], view["up"][seat]
    table = Table.grid(padding=(0, 1))
    for _ in range(cols):
        table.add_column(no_wrap=True)
    for start in range(0, len(layout), cols):
        cells = []
        for slot in range(start, min(start + cols, len(layout))):
            cells.append(Text.assemble((f"{slot} ", "cyan"), _slot(layout[slot], bool(up[slot]))))
        table.add_row(*cells)
    title = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
    if seat in view.get("to_act", []):
        title = Text.assemble(("▶ ", "bold green"), title)
    notes = []
    if seat == view.get("dealer"):
        notes.append("dealer")
    if seat == view.get("closer"):
        notes.append("knocked: cards frozen" if rules.knock else "went out")
    if notes:
        title.append(f" ({', '.join(notes)})", style="dim")
    return Group(title, table)


def _drawn(view: dict[str, Any], seats: Seats) -> Text | None:
    drawn = view.get("drawn")
    if drawn is None or view.get("turn") is None:
        return None
    if drawn == "##":
        return Text(f"{seats.name(view['turn'])} holds the card they drew")
    return Text.assemble(("You drew ", "bold"), card_text(drawn), " — put it in a slot (swap N) or discard it")


def _kaboo_lines(view: dict[str, Any], seats: Seats) -> list[Text]:
    lines = []
    snap = view.get("snap") or {}
    if snap.get("rank"):
        if snap.get("claimed"):
            line = Text(f"Snap window: a {snap['rank']} has been snapped; another {snap['rank']} now is too late, "
                        "a wrong card still costs a penalty card", style="yellow")
        else:
            line = Text(f"Snap window open: throw any card of rank {snap['rank']} on the discard (snap T.U); "
                        "a wrong card costs a penalty card", style="bold yellow")
        lines.append(line)
    for seat, owner, slot in snap.get("gives") or []:
        lines.append(Text(f"{seats.name(seat)} may move one of their cards into {seats.name(owner)}'s slot {slot} "
                          "(give N) or leave it (stay)"))
    power = view.get("power")
    if power in POWERS:
        lines.append(Text(f"Power of the discarded card: {POWERS[power]}", style="bold"))
    look = view.get("look")
    if look:
        lines.append(Text(f"Looking at your slot {look[0]} and {seats.name(look[1])}'s slot {look[2]}: "
                          "trade or keep"))
    return lines


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: the grids around it, the piles, what is in hand, timed windows."""
    rules = rules_of(view)
    title = f"{game_class(view['game']).title} · round {view['round']} of {view['rounds']}"
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    discard = view.get("discard") or []
    facts.add_row("Stock", f"{view['stock']} cards")
    facts.add_row("Discard", Text.assemble(card_text(discard[-1]), f"  ({len(discard)} card{'s' * (len(discard) != 1)})")
                  if discard
                  else Text("empty", style="dim"))
    drawn = _drawn(view, seats)
    if drawn is not None:
        facts.add_row("In hand", drawn)
    phase = view["phase"]
    if phase == "peek":
        waiting = [s for s in range(view["players"]) if s not in view.get("ready", [])]
        facts.add_row("Peek", f"look at your slots {' and '.join(map(str, rules.peek_slots))}, then ready"
                      + (f" — waiting for {', '.join(seats.name(s) for s in waiting)}" if waiting else ""))
    elif phase == "setup":
        facts.add_row("Start", f"turn up to {rules.setup_flips} cards face up (flip N), then ready")
    elif phase == "flip":
        facts.add_row("Flip", "you discarded the drawn card: turn one of your face-down cards up (flip N)")
    if view.get("deadline") is not None:
        facts.add_row("Clock", f"the window closes in {view['deadline']:.0f} s")
    body: list[RenderableType] = [facts]
    body += _kaboo_lines(view, seats)
    order = [(s + (seats.viewer or 0)) % view["players"] for s in range(view["players"])]
    body += [Text(), Columns([grid(view, s, seats) for s in order], padding=(0, 4))]
    revealed = [e for e in view.get("log", []) if e["type"] == "reveal"]
    scored = [e for e in view.get("log", []) if e["type"] == "score"]
    if revealed and scored:
        body += [Text(), reveal(revealed[-1], scored[-1], rules, seats)]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def reveal(shown: dict[str, Any], score: dict[str, Any], rules: Rules, seats: Seats) -> RenderableType:
    """The round's end: every card face up with its points, pairs struck through, the knocker's penalty."""
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    table.add_column("player", no_wrap=True)
    table.add_column("cards (points)")
    table.add_column("points", justify="right")
    for seat, layout in enumerate(shown["layouts"]):
        paired = _paired(layout, rules)
        cells = []
        for slot, code in enumerate(layout):
            if code is None:
                continue
            card = Card.parse(code)
            text = card_text(code)
            if slot in paired:
                text.stylize("strike dim")
                text.append(" (0)", style="dim")
            else:
                text.append(f" ({rules.points[int(card)]})", style="dim")
            cells.append(text)
        points = Text(str(score["points"][seat]))
        if score.get("closer") == seat and score["points"][seat] != score.get("raw", score["points"])[seat]:
            points.append(f" (incl. +{score['points'][seat] - score['raw'][seat]} for knocking)", style="dim")
        table.add_row(seats.name(seat), Text("  ").join(cells) if cells else Text("no cards", style="dim"), points)
    return Group(Text(f"Round {score['round']}: the cards are turned up", style="bold"), table)


def _paired(layout: Sequence[str | None], rules: Rules) -> set[int]:
    """Golf's column pairs: the slots whose card shares its rank with another in its column (they score 0)."""
    if not rules.column_pairs:
        return set()
    cols, out = rules.cols, set()
    for col in range(cols):
        slots = [i for i in range(col, len(layout), cols) if layout[i] is not None]
        ranks = [rank_of(int(Card.parse(layout[i]))) for i in slots]
        out |= {i for i, r in zip(slots, ranks) if ranks.count(r) > 1}
    return out


def _place(place: Sequence[int], seats: Seats) -> str:
    owner, slot = place
    return f"{seats.name(owner)}'s slot {slot}" if owner != seats.viewer else f"your slot {slot}"


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One log line in words; ``None`` for events the board shows anyway."""
    kind = event["type"]
    seat = event.get("seat")
    does = (lambda verb: seats.does(seat, verb)) if seat is not None else (lambda verb: verb)
    if kind == "round":
        line = Text(f"Round {event['round']}: {seats.does(event['dealer'], 'deals')}", style="bold")
        if event.get("discard"):
            line.append_text(Text.assemble("; the discard starts with ", cards_text(event["discard"])))
        return line
    if kind == "ready":
        return Text(f"{does('is')} ready", style="dim") if seat != seats.viewer else Text("You are ready", style="dim")
    if kind == "draw":
        return Text(f"{does('draws')} from the stock")
    if kind == "take":
        return Text.assemble(f"{does('takes')} the discard into slot {event['slot']}; out goes ",
                             card_text(event["out"]))
    if kind == "swap":
        return Text.assemble(f"{does('puts')} the drawn card in slot {event['slot']}; out goes ",
                             card_text(event["out"]))
    if kind == "discard":
        return Text.assemble(f"{does('discards')} ", card_text(event["card"]))
    if kind == "flip":
        return Text.assemble(f"{does('turns')} up slot {event['slot']}: ", card_text(event["card"]))
    if kind == "knock":
        return Text(f"{does('knocks')}: everyone else has one more turn", style="bold")
    if kind == "out":
        return Text(f"{does('turns')} up the last card: everyone else has one more turn", style="bold")
    if kind == "pass":
        return None
    if kind == "snap":
        result = event.get("result")
        what = Text.assemble(f"{does('snaps')} {_place(event['place'], seats)}")
        if event.get("card"):
            what.append_text(Text.assemble(" (", card_text(event["card"]), ")"))
        what.append({"valid": " — it matches!", "wrong": " — wrong card: a penalty card",
                     "late": " — too late: the card goes back"}.get(result, f" — {result}" if result else ""))
        return what
    if kind == "penalty":
        return Text(f"{does('takes')} a penalty card into slot {event['slot']}", style="bold")
    if kind == "give":
        return Text(f"{does('moves')} slot {event['slot']} into {_place(event['to'], seats)}")
    if kind == "stay":
        return Text(f"{does('leaves')} the gap empty", style="dim")
    if kind == "peek":
        return Text(f"{does('looks')} at {'your' if seat == seats.viewer else 'their'} slot {event['slot']}")
    if kind == "spy":
        return Text(f"{does('looks')} at {_place(event['place'], seats)}")
    if kind == "jack":
        return Text(f"{does('swaps')} slot {event['slot']} with {_place(event['place'], seats)}, unseen")
    if kind == "look":
        return Text(f"{does('looks')} at slot {event['slot']} and {_place(event['place'], seats)}")
    if kind == "trade":
        return Text(f"{does('trades')} the two cards")
    if kind == "keep":
        return Text(f"{does('leaves')} the two cards where they are", style="dim")
    if kind == "skip":
        return Text(f"{does('skips')} the power", style="dim")
    if kind == "timeout":
        return Text("Time is up", style="dim")
    if kind == "reveal":
        return None
    if kind == "score":
        return Text(f"Round {event['round']} scores: "
                    + ", ".join(f"{seats.name(s)} {p}" for s, p in enumerate(event["points"])), style="bold")
    if kind == "end":
        return end_line(event, seats)
    return None

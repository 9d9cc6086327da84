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
from parlour.core.i18n import N_, game_translator, translator
from parlour.core.terminal import Seats, card_text, cards_text, end_line

from .rules import Rules, rank_of

FACE_DOWN = "▒▒"
POWERS = {"peek": N_("look at one of your own cards"), "spy": N_("look at another player's card"),
          "jack": N_("swap one of your cards with another player's, unseen"),
          "look": N_("look at one of yours and one of another player's, then trade them or not")}
tr = translator(__name__)


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


def _and(items: Sequence[Any]) -> str:
    """"2 and 3", "Ana, Bo and Cy"."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return tr.t("{a} and {b}", a=", ".join(items[:-1]), b=items[-1])


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
        notes.append(tr.t("dealer"))
    if seat == view.get("closer"):
        notes.append(tr.t("knocked: cards frozen") if rules.knock else tr.t("went out"))
    if notes:
        title.append(f" ({', '.join(notes)})", style="dim")
    return Group(title, table)


def _drawn(view: dict[str, Any], seats: Seats) -> Text | None:
    drawn = view.get("drawn")
    if drawn is None or view.get("turn") is None:
        return None
    if drawn == "##":
        return Text(tr.t("{who} holds the card they drew", who=seats.name(view["turn"])))
    you_drew = Text(tr.t("You drew"), style="bold")
    return tr.tx("{drew} {card} — put it in a slot (swap N) or discard it", drew=you_drew, card=card_text(drawn))


def _kaboo_lines(view: dict[str, Any], seats: Seats) -> list[Text]:
    lines = []
    snap = view.get("snap") or {}
    if snap.get("rank"):
        if snap.get("claimed"):
            line = Text(tr.t("Snap window: a {rank} has been snapped; another {rank} now is too late, a wrong card "
                             "still costs a penalty card", rank=snap["rank"]), style="yellow")
        else:
            line = Text(tr.t("Snap window open: throw any card of rank {rank} on the discard (snap T.U); a wrong "
                             "card costs a penalty card", rank=snap["rank"]), style="bold yellow")
        lines.append(line)
    for seat, owner, slot in snap.get("gives") or []:
        lines.append(Text(tr.t("{who} may move one of their cards into {place} (give N) or leave it (stay)",
                               who=seats.name(seat), place=_place((owner, slot), seats, mine=False))))
    power = view.get("power")
    if power in POWERS:
        lines.append(Text(tr.t("Power of the discarded card: {what}", what=tr.t(POWERS[power])), style="bold"))
    look = view.get("look")
    if look:
        lines.append(Text(tr.t("Looking at your slot {slot} and {place}: trade or keep", slot=look[0],
                               place=_place((look[1], look[2]), seats, mine=False))))
    return lines


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: the grids around it, the piles, what is in hand, timed windows."""
    rules = rules_of(view)
    game = game_class(view["game"])
    title = f"{game_translator(game).t(game.title)} · " \
        + tr.t("round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    discard = view.get("discard") or []
    facts.add_row(tr.t("Stock"), tr.tn("{n} card", "{n} cards", view["stock"]))
    facts.add_row(tr.tp("pile", "Discard"),
                  Text.assemble(card_text(discard[-1]), "  (" + tr.tn("{n} card", "{n} cards", len(discard)) + ")")
                  if discard
                  else Text(tr.t("empty"), style="dim"))
    drawn = _drawn(view, seats)
    if drawn is not None:
        facts.add_row(tr.t("In hand"), drawn)
    phase = view["phase"]
    if phase == "peek":
        waiting = [s for s in range(view["players"]) if s not in view.get("ready", [])]
        slots = _and(rules.peek_slots)
        facts.add_row(tr.tp("phase", "Peek"),
                      tr.t("look at your slots {slots}, then ready — waiting for {names}", slots=slots,
                           names=", ".join(seats.name(s) for s in waiting)) if waiting
                      else tr.t("look at your slots {slots}, then ready", slots=slots))
    elif phase == "setup":
        facts.add_row(tr.t("Start"), tr.tn("turn up to {n} card face up (flip N), then ready",
                                           "turn up to {n} cards face up (flip N), then ready", rules.setup_flips))
    elif phase == "flip":
        facts.add_row(tr.tp("phase", "Flip"),
                      tr.t("you discarded the drawn card: turn one of your face-down cards up (flip N)"))
    if view.get("deadline") is not None:
        facts.add_row(tr.t("Clock"), tr.t("the window closes in {seconds} s", seconds=format(view["deadline"], ".0f")))
    body: list[RenderableType] = [facts]
    body += _kaboo_lines(view, seats)
    order = [(s + (seats.viewer or 0)) % view["players"] for s in range(view["players"])]
    body += [Text(), Columns([grid(view, s, seats) for s in order], padding=(0, 4))]
    # How the last round ended: the new round's view carries it in `previous`, shown while the round opens (the
    # peek, golf's first flips); at the match's end it is in the log.
    ended = view.get("log", []) if view["over"] else view.get("previous") or [] if phase in ("peek", "setup") else []
    revealed = [e for e in ended if e["type"] == "reveal"]
    scored = [e for e in ended if e["type"] == "score"]
    if revealed and scored:
        body += [Text(), reveal(revealed[-1], scored[-1], rules, seats)]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def reveal(shown: dict[str, Any], score: dict[str, Any], rules: Rules, seats: Seats) -> RenderableType:
    """The round's end: every card face up with its points, pairs struck through, the knocker's penalty."""
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    table.add_column(tr.t("player"), no_wrap=True)
    table.add_column(tr.t("cards (points)"))
    table.add_column(tr.t("points"), justify="right")
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
            points.append(" " + tr.t("(incl. +{points} for knocking)",
                                     points=score["points"][seat] - score["raw"][seat]), style="dim")
        table.add_row(seats.name(seat), Text("  ").join(cells) if cells else Text(tr.t("no cards"), style="dim"),
                      points)
    return Group(Text(tr.t("Round {round}: the cards turned up", round=score["round"]), style="bold"), table)


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


def _place(place: Sequence[int], seats: Seats, mine: bool = True) -> str:
    """"your slot 2" / "Ana's slot 2"."""
    owner, slot = place
    if owner == seats.viewer and mine:
        return tr.t("your slot {slot}", slot=slot)
    return tr.t("{who}'s slot {slot}", who=seats.name(owner), slot=slot)


def _said(seat: int | None, seats: Seats, you: str, them: str, style: str = "", **values: Any) -> Text:
    """One of two sentences: the one for you, or the one for another player ({who}); values may be rich Text."""
    if seat is not None and seat == seats.viewer:
        return tr.tx(you, style=style, **values)
    return tr.tx(them, style=style, who=seats.name(seat), **values)


RESULTS = {"valid": N_("it matches!"), "wrong": N_("wrong card: a penalty card"),
           "late": N_("too late: the card goes back")}
#: (you, them, style) for the events said in one sentence with no value but the slot.
SIMPLE = {
    "ready": (N_("You are ready"), N_("{who} is ready"), "dim"),
    "draw": (N_("You draw from the stock"), N_("{who} draws from the stock"), ""),
    "knock": (N_("You knock: everyone else has one more turn"), N_("{who} knocks: everyone else has one more turn"),
              "bold"),
    "out": (N_("You turn up the last card: everyone else has one more turn"),
            N_("{who} turns up the last card: everyone else has one more turn"), "bold"),
    "penalty": (N_("You take a penalty card into slot {slot}"), N_("{who} takes a penalty card into slot {slot}"),
                "bold"),
    "stay": (N_("You leave the gap empty"), N_("{who} leaves the gap empty"), "dim"),
    "peek": (N_("You look at your slot {slot}"), N_("{who} looks at their slot {slot}"), ""),
    "trade": (N_("You trade the two cards"), N_("{who} trades the two cards"), ""),
    "keep": (N_("You leave the two cards where they are"), N_("{who} leaves the two cards where they are"), "dim"),
    "skip": (N_("You skip the power"), N_("{who} skips the power"), "dim"),
}


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One log line in words; ``None`` for events the board shows anyway."""
    kind = event["type"]
    seat = event.get("seat")

    def say(you: str, them: str, style: str = "", **values: Any) -> Text:
        return _said(seat, seats, you, them, style, **values)

    if kind == "round":
        line = _said(event["dealer"], seats, N_("Round {round}: you deal"), N_("Round {round}: {who} deals"), "bold",
                     round=event["round"])
        if event.get("discard"):
            return tr.tx("{start}; the discard starts with {cards}", start=line, cards=cards_text(event["discard"]))
        return line
    if kind in SIMPLE:
        you, them, style = SIMPLE[kind]
        return say(you, them, style, slot=event.get("slot"))
    if kind == "take":
        return say(N_("You take the discard into slot {slot}; out goes {card}"),
                   N_("{who} takes the discard into slot {slot}; out goes {card}"), slot=event["slot"],
                   card=card_text(event["out"]))
    if kind == "swap":
        return say(N_("You put the drawn card in slot {slot}; out goes {card}"),
                   N_("{who} puts the drawn card in slot {slot}; out goes {card}"), slot=event["slot"],
                   card=card_text(event["out"]))
    if kind == "discard":
        return say(N_("You discard {card}"), N_("{who} discards {card}"), card=card_text(event["card"]))
    if kind == "flip":
        return say(N_("You turn up slot {slot}: {card}"), N_("{who} turns up slot {slot}: {card}"), slot=event["slot"],
                   card=card_text(event["card"]))
    if kind == "pass":
        return None
    if kind == "snap":
        result = event.get("result")
        what = say(N_("You snap {place}"), N_("{who} snaps {place}"), place=_place(event["place"], seats))
        if event.get("card"):
            what.append_text(Text.assemble(" (", card_text(event["card"]), ")"))
        if result in RESULTS:
            what.append(" — " + tr.t(RESULTS[result]))
        elif result:
            what.append(f" — {result}")
        return what
    if kind == "give":
        return say(N_("You move slot {slot} into {place}"), N_("{who} moves slot {slot} into {place}"),
                   slot=event["slot"], place=_place(event["to"], seats))
    if kind == "spy":
        return say(N_("You look at {place}"), N_("{who} looks at {place}"), place=_place(event["place"], seats))
    if kind == "jack":
        return say(N_("You swap slot {slot} with {place}, unseen"), N_("{who} swaps slot {slot} with {place}, unseen"),
                   slot=event["slot"], place=_place(event["place"], seats))
    if kind == "look":
        return say(N_("You look at slot {slot} and {place}"), N_("{who} looks at slot {slot} and {place}"),
                   slot=event["slot"], place=_place(event["place"], seats))
    if kind == "sweep":
        return say(N_("You sweep column {column}: {cards}"), N_("{who} sweeps column {column}: {cards}"),
                   column=event["column"], cards=cards_text(event.get("cards") or []))
    if kind == "empty":
        return say(N_("You have no card left: the round ends"), N_("{who} has no card left: the round ends"), "bold")
    if kind == "reshuffle":
        return Text(tr.t("The discard pile is shuffled into a new stock ({n} cards)", n=event["cards"]), style="dim")
    if kind == "stock-empty":
        return Text(tr.t("The stock is empty: the round ends"), style="bold")
    if kind == "timeout":
        return Text(tr.t("Time is up"), style="dim")
    if kind == "reveal":
        return None
    if kind == "score":
        return Text(tr.t("Round {round}: {points}", round=event["round"],
                         points=", ".join(f"{seats.name(s)} {p}" for s, p in enumerate(event["points"]))),
                    style="bold")
    if kind == "end":
        return end_line(event, seats)
    return None

"""Tysiąc in the terminal: the table as one seat sees it, and the log in words (pure functions).

The board shows the auction, the contract and who plays it, the prikup once it is turned up, the cards given
face down (to those who may know them), the trumps and the marriages declared, the trick with each card's owner,
the last trick, and each seat's points this hand and its running total with the barrel, lines and P marks.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("tysiac").new(seed=3)
>>> seat = state.to_act[0]
>>> text = plain(board(state.view(seat), Seats(("human", "expert", "expert"), viewer=seat)))
>>> "Auction" in text and "first to 1000" in text and "{" not in text
True
>>> print(event_line({"type": "bid", "seat": 1, "action": "bid 110"}, Seats.anonymous(3)))
Seat 1 bids 110
>>> print(event_line({"type": "play", "seat": 2, "action": "marry QH", "card": "QH", "marriage": "hearts",
...                   "points": 100}, Seats.anonymous(3)))
Seat 2 declares the marriage of hearts ♥, leading Q♥: 100, and hearts are trumps
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import Seats, card_text, cards_text, end_line

SUIT_SYMBOLS = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥"}
HOUSE_RULES = (("barrel", "the barrel"), ("barrel_knock", "knocking off the barrel"), ("lines", "lines"),
               ("rospisat", "Rospisat'"), ("bid_without_marriage", "bids over 120 without a marriage"),
               ("marriage_cap", "bids capped by marriages"), ("first_lead_marriage", "marriage on the first lead"),
               ("nines_as_dealt", "four nines as dealt only"), ("must_beat", "must beat the trick"),
               ("lock_800", "above 800 only contracts score"))


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _suit(name: str) -> str:
    return f"{name} {SUIT_SYMBOLS.get(name, '')}".strip()


def _auction(view: dict[str, Any], seats: Seats) -> Text:
    """Each seat's bids in order, e.g. ``Seat 1: 100, 115``."""
    bids: dict[int, list[str]] = {}
    for e in view.get("log", []):
        if e["type"] == "bid":
            bids.setdefault(e["seat"], []).append(e["action"].replace("bid ", ""))
    order = [(view["forehand"] + k) % view["players"] for k in range(view["players"])]
    return Text("   ").join(Text.assemble((f"{seats.name(s)}: ", "bold"), ", ".join(bids.get(s, [])) or "—")
                            for s in order)


def _trick_line(plays: Sequence[tuple[int, str]], seats: Seats, winner: int | None = None) -> Text:
    out = Text()
    for i, (seat, code) in enumerate(plays):
        if i:
            out.append("   ")
        out.append_text(card_text(code))
        out.append(f" {seats.name(seat)}", style="bold" if seat == winner else "dim")
    if winner is not None:
        out.append(f"  → {seats.name(winner)}", style="bold")
    return out


def _given(view: dict[str, Any], seats: Seats) -> Text:
    parts = []
    for g in view["given"]:
        if g["card"] is not None and seats.viewer == view["declarer"]:
            parts.append(Text.assemble(card_text(g["card"]), f" to {seats.name(g['to'])}"))
        elif g["card"] is not None:
            parts.append(Text.assemble("you got ", card_text(g["card"])))
        else:
            parts.append(Text(f"a card face down to {seats.name(g['to'])}"))
    return Text(", ").join(parts)


def _marks(view: dict[str, Any], seat: int) -> str:
    """The barrel and the lines and P entries of a seat, as the score sheet would show them."""
    options = view["options"]
    marks = []
    barrel = view["barrel"][seat]
    if barrel is not None:
        left = 3 - barrel
        marks.append(f"on the barrel, {left} hand{'s' * (left != 1)} left")
    if options.get("lines") and view["lines"][seat]:
        marks.append("lines " + "—" * view["lines"][seat])
    if options.get("rospisat") and view["ps"][seat]:
        marks.append("P" * view["ps"][seat])
    return ", ".join(marks)


def _seats_table(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", "seat", "role", "cards", "tricks", "this hand", "total", ""]):
        people.add_column(header, justify="right" if 3 <= i <= 6 else "left", no_wrap=True)
    to_act = set(view.get("to_act", []))
    for seat in range(view["players"]):
        name = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
        if seat == view.get("dealer"):
            name.append(" (dealer)", style="dim")
        role = "declarer" if seat == view.get("declarer") else ""
        total = Text(str(view["scores"][seat]), style="bold reverse" if view["barrel"][seat] is not None else "bold")
        people.add_row("▶" if seat in to_act else "", name, role, str(view["hands"][seat]), str(view["tricks"][seat]),
                       str(view["points"][seat]), total, Text(_marks(view, seat), style="yellow"))
    return people


def _last_trick(view: dict[str, Any], seats: Seats) -> Text | None:
    last = view.get("last_trick")
    if not last:
        return None
    n = view["players"]
    plays = [((last["leader"] + i) % n, c) for i, c in enumerate(last["cards"])]
    return _trick_line(plays, seats, last["winner"])


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it, from the auction to the last trick (and the result at the end)."""
    n = view["players"]
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    phase = view["phase"]
    facts.add_row("Auction", _auction(view, seats))
    if view["declarer"] is None:
        if view.get("bid"):
            facts.add_row("Highest bid", f"{view['bid']} by {seats.name(view['bidder'])}")
    else:
        contract = Text(str(view["contract"]), style="bold")
        contract.append(f" played by {seats.name(view['declarer'])}")
        facts.add_row("Contract", contract)
        facts.add_row("Prikup", cards_text(view["prikup"], sep="  "))
        if view["given"]:
            facts.add_row("Given", _given(view, seats))
    if phase == "nines":
        facts.add_row("Four nines", f"{seats.name(view['nines'])} may show them and throw the hand in")
    if view["declarer"] is not None and phase in ("play", "over"):
        trump = view.get("trump")
        facts.add_row("Trumps", Text(_suit(trump), style="bold yellow") if trump else Text("none yet", style="dim"))
        if view["marriages"]:
            facts.add_row("Marriages", ", ".join(f"{seats.name(m['seat'])} {_suit(m['suit'])} {m['points']}"
                                                 for m in view["marriages"]))
        leader = view.get("leader")
        plays = [((leader + i) % n, c) for i, c in enumerate(view.get("trick", []))] if leader is not None else []
        facts.add_row("Trick", _trick_line(plays, seats) if plays else Text("—", style="dim"))
    last = _last_trick(view, seats)
    if last is not None:
        facts.add_row("Last trick", last)
    before = [e for e in view.get("previous") or [] if e["type"] in ("score", "abandoned")]
    if phase == "bid" and before:
        facts.add_row("Last hand", breakdown(before[-1], seats) if before[-1]["type"] == "score"
                      else Text("thrown in for four nines", style="dim"))
    body: list[RenderableType] = [facts, Text(), _seats_table(view, seats)]
    if view["over"]:
        scored = [e for e in view.get("log", []) if e["type"] == "score"]
        if scored:
            body += [Text(), breakdown(scored[-1], seats)]
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    house = [name for key, name in HOUSE_RULES if view["options"].get(key)]
    if view["options"].get("bid_step", 5) != 5:
        house.append(f"bids in steps of {view['options']['bid_step']}")
    if view["options"].get("rounding", 5) != 5:
        house.append(f"points rounded to {view['options']['rounding']}")
    return Panel(Group(*body), title=f"Tysiąc · hand {view['deal']} · first to 1000", title_align="left",
                 subtitle=("house rules: " + ", ".join(house)) if house else None, subtitle_align="left")


def hand(view: dict[str, Any], seats: Seats) -> Text:
    """The seat's own hand, suit by suit (♠ ♣ ♦ ♥), nine up to ace."""
    cards = view.get("hand") or []
    groups = []
    for letter in "SCDH":
        suit = [c for c in cards if c.endswith(letter)]
        if suit:
            groups.append(cards_text(suit, sep=" "))
    return Text.assemble(("Your hand  ", "bold"), Text("   ").join(groups) if groups else Text("empty", style="dim"))


def breakdown(event: dict[str, Any], seats: Seats) -> Text:
    """A scored hand: the contract made or lost, each seat's points and what the variants did."""
    d = event["declarer"]
    line = Text(f"Hand {event['deal']}: ", style="bold")
    if event.get("rospisat"):
        line.append(f"{seats.name(d)} gave {event['contract']} up (Rospisat'): a P, 60 to each opponent")
    else:
        made = "made" if event["made"] else "lost"
        line.append(f"{seats.name(d)} {made} {event['contract']} with {event['points'][d]} points")
        others = [s for s in range(len(event["row"])) if s != d]
        line.append(" — " + ", ".join(f"{seats.name(s)} took {event['points'][s]}" for s in others))
    notes = []
    for key, what in (("line", "a line"), ("line fine", "a third line: −120"), ("p fine", "a third P: −120"),
                      ("on barrel", "onto the barrel"), ("off barrel", "off the barrel"),
                      ("fell off barrel", "off the barrel after three hands: −120"),
                      ("knocked off barrel", "knocked off the barrel: −120"), ("locked", "above 800: no points")):
        for s in event.get(key, []):
            if key == "locked" and not event.get("rospisat") and s == d:
                continue
            notes.append(f"{seats.name(s)} {what}")
    if notes:
        line.append("\n  " + ", ".join(notes))
    line.append("\n  " + ", ".join(f"{seats.name(s)} {_signed(p)}" for s, p in enumerate(event["row"])))
    if event.get("tie"):
        line.append("\n  " + " and ".join(seats.name(s) for s in event["tie"]) + " tie at 1000 or more: play on")
    return line


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words; ``None`` for events the board already shows."""
    kind = event["type"]
    who = seats.name(event["seat"]) if "seat" in event else ""
    if kind == "deal":
        return Text(f"Hand {event['deal']}: {seats.does(event['dealer'], 'deals')}", style="bold")
    if kind == "bid":
        action = event["action"]
        return Text(seats.does(event["seat"], "passes") if action == "pass"
                    else f"{seats.does(event['seat'], 'bids')} {action.split()[1]}")
    if kind == "declarer":
        return Text(f"{seats.does(event['seat'], 'declares')} {event['bid']}", style="bold")
    if kind == "prikup":
        return Text.assemble("The prikup is turned up: ", cards_text(event["cards"]))
    if kind == "give":
        return Text(f"{seats.does(event['seat'], 'gives')} a card face down to {seats.name(event['to'])}")
    if kind == "given":
        if event["to"] == seats.viewer:
            return Text.assemble(f"{who} gave you ", card_text(event["card"]))
        return Text.assemble("You gave ", card_text(event["card"]), f" to {seats.name(event['to'])}")
    if kind == "rospisat":
        return Text(f"{seats.does(event['seat'], 'gives')} the hand up: Rospisat'", style="bold")
    if kind == "contract":
        if event["contract"] == event["bid"]:
            return Text(f"{seats.does(event['seat'], 'keeps')} the contract at {event['contract']}")
        return Text(f"{seats.does(event['seat'], 'raises')} the contract to {event['contract']}", style="bold")
    if kind == "nines":
        return Text(f"{seats.does(event['seat'], 'shows')} four nines: the hand is thrown in", style="bold")
    if kind == "abandoned":
        return Text("The same dealer deals again", style="dim")
    if kind == "play on":
        return Text(f"{seats.does(event['seat'], 'holds')} four nines and plays on")
    if kind == "play starts":
        return Text(f"{seats.does(event['leader'], 'leads')} the first trick", style="dim")
    if kind == "play":
        if "marriage" in event:
            suit = event["marriage"]
            return Text.assemble(f"{seats.does(event['seat'], 'declares')} the marriage of {_suit(suit)}, leading ",
                                 card_text(event["card"]), f": {event['points']}, and {suit} are trumps")
        return Text.assemble(f"{seats.does(event['seat'], 'plays')} ", card_text(event["card"]))
    if kind == "trick":
        return Text(f"{seats.does(event['winner'], 'takes')} the trick ({event['points']})", style="dim")
    if kind == "score":
        return breakdown(event, seats)
    if kind == "end":
        line = end_line(event, seats)
        if event.get("deal_limit"):
            line.append(f" (after {event['deal_limit']} hands)")
        return line
    return None

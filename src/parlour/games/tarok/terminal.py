"""Slovenian Tarok in the terminal: the table as one seat sees it, and the log in words (pure functions).

Taroks are written as their numbers (``T21`` is the Mond, ``T1`` the Pagat), the Škis as ``Škis``; suit cards with
their suit symbols. The board shows the seats with their role, tricks and wheels, the auction, the contract, the
talon's groups while it is open, the announcements and kontras, the trick with each card's owner, the last trick,
and after a deal its breakdown in Tarok terms.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("tarok").new(seed=3)
>>> text = plain(board(state.view(3), Seats(("heuristic",) * 3 + ("human",), viewer=3)))
>>> "Auction" in text and "Your hand" not in text and "{" not in text
True
>>> print(event_line({"type": "bid", "seat": 1, "action": "bid solo three"}, Seats.anonymous(4)))
Seat 1 bids Solo three
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.terminal import RED, Seats, end_line

TRUMP_STYLE = "bold yellow"
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SUIT_WORDS = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
#: The number of talon cards a declarer takes, by contract (the talon is shown in groups of that size).
TAKE = {"three": 3, "two": 2, "one": 1, "solo three": 3, "solo two": 2, "solo one": 1}
BONUS_TITLES = {"trula": "Trula", "kings": "Kings", "pagat ultimo": "Pagat ultimo", "king ultimo": "King ultimo",
                "valat": "Valat"}


def contract_name(name: str | None) -> str:
    """``"solo three"`` → ``"Solo three"``; ``None`` → ``"—"``."""
    return name[:1].upper() + name[1:] if name else "—"


def tarok_card(code: str) -> Text:
    """One card: taroks as their number in yellow (``T21``), the Škis as ``Škis``, suit cards as ``N♥``.

    >>> [tarok_card(c).plain for c in ("T1", "SKIS", "NH", "10S")]
    ['T1', 'Škis', 'N♥', '10♠']
    """
    if code == "SKIS":
        return Text("Škis", style=TRUMP_STYLE)
    if code.startswith("T"):
        return Text(code, style=TRUMP_STYLE)
    suit = code[-1]
    return Text(code[:-1] + SUIT_SYMBOLS.get(suit, suit), style=RED if suit in "HD" else "")


def tarok_cards(codes: Sequence[str], sep: str = " ", empty: str = "—") -> Text:
    if not codes:
        return Text(empty, style="dim")
    return Text(sep).join(tarok_card(c) for c in codes)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _role(view: dict[str, Any], seat: int) -> str:
    if view.get("contract") in (None, "klop"):
        return ""
    if seat == view.get("declarer"):
        return "declarer"
    partner = view.get("partner")
    if isinstance(partner, int) and partner == seat:
        return "partner"
    return ""


def _called(view: dict[str, Any]) -> str:
    called = view.get("called")
    if not called:
        return ""
    return f"{called['rank']} of {called['suit']} {SUIT_WORDS.get(called['suit'], '')}".strip()


def _last_trick(log: Sequence[dict[str, Any]], players: int) -> tuple[list[tuple[int, str]], int] | None:
    """The last complete trick in ``log``: (seat, card) in play order, and its winner."""
    plays: list[tuple[int, str]] = []
    last = None
    for e in log:
        if e["type"] == "play":
            plays.append((e["seat"], e["card"]))
        elif e["type"] == "trick":
            last = (plays[-players:], e["winner"])
            plays = []
        elif e["type"] == "deal":
            plays, last = [], None
    return last


def _trick_line(plays: Sequence[tuple[int, str]], seats: Seats, winner: int | None = None) -> Text:
    out = Text()
    for i, (seat, code) in enumerate(plays):
        if i:
            out.append("   ")
        out.append_text(tarok_card(code))
        out.append(f" {seats.name(seat)}", style="bold" if seat == winner else "dim")
    if winner is not None:
        out.append(f"  → {seats.name(winner)}", style="bold")
    return out


def _auction(view: dict[str, Any], seats: Seats) -> Text:
    """Each seat's bids in order, e.g. ``Seat 1: Two, pass``."""
    bids: dict[int, list[str]] = {}
    for e in view.get("log", []):
        if e["type"] == "bid":
            words = e["action"].split(" ", 1)
            bids.setdefault(e["seat"], []).append("pass" if words[0] == "pass" else contract_name(words[1]))
    n = view["players"]
    order = [(view["forehand"] + k) % n for k in range(n)]
    parts = [Text.assemble((f"{seats.name(s)}: ", "bold"), ", ".join(bids.get(s, [])) or "—") for s in order]
    return Text("   ").join(parts)


def _talon_groups(view: dict[str, Any]) -> Text | None:
    talon = view.get("talon")
    if not talon:
        return None
    size = TAKE.get(view.get("contract") or "", 0)
    if view.get("phase") != "talon" or not size:
        return tarok_cards(talon)
    groups = [talon[i:i + size] for i in range(0, len(talon), size)]
    return Text("   ").join(Text.assemble((f"talon {i}: ", "cyan"), tarok_cards(g)) for i, g in enumerate(groups))


def _seats_table(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", "seat", "role", "cards", "tricks", "wheels", "score"]):
        people.add_column(header, justify="right" if i >= 3 else "left", no_wrap=True)
    to_act = set(view.get("to_act", []))
    for seat in range(view["players"]):
        marks = "▶" if seat in to_act else ""
        name = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
        if seat == view.get("dealer"):
            name.append(" (dealer)", style="dim")
        wheels = view["wheels"][seat]
        people.add_row(marks, name, _role(view, seat), str(view["hands"][seat]), str(view["tricks"][seat]),
                       "●" * wheels if wheels else "", str(view["scores"][seat]))
    return people


def breakdown(event: dict[str, Any], seats: Seats) -> Text:
    """A scored deal in Tarok terms: contract, who played it, card points, the game, each bonus, kontras, wheels."""
    contract = event.get("contract")
    line = Text(f"Deal {event['deal']}: ", style="bold")
    if contract == "klop":
        line.append("Klop — card points ")
        line.append(", ".join(f"{seats.name(s)} {p}" for s, p in enumerate(event["card_points"])))
    elif event.get("forfeit"):
        line.append(f"{contract_name(contract)} forfeited by {seats.name(event['declarer'])} (called king in the talon)")
    else:
        who = seats.name(event["declarer"])
        partner = event.get("partner")
        if partner is not None:
            who += f" with {seats.name(partner)}"
        line.append(f"{contract_name(contract)}, {who}: {'won' if event.get('won') else 'lost'}")
        if "card_points" in event:
            ours, theirs = event["card_points"]
            line.append(f" — {ours} to {theirs} card points")
        bits = []
        if "game" in event:
            bits.append(f"game {_signed(event['game'])}")
        bits += [f"{BONUS_TITLES.get(k, k)} {_signed(v)}" for k, v in event.get("bonuses", {}).items()]
        bits += [f"{level} on {target}" for target, level in event.get("kontra", {}).items()]
        if event.get("wheel_factor"):
            bits.append(f"wheel ×{event['wheel_factor']}")
        for key, what in (("mond_lost", "lost the Mond"), ("mond_left", "left the Mond in the talon")):
            if key in event:
                bits.append(f"{seats.name(event[key])} {what} −21")
        if bits:
            line.append("\n  " + ", ".join(bits))
    points = ", ".join(f"{seats.name(s)} {_signed(p)}" for s, p in enumerate(event["points"]) if p)
    line.append("\n  " + (points or "no points change hands"))
    return line


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it, from the auction to the last trick and the deal's breakdown."""
    n = view["players"]
    log = view.get("log", [])
    title = f"Tarok · deal {view['deal']}"
    if view.get("skis_round"):
        title += " · Škis round"
    if view.get("mode") == "compulsory":
        title += " · compulsory Klop"
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    phase = view["phase"]
    if phase == "bid" or view.get("contract") is None:
        facts.add_row("Auction", _auction(view, seats))
        if view.get("high_bid"):
            facts.add_row("Highest bid", f"{contract_name(view['high_bid'])} by {seats.name(view['high_bidder'])}")
    else:
        contract = Text(contract_name(view["contract"]), style="bold")
        if view["contract"] != "klop" and view.get("declarer") is not None:
            contract.append(f" played by {seats.name(view['declarer'])}")
            if _called(view):
                contract.append(f", calling the {_called(view)}")
                partner = view.get("partner")
                contract.append(" — partner: " + ("unknown yet" if partner is None else "alone" if partner == "none"
                                                  else seats.name(partner)))
        facts.add_row("Contract", contract)
        facts.add_row("Auction", _auction(view, seats))
    talon = _talon_groups(view)
    if talon is not None:
        facts.add_row("Talon" if phase == "talon" else "Rest of the talon", talon)
    elif view.get("talon_count"):
        facts.add_row("Talon", Text(f"{view['talon_count']} cards face down", style="dim"))
    if view.get("laid_away"):
        facts.add_row("You laid away", tarok_cards(view["laid_away"]))
    if view.get("shown"):
        facts.add_row("Taroks laid away", tarok_cards(view["shown"]))
    if view.get("announced"):
        facts.add_row("Announced", ", ".join(f"{BONUS_TITLES.get(b, b)} ({seats.name(s)})"
                                             for b, s in view["announced"].items()))
    if view.get("kontra"):
        facts.add_row("Kontra", ", ".join(f"{level} on {target}" for target, level in view["kontra"].items()))
    if view.get("open_hand"):
        facts.add_row("Open hand", tarok_cards(view["open_hand"]))
    if phase == "play":
        leader = view.get("leader")
        plays = [((leader + i) % n, c) for i, c in enumerate(view.get("trick", []))] if leader is not None else []
        facts.add_row("Trick", _trick_line(plays, seats) if plays else Text("—", style="dim"))
    last = _last_trick(log, n)
    if last:
        facts.add_row("Last trick", _trick_line(last[0], seats, last[1]))
    body: list[RenderableType] = [facts, Text(), _seats_table(view, seats)]
    scored = [e for e in log if e["type"] == "score"]
    if scored and (view["over"] or phase == "over"):
        body += [Text(), breakdown(scored[-1], seats)]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def hand(view: dict[str, Any], seats: Seats) -> Text:
    """The seat's own hand, taroks first as the view orders them."""
    return Text.assemble(("Your hand  ", "bold"), tarok_cards(view.get("hand") or [], sep="  ", empty="empty"))


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words; ``None`` for events the board already shows."""
    kind = event["type"]
    who = seats.name(event["seat"]) if "seat" in event else ""
    if kind == "deal":
        dealer = seats.does(event["dealer"], "deals")
        extra = " (Škis round)" if event.get("skis_round") else ""
        return Text(f"Deal {event['deal']}: {dealer}{extra}", style="bold")
    if kind == "no tarok":
        return Text.assemble(f"{who} has no tarok: ", tarok_cards(event["cards"]), " — the cards are dealt again")
    if kind == "hand":
        return None
    if kind == "bid":
        words = event["action"].split(" ", 1)
        return Text(seats.does(event["seat"], "passes") if words[0] == "pass"
                    else f"{seats.does(event['seat'], 'bids')} {contract_name(words[1])}")
    if kind in ("contract", "colour"):
        return Text(f"{seats.does(event['seat'], 'chooses')} {contract_name(event['action'].split(' ', 1)[1])}")
    if kind == "declarer":
        return Text(f"{who} plays {contract_name(event['contract'])}", style="bold")
    if kind == "call":
        _, rank, suit = event["action"].split()
        return Text(f"{seats.does(event['seat'], 'calls')} the {rank} of {suit} {SUIT_WORDS.get(suit, '')}")
    if kind == "talon":
        return Text.assemble("The talon is turned up: ", tarok_cards(event["cards"]))
    if kind == "take":
        return Text.assemble(f"{seats.does(event['seat'], 'takes')} ", tarok_cards(event["cards"]), " from the talon")
    if kind == "forfeit":
        return Text(f"{seats.does(event['seat'], 'forfeits')} the game", style="bold")
    if kind == "discard":
        line = Text(f"{seats.does(event['seat'], 'lays')} away {event['count']} cards")
        if event.get("shown"):
            line.append_text(Text.assemble(", showing ", tarok_cards(event["shown"])))
        return line
    if kind == "laid away":
        return Text.assemble("You laid away ", tarok_cards(event["cards"]))
    if kind == "announce":
        action = event["action"]
        if action == "pass":
            return Text(f"{seats.does(event['seat'], 'announces')} nothing", style="dim")
        verb, target = action.split(" ", 1)
        if verb == "announce":
            return Text(f"{seats.does(event['seat'], 'announces')} {BONUS_TITLES.get(target, target)}")
        return Text(f"{who}: {verb.capitalize()} on {target}", style="bold")
    if kind == "play starts":
        return Text(f"{seats.does(event['leader'], 'leads')} the first trick", style="dim")
    if kind == "open hand":
        return Text.assemble(f"{who}'s hand lies open: ", tarok_cards(event["cards"]))
    if kind == "play":
        return Text.assemble(f"{seats.does(event['seat'], 'plays')} ", tarok_card(event["card"]))
    if kind == "trick":
        return Text(f"{seats.does(event['winner'], 'takes')} the trick", style="dim")
    if kind == "reveal":
        parts = [Text("Laid away: "), tarok_cards(event["laid away"])] if event["laid away"] else []
        if event["talon"]:
            parts += [Text("   rest of the talon: " if parts else "Rest of the talon: "), tarok_cards(event["talon"])]
        return Text.assemble(*parts) if parts else None
    if kind == "score":
        return breakdown(event, seats)
    if kind == "last dealer":
        return Text(f"{who} holds the Škis and deals last in the Škis round")
    if kind == "skis round":
        return Text("The Škis round begins: every player deals once more", style="bold")
    if kind == "end":
        return end_line(event, seats)
    return None

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

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, card_text, cards_text, end_line, played_text

tr = translator(__name__)
SUIT_SYMBOLS = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥"}
LETTER_SUITS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
SUIT_WORDS = {"spades": N_("spades"), "clubs": N_("clubs"), "diamonds": N_("diamonds"), "hearts": N_("hearts")}
HOUSE_RULES = (("barrel", N_("the barrel")), ("barrel_knock", N_("knocking off the barrel")), ("lines", N_("lines")),
               ("rospisat", N_("Rospisat'")), ("bid_without_marriage", N_("bids over 120 without a marriage")),
               ("marriage_cap", N_("bids capped by marriages")), ("first_lead_marriage", N_("marriage on the first lead")),
               ("nines_as_dealt", N_("four nines as dealt only")), ("must_beat", N_("must beat the trick")),
               ("lock_800", N_("above 800 only contracts score")))
#: What the variants did in a scored hand, said after a seat's name.
NOTES = (("line", N_("{who} a line")), ("line fine", N_("{who} a third line: −120")),
         ("p fine", N_("{who} a third P: −120")), ("on barrel", N_("{who} onto the barrel")),
         ("off barrel", N_("{who} off the barrel")), ("fell off barrel", N_("{who} off the barrel after three hands: −120")),
         ("knocked off barrel", N_("{who} knocked off the barrel: −120")), ("locked", N_("{who} above 800: no points")))


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _word(name: str) -> str:
    return tr.t(SUIT_WORDS[name]) if name in SUIT_WORDS else name


def _suit(name: str) -> str:
    return f"{_word(name)} {SUIT_SYMBOLS.get(name, '')}".strip()


def _auction(view: dict[str, Any], seats: Seats) -> Text:
    """Each seat's bids in order, e.g. ``Seat 1: 100, 115``."""
    bids: dict[int, list[str]] = {}
    for e in view.get("log", []):
        if e["type"] == "bid":
            bids.setdefault(e["seat"], []).append(tr.t("pass") if e["action"] == "pass" else e["action"].replace("bid ", ""))
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
            parts.append(tr.tx("{card} to {to}", card=card_text(g["card"]), to=seats.name(g["to"])))
        elif g["card"] is not None:
            parts.append(tr.tx("you got {card}", card=card_text(g["card"])))
        else:
            parts.append(Text(tr.t("a card face down to {to}", to=seats.name(g["to"]))))
    return Text(", ").join(parts)


def _marks(view: dict[str, Any], seat: int) -> str:
    """The barrel and the lines and P entries of a seat, as the score sheet would show them."""
    options = view["options"]
    marks = []
    barrel = view["barrel"][seat]
    if barrel is not None:
        marks.append(tr.tn("on the barrel, {n} hand left", "on the barrel, {n} hands left", 3 - barrel))
    if options.get("lines") and view["lines"][seat]:
        marks.append(tr.t("lines {marks}", marks="—" * view["lines"][seat]))
    if options.get("rospisat") and view["ps"][seat]:
        marks.append("P" * view["ps"][seat])
    return ", ".join(marks)


def _seats_table(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    headers = ["", tr.t("seat"), tr.t("role"), tr.t("cards"), tr.t("tricks"), tr.t("this hand"), tr.t("total"), ""]
    for i, header in enumerate(headers):
        people.add_column(header, justify="right" if 3 <= i <= 6 else "left", no_wrap=True)
    to_act = set(view.get("to_act", []))
    for seat in range(view["players"]):
        name = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
        if seat == view.get("dealer"):
            name.append(" " + tr.t("(dealer)"), style="dim")
        role = tr.t("declarer") if seat == view.get("declarer") else ""
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
    facts.add_row(tr.t("Auction"), _auction(view, seats))
    if view["declarer"] is None:
        if view.get("bid"):
            facts.add_row(tr.t("Highest bid"), tr.t("{bid} by {who}", bid=view["bid"], who=seats.name(view["bidder"])))
    else:
        contract = Text(str(view["contract"]), style="bold")
        contract.append(" " + tr.t("played by {who}", who=seats.name(view["declarer"])))
        facts.add_row(tr.t("Contract"), contract)
        facts.add_row(tr.t("Prikup"), cards_text(view["prikup"], sep="  "))
        if view["given"]:
            facts.add_row(tr.t("Given"), _given(view, seats))
    if phase == "nines":
        facts.add_row(tr.t("Four nines"), tr.t("{who} may show them and throw the hand in", who=seats.name(view["nines"])))
    if view["declarer"] is not None and phase in ("play", "over"):
        trump = view.get("trump")
        facts.add_row(tr.t("Trumps"), Text(_suit(trump), style="bold yellow") if trump
                      else Text(tr.t("none yet"), style="dim"))
        if view["marriages"]:
            facts.add_row(tr.t("Marriages"), ", ".join(f"{seats.name(m['seat'])} {_suit(m['suit'])} {m['points']}"
                                                       for m in view["marriages"]))
        leader = view.get("leader")
        plays = [((leader + i) % n, c) for i, c in enumerate(view.get("trick", []))] if leader is not None else []
        facts.add_row(tr.t("Trick"), _trick_line(plays, seats) if plays else Text("—", style="dim"))
    last = _last_trick(view, seats)
    if last is not None:
        facts.add_row(tr.t("Last trick"), last)
    before = [e for e in view.get("previous") or [] if e["type"] in ("score", "abandoned")]
    if phase == "bid" and before:
        facts.add_row(tr.t("Last hand"), breakdown(before[-1], seats) if before[-1]["type"] == "score"
                      else Text(tr.t("thrown in for four nines"), style="dim"))
    aids = view.get("aids") or {}  # the player aids, with parlour play --aids
    if aids.get("marriages"):
        facts.add_row(tr.t("Marriages in hand"), tr.t("{marriages} = {total}", marriages=", ".join(
            f"{_suit(LETTER_SUITS[m['suit']])} {m['points']}" for m in aids["marriages"]), total=aids["marriage_points"]))
    if aids.get("played"):
        facts.add_row(tr.t("Cards played"), played_text(aids["played"], ("S", "C", "D", "H")))
    body: list[RenderableType] = [facts, Text(), _seats_table(view, seats)]
    if view["over"]:
        scored = [e for e in view.get("log", []) if e["type"] == "score"]
        if scored:
            body += [Text(), breakdown(scored[-1], seats)]
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    house = [tr.t(name) for key, name in HOUSE_RULES if view["options"].get(key)]
    if view["options"].get("bid_step", 5) != 5:
        house.append(tr.t("bids in steps of {n}", n=view["options"]["bid_step"]))
    if view["options"].get("rounding", 5) != 5:
        house.append(tr.t("points rounded to {n}", n=view["options"]["rounding"]))
    return Panel(Group(*body), title=tr.t("Tysiąc · hand {n} · first to 1000", n=view["deal"]), title_align="left",
                 subtitle=tr.t("house rules: {rules}", rules=", ".join(house)) if house else None, subtitle_align="left")


def hand(view: dict[str, Any], seats: Seats) -> Text:
    """The seat's own hand, suit by suit (♠ ♣ ♦ ♥), nine up to ace."""
    cards = view.get("hand") or []
    groups = []
    for letter in "SCDH":
        suit = [c for c in cards if c.endswith(letter)]
        if suit:
            groups.append(cards_text(suit, sep=" "))
    return Text.assemble((tr.t("Your hand") + "  ", "bold"),
                         Text("   ").join(groups) if groups else Text(tr.t("empty"), style="dim"))


def breakdown(event: dict[str, Any], seats: Seats) -> Text:
    """A scored hand: the contract made or lost, each seat's points and what the variants did."""
    d = event["declarer"]
    line = Text(tr.t("Hand {n}:", n=event["deal"]) + " ", style="bold")
    values = {"who": seats.name(d), "contract": event["contract"]}
    if event.get("rospisat"):
        line.append(tr.t("{who} gave {contract} up (Rospisat'): a P, 60 to each opponent", **values))
    else:
        values["points"] = event["points"][d]
        line.append(tr.t("{who} made {contract} with {points} points", **values) if event["made"]
                    else tr.t("{who} lost {contract} with {points} points", **values))
        others = [s for s in range(len(event["row"])) if s != d]
        line.append(" — " + ", ".join(tr.t("{who} took {points}", who=seats.name(s), points=event["points"][s])
                                      for s in others))
    notes = []
    for key, what in NOTES:
        for s in event.get(key, []):
            if key == "locked" and not event.get("rospisat") and s == d:
                continue
            notes.append(tr.t(what, who=seats.name(s)))
    if notes:
        line.append("\n  " + ", ".join(notes))
    line.append("\n  " + ", ".join(f"{seats.name(s)} {_signed(p)}" for s, p in enumerate(event["row"])))
    if event.get("tie"):
        names = ""
        for s in event["tie"]:
            names = tr.t("{a} and {b}", a=names, b=seats.name(s)) if names else seats.name(s)
        line.append("\n  " + tr.t("{names} tie at 1000 or more: play on", names=names))
    return line


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words; ``None`` for events the board already shows."""
    kind = event["type"]
    seat = event.get("seat")
    who = seats.name(seat) if "seat" in event else ""
    you = seats.you(seat)
    if kind == "deal":
        dealer = event["dealer"]
        return Text(tr.t("Hand {n}: you deal", n=event["deal"]) if seats.you(dealer)
                    else tr.t("Hand {n}: {who} deals", n=event["deal"], who=seats.name(dealer)), style="bold")
    if kind == "bid":
        if event["action"] == "pass":
            return Text(tr.t("You pass") if you else tr.t("{who} passes", who=who))
        bid = event["action"].split()[1]
        return Text(tr.t("You bid {bid}", bid=bid) if you else tr.t("{who} bids {bid}", who=who, bid=bid))
    if kind == "declarer":
        return Text(tr.t("You declare {bid}", bid=event["bid"]) if you
                    else tr.t("{who} declares {bid}", who=who, bid=event["bid"]), style="bold")
    if kind == "prikup":
        return tr.tx("The prikup is turned up: {cards}", cards=cards_text(event["cards"]))
    if kind == "give":
        to = seats.name(event["to"])
        return Text(tr.t("You give a card face down to {to}", to=to) if you
                    else tr.t("{who} gives a card face down to {to}", who=who, to=to))
    if kind == "given":
        if event["to"] == seats.viewer:
            return tr.tx("{who} gave you {card}", who=who, card=card_text(event["card"]))
        return tr.tx("You gave {card} to {to}", card=card_text(event["card"]), to=seats.name(event["to"]))
    if kind == "rospisat":
        return Text(tr.t("You give the hand up: Rospisat'") if you
                    else tr.t("{who} gives the hand up: Rospisat'", who=who), style="bold")
    if kind == "contract":
        contract = event["contract"]
        if contract == event["bid"]:
            return Text(tr.t("You keep the contract at {contract}", contract=contract) if you
                        else tr.t("{who} keeps the contract at {contract}", who=who, contract=contract))
        return Text(tr.t("You raise the contract to {contract}", contract=contract) if you
                    else tr.t("{who} raises the contract to {contract}", who=who, contract=contract), style="bold")
    if kind == "nines":
        return Text(tr.t("You show four nines: the hand is thrown in") if you
                    else tr.t("{who} shows four nines: the hand is thrown in", who=who), style="bold")
    if kind == "abandoned":
        return Text(tr.t("The same dealer deals again"), style="dim")
    if kind == "play on":
        return Text(tr.t("You hold four nines and play on") if you
                    else tr.t("{who} holds four nines and plays on", who=who))
    if kind == "play starts":
        leader = event["leader"]
        return Text(tr.t("You lead the first trick") if seats.you(leader)
                    else tr.t("{who} leads the first trick", who=seats.name(leader)), style="dim")
    if kind == "play":
        card = card_text(event["card"])
        if "marriage" in event:
            suit = event["marriage"]
            values = {"suit": _suit(suit), "card": card, "points": event["points"], "trumps": _word(suit)}
            return tr.tx("You declare the marriage of {suit}, leading {card}: {points}, and {trumps} are trumps",
                         **values) if you else \
                tr.tx("{who} declares the marriage of {suit}, leading {card}: {points}, and {trumps} are trumps",
                      who=who, **values)
        return tr.tx("You play {card}", card=card) if you else tr.tx("{who} plays {card}", who=who, card=card)
    if kind == "trick":
        winner = event["winner"]
        return Text(tr.t("You take the trick ({points})", points=event["points"]) if seats.you(winner)
                    else tr.t("{who} takes the trick ({points})", who=seats.name(winner), points=event["points"]),
                    style="dim")
    if kind == "score":
        return breakdown(event, seats)
    if kind == "end":
        line = end_line(event, seats)
        if event.get("deal_limit"):
            line.append(" " + tr.t("(after {n} hands)", n=event["deal_limit"]))
        return line
    return None


#: Each suit's marriage, by the suit letter of a card code.
SUIT_OF = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
MARRIAGE_POINTS = {"spades": 40, "clubs": 60, "diamonds": 80, "hearts": 100}


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``give 9S to 2`` → "Daj 9♠ igralcu Sedež 2".

    >>> print(move_words("marry QH", {}, Seats.anonymous(3)), move_words("bid 110", {}, Seats.anonymous(3)), sep=" | ")
    Declare hearts ♥ 100: lead Q♥ | Bid 110
    """
    words = action.split()
    named = {"pass": N_("Pass"), "rospisat": N_("Give up (Rospisat')"), "show nines": N_("Show four nines: deal again"),
             "play on": N_("Play on")}
    if action in named:
        return tr.t(named[action])
    if words[0] == "bid" and len(words) == 2:
        return tr.t("Bid {points}", points=words[1])
    if words[0] == "contract" and len(words) == 2:
        return tr.t("Keep {contract}", contract=words[1]) if view.get("contract") == int(words[1]) \
            else tr.t("Raise to {contract}", contract=words[1])
    if words[0] == "give" and len(words) == 4:
        return tr.tx("Give {card} to {to}", card=card_text(words[1]), to=seats.name(int(words[3])))
    if words[0] == "play" and len(words) == 2:
        return tr.tx("Play {card}", card=card_text(words[1]))
    if words[0] == "marry" and len(words) == 2:
        suit = SUIT_OF.get(words[1][-1:].upper(), "")
        return tr.tx("Declare {suit} {points}: lead {card}", suit=_suit(suit), points=MARRIAGE_POINTS.get(suit, ""),
                     card=card_text(words[1]))
    return None

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

from parlour.core.i18n import N_, translator
from parlour.core.terminal import RED, Seats, end_line, played_text

tr = translator(__name__)

TRUMP_STYLE = "bold yellow"
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
SUIT_WORDS = {"hearts": "♥", "diamonds": "♦", "spades": "♠", "clubs": "♣"}
#: The number of talon cards a declarer takes, by contract (the talon is shown in groups of that size).
TAKE = {"three": 3, "two": 2, "one": 1, "solo three": 3, "solo two": 2, "solo one": 1}
BONUS_TITLES = {"trula": N_("Trula"), "kings": N_("Kings"), "pagat ultimo": N_("Pagat ultimo"),
                "king ultimo": N_("King ultimo"), "valat": N_("Valat")}
#: The contracts by name, as the table writes them (the same words in every language's catalogue as the browser's).
CONTRACT_NAMES = {"klop": N_("Klop"), "three": N_("Three"), "two": N_("Two"), "one": N_("One"),
                  "solo three": N_("Solo three"), "solo two": N_("Solo two"), "solo one": N_("Solo one"),
                  "beggar": N_("Beggar"), "solo without": N_("Solo without"), "open beggar": N_("Open beggar"),
                  "colour valat without": N_("Colour valat without"), "valat without": N_("Valat without"),
                  "colour valat": N_("Colour valat")}
KONTRA_NAMES = {"kontra": N_("Kontra"), "rekontra": N_("Rekontra"), "subkontra": N_("Subkontra"),
                "mordkontra": N_("Mordkontra")}


def contract_name(name: str | None) -> str:
    """``"solo three"`` → ``"Solo three"``; ``None`` → ``"—"``."""
    if not name:
        return "—"
    return tr.t(CONTRACT_NAMES[name]) if name in CONTRACT_NAMES else name[:1].upper() + name[1:]


def bonus_name(name: str) -> str:
    return tr.t(BONUS_TITLES[name]) if name in BONUS_TITLES else name


def kontra_on(level: str, target: str) -> str:
    """``Kontra on the game``, ``Rekontra on Trula``."""
    kontra = tr.t(KONTRA_NAMES.get(level, level))
    if target == "game":
        return tr.t("{kontra} on the game", kontra=kontra)
    return tr.t("{kontra} on {bonus}", kontra=kontra, bonus=bonus_name(target))


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
    suit = SUIT_WORDS.get(called["suit"], "")
    return tr.t("queen of {suit}", suit=suit) if called["rank"] == "queen" else tr.t("king of {suit}", suit=suit)


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
            bids.setdefault(e["seat"], []).append(tr.t("pass") if words[0] == "pass" else contract_name(words[1]))
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
    return Text("   ").join(Text.assemble((tr.t("talon {n}:", n=i) + " ", "cyan"), tarok_cards(g))
                            for i, g in enumerate(groups))


def _seats_table(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, header in enumerate(["", tr.t("seat"), tr.t("role"), tr.t("cards"), tr.t("tricks"), tr.t("wheels"),
                                tr.t("score")]):
        people.add_column(header, justify="right" if i >= 3 else "left", no_wrap=True)
    to_act = set(view.get("to_act", []))
    for seat in range(view["players"]):
        marks = "▶" if seat in to_act else ""
        name = Text(seats.name(seat), style="bold" if seat == seats.viewer else "")
        if seat == view.get("dealer"):
            name.append(" " + tr.t("(dealer)"), style="dim")
        wheels = view["wheels"][seat]
        role = {"declarer": tr.t("declarer"), "partner": tr.t("partner"), "": ""}[_role(view, seat)]
        people.add_row(marks, name, role, str(view["hands"][seat]), str(view["tricks"][seat]),
                       "●" * wheels if wheels else "", str(view["scores"][seat]))
    return people


def breakdown(event: dict[str, Any], seats: Seats) -> Text:
    """A scored deal in Tarok terms: contract, who played it, card points, the game, each bonus, kontras, wheels."""
    contract = event.get("contract")
    line = Text(tr.t("Deal {n}:", n=event["deal"]) + " ", style="bold")
    if contract == "klop":
        line.append(tr.t("Klop — card points {points}", points=", ".join(
            f"{seats.name(s)} {p}" for s, p in enumerate(event["card_points"]))))
    elif event.get("forfeit"):
        line.append(tr.t("{contract} forfeited by {who} (called king in the talon)", contract=contract_name(contract),
                         who=seats.name(event["declarer"])))
    else:
        values = {"contract": contract_name(contract), "who": seats.name(event["declarer"])}
        partner = event.get("partner")
        if partner is not None:
            values["who"] = tr.t("{who} with {partner}", who=values["who"], partner=seats.name(partner))
        line.append(tr.t("{contract}, {who}: won", **values) if event.get("won")
                    else tr.t("{contract}, {who}: lost", **values))
        if "card_points" in event:
            ours, theirs = event["card_points"]
            line.append(" " + tr.t("— {ours} to {theirs} card points", ours=ours, theirs=theirs))
        bits = []
        if "game" in event:
            bits.append(tr.t("game {points}", points=_signed(event["game"])))
        bits += [f"{bonus_name(k)} {_signed(v)}" for k, v in event.get("bonuses", {}).items()]
        bits += [kontra_on(level, target) for target, level in event.get("kontra", {}).items()]
        if event.get("wheel_factor"):
            bits.append(tr.t("wheel ×{n}", n=event["wheel_factor"]))
        if "mond_lost" in event:
            bits.append(tr.t("{who} lost the Mond −21", who=seats.name(event["mond_lost"])))
        if "mond_left" in event:
            bits.append(tr.t("{who} left the Mond in the talon −21", who=seats.name(event["mond_left"])))
        if bits:
            line.append("\n  " + ", ".join(bits))
    points = ", ".join(f"{seats.name(s)} {_signed(p)}" for s, p in enumerate(event["points"]) if p)
    line.append("\n  " + (points or tr.t("no points change hands")))
    return line


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it, from the auction to the last trick and the deal's breakdown."""
    n = view["players"]
    log = view.get("log", [])
    title = tr.t("Tarok · deal {n}", n=view["deal"])
    if view.get("skis_round"):
        title += " · " + tr.t("Škis round")
    if view.get("mode") == "compulsory":
        title += " · " + tr.t("compulsory Klop")
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    phase = view["phase"]
    if phase == "bid" or view.get("contract") is None:
        facts.add_row(tr.t("Auction"), _auction(view, seats))
        if view.get("high_bid"):
            facts.add_row(tr.t("Highest bid"), tr.t("{contract} by {who}", contract=contract_name(view["high_bid"]),
                                                    who=seats.name(view["high_bidder"])))
    else:
        contract = Text(contract_name(view["contract"]), style="bold")
        if view["contract"] != "klop" and view.get("declarer") is not None:
            contract.append(" " + tr.t("played by {who}", who=seats.name(view["declarer"])))
            if _called(view):
                contract.append(", " + tr.t("calling the {card}", card=_called(view)))
                partner = view.get("partner")
                contract.append(" " + tr.t("— partner: {who}", who=tr.t("unknown yet") if partner is None
                                           else tr.t("alone") if partner == "none" else seats.name(partner)))
        facts.add_row(tr.t("Contract"), contract)
        facts.add_row(tr.t("Auction"), _auction(view, seats))
    talon = _talon_groups(view)
    if talon is not None:
        facts.add_row(tr.t("Talon") if phase == "talon" else tr.t("Rest of the talon"), talon)
    elif view.get("talon_count"):
        facts.add_row(tr.t("Talon"), Text(tr.tn("{n} card face down", "{n} cards face down", view["talon_count"]),
                                          style="dim"))
    if view.get("laid_away"):
        facts.add_row(tr.t("You laid away"), tarok_cards(view["laid_away"]))
    if view.get("shown"):
        facts.add_row(tr.t("Taroks laid away"), tarok_cards(view["shown"]))
    if view.get("announced"):
        facts.add_row(tr.t("Announced"), ", ".join(f"{bonus_name(b)} ({seats.name(s)})"
                                                   for b, s in view["announced"].items()))
    if view.get("kontra"):
        facts.add_row(tr.t("Kontra"), ", ".join(kontra_on(level, target) for target, level in view["kontra"].items()))
    if view.get("open_hand"):
        facts.add_row(tr.t("Open hand"), tarok_cards(view["open_hand"]))
    if phase == "play":
        leader = view.get("leader")
        plays = [((leader + i) % n, c) for i, c in enumerate(view.get("trick", []))] if leader is not None else []
        facts.add_row(tr.t("Trick"), _trick_line(plays, seats) if plays else Text("—", style="dim"))
    last = _last_trick(log, n)
    if last:
        facts.add_row(tr.t("Last trick"), _trick_line(last[0], seats, last[1]))
    played = (view.get("aids") or {}).get("played")  # the player aid, with parlour play --aids
    if played:
        facts.add_row(tr.t("Cards played"), played_text(played, ("T", "H", "D", "S", "C"), (tr.t("Taroks"), tarok_cards)))
    body: list[RenderableType] = [facts, Text(), _seats_table(view, seats)]
    scored = [e for e in log if e["type"] == "score"]
    if scored and (view["over"] or phase == "over"):
        body += [Text(), breakdown(scored[-1], seats)]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def hand(view: dict[str, Any], seats: Seats) -> Text:
    """The seat's own hand, taroks first as the view orders them."""
    return Text.assemble((tr.t("Your hand") + "  ", "bold"),
                         tarok_cards(view.get("hand") or [], sep="  ", empty=tr.t("empty")))


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words; ``None`` for events the board already shows."""
    kind = event["type"]
    seat = event.get("seat")
    who = seats.name(seat) if "seat" in event else ""
    you = seats.you(seat)
    if kind == "deal":
        dealer = event["dealer"]
        line = tr.t("Deal {n}: you deal", n=event["deal"]) if seats.you(dealer) \
            else tr.t("Deal {n}: {who} deals", n=event["deal"], who=seats.name(dealer))
        return Text(line + (" (" + tr.t("Škis round") + ")" if event.get("skis_round") else ""), style="bold")
    if kind == "no tarok":
        cards = tarok_cards(event["cards"])
        return tr.tx("You have no tarok: {cards} — the cards are dealt again", cards=cards) if you \
            else tr.tx("{who} has no tarok: {cards} — the cards are dealt again", who=who, cards=cards)
    if kind == "hand":
        return None
    if kind == "bid":
        words = event["action"].split(" ", 1)
        if words[0] == "pass":
            return Text(tr.t("You pass") if you else tr.t("{who} passes", who=who))
        contract = contract_name(words[1])
        return Text(tr.t("You bid {contract}", contract=contract) if you
                    else tr.t("{who} bids {contract}", who=who, contract=contract))
    if kind in ("contract", "colour"):
        contract = contract_name(event["action"].split(" ", 1)[1])
        return Text(tr.t("You choose {contract}", contract=contract) if you
                    else tr.t("{who} chooses {contract}", who=who, contract=contract))
    if kind == "declarer":
        contract = contract_name(event["contract"])
        return Text(tr.t("You play {contract}", contract=contract) if you
                    else tr.t("{who} plays {contract}", who=who, contract=contract), style="bold")
    if kind == "call":
        _, rank, suit = event["action"].split()
        card = _called({"called": {"rank": rank, "suit": suit}})
        return Text(tr.t("You call the {card}", card=card) if you else tr.t("{who} calls the {card}", who=who, card=card))
    if kind == "talon":
        return tr.tx("The talon is turned up: {cards}", cards=tarok_cards(event["cards"]))
    if kind == "take":
        cards = tarok_cards(event["cards"])
        return tr.tx("You take {cards} from the talon", cards=cards) if you \
            else tr.tx("{who} takes {cards} from the talon", who=who, cards=cards)
    if kind == "forfeit":
        return Text(tr.t("You forfeit the game") if you else tr.t("{who} forfeits the game", who=who), style="bold")
    if kind == "discard":
        count = event["count"]
        line = Text(tr.tn("You lay away {n} card", "You lay away {n} cards", count) if you
                    else tr.tn("{who} lays away {n} card", "{who} lays away {n} cards", count, who=who))
        if event.get("shown"):
            line.append_text(tr.tx(", showing {cards}", cards=tarok_cards(event["shown"])))
        return line
    if kind == "laid away":
        return tr.tx("You laid away {cards}", cards=tarok_cards(event["cards"]))
    if kind == "announce":
        action = event["action"]
        if action == "pass":
            return Text(tr.t("You announce nothing") if you else tr.t("{who} announces nothing", who=who), style="dim")
        verb, target = action.split(" ", 1)
        if verb == "announce":
            bonus = bonus_name(target)
            return Text(tr.t("You announce {bonus}", bonus=bonus) if you
                        else tr.t("{who} announces {bonus}", who=who, bonus=bonus))
        return Text(f"{who}: {kontra_on(verb, target)}", style="bold")
    if kind == "play starts":
        leader = event["leader"]
        return Text(tr.t("You lead the first trick") if seats.you(leader)
                    else tr.t("{who} leads the first trick", who=seats.name(leader)), style="dim")
    if kind == "open hand":
        cards = tarok_cards(event["cards"])
        return tr.tx("Your hand lies open: {cards}", cards=cards) if you \
            else tr.tx("{who}'s hand lies open: {cards}", who=who, cards=cards)
    if kind == "play":
        card = tarok_card(event["card"])
        return tr.tx("You play {card}", card=card) if you else tr.tx("{who} plays {card}", who=who, card=card)
    if kind == "trick":
        winner = event["winner"]
        return Text(tr.t("You take the trick") if seats.you(winner)
                    else tr.t("{who} takes the trick", who=seats.name(winner)), style="dim")
    if kind == "reveal":
        laid, talon = event["laid away"], event["talon"]
        if laid and talon:
            return tr.tx("Laid away: {laid}   rest of the talon: {talon}", laid=tarok_cards(laid), talon=tarok_cards(talon))
        if laid:
            return tr.tx("Laid away: {laid}", laid=tarok_cards(laid))
        return tr.tx("Rest of the talon: {talon}", talon=tarok_cards(talon)) if talon else None
    if kind == "score":
        return breakdown(event, seats)
    if kind == "last dealer":
        return Text(tr.t("You hold the Škis and deal last in the Škis round") if you
                    else tr.t("{who} holds the Škis and deals last in the Škis round", who=who))
    if kind == "skis round":
        return Text(tr.t("The Škis round begins: every player deals once more"), style="bold")
    if kind == "end":
        return end_line(event, seats)
    return None


#: The suit letter of each suit word of a king call (``call king hearts``).
SUIT_LETTERS = {"hearts": "H", "diamonds": "D", "spades": "S", "clubs": "C"}


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``bid solo two`` → "Licitiraj Solo dva".

    >>> print(move_words("call king hearts", {}, Seats.anonymous(4)), move_words("kontra trula", {}, Seats.anonymous(4)),
    ...       move_words("discard 7C 8C", {}, Seats.anonymous(4)), sep=" | ")
    Call the K♥ | Kontra on Trula | Lay away 7♣ 8♣
    """
    words = action.split()
    verb, rest = words[0], " ".join(words[1:])
    if action == "pass":
        return tr.t("Pass")
    if action == "forfeit":
        return tr.t("Forfeit")
    if action == "lead emperor":
        return tr.t("Lead the Emperor's trick (Škis)")
    if verb == "bid" and rest in CONTRACT_NAMES:
        return tr.t("Bid {contract}", contract=contract_name(rest))
    if verb == "contract" and rest in CONTRACT_NAMES:
        return tr.t("Play {contract}", contract=contract_name(rest))
    if verb == "call" and len(words) == 3 and words[2] in SUIT_LETTERS:
        return tr.tx("Call the {card}", card=tarok_card(("K" if words[1] == "king" else "Q") + SUIT_LETTERS[words[2]]))
    if verb == "talon" and rest.isdigit():  # the group as the board shows it: "talon 1: T4 T12 J♣"
        talon, size = view.get("talon") or [], TAKE.get(view.get("contract") or "", 0)
        group = talon[int(rest) * size:(int(rest) + 1) * size] if size else []
        return Text.assemble(tr.t("talon {n}:", n=int(rest)) + " ", tarok_cards(group)) if group else None
    if verb == "discard":
        return tr.tx("Lay away {cards}", cards=tarok_cards(words[1:]))
    if verb == "announce":
        return tr.t("Announce {bonus}", bonus=bonus_name(rest))
    if verb in KONTRA_NAMES and rest:
        return kontra_on(verb, rest)
    if verb == "play" and len(words) == 2:
        return tr.tx("Play {card}", card=tarok_card(words[1]))
    return None

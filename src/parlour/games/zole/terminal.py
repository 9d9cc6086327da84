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

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, card_text, cards_text, end_line, played_text

tr = translator(__name__)
MODES = {"big": N_("took the talon"), "zole": N_("Zole"), "small zole": N_("small zole")}
SCORING = {"standard": N_("standard chips"), "federation": N_("federation chips")}
PULE_NOTES = {"takes back his own personal pule": N_("takes back his own personal pule"),
              "takes a common pule": N_("takes a common pule"), "gets a personal pule": N_("gets a personal pule")}


def _bid(seat: int, action: str, seats: Seats) -> str:
    """A bid said of a seat: ``Seat 1 declares Zole: the Big one, without the talon`` / ``You pass``."""
    who, you = seats.name(seat), seats.you(seat)
    if action == "pass":
        return tr.t("You pass") if you else tr.t("{who} passes", who=who)
    if action == "take":
        return tr.t("You take the talon: the Big one") if you else tr.t("{who} takes the talon: the Big one", who=who)
    if action == "zole":
        return tr.t("You declare Zole: the Big one, without the talon") if you \
            else tr.t("{who} declares Zole: the Big one, without the talon", who=who)
    return tr.t("You declare small zole: to take no trick") if you \
        else tr.t("{who} declares small zole: to take no trick", who=who)


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The table as ``view`` shows it: the talon, who plays alone, the pool, each seat's cards, tricks, points and
    chips, the trick on the table, and the last hand's result."""
    options = view["options"]
    scoring = tr.t(SCORING.get(options["scoring"], options["scoring"]))
    if options["hands"]:
        title = tr.t("Zole · hand {n} of {hands} · {scoring}", n=view["hand_number"], hands=options["hands"],
                     scoring=scoring)
    else:
        title = tr.t("Zole · hand {n} · {scoring}", n=view["hand_number"], scoring=scoring)
    if options["target"]:
        title += " · " + tr.t("to ±{n}", n=options["target"])
    top = Table.grid(padding=(0, 2))
    top.add_column(style="bold", no_wrap=True)
    top.add_column()
    declarer, mode = view["declarer"], view["mode"]
    if view["talon_count"]:
        talon = tr.tn("{n} card face down", "{n} cards face down", view["talon_count"])
        if mode == "zole":
            talon += " " + tr.t("(the small ones' at the end)")
    else:
        talon = tr.t("taken by the Big one")
    top.add_row(tr.t("Talon"), talon)
    if declarer is not None:
        alone = mode in ("big", "zole")
        top.add_row(tr.t("Big one") if alone else tr.t("Alone"), f"{seats.name(declarer)} ({tr.t(MODES[mode])})")
        top.add_row(tr.t("Small ones") if alone else tr.t("Against"), ", ".join(seats.name(s) for s in view["small_ones"]))
    elif mode == "table":
        top.add_row(tr.t("Game"), tr.t("the table game: everyone for himself, the most tricks loses"))
    dealer = "   " + tr.t("dealer: {who}", who=seats.name(view["dealer"]))
    if options["all_pass"] == "pules":
        pules = view["pules"]
        personal = ", ".join(seats.name(s) for s in pules["personal"]) or tr.t("none")
        top.add_row(tr.t("Pules"), tr.t("{n} common; personal: {names}", n=pules["common"], names=personal) + dealer)
    else:
        pool = view["pool"]
        top.add_row(tr.t("Pool"), (tr.tn("{n} chip", "{n} chips", pool) if pool else tr.t("empty")) + dealer)
    if view.get("laid_away"):
        top.add_row(tr.t("Laid away"), cards_text(view["laid_away"]))
    played = (view.get("aids") or {}).get("played")  # the player aid, with parlour play --aids
    if played:
        top.add_row(tr.t("Cards played"), played_text(played, ("T", "C", "S", "H"), (tr.t("Trumps"), cards_text)))
    body: list[RenderableType] = [top, Text(), _seats(view, seats)]
    if view["trick"]:
        line = Text(tr.t("Trick") + "  ", style="bold")
        for i, play in enumerate(view["trick"]):
            line.append(("  " if i else "") + seats.name(play["seat"]) + " ")
            line.append_text(card_text(play["card"]))
        body += [Text(), line]
    elif view["last_trick"]:
        last = view["last_trick"]
        body += [Text(), Text.assemble((tr.t("Last trick") + "  ", "bold"),
                                       tr.tx("{cards}  won by {who}", cards=cards_text(last["cards"]),
                                             who=seats.name(last["winner"])))]
    last = next((e for e in view["previous"] or [] if e["type"] == "score"), None)
    if last and view["phase"] in ("bid", "discard"):  # until the first card of the next hand
        body += [Text(), Text.assemble((tr.t("Last hand") + "  ", "bold"), result_text(last, seats))]
    if view["over"]:
        body += [Text(), end_line({"winners": view["winners"], "scores": view["scores"]}, seats)]
    return Panel(Group(*body), title=title, title_align="left")


def _seats(view: dict[str, Any], seats: Seats) -> Table:
    people = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    for i, header in enumerate(("", tr.t("seat"), "", tr.t("cards"), tr.t("tricks"), tr.t("points"), tr.t("chips"))):
        people.add_column(header, justify="left" if i < 3 else "right", no_wrap=True)
    to_act = set(view["to_act"])
    declarer = view["declarer"]
    for seat in range(view["players"]):
        if seat == view["sitting_out"]:
            role = tr.t("deals, sits out")
        elif declarer is None:
            role = tr.t("passed") if view["bids"][seat] == "pass" else ""
        else:
            role = tr.t("small one") if seat != declarer else tr.t("Big one") if view["mode"] != "small zole" \
                else tr.t("small zole")
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
        if "pool" in result:
            return Text(tr.t("everyone passed; the pool now holds {n}", n=result["pool"]))
        return Text(tr.t("everyone passed; a common pule is written ({n} open)", n=result["common pules"]))
    if mode == "pool returned":
        return Text(tr.t("the pool goes back in equal shares"))
    chips = ", ".join(f"{seats.name(s)} {p:+d}" for s, p in enumerate(result["points"]))
    decl = result["declarer"]
    if mode == "table":
        losers = " & ".join(seats.name(s) for s in result["losers"])
        return Text(tr.tn("the table game: {names} took the most tricks and pays 2 chips to each. Chips: {chips}",
                          "the table game: {names} took the most tricks and pay 2 chips to each. Chips: {chips}",
                          len(result["losers"]), names=losers, chips=chips))
    if mode == "small zole":
        if result["declarer_won"]:
            return Text(tr.t("{who}'s small zole: took no trick. Chips: {chips}", who=seats.name(decl), chips=chips))
        return Text(tr.t("{who}'s small zole: took a trick. Chips: {chips}", who=seats.name(decl), chips=chips))
    big, small = result["card_points"]
    values = {"who": seats.name(decl), "big": big, "small": small, "chips": chips}
    if mode == "zole":
        text = tr.t("{who} (Zole) {big}, the small ones {small}: the Big one wins. Chips: {chips}", **values) \
            if result["declarer_won"] else \
            tr.t("{who} (Zole) {big}, the small ones {small}: the small ones win. Chips: {chips}", **values)
    else:
        text = tr.t("{who} (the Big one) {big}, the small ones {small}: the Big one wins. Chips: {chips}", **values) \
            if result["declarer_won"] else \
            tr.t("{who} (the Big one) {big}, the small ones {small}: the small ones win. Chips: {chips}", **values)
    if "pool_taken" in result:
        text += " " + tr.t("(the pool included)")
    if "pules" in result and result["pules"]["note"]:
        note = result["pules"]["note"]
        if note.startswith("takes seat "):
            note = tr.t("takes seat {n}'s personal pule", n=note.split()[2].removesuffix("'s"))
        else:
            note = tr.t(PULE_NOTES.get(note, note))
        text += "; " + tr.t("pules: {who} {note}", who=seats.name(decl), note=note)
    return Text(text)


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log; ``None`` for events with nothing to tell."""
    kind = event["type"]
    seat = event.get("seat")
    you, who = seats.you(seat), seats.name(seat) if seat is not None else ""
    if kind == "deal":
        dealer = event["dealer"]
        line = tr.t("Hand {n}: you deal", n=event["hand"]) if seats.you(dealer) \
            else tr.t("Hand {n}: {who} deals", n=event["hand"], who=seats.name(dealer))
        if dealer not in event["active"]:
            line += "; " + (tr.t("you sit out") if seats.you(dealer) else tr.t("{who} sits out", who=seats.name(dealer)))
        if event["pool"]:
            line += "; " + tr.t("the pool holds {n}", n=event["pool"])
        return Text(line, style="bold")
    if kind == "hand":
        cards = cards_text(event["cards"])
        return tr.tx("Your cards: {cards}", cards=cards) if you else tr.tx("{who}'s cards: {cards}", who=who, cards=cards)
    if kind == "bid":
        return Text(_bid(seat, event["action"], seats))
    if kind == "talon":
        cards = cards_text(event["cards"])
        return tr.tx("You pick up the talon: {cards}", cards=cards) if you \
            else tr.tx("{who} picks up the talon: {cards}", who=who, cards=cards)
    if kind == "laid away":
        cards = cards_text(event["cards"])
        return tr.tx("You lay away {cards}", cards=cards) if you else tr.tx("{who} lays away {cards}", who=who, cards=cards)
    if kind == "discard":
        return None if you else Text(tr.t("{who} lays away two cards", who=who))
    if kind == "table game":
        return Text(tr.t("Everyone passed: the table game is played, everyone for himself; the most tricks loses"))
    if kind == "play":
        card = card_text(event["card"])
        return tr.tx("You play {card}", card=card) if you else tr.tx("{who} plays {card}", who=who, card=card)
    if kind == "trick":
        winner = event["winner"]
        values = {"cards": cards_text(event["cards"]), "points": tr.tn("{n} point", "{n} points", event["points"])}
        return tr.tx("You take the trick: {cards} ({points})", **values) if seats.you(winner) \
            else tr.tx("{who} takes the trick: {cards} ({points})", who=seats.name(winner), **values)
    if kind == "score":
        line = Text.assemble((tr.t("Hand {n}:", n=event["hand"]) + " ", "bold"), result_text(event, seats))
        if event.get("talon"):
            line.append("\n  ")
            if event.get("laid away"):
                line.append_text(tr.tx("The talon: {talon}; laid away: {laid}", talon=cards_text(event["talon"]),
                                       laid=cards_text(event["laid away"])))
            else:
                line.append_text(tr.tx("The talon: {talon}", talon=cards_text(event["talon"])))
        return line
    if kind == "pool returned":
        return Text(tr.tn("The pool goes back: {n} chip each", "The pool goes back: {n} chips each", event["each"]))
    if kind == "end":
        return end_line(event, seats)
    return None


def move_words(action: str, view: dict[str, Any], seats: Seats) -> Text | str | None:
    """A legal move in the player's words, beside its text: ``take`` → "Vzemi talon" in Slovenian.

    >>> print(move_words("discard 9C KH", {}, Seats.anonymous(3)), move_words("small zole", {}, Seats.anonymous(3)), sep=" | ")
    Lay away 9♣ K♥ | Small zole
    """
    words = action.split()
    named = {"pass": N_("Pass"), "take": N_("Take the talon"), "zole": N_("Zole"), "small zole": N_("Small zole")}
    if action in named:
        return tr.t(named[action])
    if words[0] == "discard":
        return tr.tx("Lay away {cards}", cards=cards_text(words[1:]))
    if words[0] == "play" and len(words) == 2:
        return tr.tx("Play {card}", card=card_text(words[1]))
    return None

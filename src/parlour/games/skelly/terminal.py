r"""Skelly on the screen: the court drawn in characters (its boxes, the dead box and its quadrants, the start line),
each cap as its seat's number, the last shot's path in dots; who shoots for what; and, on your turn (``moves``), how
to aim.

The court is 49 columns by 25 rows (a column is twice as narrow as a row is high, as a terminal's characters are),
with the start line below it. Pure functions of a view: nothing here prints.

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("skelly", players=3).new(seed=1, deck="0: -0.85,-0.85 next 2; 1: 0.3,0.3 trapped; turn 0")
>>> lines = plain(court_text(state.view(0))).splitlines()
>>> print("\n".join(lines[7:18]))        # the dead box round 13, seat 1's cap trapped in its NE quadrant
│             ┌─────────┬─────────┐             │
│┌────┐       │         │      1  │       ┌────┐│
││ 9  │       │  NW     │    NE   │       │ 10 ││
│└────┘       │         │         │       └────┘│
│             │       ┌─┴─┐       │             │
│             ├───────┤13 ├───────┤             │
│             │       └─┬─┘       │             │
│┌────┐       │         │         │       ┌────┐│
││ 11 │       │  SW     │    SE   │       │ 12 ││
│└────┘       │         │         │       └────┘│
│             └─────────┴─────────┘             │
>>> print("\n".join(lines[21:25] + lines[-1:]))  # seat 0's cap in box 1 (its number moves up), 2 still waiting to shoot
│┌─1──┐         ┌───┐       ┌───┐         ┌────┐│
││  0 │         │ 6 │       │ 8 │         │ 4  ││
│└────┘         └───┘       └───┘         └────┘│
└───────────────────────────────────────────────┘
  ════ 2 waiting to shoot
"""

from __future__ import annotations

import math
import re
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats, end_line


COLS, ROWS = 48, 24
#: Caps' colours by seat, as the browser table draws them: red, blue, yellow, green, purple, orange.
COLOURS = ("bold red", "bold blue", "bold yellow", "bold green", "bold magenta", "bold dark_orange")
N, S, E, W = 1, 2, 4, 8
_LINES = {E | W: "─", N | S: "│", E | S: "┌", W | S: "┐", E | N: "└", W | N: "┘", E | W | S: "┬", E | W | N: "┴",
          N | S | E: "├", N | S | W: "┤", N | S | E | W: "┼", E: "╶", W: "╴", N: "╵", S: "╷"}
USAGE = N_("Shoot with: flick ANGLE POWER — the angle in degrees (0 right, 90 up the court, 180 left, 270 down), the "
          "power from 0.001 to 1 (1 slides about 3 m on open ground)")
tr = translator(__name__)


def target_text(label: str) -> str:
    """A target as the engine words it (``box 5 on the way back``, ``a quadrant of the dead box: NE or SW``...) in the
    player's language."""
    if label in ("any cap (a killer)", "box 13 from box 1 (the killer run)"):
        return tr.t(label)
    m = re.fullmatch(r"box (\d+)( on the way back)?", label or "")
    if m:
        return tr.t("box {n} on the way back", n=m[1]) if m[2] else tr.t("box {n}", n=m[1])
    m = re.fullmatch(r"a quadrant of the dead box: (.*)", label or "")
    if m:
        return tr.t("a quadrant of the dead box: {quadrants}", quadrants=_joined(m[1].split(" or "), "{a} or {b}"))
    return label


def _joined(items: list[str], pattern: str) -> str:
    out = items[0] if items else ""
    for item in items[1:]:
        out = tr.t(pattern, a=out, b=item)
    return out


def _m(v: float) -> str:
    """Metres (or a court position) to the centimetre."""
    return f"{v:.2f}"


def court_name(name: str) -> str:
    return tr.t("{court} court", court=tr.tp("choice", name))


class _Canvas:
    """A grid of characters with styles, and chalk lines whose crossings join up."""

    def __init__(self, view: dict[str, Any]) -> None:
        court = view["court"]
        self.half = court["side"] / 2
        start = court["start"]["at"][1]
        self.rows = max(ROWS, self.row(start) + 1)
        self.lines = [[0] * (COLS + 1) for _ in range(self.rows + 1)]
        self.chars: dict[tuple[int, int], tuple[str, str]] = {}

    def col(self, x: float) -> int:
        return round((x + self.half) / (2 * self.half) * COLS)

    def row(self, y: float) -> int:
        return round((self.half - y) / (2 * self.half) * ROWS)

    def hline(self, r: int, c1: int, c2: int) -> None:
        for c in range(c1, c2 + 1):
            self.lines[r][c] |= (E if c < c2 else 0) | (W if c > c1 else 0)

    def vline(self, c: int, r1: int, r2: int) -> None:
        for r in range(r1, r2 + 1):
            self.lines[r][c] |= (S if r < r2 else 0) | (N if r > r1 else 0)

    def rect(self, x1: float, y1: float, x2: float, y2: float) -> tuple[int, int, int, int]:
        c1, c2, r1, r2 = self.col(x1), self.col(x2), self.row(y2), self.row(y1)
        self.hline(r1, c1, c2)
        self.hline(r2, c1, c2)
        self.vline(c1, r1, r2)
        self.vline(c2, r1, r2)
        return c1, c2, r1, r2

    def put(self, r: int, c: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= r <= self.rows and 0 <= c + i <= COLS:
                self.chars[(r, c + i)] = (ch, style)

    def free(self, r: int, c: int) -> bool:
        return 0 <= r <= self.rows and 0 <= c <= COLS and (r, c) not in self.chars and not self.lines[r][c]

    def text(self) -> Text:
        out = Text()
        for r in range(self.rows + 1):
            for c in range(COLS + 1):
                if (r, c) in self.chars:
                    ch, style = self.chars[(r, c)]
                    out.append(ch, style=style)
                elif self.lines[r][c]:
                    out.append(_LINES[self.lines[r][c]], style="dim")
                else:
                    out.append(" ")
            if r < self.rows:
                out.append("\n")
        return out


def court_text(view: dict[str, Any]) -> Text:
    """The court with its chalk, the caps (seat numbers; a killer's reversed) and the last shot's path (dots)."""
    court = view["court"]
    cv = _Canvas(view)
    h = cv.half
    cv.rect(-h, -h, h, h)
    k, b13 = court["skull"] / 2, court["box13"] / 2
    cv.rect(-k, -k, k, k)
    c1, c2, r1, r2 = cv.rect(-b13, -b13, b13, b13)
    cv.vline(cv.col(0), cv.row(k), r1)
    cv.vline(cv.col(0), r2, cv.row(-k))
    cv.hline(cv.row(0), cv.col(-k), c1)
    cv.hline(cv.row(0), c2, cv.col(k))
    labels = []
    for number, (x, y) in court["boxes"].items():
        half = (b13 if number == "13" else court["box"] / 2)
        c1, c2, r1, r2 = cv.rect(x - half, y - half, x + half, y + half)
        label = number if c2 - c1 > len(number) + 1 else number[-1]
        labels.append((r1, (r1 + r2) // 2, (c1 + c2 + 1 - len(label)) // 2, label))
    for name, (x, y) in court["quadrants"].items():
        cv.put(cv.row(y), cv.col(x) - 1, name, "dim italic")
    sx, sy = court["start"]["at"]
    length = court["start"]["length"] / 2
    start_row, c1, c2 = cv.row(sy), cv.col(sx - length), cv.col(sx + length)
    cv.put(start_row, c1, "═" * (c2 - c1 + 1), "bold")
    shot = view.get("last_shot")
    if shot:
        for p in shot["paths"]:
            if p["seat"] != shot["seat"]:
                continue
            for x, y in p["path"][1:-1]:
                r, c = cv.row(y), cv.col(x)
                if cv.free(r, c):
                    cv.put(r, c, "·", COLOURS[p["seat"] % len(COLOURS)])
    caps: set[tuple[int, int]] = set()
    for cap in view["caps"]:
        if cap["at"] is None:
            continue
        r, c = cv.row(cap["at"][1]), cv.col(cap["at"][0])
        spots = [(r, c), (r, c + 1), (r, c - 1), (r - 1, c), (r + 1, c)]
        r, c = next(((a, b) for a, b in spots if (a, b) not in caps), (r, c))
        caps.add((r, c))
        cv.put(r, c, str(cap["seat"]), _cap_style(cap))
    # a box's number sits inside it, or on its top line when a cap lies where it would be read with the number
    for top, middle, c, label in labels:
        row = top if any((middle, c + i) in caps for i in range(-1, len(label) + 1)) else middle
        cv.put(row, c, label, "bold")
    hand = [cap for cap in view["caps"] if cap["where"] == "hand"]
    if hand:
        c = c2 + 2
        for cap in hand:
            cv.put(start_row, c, str(cap["seat"]), _cap_style(cap))
            c += 2
        cv.put(start_row, c, tr.t("waiting to shoot"), "dim")
    return cv.text()


def _cap_style(cap: dict[str, Any]) -> str:
    return COLOURS[cap["seat"] % len(COLOURS)] + (" reverse" if cap["killer"] else "")


def status(cap: dict[str, Any], view: dict[str, Any]) -> str:
    """Where a player is, in words: ``next: box 5``, ``trapped (waited 1 of 3 turns)``, ``a killer, 2 kills``..."""
    if cap["where"] == "out":
        return tr.t("out")
    if cap["killer"]:
        return tr.tn("a killer, {n} kill", "a killer, {n} kills", cap["kills"])
    target = target_text(cap["next"]["label"])
    words = tr.t("next: {target} (from the start line)", target=target) if cap["where"] == "hand" \
        else tr.t("next: {target}", target=target)
    if cap["trapped"]:
        words = tr.t("trapped in the dead box (waited {waited} of {of} turns); {next}", waited=cap["waited"],
                     of=view["options"]["trap_turns"], next=words)
    return words


def aim(view: dict[str, Any], seat: int) -> Text | None:
    """Where the seat's next target lies from its cap: the direction and the distance, as the court shows them to a
    player in the browser. Never the flick that gets there: judging the power is the game."""
    cap = view["caps"][seat]
    court = view["court"]
    nxt = cap["next"]
    if nxt is None or nxt["kind"] == "hunt":
        return None
    start = cap["at"] or court["start"]["at"]
    if nxt["kind"] == "quadrant":
        spots = [court["quadrants"][q] for q in nxt["left"]]
        to = min(spots, key=lambda p: math.dist(p, start))
        what = tr.t("The middle of the nearest quadrant left")
    else:
        to = court["boxes"][str(nxt["box"])]
        what = tr.t("The middle of box {n}", n=nxt["box"])
    dx, dy = to[0] - start[0], to[1] - start[1]
    angle = math.degrees(math.atan2(dy, dx)) % 360
    return Text(tr.t("Your cap is at ({x}, {y}). {what} lies at {angle}°, {distance} m away.", x=_m(start[0]),
                     y=_m(start[1]), what=what, angle=round(angle, 1), distance=_m(math.hypot(dx, dy))))


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The whole table as ``view`` shows it: the court, the players and the last shot."""
    options = view["options"]
    title = Text(f"{tr.t('Skelly')} · {court_name(options['court'])} · "
                 + tr.t("shot {n} of {total}", n=view["shots"], total=view["shot_limit"]), style="bold")
    players = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    players.add_column(tr.t("cap"), justify="center")
    players.add_column(tr.t("player"), no_wrap=True)
    players.add_column(tr.t("done"), justify="right")
    players.add_column(tr.t("where"))
    for cap in view["caps"]:
        s = cap["seat"]
        mark = Text(str(s), style=_cap_style(cap))
        who = Text(seats.name(s), style="bold" if s == view["turn"] else "")
        if s == view["turn"]:
            who.append(" ◀ " + tr.t("shoots"), style="bold")
        players.add_row(mark, who, f"{cap['done']}/{view['steps']}", status(cap, view))
    parts: list[RenderableType] = [title, court_text(view), players]
    shots = [e for e in view["log"] if e["type"] == "shot"]
    if shots:
        parts.append(Text.assemble((tr.t("Last shot:") + " ", "bold"), shot_text(shots[-1], seats)))
    if view["over"]:
        parts.append(Text(reason_text(view["result"]["reason"]), style="bold"))
        parts.append(end_line({"winners": view["winners"], "scores": view["scores"]}, seats))
    return Group(*parts)


def moves(view: dict[str, Any], seats: Seats) -> RenderableType:
    """What the seat may type on its turn: any flick (with where its next target lies), or a number for one of the
    listed sample flicks."""
    parts: list[RenderableType] = []
    me = seats.viewer
    hint = aim(view, me) if me is not None else None
    if hint is not None:
        parts.append(hint)
    parts.append(Text(tr.t(USAGE)))
    parts.append(Text(tr.t("(or a number 1-{n} for a sample flick: every 30° at powers 0.3 and 0.7, 1 is {first})",
                           n=len(view["legal"]), first=view["legal"][0]), style="dim"))
    return Group(*parts)


REASONS = {"last cap": N_("Only one cap is left in the game."),
           "shot limit": N_("The match reached its limit of shots: the best-placed cap wins (killers first, then "
                            "kills, then how far each has come).")}


def reason_text(reason: str) -> str:
    return tr.t(REASONS[reason]) if reason in REASONS else reason


def flick_words(action: str) -> str:
    """``flick 45 0.83`` -> ``45° at power 0.83``."""
    _, angle, power = action.split()
    return tr.t("{angle}° at power {power}", angle=angle, power=power)


def _cap(seat: int | None, seats: Seats, capital: bool = False) -> str:
    if seat == seats.viewer:
        return tr.t("Your cap") if capital else tr.t("your cap")
    return tr.t("{who}'s cap", who=seats.name(seat))


def shot_text(e: dict[str, Any], seats: Seats) -> Text:
    """One shot in words: the flick, what it was for, what came of it."""
    you = e["seat"] == seats.viewer
    target = target_text(e["target"])
    values = {"who": seats.name(e["seat"]), "flick": flick_words(e["action"]), "target": target}
    out = Text((tr.t("You flick {flick} for {target}:", **values) if you
                else tr.t("{who} flicks {flick} for {target}:", **values)) + " ")
    hits = _joined([_cap(h, seats) for h in e["hits"]], "{a} and {b}")
    result = e["result"]
    if result == "hit":
        out.append(tr.tn("hits {hits} and moves on {n} box",
                         "hits {hits} and moves on {n} boxes (a cap knocked out of the dead box)", e["advance"],
                         hits=hits), style="bold")
    elif result == "kill":
        out.append(tr.t("kills {hits}", hits=hits), style="bold red")
    elif result == "killer":
        out.append(tr.t("hits {hits}, a killer's, and becomes a killer", hits=hits), style="bold")
    elif result == "out":
        out.append(tr.t("hits {hits}, a killer's, and is out", hits=hits), style="bold")
    elif result == "in":
        out.append(tr.t("in {target}", target=target), style="bold")
    elif result == "trapped":
        out.append(tr.t("lands in the dead box: trapped"))
    else:
        out.append(tr.t("misses {target}", target=target))
    if result in ("in", "hit", "kill", "killer"):
        out.append(" — " + (tr.t("shoot again") if you else tr.t("shoots again")))
    if result in ("miss", "trapped"):
        out.append(" " + tr.t("(it stops at {x}, {y})", x=_m(e["at"][0]), y=_m(e["at"][1])), style="dim")
    return out


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log, in words."""
    kind = event["type"]
    s = event.get("seat")
    you = s is not None and s == seats.viewer
    name = seats.name(s) if s is not None else ""
    cap = _cap(s, seats, capital=True) if s is not None else ""
    if kind == "start":
        first = event["first"]
        court = court_name(event["court"])
        return Text(tr.t("You shoot first, from the start line ({court}).", court=court) if first == seats.viewer
                    else tr.t("{who} shoots first, from the start line ({court}).", who=seats.name(first),
                              court=court), style="bold")
    if kind == "shot":
        return shot_text(event, seats)
    if kind == "bounds":
        return Text(tr.t("{cap} left the court and is put back inside at ({x}, {y}).", cap=cap,
                         x=_m(event["at"][0]), y=_m(event["at"][1])), style="dim")
    if kind == "trapped":
        return Text(tr.t("{cap} is trapped in the dead box.", cap=cap), style="yellow")
    by_you = seats.you(event.get("by"))
    if kind == "freed":
        if event["by"] is None:
            return Text(tr.t("{cap} is knocked out of the dead box: free again.", cap=cap), style="green")
        return Text(tr.t("{cap} is knocked out of the dead box by you: free again.", cap=cap) if by_you
                    else tr.t("{cap} is knocked out of the dead box by {by}: free again.", cap=cap,
                              by=seats.name(event["by"])), style="green")
    if kind == "removed":
        if event["how"] == "kill":
            return Text(tr.t("{cap} is out of the game, killed by you.", cap=cap) if by_you
                        else tr.t("{cap} is out of the game, killed by {by}.", cap=cap, by=seats.name(event["by"])),
                        style="bold red")
        return Text(tr.t("{cap} is out of the game: it hit you, a killer.", cap=cap) if by_you
                    else tr.t("{cap} is out of the game: it hit {by}, a killer.", cap=cap, by=seats.name(event["by"])),
                    style="bold red")
    if kind == "killer":
        if event["how"] == "run":
            line = tr.t("You become a killer: the killer run is done!") if you \
                else tr.t("{who} becomes a killer: the killer run is done!", who=name)
        else:
            line = tr.t("You become a killer: you hit a killer!") if you \
                else tr.t("{who} becomes a killer: it hit a killer!", who=name)
        return Text(line, style="bold red")
    if kind == "restart":
        return Text(tr.t("You miss on the killer run: you start again from box 1 next turn.") if you
                    else tr.t("{who} misses on the killer run: it starts again from box 1 next turn.", who=name))
    if kind == "placed":
        return Text(tr.t("{cap} is put in box 1 for the killer run's shot into 13.", cap=cap), style="dim")
    if kind == "skip":
        values = {"who": name, "waited": event["waited"], "of": event["of"]}
        return Text(tr.t("You are trapped and lose a turn ({waited} of {of}).", **values) if you
                    else tr.t("{who} is trapped and loses a turn ({waited} of {of}).", **values), style="dim")
    if kind == "returned":
        line = tr.t("{cap} leaves the dead box after waiting its turns: back to the start line.", cap=cap) \
            if event["why"] == "waited" else \
            tr.t("{cap} leaves the dead box as every cap but the killers' was trapped: back to the start line.", cap=cap)
        return Text(line, style="green")
    if kind == "end":
        return Text.assemble((reason_text(event["reason"]) + " ", "bold"), end_line(event, seats))
    return None

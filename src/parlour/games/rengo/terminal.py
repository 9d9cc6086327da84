"""Go and Rengo on the screen: the board drawn with coordinates, the last move ringed, captures, the order of
play inside the teams, and the count (pure functions of a view).

>>> import parlour
>>> from parlour.core.terminal import plain
>>> state = parlour.load("go", size=9).new(seed=1)
>>> for text in ("play E5", "play C3", "play D3"):
...     _ = state.apply(state.to_act[0], text)
>>> print(plain(board(state.view(0), Seats(("human", "mcts"), viewer=0)), width=64))
╭─ Go · 9×9 · move 3 · area scoring, komi 7.5 ─────────────────╮
│     A B C D E F G H J                                        │
│   9 · · · · · · · · ·  9  To move   White: Seat 1 (mcts)     │
│   8 · · · · · · · · ·  8  Captured  Black 0 · White 0        │
│   7 · · + · · · + · ·  7  Last      Black D3                 │
│   6 · · · · · · · · ·  6                                     │
│   5 · · · · ● · · · ·  5  ● Black   You                      │
│   4 · · · · · · · · ·  4  ○ White   Seat 1 (mcts)            │
│   3 · · ○ ● · · + · ·  3                                     │
│   2 · · · · · · · · ·  2                                     │
│   1 · · · · · · · · ·  1                                     │
│     A B C D E F G H J                                        │
╰──────────────────────────────────────────────────────────────╯
>>> print(event_line({"type": "move", "seat": 1, "colour": "W", "point": "C4", "captured": ["C3", "D3"]},
...                  Seats(("human", "mcts"), viewer=0)))
Seat 1 (mcts) plays White C4 and captures 2 stones: C3 D3
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.core.i18n import N_, translator
from parlour.core.terminal import Seats

from .points import LETTERS, handicap_points
from .scoring import points_text

tr = translator(__name__)
STONES = {"X": "●", "O": "○"}
COLOUR_WORDS = {"B": N_("Black"), "W": N_("White")}
STEPS = {"mark": N_("{who} marks the dead stones, then accepts"),
         "answer": N_("{who} accepts that marking, or changes it and accepts its own"),
         "confirm": N_("{who} accepts the changed marking, or resumes play")}
#: The same steps said to the player who may take them (in Rengo any player of the team, for the team).
YOUR_STEPS = {"mark": N_("You mark the dead stones, then accept"),
              "answer": N_("You accept that marking, or change it and accept your own"),
              "confirm": N_("You accept the changed marking, or resume play")}


def result_words(result: str) -> str:
    """``W+88.5`` → "White wins by 88.5 points"; ``B+R`` → "Black wins by resignation"; ``Jigo`` → a tie."""
    if result == "Jigo":
        return tr.t("a tie (jigo)")
    margin = result[2:]
    if margin == "R":
        return tr.t("Black wins by resignation") if result[0] == "B" else tr.t("White wins by resignation")
    n = int(float(margin))
    return tr.tn("Black wins by {margin} point", "Black wins by {margin} points", n, margin=margin) if result[0] == "B" \
        else tr.tn("White wins by {margin} point", "White wins by {margin} points", n, margin=margin)


def counting(view: dict[str, Any], seats: Seats) -> str:
    """Who acts at this step of the count: you, the player (Go), or the team, which agrees as one (Rengo)."""
    to_act = view["to_act"]
    if seats.viewer in to_act:
        return tr.t(YOUR_STEPS[view["step"]])
    if view["game"] == "go":
        who = seats.name(to_act[0])
    else:
        who = tr.t("Black") if to_act[0] in view["teams"][0] else tr.t("White")
    return tr.t(STEPS[view["step"]], who=who)


def _colour(letter: str) -> str:
    return tr.t(COLOUR_WORDS[letter])


def role_text(role: str) -> str:
    """A seat's role as the engine writes it (``Black 1``, ``White, woman``) in the player's language."""
    side, _, rest = role.partition(" ")
    side = side.rstrip(",")
    if side not in ("Black", "White"):
        return role
    name = tr.t(side)
    if rest in ("woman", "man"):
        return tr.t("{side}, woman", side=name) if rest == "woman" else tr.t("{side}, man", side=name)
    return tr.t("{side} {n}", side=name, n=rest) if rest else name


def _stars(size: int) -> set[tuple[int, int]]:
    """Star points (row from the top, column), where the board draws ``+``: the corners' and the centre, and
    the sides' on 19×19."""
    return {(size - 1 - p // size, p % size) for p in handicap_points(size, 9 if size >= 19 else 5)}


def _point(name: str, size: int) -> tuple[int, int]:
    return size - int(name[1:]), LETTERS.index(name[0])


def grid(view: dict[str, Any]) -> Text:
    """The board with its coordinates: stones, the last move ringed, dead stones and territory at the count."""
    size = view["size"]
    letters = " ".join(LETTERS[:size])
    last = view.get("last")
    ringed = _point(last["point"], size) if last and last.get("point") else None
    dead = {_point(p, size) for p in view.get("dead") or []}
    owned: dict[tuple[int, int], str] = {}
    for colour, points in (view.get("territory") or {}).items():
        for p in points:
            owned[_point(p, size)] = colour
    stars = _stars(size)
    out = Text(f"    {letters}\n")
    for r, row in enumerate(view["board"]):
        number = size - r
        out.append(f" {number:>2} ")
        for c, ch in enumerate(row):
            if c:
                out.append(" ")
            if ch in STONES:
                style = "bold" if ch == "X" else ""
                if (r, c) in dead:
                    out.append("×", style="dim")
                    continue
                if (r, c) == ringed:
                    style += " reverse"
                out.append(STONES[ch], style=style.strip())
            elif (r, c) in owned:
                out.append("▪" if owned[(r, c)] == "black" else "▫", style="dim")
            else:
                out.append("+" if (r, c) in stars else "·", style="dim")
        out.append(f" {number:>2}\n")
    out.append(f"    {letters}")
    return out


def _who(view: dict[str, Any], seat: int, seats: Seats) -> str:
    role = role_text(view["roles"][seat])
    name = seats.name(seat)
    return f"{role}: {name}"


def info(view: dict[str, Any], seats: Seats) -> Table:
    """Whose turn, captures, the last move, the teams in their order, and the count once play has stopped."""
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True)
    t.add_column()
    phase = view["phase"]
    t.add_row("", "")  # level with the first row of the board, under the letters
    if phase == "play" and view["to_act"]:
        t.add_row(tr.t("To move"), _who(view, view["to_act"][0], seats))
        teams = [m for m in view["teams"] if len(m) > 1]
        if teams:
            t.add_row(tr.t("Then"), ", ".join(seats.name(s) for s in view["order"][1:5]))
    elif phase == "scoring":
        t.add_row(tr.t("Counting"), counting(view, seats))
    captures = view["captures"]
    t.add_row(tr.t("Captured"), tr.t("Black {black} · White {white}", black=captures[0], white=captures[1]))
    last = view.get("last")
    if last:
        t.add_row(tr.t("Last"), f"{_colour(last['colour'])} {last['point']}" if "point" in last
                  else tr.t("{colour} passed", colour=_colour(last["colour"])))
    if view.get("score"):
        s = view["score"]
        label = tr.t("Result") if view["over"] else tr.t("Count now")
        t.add_row(label, tr.t("Black {black} · White {white} → {result}", black=points_text(s["black"]),
                              white=points_text(s["white"]), result=result_words(s["result"])))
    elif view["over"] and view.get("result"):
        t.add_row(tr.t("Result"), result_words(view["result"]))
    t.add_row("", "")
    for team, members in enumerate(view["teams"]):
        mark = "●" if team == 0 else "○"
        names = [seats.name(s) + (" " + tr.t("(out)") if s in view["out"] else "") for s in members]
        t.add_row(f"{mark} {tr.t('Black') if team == 0 else tr.t('White')}", ", ".join(names))
    return t


def board(view: dict[str, Any], seats: Seats) -> RenderableType:
    """The whole table as ``view`` shows it: board and coordinates beside who is to move and the counts."""
    body = Table.grid(padding=(0, 2))
    body.add_column(no_wrap=True)
    body.add_column()
    body.add_row(grid(view), info(view, seats))
    parts: list[RenderableType] = [body]
    if view["over"]:
        parts += [Text(), result_line(view["result"], view["winners"], seats)]
    moves = view["moves"]
    values = {"game": tr.t("Rengo") if view["game"] == "rengo" else tr.t("Go"), "size": view["size"], "moves": moves,
              "komi": points_text(view["komi"])}
    title = tr.t("{game} · {size}×{size} · move {moves} · area scoring, komi {komi}", **values) \
        if view["scoring"] == "area" else tr.t("{game} · {size}×{size} · move {moves} · territory scoring, komi {komi}",
                                               **values)
    return Panel(Group(*parts), title=title, title_align="left")


def moves(view: dict[str, Any], seats: Seats) -> RenderableType:
    """What the seat may type: a point to play (too many to list), or the few choices of the count."""
    legal = view["legal"]
    if view["phase"] == "play":
        points = [a.split()[1] for a in legal if a.startswith("play ")]
        example = points[len(points) // 2] if points else "D4"
        return tr.tx("Type a point to play, such as {example} ({n} points are open to you), or {pass_} or {resign}.",
                     example=example, n=len(points), pass_=Text("pass", style="bold"), resign=Text("resign", style="bold"))
    return Text.assemble(tr.tx("Type one of: {moves}", moves=Text("  ·  ").join(Text(a, style="bold") for a in legal)),
                         "\n" + tr.t("(a chain is named by its lowest point; dead marks it dead, alive takes the mark off)"))


def event_line(event: dict[str, Any], seats: Seats) -> Text | None:
    """One line of the log in words."""
    kind = event["type"]
    seat = event.get("seat")
    you, who = seats.you(seat), seats.name(seat) if seat is not None else ""
    if kind == "start":
        if not event["handicap"]:
            return None
        return Text(tr.t("Handicap {n}: Black's stones on {points}; {who} moves first for White",
                         n=len(event["handicap"]), points=" ".join(event["handicap"]), who=seats.name(event["first"])))
    if kind == "move":
        values = {"who": who, "colour": _colour(event["colour"]), "point": event["point"]}
        line = Text(tr.t("You play {colour} {point}", **values) if you else tr.t("{who} plays {colour} {point}", **values))
        if event.get("captured"):
            n = len(event["captured"])
            line.append(" " + tr.tn("and captures {n} stone: {points}", "and captures {n} stones: {points}", n,
                                    points=" ".join(event["captured"])), style="bold")
        return line
    if kind == "pass":
        colour = _colour(event["colour"])
        return Text(tr.t("You pass ({colour})", colour=colour) if you else tr.t("{who} passes ({colour})", who=who,
                                                                                 colour=colour))
    if kind == "stop":
        team = seats.sides[event["team"]] if seats.sides else (event["marker"],)
        if len(team) == 1:  # Go: a player marks
            line = tr.t("Play stops. You mark the dead stones first.") if seats.you(team[0]) \
                else tr.t("Play stops. {who} marks the dead stones first.", who=seats.name(team[0]))
        elif seats.viewer in team:  # Rengo: the team marks, as one
            line = tr.t("Play stops. Your team marks the dead stones first.")
        else:
            line = tr.t("Play stops. White marks the dead stones first.") if event["team"] \
                else tr.t("Play stops. Black marks the dead stones first.")
        return Text(line, style="bold")
    if kind == "mark":
        n = len(event["points"])
        values = {"who": who, "point": event["points"][0]}
        if event["dead"]:
            line = tr.tn("You mark {point} dead ({n} stone)", "You mark {point} dead ({n} stones)", n, **values) if you \
                else tr.tn("{who} marks {point} dead ({n} stone)", "{who} marks {point} dead ({n} stones)", n, **values)
        else:
            line = tr.tn("You mark {point} alive again ({n} stone)", "You mark {point} alive again ({n} stones)", n,
                         **values) if you else \
                tr.tn("{who} marks {point} alive again ({n} stone)", "{who} marks {point} alive again ({n} stones)", n,
                      **values)
        return Text(line)
    if kind == "accept":
        dead = " ".join(event["dead"]) or tr.t("none")
        return Text(tr.t("You accept the marking (dead: {dead})", dead=dead) if you
                    else tr.t("{who} accepts the marking (dead: {dead})", who=who, dead=dead))
    if kind == "resume":
        nxt = seats.name(event["next"])
        return Text(tr.t("You resume play: {next} to move", next=nxt) if you
                    else tr.t("{who} resumes play: {next} to move", who=who, next=nxt), style="bold")
    if kind == "resign":
        if event["drops_out"]:
            return Text(tr.t("You resign (out of the game; the team plays on)") if you
                        else tr.t("{who} resigns (out of the game; the team plays on)", who=who))
        colour = tr.t("Black") if event["team"] == 0 else tr.t("White")
        return Text(tr.t("You resign for {colour}", colour=colour) if you
                    else tr.t("{who} resigns for {colour}", who=who, colour=colour), style="bold")
    if kind == "score":
        values = {"black": points_text(event["black"]), "white": points_text(event["white"]),
                  "komi": points_text(event["komi"]), "result": result_words(event["result"])}
        if event["compensation"]:
            values["komi"] = tr.t("{komi} + {n} for the handicap", komi=values["komi"], n=event["compensation"])
        if event["scoring"] == "territory":
            line = tr.t("Count (territory and prisoners): Black {black}, White {white} (komi {komi}): {result}", **values)
        else:
            line = tr.t("Count (stones and territory): Black {black}, White {white} (komi {komi}): {result}", **values)
        return Text(line, style="bold")
    if kind == "end":
        return result_line(event["result"], event["winners"], seats)
    return None


def result_line(result: str, winners: list[int], seats: Seats) -> Text:
    """``Game over: White (Seat 1 & Seat 3) wins by 10.5 points.``"""
    if result == "Jigo":
        return Text(tr.t("Game over: a tie (jigo)."), style="bold")
    colour = tr.t("Black") if result[0] == "B" else tr.t("White")
    who = " & ".join(seats.name(s) for s in winners)
    margin = result[2:]
    if margin == "R":
        return Text(tr.t("Game over: {colour} ({who}) wins by resignation.", colour=colour, who=who), style="bold")
    return Text(tr.tn("Game over: {colour} ({who}) wins by {margin} point.",
                      "Game over: {colour} ({who}) wins by {margin} points.",
                      int(float(margin)) if margin != "1" else 1, colour=colour, who=who, margin=margin), style="bold")

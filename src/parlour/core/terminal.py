"""The terminal kit: the pieces every game's ``terminal.py`` draws its table from, with rich.

Cards with suit symbols (red suits in red), seat names, generic event lines, and :func:`plain` to turn a drawing into
plain text. Every function is pure: a view (and names) in, a renderable out; nothing here prints.

>>> card_text("10D").plain, card_text("10D").style
('10♦', 'red')
>>> action_text("capture KH 8C+5D").plain      # actions keep their ASCII text, so they can be typed back
'capture KH 8C+5D'
>>> seats = Seats(("human", "greedy"), viewer=0)
>>> seats.name(0), seats.name(1), seats.does(0, "trails"), seats.does(1, "trails")
('You', 'Seat 1 (greedy)', 'You trail', 'Seat 1 (greedy) trails')
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from .cards import Card
from .errors import IllegalAction
from .i18n import N_, game_translator, translator

RED = "red"
tr = translator(__name__)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 action``, ``2 actions``; ``words`` for an irregular plural.

    >>> plural(1, "action"), plural(3, "action"), plural(2, "match", "matches")
    ('1 action', '3 actions', '2 matches')
    """
    return f"{count} {word if count == 1 else words or word + 's'}"


def plain(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text (no colours) ``width`` columns wide: for tests and logs.

    >>> plain(cards_text(["AS", "10D"]))
    'A♠ 10♦'
    """
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(renderable)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


def _card(code: str) -> Card | None:
    try:
        return Card.parse(code)
    except IllegalAction:
        return None


def card_text(code: str) -> Text:
    """One card for the screen: ``AS`` becomes ``A♠``; red suits are red. Codes that are not cards stay as they are."""
    c = _card(code)
    if c is None:
        return Text(code)
    return Text(c.display, style=RED if c.red else "")


def cards_text(codes: Iterable[str], sep: str = " ", empty: str = "—") -> Text:
    """Several cards on one line; ``empty`` (dimmed) when there are none."""
    parts = [card_text(c) for c in codes]
    if not parts:
        return Text(empty, style="dim")
    return Text(sep).join(parts)


SUIT_MARKS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def played_text(groups: dict[str, list[str]], order: Sequence[str] = ("T", "S", "C", "D", "H"),
                trumps: tuple[str, Any] | None = None) -> Text:
    """The player aid "cards played" (:func:`parlour.core.aids.played`) on one line, each suit's mark once and its
    ranks after it; the trumps' group ``T`` as ``trumps`` says: (its word, a function from codes to a Text).

    >>> played_text({"S": ["9S", "AS"], "H": ["10H"]}).plain
    '♠ 9 A · ♥ 10'
    """
    parts: list[Text] = []
    for suit in order:
        cards = groups.get(suit) or []
        if not cards:
            continue
        if suit == "T" and trumps is not None:
            parts.append(Text.assemble(trumps[0] + " ", trumps[1](cards)))
            continue
        ranks = " ".join(c[:-1] for c in cards)
        parts.append(Text(f"{SUIT_MARKS.get(suit, suit)} {ranks}", style=RED if suit in "HD" else ""))
    return Text(" · ").join(parts) if parts else Text("—", style="dim")


def action_text(action: str) -> Text:
    """An action's ASCII text with its card codes coloured by suit: what the player can type back."""
    out = Text()
    for i, word in enumerate(action.split(" ")):
        if i:
            out.append(" ")
        for j, token in enumerate(word.split("+")):
            if j:
                out.append("+")
            c = _card(token) if any(ch.isdigit() for ch in token) or len(token) == 2 else None
            out.append(token, style=RED if c is not None and c.red else "")
    return out


def value_text(value: Any) -> str:
    """An option value as it is typed on the command line: ``true``, ``101``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Seats:
    """Who sits where, as seen by ``viewer`` (``None``: a spectator), for naming seats on the screen.

    ``kinds`` says what plays each seat (``"human"``, a bot name) or is ``None`` where unknown (a replay).
    ``sides`` lists the seats of each scoring side; by default every seat is its own side.
    """

    kinds: tuple[str | None, ...]
    viewer: int | None = None
    sides: tuple[tuple[int, ...], ...] | None = None
    #: The game's id (set by :meth:`with_view`), for its words: a bot's level in the player's language.
    game: str | None = None

    @classmethod
    def anonymous(cls, players: int, viewer: int | None = None) -> "Seats":
        return cls((None,) * players, viewer)

    def with_view(self, view: dict[str, Any]) -> "Seats":
        """The same seats, with the sides the view declares (and its game, for the game's words)."""
        sides = view.get("sides")
        game = view.get("game", self.game)
        return Seats(self.kinds, self.viewer, tuple(tuple(s) for s in sides) if sides else self.sides, game)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return tr.t("Nobody")
        if seat == self.viewer:  # at a hot seat, "You" alone would not say which seat you are
            return tr.t("You (seat {n})", n=seat) if self.kinds.count("human") > 1 else tr.t("You")
        kind = self.kinds[seat] if 0 <= seat < len(self.kinds) else None
        if not kind:
            return tr.t("Seat {n}", n=seat)
        return tr.t("Seat {n} ({kind})", n=seat, kind=self.kind_name(kind))

    def kind_name(self, kind: str) -> str:
        """What plays a seat in the player's language: "human", or a bot's level in the game's words."""
        if kind == "human":
            return tr.t("human")
        if self.game is None:
            return kind
        from .registry import game_class

        try:
            return game_translator(game_class(self.game)).gettext(kind, "bot")
        except Exception:  # an unknown game (a record from elsewhere): the level as it is written
            return kind

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the one looking (its lines say "You ..."): ``tr.t("You trail") if seats.you(s) else
        tr.t("{who} trails", who=seats.name(s))``, as each language conjugates the verb its own way."""
        return seat is not None and seat == self.viewer

    def does(self, seat: int, verb: str) -> str:
        """``"You trail"`` / ``"Seat 1 (random) trails"``: ``verb`` in the third person singular."""
        if seat == self.viewer:
            base = verb[:-2] if verb.endswith("es") and verb[-3] in "sxz" else verb[:-1] if verb.endswith("s") else verb
            return f"You {base}"
        return f"{self.name(seat)} {verb}"

    def side_name(self, side: int) -> str:
        members: Sequence[int] = self.sides[side] if self.sides else (side,)
        return " & ".join(self.name(s) for s in members)

    def side_of(self, seat: int) -> int:
        if not self.sides:
            return seat
        return next(i for i, members in enumerate(self.sides) if seat in members)


#: The words engines write on their score sheets with a number ("deal 3"); a game's own words are in its catalogue.
SHEET_ROWS = {"deal": N_("deal {n}"), "pack": N_("pack {n}"), "round": N_("round {n}"), "game": N_("game {n}"),
              "hand": N_("hand {n}"), "seat": N_("seat {n}")}
N_("game"), N_("match"), N_("North-South"), N_("East-West")


def sheet_word(text: str, game: str | None = None) -> str:
    """A word of an engine's score sheet in the player's language: ``deal 3`` → ``Deljenje 3`` in Slovenian.

    >>> sheet_word("deal 3"), sheet_word("North-South")
    ('deal 3', 'North-South')
    """
    words = tr
    if game is not None:
        from .registry import game_class

        try:
            words = game_translator(game_class(game))
        except Exception:
            pass
    head, _, number = str(text).rpartition(" ")
    if number.isdigit() and head in SHEET_ROWS:
        return words.t(SHEET_ROWS[head], n=number)
    return words.t(str(text))


def generic_event(event: dict[str, Any], seats: Seats) -> Text | None:
    """A line for any game's event: ``Seat 1: bid 110``; ``None`` for events with nothing to show."""
    kind = event.get("type", "event")
    if "seat" in event and "action" in event:
        return tr.tx("{who}: {action}", who=seats.name(event["seat"]), action=action_text(event["action"]))
    if kind == "end":
        return end_line(event, seats)
    details = ", ".join(f"{k} {value_text(v)}" for k, v in event.items() if k not in ("type", "only"))
    return Text(f"{kind}: {details}" if details else kind, style="dim")


def end_line(event: dict[str, Any], seats: Seats) -> Text:
    """The result of a match: who won, and the scores."""
    winners = event.get("winners") or []
    scores = event.get("scores") or []
    tally = ""
    for score in sorted(set(scores), reverse=True):
        tally = tr.t("{high} to {low}", high=tally, low=score) if tally else str(score)
    if not winners:
        text = tr.t("Match over: nobody wins, {tally}.", tally=tally) if tally else tr.t("Match over: nobody wins.")
    elif winners == [seats.viewer]:
        text = tr.t("Match over: You win, {tally}.", tally=tally) if tally else tr.t("Match over: You win.")
    else:
        who = " & ".join(seats.name(s) for s in winners)
        many = len(winners) > 1
        if tally:
            text = tr.t("Match over: {who} win, {tally}.", who=who, tally=tally) if many \
                else tr.t("Match over: {who} wins, {tally}.", who=who, tally=tally)
        else:
            text = tr.t("Match over: {who} win.", who=who) if many else tr.t("Match over: {who} wins.", who=who)
    return Text(text, style="bold")

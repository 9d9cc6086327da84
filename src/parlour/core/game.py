"""The game contract: every game, card or board, looks the same from outside.

A :class:`Game` is a game with its player count and variant options fixed; ``game.new(seed)`` starts a
:class:`State`, which is a whole match. Seats are ``0 .. players-1``; the seat after ``s`` in turn order
is ``(s + 1) % players``.

>>> import parlour
>>> game = parlour.load("giacomotto", players=2)
>>> state = game.new(seed=1)
>>> seat = state.to_act[0]
>>> action = state.legal(seat)[0]
>>> state.apply(seat, str(action)) == action
True
"""

from __future__ import annotations

import functools
import re
import secrets
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from .errors import BadOption, IllegalAction
from .i18n import N_, Message
from .options import Option, resolve
from .rng import Rng, as_rng
from .sheet import ScoreSheet


class Action(int):
    """An action: a small int for the hot path that prints as its stable ASCII text.

    Each game subclasses it and defines ``__str__``; ``game.parse(str(a)) == a`` always holds.
    """

    __slots__ = ()

    def __str__(self) -> str:  # games override this with their notation
        return f"action {int(self)}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class Game(ABC):
    """A game with fixed players and options. Subclasses set the class attributes and ``state_class``."""

    id: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    #: Random play ends a match within this many actions (a bound the conformance tests check).
    action_bound: ClassVar[int]
    #: How ``deck=`` stacks a deal, shown by ``parlour rules``.
    deck_doc: ClassVar[str] = ""
    state_class: ClassVar[type["State"]]
    #: The lowest match total wins (golf and its kin); ``state.winners`` names them.
    lowest_wins: ClassVar[bool] = False
    #: The game's own bots by name, its strongest first: the default of ``parlour play`` and of the lobby's seats
    #: (unless ``default_bot`` names another).
    bots: ClassVar[dict[str, type]] = {}
    #: The level ``parlour play`` and the lobby seat by default, where it is not the strongest: a real-time game's
    #: level that reacts at people's speed (the faster ones would win every race). ``None``: the strongest.
    default_bot: ClassVar[str | None] = None
    #: Options that make a match short (fewer rounds, a lower target): the conformance harness plays the fewest
    #: and the most players with them, so a long match at twelve seats does not cost the suite minutes.
    quick_options: ClassVar[dict[str, Any]] = {}
    #: Options the conformance harness adds at EVERY player count, for a game whose uniformly random play would
    #: not end a match in reasonable time (Spoons: random passing gathers four of a kind once in ~4,000 passes).
    random_options: ClassVar[dict[str, Any]] = {}
    #: A real-time game (Spoons, the Claw): several seats act at once and the first to act wins. Actions are judged
    #: in the order they arrive: the server takes an action made against an older version of the table if it is
    #: still legal when it arrives, so such a game's action texts say everything that decides their effect (a
    #: claim names its call). Bots act after a reaction time (:meth:`parlour.core.bot.Bot.delay`);
    #: ``parlour.bots.play_match`` and ``parlour play`` run the match on a virtual clock (``parlour.bots.race``).
    realtime: ClassVar[bool] = False
    #: "complete" once a person can sit down and play it: rules tested, its own browser table (``web/table.js``) and
    #: terminal drawing (``terminal.py``) in its folder, a strong default bot; "in progress" until then.
    status: ClassVar[str] = "in progress"
    #: What a table's start position is written in, for a game that can start from one (Go: ``"SGF"``, read by
    #: ``new(deck=text)``); ``None`` for a game that always starts from its deal.
    position_format: ClassVar[str | None] = None
    #: Formats besides parlour's JSON that a match record is written in and read from, by file suffix, with their
    #: media type (Go: ``{"sgf": "application/x-go-sgf"}``); see :meth:`write_record` and :meth:`read_record`.
    record_formats: ClassVar[dict[str, str]] = {}
    #: Chat at the table: ``"free"``, or ``"canned"``: while the match goes on only ``chat_messages`` may be said
    #: (Rengo: partners may not discuss the game).
    chat: ClassVar[str] = "free"
    chat_messages: ClassVar[tuple[str, ...]] = ()
    #: What a seat does not see, in the words the generic bots' descriptions use: ``"cards"`` (a card game's
    #: unseen cards, the default), ``"pieces"`` (Jieqi's covered pieces), ``None`` when every player sees
    #: everything (Go, Gami, Skelly): a search bot then "plays each move out", it deals nothing.
    hidden: ClassVar[str | None] = "cards"
    #: Whether the seed decides anything (a deal, a draw, who starts). ``False`` for a game of pure choice (Go):
    #: its records need no seed commitment to be fair (``parlour verify``).
    chance: ClassVar[bool] = True

    @classmethod
    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every game's own determinize takes any random generator (a random.Random too): adapted here, once,
        # rather than in each game. (An explicit classmethod: the compiled build keeps it one.)
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("determinize")
        if own is not None and not getattr(own, "_any_rng", False):
            cls.determinize = _taking_any_rng(own)  # type: ignore[method-assign]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players is None:
            players = self.default_players
        if players not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise BadOption(f"{self.id} is played by {allowed} players, not {players!r}")
        self.players: int = players
        self.options: dict[str, Any] = resolve(self.options_spec, options, self.id)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.option(k).default}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"parlour.load({self.id!r}, players={self.players}{extra})"

    @classmethod
    def option(cls, name: str) -> Option:
        for o in cls.options_spec:
            if o.name == name:
                return o
        raise BadOption(f"{cls.id} has no option {name!r}")

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """JSON-ready description: id, title, player counts, options."""
        return {"id": cls.id, "title": cls.title, "status": cls.status, "realtime": cls.realtime,
                "players": list(cls.player_counts),
                "default_players": cls.default_players, "options": [o.describe() for o in cls.options_spec],
                "position": cls.position_format, "record_formats": sorted(cls.record_formats),
                "chat": {"mode": cls.chat, "messages": list(cls.chat_messages)}}

    def write_record(self, record: Any, fmt: str, names: Sequence[str | None] | None = None) -> str:
        """The match ``record`` in one of :attr:`record_formats` (``names``: the seats' names, if known)."""
        raise BadOption(f"{self.id} records are written only as parlour's JSON, not {fmt!r}")

    @classmethod
    def position_too_big(cls, text: str) -> str | None:
        """What puts the start position ``text`` beyond what a new table takes, in a sentence naming the bound
        (the server's check, run before the text is read, so that reading it stays cheap); ``None``: within them."""
        return None

    @classmethod
    def read_record(cls, text: str, fmt: str) -> Any:
        """A :class:`~parlour.core.record.Record` read from ``text`` in one of :attr:`record_formats`."""
        raise BadOption(f"{cls.id} reads records only as parlour's JSON, not {fmt!r}")

    def new(self, seed: int | None = None, deck: Sequence[str] | None = None) -> "State":
        """Start a match. ``seed=None`` draws one from the OS; ``deck`` stacks the cards (see ``deck_doc``)."""
        if seed is None:
            seed = secrets.randbits(63)
        return self.state_class.start(self, seed, deck)

    @abstractmethod
    def parse(self, text: str) -> Action:
        """Read an action's text back; raise :class:`IllegalAction` if it is malformed."""

    @abstractmethod
    def determinize(self, view: Mapping[str, Any], rng: Rng) -> "State":
        """A full state consistent with ``view``: what the seat cannot see dealt again at random.

        ``rng`` is parlour's :class:`~parlour.core.rng.Rng` or any ``random.Random`` (which seeds one,
        :func:`~parlour.core.rng.as_rng`; every game's override is adapted by :meth:`__init_subclass__`).

        >>> import random, parlour
        >>> game = parlour.load("giacomotto")
        >>> state = game.new(seed=2)
        >>> game.determinize(state.view(0), random.Random(7)).view(0) == state.view(0)
        True
        """

    def rules(self, lang: str | None = None) -> str:
        """The rules for players (the game folder's ``RULES.md``, markdown): plain words, examples, the variants.

        In ``lang`` (default: the language being spoken, :mod:`parlour.core.i18n`) when translated
        (``RULES.sl.md`` beside it), else in English."""
        from .i18n import rules_name

        name = rules_name(lang)
        if name != "RULES.md" and name not in self.rules_files():
            name = "RULES.md"
        return self._document(name)

    @classmethod
    def rules_files(cls) -> list[str]:
        """The rules pages the game's folder has: ``RULES.md`` and its translations (``RULES.sl.md``...)."""
        from importlib import resources

        folder = resources.files(cls.__module__.rsplit(".", 1)[0])
        return sorted(p.name for p in folder.iterdir() if re.fullmatch(r"RULES(\.\w+)?\.md", p.name))

    def notes(self) -> str:
        """The notes for developers (``NOTES.md``): rulings behind each choice, stacking, views, checks, bots."""
        return self._document("NOTES.md")

    def _document(self, name: str) -> str:
        from importlib import resources

        package = type(self).__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def _taking_any_rng(determinize: Any) -> Any:
    """A game's ``determinize`` that first turns its generator into an :class:`Rng` (:func:`as_rng`)."""

    @functools.wraps(determinize)
    def adapted(self: Game, view: Mapping[str, Any], rng: Any) -> "State":
        return determinize(self, view, as_rng(rng))

    adapted._any_rng = True  # type: ignore[attr-defined]
    return adapted


class State(ABC):
    """A whole match in progress. Plain data; :meth:`clone` gives an independent copy.

    Subclasses implement ``start``, ``to_act``, ``legal``, ``_apply``, ``view``, ``over``, ``scores``,
    ``winners`` and ``clone``; :meth:`apply` checks an action before ``_apply`` changes anything.
    """

    game: Game
    seed: int
    events: list[dict[str, Any]]
    sheet: ScoreSheet

    @classmethod
    @abstractmethod
    def start(cls, game: Game, seed: int, deck: Sequence[str] | None) -> "State":
        """A new match: what ``Game.new`` returns."""

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now; empty once the match is over."""

    @property
    def together(self) -> tuple[int, ...]:
        """The seats of :attr:`to_act` that make one choice together now, any one of them for all (a Rengo team
        agreeing on the dead stones); empty when each seat in ``to_act`` acts for itself (the default).

        A table leaves such a choice to the people among them: their bots wait while a person is there, and when
        none is, only the first of them thinks. ``parlour play`` gives it to the person at the keyboard.
        """
        return ()

    @abstractmethod
    def legal(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it may not act)."""

    def apply(self, seat: int, action: Action | str) -> Action:
        """Play ``action`` (an action or its text) for ``seat`` and return it as an :class:`Action`.

        Raises :class:`IllegalAction`, saying why, and changes nothing, if the seat may not act now or
        the action is malformed or against the rules.
        """
        # The common case is tested first (a plain int seat, an Action): this runs for every action of a play-out.
        game = self.game
        if (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))
                or not 0 <= seat < game.players):
            raise IllegalAction("there is no seat {seat}: seats are 0..{last}", seat=repr(seat), last=game.players - 1)
        if not isinstance(action, Action):
            if not isinstance(action, str):
                raise IllegalAction("an action is an Action or its text, not {kind}", kind=type(action).__name__)
            action = game.parse(action)
        if seat not in self.to_act:
            raise IllegalAction(self.why_waiting(seat))
        action = self.check(seat, action)
        self._apply(seat, action)
        return action

    def check(self, seat: int, action: Action) -> Action:
        """``action`` as the game's own object if ``seat`` may play it now, else raise :class:`IllegalAction`.

        The default looks it up in :meth:`legal`; a game whose legal list can grow large checks directly.
        """
        legal = self.legal(seat)
        if action not in legal:
            raise IllegalAction(self.why_illegal(seat, action))
        return legal[legal.index(action)]

    def why_waiting(self, seat: int) -> str:
        """The message for an action of a seat that may not act now; real-time games say what it waits for.
        A :class:`~parlour.core.i18n.Message` (as every refusal's text), so that it can be said in any language."""
        to_act = self.to_act
        if to_act:
            return Message("seat {seat} may not act now; waiting for seat {who}", seat=seat,
                           who=", ".join(map(str, to_act)))
        if self.over:
            return Message("seat {seat} may not act now; waiting for seat nobody (the match is over)", seat=seat)
        return Message("seat {seat} may not act now; waiting for seat nobody until the timed window closes", seat=seat)

    def why_illegal(self, seat: int, action: Action) -> str:
        """The message for an action that parsed but is not legal; games say more where they can."""
        return Message("{action} is not legal now", action=str(action))

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Change the state by a legal action (already checked by :meth:`apply`)."""

    @property
    def deadline(self) -> float | None:
        """Game-clock instant at which :meth:`timeout` must be applied; ``None`` when no window is open."""
        return None

    @property
    def looking(self) -> tuple[int, ...]:
        """Seats looking at something in the open timed window (Kaboo: the card a peek or a spy showed a player
        after her turn) until they say they are done or the window closes. The rules may let another seat's move
        close the window sooner (the next player's draw); a table holds such a move while a person looks, so that a
        look lasts its whole window (the server makes a bot wait and tells a person why)."""
        return ()

    def timeout(self) -> None:
        """Close the open timed window."""
        raise IllegalAction("no timed window is open")

    def clock_out(self, seat: int) -> str | None:
        """The action played for ``seat`` when its move clock runs out; ``None``: a random legal one.

        A game where running out of time loses (Go) answers ``"resign"``.
        """
        return None

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready dict of exactly what ``seat`` may know (``None``: a spectator).

        A view MAY carry ``previous``: the events (as :meth:`visible_events` gives them to ``seat``) that ended
        the previous deal or round — its last trick, the reveal, the score — so that a table can show how it
        ended once the next one is dealt. They say where cards *were*; the conformance harness checks that each
        is one of the seat's visible events and leaves them out of its check of where cards *are*.
        """

    def bot_view(self, seat: int) -> dict[str, Any]:
        """What a bot in ``seat`` is shown: its view, to which a game may add what the seat knows but a person keeps
        in mind (the memory games: every face-down card the seat has seen). Never more than the seat may know; a
        bot forgets by its level, so that it plays the same from one question to the next without keeping state."""
        return self.view(seat)

    @property
    @abstractmethod
    def over(self) -> bool:
        """True once the match has ended."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Match totals per seat (partners share their side's total)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match; empty while it goes on."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy: applying actions to it leaves this state alone."""

    def zones(self) -> dict[str, list[Any]]:
        """Where every card is, zone by zone (hands, table, stock, piles...); board games have none.

        The conformance tests check that cards are conserved and that views name no card whose zone the
        seat cannot know.
        """
        return {}

    @abstractmethod
    def audit(self) -> None:
        """Recompute the score sheet from the public events; raise ``AssertionError`` where they disagree."""

    def record_check(self) -> Any:
        """What a match record keeps after each action so that a replay can check itself (JSON-ready), or ``None``.

        Most games replay exactly everywhere and keep nothing (``None``, the default). A game whose outcome comes
        from floating point (Skelly's physics) returns what the action left behind (where the caps lie); a record
        stores it with the action, and a replay on a machine whose arithmetic differs says where they part.
        """
        return None

    def check_difference(self, recorded: Any) -> str:
        """In words, how this state differs from ``recorded``, a :meth:`record_check` that a record kept."""
        return f"the record says {recorded!r}, this replay gives {self.record_check()!r}"

    def visible_events(self, seat: int | None, events: Iterable[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The events ``seat`` may see: public ones, and private ones addressed to it (key ``only``)."""
        return [e for e in (self.events if events is None else events) if "only" not in e or seat in e["only"]]


#: Refusals that several games word alike: their texts live in the core's catalogue, once.
SHARED_REFUSALS = (N_("an action is text; {usage}"), N_("cannot read '{text}': {usage}"),
                   N_("empty action; {usage}"), N_("you do not hold {card}; you may: {allowed}"),
                   N_("{action} is not legal now; you may: {allowed}"))

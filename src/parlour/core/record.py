"""Match records (JSON), replay, verification, and the seed commitment of a fair shuffle.

A record holds what reproduces a match: game id, players, options, seed, stacked deck (if any) and the
actions with their seat and time; ``parlour play`` also writes ``seats``, what played each seat (``human`` or a bot's
name), so that ``parlour play --resume`` seats them again. ``{"seat": null, "action": "timeout"}`` stands for a timed window
closed by the clock.

A table's own entries, without a seat, say who played and when the clock ran; they change nothing in the match and a
replay passes over them (:func:`table_entry`): ``start`` (the table's timed windows began to count: every invited
person had come, or someone pressed "start now"), ``bot S LEVEL`` (seat S's absent person was replaced by a bot of
that level: the seat's next actions are the bot's), ``back S`` (seat S's person took the seat back), ``pause`` (a deal
was scored: the next deal's clocks and bots wait for the people, until a ``start``), ``next S`` (seat S's person is
ready for the next deal).

An action may also carry ``check``: what the game says the action left behind (``State.record_check``, e.g.
where Skelly's caps came to rest). Replaying compares it after that action and stops with a
:class:`ReplayDiverged` that says where the replay and the record part: a physics game replayed on a machine whose
floating point differs from the recorder's says so instead of showing a match that was not played. Records without
it (every other game's, and older ones) replay as before.

What a record proves: a replay shows that every action was legal, but only the seed commitment shows that the deal
was not chosen. :meth:`Record.proof` says which of the two a record holds (``parlour verify`` exits 0 for the first,
3 for a record that replays but proves nothing about its deal). A record is read only up to :data:`MAX_BYTES`, its
values nested at most :data:`MAX_DEPTH` deep, so that a hostile file is refused in one sentence, not a traceback.

>>> import parlour
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=5)
>>> rec = Record.start(game, seed=5)
>>> seat = state.to_act[0]
>>> rec.add(seat, state.apply(seat, state.legal(seat)[0]))
>>> Record.from_json(rec.to_json()).replay().view(None) == state.view(None)
True
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from .errors import ParlourError, RecordError
from .game import Game, State

FORMAT = "parlour-record"
VERSION = 1
TIMEOUT = "timeout"
START = "start"
PAUSE = "pause"
NEXT = "next"
#: A record file larger than this is refused before it is read (the longest real ones are a few MiB).
MAX_BYTES = 32 * 2**20
#: Arrays and objects nest at most this deep in a record (a real one nests five deep: actions, entry, check, ...).
MAX_DEPTH = 32


def table_entry(action: str) -> tuple[str, int | None, str | None] | None:
    """A table's own entry (no seat, not a game action) read as ``(word, seat, level)``; None for anything else.

    >>> table_entry("start"), table_entry("bot 2 expert"), table_entry("back 2"), table_entry("timeout")
    (('start', None, None), ('bot', 2, 'expert'), ('back', 2, None), None)
    >>> table_entry("pause"), table_entry("next 1")
    (('pause', None, None), ('next', 1, None))
    """
    words = action.split()
    if words in ([START], [PAUSE]):
        return words[0], None, None
    if len(words) == 2 and words[0] == NEXT and words[1].isdigit():
        return NEXT, int(words[1]), None
    if len(words) == 3 and words[0] == "bot" and words[1].isdigit():
        return "bot", int(words[1]), words[2]
    if len(words) == 2 and words[0] == "back" and words[1].isdigit():
        return "back", int(words[1]), None
    return None



def depth_problem(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """What is wrong with a parsed record's nesting, if it nests arrays and objects deeper than ``limit``.

    Walked without recursion, so a deep value is measured, not followed into a RecursionError.

    >>> depth_problem({"a": [1, [2]]}), depth_problem([[[[1]]]], limit=3)
    (None, 'a record nests arrays and objects at most 3 deep; this one nests deeper')
    """
    todo = [(value, 1)]
    while todo:
        v, depth = todo.pop()
        if isinstance(v, (dict, list)):
            if depth > limit:
                return f"a record nests arrays and objects at most {limit} deep; this one nests deeper"
            todo.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
    return None


def read_text(path: str) -> str:
    """A record file's text, refused with :class:`RecordError` (one sentence) if it cannot be read or is larger
    than :data:`MAX_BYTES`."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read record {path}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise RecordError(f"cannot read record {path}: it is not UTF-8 text ({e.reason} at byte {e.start})") from None
    if len(text) > MAX_BYTES:
        raise RecordError(f"record {path} is larger than {MAX_BYTES // 2**20} MiB, the most a record may be")
    return text


def commitment(seed: int, salt: str) -> str:
    """SHA-256 (hex) of ``"{salt}:{seed}"``: published before the first deal, checked after the match."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


class ReplayDiverged(RecordError):
    """A replay that gave another result than the one its record kept (``check``) for an action."""


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    deck: list[Any] | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    salt: str | None = None
    commitment: str | None = None
    #: Final match totals per seat, written when the match ends; ``verify`` checks them.
    scores: list[int] | None = None
    #: What played each seat (``"human"`` or a bot's name), where the record's writer knows it (``parlour play``).
    seats: list[str] | None = None

    @classmethod
    def start(cls, game: Game, seed: int, deck: list[Any] | None = None, salt: str | None = None) -> "Record":
        return cls(game.id, game.players, dict(game.options), seed, deck, salt=salt,
                   commitment=commitment(seed, salt) if salt is not None else None)

    def add(self, seat: int | None, action: Any, t: float | None = None, check: Any = None) -> None:
        """Append an action (``seat=None, action="timeout"`` for a clock event); ``check``: the game's
        ``state.record_check()`` after it, kept when it is not ``None``."""
        entry = {"seat": seat, "action": str(action), "t": round(time.time() if t is None else t, 3)}
        if check is not None:
            entry["check"] = check
        self.actions.append(entry)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
                             "options": self.options, "seed": self.seed}
        for key in ("deck", "salt", "commitment", "scores", "seats"):
            if getattr(self, key) is not None:
                d[key] = getattr(self, key)
        d["actions"] = self.actions
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, d: Any) -> "Record":
        """Read a record, raising :class:`RecordError` that names the first thing wrong with it."""
        if not isinstance(d, dict):
            raise RecordError("a record is a JSON object")
        if d.get("format") != FORMAT:
            raise RecordError(f"not a parlour record: 'format' must be {FORMAT!r}")
        if d.get("version") != VERSION:
            raise RecordError(f"record version {d.get('version')!r} is not supported (this parlour reads {VERSION})")
        problem = depth_problem(d)
        if problem:
            raise RecordError(problem)
        expect = {"game": str, "players": int, "options": dict, "seed": int, "actions": list}
        for key, kind in expect.items():
            if not isinstance(d.get(key), kind) or isinstance(d.get(key), bool):
                raise RecordError(f"record field {key!r} must be a {kind.__name__}, got {d.get(key)!r}")
        seats = d.get("seats")
        if seats is not None and not (isinstance(seats, list) and len(seats) == d["players"]
                                      and all(isinstance(k, str) for k in seats)):
            raise RecordError(f"record field 'seats' must list what plays each of the {d['players']} seats "
                              f"(human or a bot's name), got {seats!r}")
        for key in ("salt", "commitment"):
            if d.get(key) is not None and not isinstance(d[key], str):
                raise RecordError(f"record field {key!r} must be a str (hex) or absent, got {d[key]!r}")
        for i, a in enumerate(d["actions"]):
            if not (isinstance(a, dict) and isinstance(a.get("action"), str)
                    and (a.get("seat") is None or isinstance(a.get("seat"), int) and not isinstance(a["seat"], bool))):
                raise RecordError(f"action #{i + 1} must be {{'seat': int or null, 'action': str, 't': time}}, got {a!r}")
        return cls(d["game"], d["players"], d["options"], d["seed"], d.get("deck"), list(d["actions"]),
                   d.get("salt"), d.get("commitment"), d.get("scores"), seats)

    @classmethod
    def from_json(cls, text: str) -> "Record":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"a record is JSON; this is not: {e}") from None
        except RecursionError:  # brackets nested deeper than the parser's stack
            raise RecordError(f"a record nests arrays and objects at most {MAX_DEPTH} deep; this one nests "
                              "deeper") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str) -> "Record":
        """The record in the JSON file ``path`` (at most :data:`MAX_BYTES`)."""
        return cls.from_json(read_text(path))

    def make_game(self) -> Game:
        from .registry import load_with

        try:
            return load_with(self.game, self.players, self.options)
        except ParlourError as e:
            raise RecordError(f"record names a game that cannot be set up: {e}") from None

    def states(self) -> Iterator[tuple[dict[str, Any] | None, State]]:
        """Replay step by step: ``(None, start)`` then ``(action entry, state after it)``.

        The same state object is yielded each time, changed in place; clone it to keep it.
        Raises :class:`RecordError` at the first action that is not legal, and :class:`ReplayDiverged` at the first
        whose result differs from the ``check`` the record kept for it.
        """
        game = self.make_game()
        try:
            state = game.new(seed=self.seed, deck=self.deck)
        except ParlourError as e:
            raise RecordError(f"record's deck cannot be dealt: {e}") from None
        yield None, state
        for i, entry in enumerate(self.actions):
            try:
                if entry["seat"] is None:
                    own = table_entry(entry["action"])
                    if own:
                        if own[1] is not None and not 0 <= own[1] < self.players:
                            raise RecordError(f"action #{i + 1}: {entry['action']!r} names seat {own[1]}, but this "
                                              f"{self.players}-player record has seats 0 to {self.players - 1}")
                        yield entry, state  # who plays, when the clock runs: nothing changes in the match
                        continue
                    if entry["action"] != TIMEOUT:
                        raise RecordError(f"action #{i + 1}: only 'timeout' and the table's entries ('start', "
                                          f"'bot SEAT LEVEL', 'back SEAT', 'pause', 'next SEAT') have no seat, not "
                                          f"{entry['action']!r}")
                    state.timeout()
                else:
                    state.apply(entry["seat"], entry["action"])
            except RecordError:
                raise
            except ParlourError as e:
                raise RecordError(f"action #{i + 1} (seat {entry['seat']}: {entry['action']!r}) is not legal: {e}") from None
            if "check" in entry and json.loads(json.dumps(state.record_check())) != entry["check"]:
                raise ReplayDiverged(
                    f"action #{i + 1} (seat {entry['seat']}: {entry['action']!r}) does not replay as recorded: "
                    f"{state.check_difference(entry['check'])}. The machine that recorded the match computed it "
                    "differently (its floating point is not this one's), so the replay stops here rather than show "
                    "a match that was not played.")
            yield entry, state

    def replay(self) -> State:
        """The state after every action of the record."""
        state = None
        for _, state in self.states():
            pass
        assert state is not None
        return state

    def verify(self) -> State:
        """Replay and check everything the record claims: legal actions, the seed commitment, the final scores.

        Returns the final state, or raises :class:`RecordError` saying what does not hold.
        """
        if self.commitment is not None:
            if self.salt is None:
                raise RecordError("record has a seed commitment but no salt to check it with")
            if commitment(self.seed, self.salt) != self.commitment:
                raise RecordError("the seed does not match the commitment published before the first deal")
        state = self.replay()
        if self.scores is not None and list(state.scores) != list(self.scores):
            raise RecordError(f"record claims scores {self.scores} but the replay gives {list(state.scores)}")
        return state

    def proof(self) -> tuple[bool, str]:
        """Whether the record proves its deal was not chosen, and how (or why not), for a record that verifies.

        A replay proves only that every action was legal: the seed could have been picked for the deal it gives.
        The proof is the commitment to the seed, published before the first deal and checked by :meth:`verify`;
        a record without one (a local ``parlour play`` match, or a record whose commitment was removed) proves
        nothing about its deal, nor does a stacked ``deck``. A game without chance (Go) needs no proof.

        >>> import parlour
        >>> rec = Record.start(parlour.load("giacomotto"), seed=5, salt="pepper")
        >>> rec.proof()
        (True, 'the seed matches the commitment published before the first deal')
        >>> rec.commitment = rec.salt = None
        >>> rec.proof()[0]
        False
        """
        from .registry import game_class

        cls = game_class(self.game)
        if not cls.chance:
            return True, f"{cls.id} has no chance: no seed or deal decides anything in it"
        if self.deck is not None and cls.position_format is None:
            return False, "the record stacks its deck, so its deal was chosen, whatever the seed"
        if self.commitment is None:
            return False, ("the record holds no seed commitment (commitment and salt), so nothing proves that the "
                           "deal was not chosen")
        return True, "the seed matches the commitment published before the first deal"

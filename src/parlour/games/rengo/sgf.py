"""SGF (Smart Game Format, FF[4]) in and out, with sgfmill: match records, and positions to start a table from.

A record goes out as a standard game record — board, komi, handicap, rules, result, every move — with the teams'
players in ``PB``/``PW`` (in their order of play, comma-separated) and each move's player in its comment, so any
Go program shows who played what. Three private properties keep what SGF has no word for, so that parlour reads
its own files back exactly: ``PARLOUR`` on the root (game id, players, options, seed, start position), ``OUT`` on a move node
(casual Rengo: the seats that dropped out just before that move) and ``DEAD`` on the last node (the dead stones
the teams agreed on, also shown the standard way as territory, ``TB``/``TW``).

Files from other programs are read too: the teams come from ``PB``/``PW``, the rules from ``SZ``, ``KM``,
``HA``, ``RU``; dead stones from ``TB``/``TW`` when the file marks territory.

>>> import parlour
>>> from parlour.core.record import Record
>>> game = parlour.load("go", size=9)
>>> rec = Record.start(game, seed=1)
>>> state = game.new(seed=1)
>>> for text in ("play E5", "play C3", "resign"):
...     rec.add(state.to_act[0], state.apply(state.to_act[0], text), t=0)
>>> text = record_to_sgf(rec, names=["Ana", "Bo"])
>>> "PB[Ana]" in text and "RE[W+R]" in text and ";B[ee]" in text
True
>>> [a["action"] for a in sgf_to_record(text).actions]
['play E5', 'play C3', 'resign']
"""

from __future__ import annotations

import json
import re
import time
from typing import Any, Sequence

from sgfmill import sgf, sgf_moves

from parlour.core.errors import IllegalAction, ParlourError, RecordError
from parlour.core.record import Record
from parlour.core.registry import load_with

from .board import Board
from .points import BLACK, EMPTY, SIZES, WHITE, geometry, handicap_points

COLOURS = {"b": BLACK, "w": WHITE}
LETTER = {BLACK: "b", WHITE: "w"}


def _parse(text: str) -> sgf.Sgf_game:
    if not isinstance(text, str):
        raise ValueError("SGF is text")
    try:
        return sgf.Sgf_game.from_string(text)
    except ValueError as e:
        raise ValueError(f"this is not SGF that can be read: {e}") from None


def _point(size: int, rc: tuple[int, int]) -> int:
    row, col = rc
    return row * size + col


def _rc(size: int, p: int) -> tuple[int, int]:
    return divmod(p, size)


# --- a position to start from --------------------------------------------------------------------------------------


#: A start position's SGF is bounded, so that reading it costs milliseconds, not seconds (docs/protocol.md): at most
#: this many characters, nodes (in every variation: the moves and the setup), property values, and variations open
#: at once. A whole game with comments fits well within them (a 19×19 game of 300 moves is some 3,000 characters).
MAX_CHARS, MAX_NODES, MAX_VALUES, MAX_NESTING = 50_000, 2_000, 10_000, 100
#: A property value: to its closing bracket, escapes skipped, or to the end of the text when it is not closed (so
#: that no bracket starts a second scan).
_VALUE = re.compile(r"\[(?:\\.|[^\\\]])*(?:\]|\\?\Z)", re.S)


def within_bounds(text: str) -> str | None:
    """What makes ``text`` too big to start a table from, if anything: one sentence naming the bound.

    Counted without parsing: a plain count first (most texts stop there), then with the property values taken out.

    >>> within_bounds("(;SZ[19]AB[dd][pp];W[qd])") is None
    True
    >>> within_bounds("(;SZ[19]" + "(;B[aa])" * 4000 + ")")
    'a start position holds at most 2,000 nodes (moves and setup, in every variation); this SGF has 4,001'
    >>> within_bounds("(;SZ[19]C[" + "(;" * 3000 + "])") is None   # marks inside a comment are text
    True
    """
    if len(text) > MAX_CHARS:
        return f"a start position is at most {MAX_CHARS:,} characters of SGF; this one is {len(text):,}"
    if text.count(";") <= MAX_NODES and text.count("[") <= MAX_VALUES and text.count("(") <= MAX_NESTING:
        return None
    marks, values = _VALUE.subn("", text)  # what is left: node and variation marks, property names
    nodes = marks.count(";")
    if nodes > MAX_NODES:
        return (f"a start position holds at most {MAX_NODES:,} nodes (moves and setup, in every variation); "
                f"this SGF has {nodes:,}")
    if values > MAX_VALUES:
        return f"a start position holds at most {MAX_VALUES:,} property values; this SGF has {values:,}"
    deepest = depth = 0
    if marks.count("(") > MAX_NESTING:
        for mark in re.findall(r"[()]", marks):
            depth += 1 if mark == "(" else -1
            deepest = max(deepest, depth)
    if deepest > MAX_NESTING:
        return f"a start position nests variations at most {MAX_NESTING} deep; this SGF nests them {deepest} deep"
    return None


def start_position(text: str, size: int) -> tuple[Board, int, list[int]]:
    """The position at the end of the SGF's main line: the board (its history of positions kept for the ko
    rule), the colour to move, and the handicap stones (``HA`` with as many black setup stones).

    Raises :class:`IllegalAction` saying what is wrong with the text. Its size is not bounded here (a table's log
    replays the position it started from, whatever its size): :func:`within_bounds` is for a new table's.

    >>> start_position("(;SZ[19]PL[X])", 19)
    Traceback (most recent call last):
    ...
    parlour.core.errors.IllegalAction: the SGF's PL (the colour to play) must be B or W, got 'X'
    """
    if not isinstance(text, str):
        raise IllegalAction("SGF is text")
    try:
        game = sgf.Sgf_game.from_string(text)
    except ValueError as e:
        raise IllegalAction("this is not SGF that can be read: {reason}", reason=str(e)) from None
    if game.get_size() != size:
        raise IllegalAction("the SGF's board is {sgf}×{sgf}, the table's {size}×{size}: set the size option to {sgf}",
                            sgf=game.get_size(), size=size)
    root = game.get_root()
    try:
        setup, plays = sgf_moves.get_setup_and_moves(game)
    except ValueError as e:
        raise IllegalAction("the SGF's moves cannot be read: {reason}",
                            reason=str(e) or _bad_point(game, size)) from None
    board = Board(size)
    geo = board.geo
    stones = [(c, _point(size, rc)) for c, rc in setup.list_occupied_points()]
    # a stone's liberties are checked once every setup stone is down: set them in an order that never strands one
    for colour, p in sorted(stones, key=lambda s: (s[0] != "b", s[1])):
        board._put(p, COLOURS[colour])
    if any(not board.libs[board.head[p]] for _, p in stones if board.colour[p] != EMPTY) or \
            sum(board.colour[p] != EMPTY for _, p in stones) != len(stones):
        raise IllegalAction("the SGF's setup stones include a chain without a liberty")
    board.start_history()
    board.captures = [0, 0, 0]
    black_setup = [p for c, p in stones if c == "b"]
    try:
        handicap_stones = game.get_handicap() or 0
    except ValueError:
        raise IllegalAction("the SGF's HA (handicap) must be a whole number, got {value}",
                            value=repr(_raw(root, "HA"))) from None
    handicap = black_setup if handicap_stones >= 2 and not any(c == "w" for c, _ in stones) else []
    to_move = WHITE if handicap else BLACK
    if root.has_property("PL"):
        try:
            to_move = COLOURS[root.get("PL")]
        except (ValueError, KeyError):
            raise IllegalAction("the SGF's PL (the colour to play) must be B or W, got {value}",
                                value=repr(_raw(root, "PL"))) from None
    for i, (colour, rc) in enumerate(plays):
        c = COLOURS[colour]
        if rc is not None:
            p = _point(size, rc)
            why = board.why_not(p, c)
            if why:
                raise IllegalAction("move {number} of the SGF ({colour} {point}) is not legal: {why}", number=i + 1,
                                    colour=colour.upper(), point=geo.name(p), why=why)
            board.play(p, c)
        to_move = 3 - c
    return board, to_move, sorted(handicap)


def _raw(node: Any, key: str) -> str:
    """A property's value as written (for a message about it)."""
    return node.get_raw(key).decode("utf-8", "replace")


def _bad_point(game: sgf.Sgf_game, size: int) -> str:
    """What sgfmill leaves unsaid when a point does not read (its ``ValueError`` is empty): which one, and what a
    point is."""
    last = chr(ord("a") + size - 1)
    where = f"SGF points are two letters from a to {last} on a {size}×{size} board (or a range such as aa:{last}{last})"
    for number, node in enumerate(game.get_main_sequence()):
        for key in ("B", "W", "AB", "AW", "AE"):
            if node.has_property(key):
                try:
                    node.get(key)
                except ValueError:
                    values = node.get_raw_list(key)
                    shown = "".join(f"[{v.decode('utf-8', 'replace')}]" for v in values[:3])
                    return f"node {number}'s {key}{shown} is not a point on the board: {where}"
    return f"a point is not on the board: {where}"


# --- records out ----------------------------------------------------------------------------------------------------


def record_to_sgf(record: Record, names: Sequence[str | None] | None = None) -> str:
    """The SGF of a match record (finished or not). ``names`` are the seats' names (default: their roles)."""
    from .state import RengoState

    game = record.make_game()
    state = record.replay()
    assert isinstance(state, RengoState)
    rules = game.go_rules  # type: ignore[attr-defined]
    size = rules.size
    who = [(names[s] if names and s < len(names) and names[s] else rules.role(s)).replace(",", " ")
           for s in range(game.players)]
    out = sgf.Sgf_game(size=size)
    root = out.get_root()
    root.set("KM", rules.komi)
    root.set("RU", "Japanese" if rules.territory else "Chinese")
    root.set("GN", f"{game.title}: {' & '.join(who[s] for s in rules.lineup.teams[0])} v "
                   f"{' & '.join(who[s] for s in rules.lineup.teams[1])}")
    root.set("PB", ", ".join(who[s] for s in rules.lineup.teams[0]))
    root.set("PW", ", ".join(who[s] for s in rules.lineup.teams[1]))
    root.set("AP", ("parlour", "1"))
    root.set("PARLOUR", json.dumps({"game": record.game, "players": record.players, "options": record.options,
                                    "seed": record.seed, "deck": record.deck}, sort_keys=True))
    if record.actions and record.actions[0].get("t"):
        root.set("DT", time.strftime("%Y-%m-%d", time.gmtime(record.actions[0]["t"])))
    start = _start_board(record, game)
    if state.handicap and record.deck is None:
        root.set("HA", len(state.handicap))
    if record.deck is not None or state.handicap:
        root.set_setup_stones({_rc(size, p) for p, c in enumerate(start.colour) if c == BLACK},
                              {_rc(size, p) for p, c in enumerate(start.colour) if c == WHITE})
        root.set("PL", "bw"[start_colour(record, game) - 1])
    if state.result is not None:
        root.set("RE", "0" if state.result == "Jigo" else state.result)
    node = root
    dropped: list[int] = []
    for event in state.events:
        kind = event["type"]
        if kind in ("move", "pass"):
            node = out.extend_main_sequence()
            colour = event["colour"].lower()
            node.set_move(colour, None if kind == "pass" else _rc(size, geometry(size).point(event["point"])))
            node.set("C", who[event["seat"]])
            if dropped:
                node.set("OUT", " ".join(map(str, dropped)))
                dropped = []
        elif kind == "resign" and event["drops_out"]:
            dropped.append(event["seat"])
    if state.count is not None:
        geo = geometry(size)
        dead = state.dead
        node.set("DEAD", " ".join(geo.names[p] for p in geo.list_points(dead)))
        for key, mask in (("TB", state.count.masks[0]), ("TW", state.count.masks[1])):
            if mask:
                node.set(key, {_rc(size, p) for p in geo.list_points(mask)})
    return out.serialise().decode("utf-8")


def _start_board(record: Record, game: Any) -> Board:
    return game.new(seed=record.seed, deck=record.deck).board


def start_colour(record: Record, game: Any) -> int:
    return game.new(seed=record.seed, deck=record.deck).colour


# --- records in -----------------------------------------------------------------------------------------------------


def sgf_to_record(text: str) -> Record:
    """A match record from SGF text (parlour's own, or another program's); :class:`RecordError` says what is
    wrong. A game whose file does not say how it ended (no resignation, no dead stones) stays unfinished."""
    try:
        game_sgf = _parse(text)
    except ValueError as e:
        raise RecordError(str(e)) from None
    root = game_sgf.get_root()
    size = game_sgf.get_size()
    own = json.loads(root.get("PARLOUR")) if root.has_property("PARLOUR") else None
    deck = None
    if own:
        game_id, players, options, seed, deck = (own["game"], own["players"], own["options"], own["seed"],
                                                 own.get("deck"))
    else:
        if size not in SIZES:
            raise RecordError(f"parlour plays Go on {', '.join(map(str, SIZES))} lines; this game is {size}×{size}")
        teams = [_names(root, "PB"), _names(root, "PW")]
        players = len(teams[0]) + len(teams[1])
        game_id = "go" if players == 2 else "rengo"
        rules = (root.get("RU") if root.has_property("RU") else "").lower()
        options = {"size": size, "komi": float(game_sgf.get_komi()),
                   "scoring": "territory" if "japan" in rules or "korea" in rules else "area"}
        if game_id == "rengo":
            options["teams"] = f"{len(teams[0])}+{len(teams[1])}"
        seed = 0
        setup, _ = sgf_moves.get_setup_and_moves(game_sgf)
        black = {_point(size, rc) for c, rc in setup.list_occupied_points() if c == "b"}
        white = [rc for c, rc in setup.list_occupied_points() if c == "w"]
        handicap = game_sgf.get_handicap() or 0
        if handicap >= 2 and not white and black == set(handicap_points(size, handicap)):
            options["handicap"] = handicap
        elif black or white or root.has_property("PL"):
            deck = _root_only(game_sgf)
    try:
        game = load_with(game_id, players, options)
        state = game.new(seed=seed, deck=deck)
    except ParlourError as e:
        raise RecordError(f"the SGF's game cannot be set up: {e}") from None
    record = Record.start(game, seed, deck)

    def act(text_: str, number: int) -> None:
        seat = state.to_act[0]
        try:
            record.add(seat, state.apply(seat, text_), t=0)
        except ParlourError as e:
            raise RecordError(f"move {number} of the SGF: {text_} is not legal: {e}") from None

    sequence = game_sgf.get_main_sequence()
    number = 0
    for node in sequence[1:]:
        colour, rc = node.get_move()
        if colour is None:
            continue
        number += 1
        for seat in (node.get("OUT").split() if node.has_property("OUT") else []):
            if state.to_act != (int(seat),):
                raise RecordError(f"move {number}: seat {seat} drops out but seat {state.to_act[0]} is on turn")
            act("resign", number)
        if state.phase == "scoring":
            act("resume", number)
        if state.over:
            raise RecordError(f"move {number}: the game was already over")
        if COLOURS[colour] != state.colour:
            raise RecordError(f"move {number} is {colour.upper()}'s, but {'BW'[state.colour - 1]} is to play: "
                              "parlour alternates the colours")
        act("pass" if rc is None else f"play {geometry(size).names[_point(size, rc)]}", number)
    result = root.get("RE") if root.has_property("RE") else ""
    last = sequence[-1]
    if state.phase == "scoring":
        dead = _dead_stones(last, state.board, size)
        if dead is not None:
            chains = {state.board.chain(p) for p in dead} - {0}
            for low in sorted((chain & -chain).bit_length() - 1 for chain in chains):
                act(f"dead {geometry(size).names[low]}", number)
            act("accept", number)
            act("accept", number)
    elif not state.over and result[1:] in ("+R", "+Resign") and result[:1].upper() in "BW":
        loser = "WB".index(result[0].upper())
        if state.rot.colour == loser:
            act("resign", number)
    if state.over:
        record.scores = list(state.scores)
    return record


def _names(root: Any, key: str) -> list[str]:
    if not root.has_property(key):
        return ["?"]
    return [n.strip() for n in root.get(key).split(",") if n.strip()] or ["?"]


def _root_only(game_sgf: sgf.Sgf_game) -> str:
    """The SGF of the root alone (the setup position), without the moves."""
    alone = sgf.Sgf_game(size=game_sgf.get_size())
    root = alone.get_root()
    for key in ("AB", "AW", "PL", "HA"):
        if game_sgf.get_root().has_property(key):
            root.set(key, game_sgf.get_root().get(key))
    return alone.serialise().decode("utf-8")


def _dead_stones(node: Any, board: Board, size: int) -> set[int] | None:
    """The chains' points the file says are dead: parlour's ``DEAD``, else stones on the other side's ``TB``/``TW``."""
    geo = geometry(size)
    if node.has_property("DEAD"):
        return {geo.point(name) for name in node.get("DEAD").split()}
    if not (node.has_property("TB") or node.has_property("TW")):
        return None
    dead = set()
    for key, owner in (("TB", BLACK), ("TW", WHITE)):
        if node.has_property(key):
            for rc in node.get(key):
                p = _point(size, rc)
                if board.colour[p] == 3 - owner:
                    dead.add(p)
    return dead

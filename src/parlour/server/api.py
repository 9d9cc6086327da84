"""The lobby's HTTP API (JSON; OpenAPI at ``/docs``): games, tables, invitations, records.

Errors are ``4xx {"detail": "what was wrong and what is allowed"}``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import Response
from pydantic import AfterValidator, BaseModel, Field, Strict, StrictBool, StrictInt, StrictStr

from parlour.bots import available, catalogue, default
from parlour.core.errors import ParlourError, UnknownGame
from parlour.core.lesson import Lesson
from parlour.core.record import Record
from parlour.core.registry import game_class, games, load

from . import around, clock, correspondence
from .exports import written
from .lessons import PACE, lesson_table
from .limits import LimitReached
from .lobby import Lobby, NotFinished, SeatSpec
from .static import has_table
from . import learning
from .storage import NUL, SeatRow
from .table import ABSENT_SECONDS, Table

router = APIRouter(prefix="/api")

#: ``GET /api/tables?tokens=`` reads at most this many tokens (the rest are ignored).
MAX_TOKENS = 100
#: ``POST /api/tables`` on a test server plays at most this many ``moves`` at creation.
MAX_MOVES = 20_000
#: Seats and variant options a new table may name (no game has more).
MAX_SEATS, MAX_OPTIONS = 64, 64
#: A start position (``setup``) is at most this many characters, whatever its game (Go bounds its SGF further).
MAX_SETUP = 50_000


def without_nul(name: str | None) -> str | None:
    """A seat's name as given, unless it holds the NUL character, which PostgreSQL cannot store."""
    if name is not None and NUL in name:
        raise ValueError("a name may hold any character but NUL (\\u0000)")
    return name


def position_without_nul(text: str | None) -> str | None:
    """A start position as given, unless it holds NUL (no position format has it, and PostgreSQL cannot store it)."""
    if text is not None and NUL in text:
        raise ValueError("a start position may hold any character but NUL (\\u0000)")
    return text


def options_without_nul(options: dict[str, Any]) -> dict[str, Any]:
    """Variant options as given, unless a name or a text value holds NUL (which PostgreSQL cannot store)."""
    for name, value in options.items():
        if NUL in name or isinstance(value, str) and NUL in value:
            raise ValueError("an option's name and text may hold any character but NUL (\\u0000)")
    return options


Name = Annotated[StrictStr | None, AfterValidator(without_nul)]
#: The API is strict about types, so that a value is never silently taken for another ("2" for 2, "no" for true):
#: a number is a JSON number (a whole one where it must be an integer), a yes-or-no a JSON true or false.
Number = Annotated[float, Strict()]


class HumanSeat(BaseModel):
    kind: Literal["human"]
    name: Name = Field(None, max_length=40, description="shown to the table")


class BotSeat(BaseModel):
    kind: Literal["bot"]
    level: StrictStr = Field(description="one of the game's bot levels (GET /api/games)")
    name: Name = Field(None, max_length=40)


class Clock(BaseModel):
    seconds_per_move: Number = Field(gt=0, le=86400, description="when a seat's time runs out, the game's clock-out "
                                                                 "move is played for it (Go: resign), else a random "
                                                                 "legal one")


class Correspondence(BaseModel):
    days: StrictInt = Field(description="days per move: 1, 2, 3 or 7; when they run out, a vacation day is drawn, "
                            "and when those are gone too, the table's bot plays for the person until she is back")
    weekends: StrictBool = Field(True, description="whether Saturdays and Sundays (UTC) count")
    vacation_days: StrictInt = Field(0, description=f"a reserve of days per person, 0 to "
                                     f"{correspondence.MAX_VACATION}, drawn a day at a time when a move's days run "
                                     "out")


class TestClock(BaseModel):
    offset: Number = Field(ge=-30 * 365 * 86400, le=30 * 365 * 86400, description="seconds the server's clock runs "
                           "ahead of the machine's")


class NewTable(BaseModel):
    game: StrictStr = Field(description="a game id from GET /api/games", examples=["giacomotto"])
    players: StrictInt | None = Field(None, description="the game's default if omitted")
    options: Annotated[dict[str, Any], AfterValidator(options_without_nul)] = Field(
        default_factory=dict, max_length=MAX_OPTIONS, description="variant options (GET /api/games): each a JSON value of the option's type; "
        "the game checks them")
    seats: list[Annotated[Union[HumanSeat, BotSeat], Field(discriminator="kind")]] = Field(description="one per player, in seat order",
                                                   max_length=MAX_SEATS,
                                                   examples=[[{"kind": "human", "name": "Ana"},
                                                              {"kind": "bot", "level": "random"}]])
    clock: Clock | None = None
    correspondence: Correspondence | None = Field(None, description="a correspondence table: a move clock in days "
                                                  "(every turn-based game; not Spoons, the Claw or Kaboo)")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63, description="fixes the shuffle; only on a server started with "
                             "--fixed-seeds (tests and demos), since whoever creates the table would choose the deal")
    moves: list[tuple[StrictInt | None, StrictStr]] | None = Field(
        None, max_length=MAX_MOVES, description="moves played at creation, before anyone connects: `[seat, \"action "
        "text\"]` pairs, `[null, \"timeout\"]` where the open timed window closes; each is checked as a seat's move "
        "is, and the first one refused is answered with 422 naming it and why. Only on a server started with "
        "--fixed-seeds (tests and demos: a table opened at a chosen position), with `seed`",
        examples=[[[0, "trail 7H"], [1, "capture KH KD"]]])
    setup: Annotated[StrictStr | None, AfterValidator(position_without_nul)] = Field(
        None, max_length=MAX_SETUP, description="a start position, for a game that takes one (its `position` in GET "
        "/api/games: SGF for Go, within the bounds docs/protocol.md states)")
    spectator_chat: StrictBool = Field(False, description="whether spectators may chat at the table")
    listed: StrictBool = Field(False, description="list the table publicly (GET /api/open): its human seats after the "
                                            "first (its creator's) are open to anyone, and their tokens are given "
                                            "only to whoever takes them (POST /api/tables/{id}/join)")
    wait_for_players: StrictBool = Field(False, description="the table's clocks (timed windows, move clocks) start when "
                                   "every invited person has connected, or when a seated player presses start")
    absent_seconds: Number = Field(ABSENT_SECONDS, ge=0, le=86400, description="seconds a person must have been "
                                  "away before a seated player may hand her seat to a bot (she takes it back by "
                                  "opening her link again)")
    deal_pause: Number = Field(0, ge=0, le=600, description="after each deal but the last is scored, the next deal's "
                              "timed windows, move clocks and bots wait until every person at the table has said she "
                              "is ready (\"next round\") or this many seconds have passed; 0: no pause")
    rated: StrictBool = Field(False, description="a rated table: when its match ends, the ratings of its accounts "
                              "and bots in the game's family (the game at this player count) change (openskill); "
                              "a seat without an account plays as an anonymous guest, and a person whose seat a bot "
                              "holds at the end (she left) loses. Unrated by default")
    hints: StrictBool | None = Field(None, description="whether a seat may ask for a hint (the strongest bot's move "
                                     "from its own view, with one line saying why); default: on at a table with "
                                     "exactly one human seat, off at a table of several people")
    aids: StrictBool | None = Field(None, description="whether a player may switch on the game's player aids for "
                                    "herself (cards already played...); default as for hints")


class NewLesson(BaseModel):
    pace: Number = Field(PACE, ge=0, le=5, description="seconds between two of the lesson's scripted steps (the "
                         "other players' moves), so that each can be followed")


class Rematch(BaseModel):
    token: StrictStr = Field(max_length=200, description="the offering player's seat token at the finished table")


class Join(BaseModel):
    seat: StrictInt | None = Field(None, description="the open seat to take; the first free one if omitted")


def settings(body: NewTable) -> dict[str, Any]:
    """The table's settings, as stored: those that differ from the defaults."""
    found: dict[str, Any] = {}
    if body.wait_for_players:
        found["wait"] = True
    if body.spectator_chat:
        found["spectator_chat"] = True
    if body.absent_seconds != ABSENT_SECONDS:
        found["absent_seconds"] = body.absent_seconds
    if body.deal_pause:
        found["pause"] = body.deal_pause
    if body.rated:
        found["rated"] = True
    if body.correspondence is not None:
        c = body.correspondence
        found["correspondence"] = correspondence.stored(c.days, c.weekends, c.vacation_days)
    seats = [SeatRow(i, s.kind, None, None, None) for i, s in enumerate(body.seats)]
    found.update(learning.chosen(seats, body.hints, body.aids))
    return found


def lobby_of(request: Request) -> Lobby:
    return request.app.state.lobby


def invite_url(table_id: str, token: str) -> str:
    return f"/t/{table_id}?token={token}"


@router.get("/games", summary="The games, their variants, player counts, bot levels and whether each has its own table")
async def list_games() -> list[dict[str, Any]]:
    result = []
    for game_id in games():
        cls = game_class(game_id)
        game = load(game_id)
        bots = catalogue(game)
        # bots: strongest first; "default" marks the level an empty seat starts as (a real-time game's human-speed
        # one), "reacts" a real-time bot's typical reaction in seconds
        chosen = default(game)
        result.append({**cls.describe(), "table": has_table(game_id), "lesson": Lesson.path(game_id) is not None,
                       "bots": [{"level": name, "description": bots[name].describe(game), "reacts": bots[name].reacts,
                                 "default": name == chosen} for name in available(game)]})
    return result


@router.post("/tables", status_code=201, summary="Create a table: one invitation per human seat")
async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
    specs = [SeatSpec(s.kind, getattr(s, "level", None), s.name) for s in body.seats]
    if body.seed is not None and not getattr(request.app.state, "fixed_seeds", False):
        raise HTTPException(422, "seed: this server draws every seed itself; only a server started with "
                                 "--fixed-seeds (for tests and demos) takes one")
    if body.moves is not None and not getattr(request.app.state, "fixed_seeds", False):
        raise HTTPException(422, "moves: this server opens every table at the start; only a server started with "
                                 "--fixed-seeds (for tests and demos) plays moves at creation")
    if body.moves and body.seed is None:
        raise HTTPException(422, "moves: give the seed too (the moves are made for one shuffle)")
    if body.rated and body.moves:
        raise HTTPException(422, "rated: a rated match is played from its start; a table opened with moves cannot "
                                 "be rated")
    try:
        table = await lobby_of(request).create(body.game, body.players, body.options, specs,
                                               body.clock.seconds_per_move if body.clock else None, body.seed,
                                               body.setup, address=request.client.host if request.client else None,
                                               settings=settings(body), listed=body.listed, moves=body.moves)
    except ParlourError as e:
        raise HTTPException(422, str(e)) from None
    except LimitReached as e:
        headers = {"Retry-After": str(max(1, round(e.retry_after)))} if e.retry_after is not None else None
        raise HTTPException(e.status, e.message, headers=headers) from None
    return described(table, around.open_seats(table.seats) if body.listed else [])


@router.post("/lessons/{game_id}", status_code=201,
             summary="Start a game's first lesson: a table for one learner, the other seats played as the lesson says")
async def start_lesson(game_id: str, request: Request, body: NewLesson | None = None) -> dict[str, Any]:
    try:
        lesson = Lesson.load(game_class(game_id).id)
    except UnknownGame as e:
        raise HTTPException(404, str(e)) from None
    except ParlourError as e:
        raise HTTPException(404, f"{e}" if Lesson.path(game_id) is None else f"this lesson cannot be played: {e}") \
            from None
    try:
        table = await lobby_of(request).create(**lesson_table(lesson, (body or NewLesson()).pace),
                                               address=request.client.host if request.client else None)
    except LimitReached as e:
        headers = {"Retry-After": str(max(1, round(e.retry_after)))} if e.retry_after is not None else None
        raise HTTPException(e.status, e.message, headers=headers) from None
    return described(table)


def described(table: Table, hidden: list[int] = ()) -> dict[str, Any]:  # type: ignore[assignment]
    """A new table as its creator sees it: the public summary and each human seat's token and link, except the
    ``hidden`` seats' (open to anyone from the list: marked ``open``)."""
    summary = table.summary()
    seats = []
    for s, public in zip(table.seats, summary["seats"]):
        d = {k: v for k, v in public.items() if k not in ("connected", "away", "bot")}
        if s.seat in hidden:
            d["open"] = True
        elif s.token:
            d["token"], d["invite_url"] = s.token, invite_url(table.id, s.token)
        seats.append(d)
    return {"table": table.id, "game": table.row.game, "players": table.row.players, "options": summary["options"],
            "commitment": table.row.commitment, "spectator_url": f"/t/{table.id}", "seats": seats,
            "clock": summary["clock"], "spectator_chat": summary["spectator_chat"],
            "listed": bool(table.row.settings.get("listed")), "absent_seconds": summary["absent_seconds"],
            "hints": summary["hints"], "aids": summary["aids"], "rated": summary["rated"],
            **({"correspondence": summary["correspondence"]} if "correspondence" in summary else {})}


@router.post("/clock", summary="Move the server's clock (only on a server started with --fixed-seeds: tests)",
             include_in_schema=False)
async def move_clock(body: TestClock, request: Request) -> dict[str, Any]:
    if not getattr(request.app.state, "fixed_seeds", False):
        raise HTTPException(403, "the clock of this server is the machine's; only a server started with "
                                 "--fixed-seeds (for tests) lets it be moved")
    clock.set_offset(body.offset)
    changed = await correspondence.sweep(lobby_of(request))  # what the new time makes due, at once
    return {"now": clock.now(), "offset": clock.offset(), "changed": changed}


@router.get("/tables", summary="The tables that these seat tokens sit at")
async def my_tables(request: Request, tokens: str = Query("", description="seat tokens, comma-separated")
                    ) -> list[dict[str, Any]]:
    return await seat_entries(lobby_of(request), [t for t in tokens.split(",") if t][:MAX_TOKENS])


async def seat_entries(lobby: Lobby, tokens: list[str]) -> list[dict[str, Any]]:
    """Each known token's table summary, seat and link, in the order of ``tokens`` (``GET /api/tables?tokens=``,
    and a personal link's list: :mod:`.people`)."""
    found = {token: (summary, seat) for summary, seat, token in await lobby.by_tokens(tokens)}
    return [{**found[t][0], "seat": found[t][1], "invite_url": invite_url(found[t][0]["table"], t)}
            for t in dict.fromkeys(tokens) if t in found]


@router.get("/open", summary="The publicly listed tables with free seats, newest first (each with `free`: its seats to "
                          "take)")
async def listed_tables(request: Request) -> list[dict[str, Any]]:
    return await around.open_tables(lobby_of(request))


@router.post("/tables/{table_id}/join", summary="Take a free seat of a listed table: its token, given to you alone")
async def join_table(table_id: str, request: Request, body: Join | None = None) -> dict[str, Any]:
    try:
        return await around.join(lobby_of(request), table_id, body.seat if body else None,
                                 address=request.client.host if request.client else None)
    except around.Refused as e:
        raise HTTPException(e.status, e.message) from None
    except LimitReached as e:
        raise HTTPException(e.status, e.message, headers={"Retry-After": str(max(1, round(e.retry_after or 60)))}) \
            from None


@router.post("/tables/{table_id}/rematch", summary="Offer a rematch at a finished table: a new table, same game, "
                                                   "options and seats; everyone at the old one is sent its own link")
async def rematch(table_id: str, body: Rematch, request: Request) -> dict[str, Any]:
    try:
        new, seat = await around.rematch(lobby_of(request), table_id, body.token,
                                         address=request.client.host if request.client else None)
    except around.Refused as e:
        raise HTTPException(e.status, e.message) from None
    except ParlourError as e:  # a level of bot the server no longer has
        raise HTTPException(422, str(e)) from None
    except LimitReached as e:
        headers = {"Retry-After": str(max(1, round(e.retry_after)))} if e.retry_after is not None else None
        raise HTTPException(e.status, e.message, headers=headers) from None
    token = new.seats[seat].token
    return {"table": new.id, "game": new.row.game, "rematch_of": table_id, "seat": seat, "token": token,
            "invite_url": invite_url(new.id, token), "spectator_url": f"/t/{new.id}"}


@router.get("/tables/{table_id}/replay", summary="A finished match's view after `version` actions, as `seat` saw it")
async def replay_view(table_id: str, request: Request,
                      seat: int | None = Query(None, description="whose view; none: a spectator's"),
                      version: int | None = Query(None, description="actions played, 0 (the start) to the "
                                                                    "match's length (the default)")
                      ) -> dict[str, Any]:
    try:
        return await around.replay_view(lobby_of(request), table_id, seat, version)
    except around.Refused as e:
        raise HTTPException(e.status, e.message) from None


@router.get("/tables/{table_id}", summary="A table's public summary")
async def table_summary(table_id: str, request: Request) -> dict[str, Any]:
    summary = await lobby_of(request).summary(table_id)
    if summary is None:
        raise _not_found(table_id)
    return summary


@router.get("/tables/{table_id}/record", summary="The record of a finished match, seed and salt revealed")
async def table_record(table_id: str, request: Request) -> Response:
    lobby = lobby_of(request)

    async def write() -> bytes:
        record = await lobby.record(table_id)
        if record is None:
            raise _not_found(table_id)
        return await written(_json, record)

    try:
        body = await lobby.exports.get((table_id, "json"), write)
    except NotFinished as e:
        raise HTTPException(409, f"table {table_id} is still playing ({e.args[0]} actions so far); "
                                 "its record, which reveals the seed, is published when the match ends") from None
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="parlour-{table_id}.json"'})


def _json(record: Record) -> str:
    """A record as JSON text, as ``JSONResponse`` writes it."""
    return json.dumps(record.to_dict(), ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@router.get("/tables/{table_id}/record.{fmt}",
            summary="The record of a finished match in another format the game writes (Go: .sgf)")
async def table_record_as(table_id: str, fmt: str, request: Request) -> Response:
    if fmt == "json":
        return await table_record(table_id, request)
    lobby = lobby_of(request)
    summary = await lobby.summary(table_id)
    if summary is None:
        raise _not_found(table_id)
    game = load(summary["game"], summary["players"], **summary["options"])
    formats = game.record_formats
    if fmt not in formats:
        allowed = ", ".join(f".{f}" for f in ["json", *formats])
        raise HTTPException(404, f"{game.id} records are written as {allowed}, not .{fmt}")

    async def write() -> bytes:
        record = await lobby.record(table_id)
        assert record is not None  # the summary was found
        # SGF replays the match (its start position read again): a thread's work, and done once per table
        return await written(game.write_record, record, fmt, [s.get("name") for s in summary["seats"]])

    try:
        body = await lobby.exports.get((table_id, fmt), write)
    except NotFinished as e:
        raise HTTPException(409, f"table {table_id} is still playing ({e.args[0]} actions so far); "
                                 "its record is published when the match ends") from None
    return Response(body, media_type=formats[fmt],
                    headers={"Content-Disposition": f'attachment; filename="parlour-{table_id}.{fmt}"'})


def _not_found(table_id: str) -> HTTPException:
    return HTTPException(404, f"there is no table {table_id!r}; table ids come from POST /api/tables")

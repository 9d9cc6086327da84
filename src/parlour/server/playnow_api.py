"""The play-now queue's HTTP API (see :mod:`.playnow`; docs/protocol.md):

    POST   /api/play            {"game", "players"?, "options"?, "wait"?, "name"?} → 201 a ticket, waiting or seated
    GET    /api/play/{ticket}   the ticket: {"state": "waiting", "waiting", "left", ...} or {"state": "seated",
                                "table", "seat", "token", "invite_url", "bots"}; asking keeps it in the queue
    DELETE /api/play/{ticket}   leave the queue: 204; 409 with the seat if it was taken a moment ago

The ticket's id is its holder's secret: it leads to her seat's token.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import AfterValidator, BaseModel, Field, StrictInt, StrictStr

from parlour.core.errors import ParlourError
from parlour.core.registry import load_with

from .accounts_api import signed_in
from .api import MAX_OPTIONS, Name, Number, options_without_nul
from .limits import address_key
from .playnow import DEFAULT_WAIT, MAX_WAIT, PlayNow, described
from .static import has_table

router = APIRouter(prefix="/api")


class Ask(BaseModel):
    game: StrictStr = Field(max_length=64, description="a game id from GET /api/games", examples=["zole"])
    players: StrictInt | None = Field(None, description="the game's default if omitted")
    options: Annotated[dict[str, Any], AfterValidator(options_without_nul)] = Field(
        default_factory=dict, max_length=MAX_OPTIONS, description="variant options, as POST /api/tables takes them")
    wait: Number = Field(DEFAULT_WAIT, description=f"seconds to wait for people before bots take the seats left, "
                         f"0 to {MAX_WAIT:g}")
    name: Name = Field(None, max_length=40, description="shown to the table (a signed-in person: her account's name)")


def _play(request: Request) -> PlayNow:
    return request.app.state.playnow


@router.post("/play", status_code=201, summary="Play now: wait for people asking for the same game, then bots")
async def ask(body: Ask, request: Request) -> dict[str, Any]:
    if not 0 <= body.wait <= MAX_WAIT:
        raise HTTPException(422, f"wait: seconds to wait for people before bots take the seats left, 0 to "
                                 f"{MAX_WAIT:g}; got {body.wait:g}")
    try:
        game = load_with(body.game, body.players, body.options)
    except ParlourError as e:
        raise HTTPException(422, str(e)) from None
    if not has_table(game.id):
        raise HTTPException(422, f"game: {game.id} has no table in the browser yet; play it in the terminal "
                                 "(parlour play)")
    limits = request.app.state.lobby.limits
    key = address_key(request.client.host if request.client else None)
    joins = _play(request).joins
    if not joins.allow(key):
        raise HTTPException(429, f"at most {limits.play_per_minute} play-now requests a minute from one address; "
                                 "try again in a minute",
                            headers={"Retry-After": str(max(1, round(joins.retry_after(key))))})
    account = await signed_in(request)
    name = account.name if account is not None else body.name
    play = _play(request)
    ticket = await play.join(game, name, account.id if account is not None else None, body.wait)
    count = await play.queue.count(ticket.key) if ticket.state == "waiting" else 0
    return described(ticket, count, time.time())


@router.get("/play/{ticket}", summary="Where a play-now ticket stands: waiting (how many, time left) or its seat")
async def status(ticket: str, request: Request) -> dict[str, Any]:
    found = await _play(request).status(ticket[:64])
    if found is None:
        raise HTTPException(404, "this play-now ticket is not in the queue (it left, or its page stopped asking "
                                 "for over ten seconds); ask again with POST /api/play")
    return described(*found, time.time())


@router.delete("/play/{ticket}", status_code=204, summary="Leave the play-now queue")
async def leave(ticket: str, request: Request) -> Response:
    found = await _play(request).queue.leave(ticket[:64])
    if found is None:
        raise HTTPException(404, "this play-now ticket is not in the queue (it left already, or its page stopped "
                                 "asking for over ten seconds)")
    if found.state != "waiting":
        seat = f": your seat is {found.result['invite_url']}" if found.result else "; ask after it again in a moment"
        raise HTTPException(409, f"this ticket was seated at a table a moment ago{seat}")
    return Response(status_code=204)

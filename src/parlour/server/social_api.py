"""The routes of profiles, friends and seat invitations (issue 29.2 and 29.5's friends; tables in
:mod:`.social_store` and :mod:`.ratings_store`).

A profile is public: an account's name, when it was made, per game and player count (a rating *family*, see
:mod:`.ratings`) the matches recorded, won, lost, drawn and abandoned, the rating (μ, σ, and μ − 3σ), the last
matches, and the listed (public) tables it sits at. Nothing else of a person is shown to others: no e-mail, no seat
token, no private table — a finished match's record and review links only where its table was listed, or to the
profile's own account.

    GET    /api/profiles/{name}                 → the public profile (404 if no account has the name)
    GET    /api/account/friends                 → {"friends", "asking", "asked", "invitations"}    (signed in)
    POST   /api/account/friends                 {"name"} → 201 asked (200: they had asked you, now friends)
    POST   /api/account/friends/{name}/accept   → 200 friends
    POST   /api/account/friends/{name}/decline  → 204
    DELETE /api/account/friends/{name}          → 204 (no longer friends)
    POST   /api/account/invitations             {"name", "token"} → 201: a friend invited to the seat of that token
    DELETE /api/account/invitations/{id}        → 204 (the invited friend dismisses it)

An invitation's seat link (its token) is given only to the invited friend (in ``GET /api/account/friends``); the
inviter proves she may give the seat by sending its token. Friend requests are limited per address
(``--friend-requests-per-minute``): beyond, 429 with ``Retry-After`` and a sentence.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field, StrictStr
from sqlalchemy import func, select

from . import accounts
from .accounts_api import _account, _limit, _lobby, _now, _state, signed_in
from .accounts_store import Account
from .api import invite_url
from .limits import PerMinute
from .ratings import account_ratings, family
from .ratings_store import match_results
from .social_store import MAX_FRIENDS, MAX_INVITATIONS, Social
from .storage import people_seats, seats, tables

router = APIRouter(prefix="/api")

#: The last matches a profile lists.
LAST = 10


class Name(BaseModel):
    name: StrictStr = Field(max_length=200, description="the friend's account name")


class Invitation(BaseModel):
    name: StrictStr = Field(max_length=200, description="the friend's account name")
    token: StrictStr = Field(max_length=200, description="the seat's token (the token=... of its link)")


def _social(request: Request) -> tuple[Social, PerMinute]:
    state = _state(request)
    found = getattr(state, "social", None)
    if found is None:
        found = state.social = (Social(state.store), PerMinute(_lobby(request).limits.friend_requests_per_minute))
    return found


async def _named(request: Request, name: str) -> Account:
    found = await _state(request).accounts.by_skeleton(accounts.skeleton(name))
    if found is None:
        raise HTTPException(404, f"name: no account is named {name[:40]!r}")
    return found[0]


async def _other(request: Request, me: Account, name: str) -> Account:
    other = await _named(request, name)
    if other.id == me.id:
        raise HTTPException(422, "name: that is your own account; give a friend's name")
    return other


@router.get("/profiles/{name}", summary="An account's public profile: per game its matches, results and rating, "
                                        "its last matches and its listed tables")
async def profile(name: str, request: Request) -> dict[str, Any]:
    if len(name) > 200:
        raise HTTPException(404, "name: no account has a name that long")
    account = await _named(request, name)
    viewer = await signed_in(request)
    own = viewer is not None and viewer.id == account.id
    store = _lobby(request).store
    async with store.engine.connect() as conn:
        counts = (await conn.execute(
            select(match_results.c.game, match_results.c.players, match_results.c.outcome,
                   match_results.c.abandoned, func.count())
            .where(match_results.c.account_id == account.id)
            .group_by(match_results.c.game, match_results.c.players, match_results.c.outcome,
                      match_results.c.abandoned))).all()
        last = (await conn.execute(
            select(match_results, tables.c.settings).join(tables, tables.c.id == match_results.c.table_id)
            .where(match_results.c.account_id == account.id)
            .order_by(match_results.c.t.desc()).limit(LAST))).mappings().all()
        sitting = (await conn.execute(
            select(tables.c.id, tables.c.game, tables.c.players, tables.c.finished, tables.c.settings, seats.c.seat)
            .join(people_seats, people_seats.c.table_id == tables.c.id)
            .join(seats, seats.c.token == people_seats.c.token)
            .where(people_seats.c.secret == account.people, tables.c.finished.is_(False))
            .order_by(people_seats.c.added.desc()))).all()
    rated = await account_ratings(store, account.id)
    games: dict[tuple[str, int], dict[str, Any]] = {}

    def entry(game: str, players: int) -> dict[str, Any]:
        return games.setdefault((game, players), {"game": game, "players": players, "family": family(game, players),
                                                  "matches": 0, "won": 0, "lost": 0, "drawn": 0, "abandoned": 0,
                                                  "rating": None})
    for game, players, outcome, abandoned, n in counts:
        e = entry(game, players)
        e["matches"] += n
        e[outcome] += n
        if abandoned:
            e["abandoned"] += n
    for (game, players), r in rated.items():
        entry(game, players)["rating"] = r.described()
    matches = []
    for m in last:
        public = bool((m["settings"] or {}).get("listed"))
        d: dict[str, Any] = {"game": m["game"], "players": m["players"], "family": family(m["game"], m["players"]),
                             "outcome": m["outcome"], "abandoned": m["abandoned"], "rated": m["rated"], "t": m["t"]}
        if m["rated"] and m["mu"] is not None:
            d["rating"] = {"mu": round(m["mu"], 3), "sigma": round(m["sigma"], 3),
                           "ordinal": round(m["mu"] - 3 * m["sigma"], 3)}
        if public or own:  # a private table's id lets its holder watch: only for the tables that are public
            d.update(table=m["table_id"], table_url=f"/t/{m['table_id']}",
                     record_url=f"/api/tables/{m['table_id']}/record")
        matches.append(d)
    listed = [{"table": tid, "game": game, "players": players, "seat": seat, "spectator_url": f"/t/{tid}"}
              for tid, game, players, _finished, settings, seat in sitting if (settings or {}).get("listed")]
    return {"name": account.name, "since": account.created,
            "games": sorted(games.values(), key=lambda e: (-e["matches"], e["family"])),
            "last": matches, "tables": listed}


@router.get("/account/friends", summary="The signed-in account's friends, the requests to and from it, and the "
                                        "seats friends invited it to (with their links)")
async def friends(request: Request) -> dict[str, Any]:
    account = await _account(request)
    social, _ = _social(request)
    found = await social.of(account.id)
    held = await social.invitations(account.id)
    summaries = {}
    for inv in held:
        if inv["table"] not in summaries:
            summaries[inv["table"]] = await _lobby(request).summary(inv["table"])
    invitations = []
    for inv in held:
        summary = summaries.get(inv["table"])
        if summary is None:
            continue
        invitations.append({"id": inv["id"], "from": inv["from"], "table": inv["table"], "game": summary["game"],
                            "players": summary["players"], "seat": inv["seat"], "status": summary["status"],
                            "rated": summary.get("rated", False), "t": inv["t"],
                            "invite_url": invite_url(inv["table"], inv["token"])})
    return {"friends": found.friends, "asking": found.asking, "asked": found.asked, "invitations": invitations}


@router.post("/account/friends", status_code=201, summary="Ask an account to be friends, by its name (201); if it "
                                                          "had asked you, you are friends now (200)")
async def ask(body: Name, request: Request, response: Response) -> dict[str, Any]:
    account = await _account(request)
    social, window = _social(request)
    _limit(request, window, "friend requests")
    other = await _other(request, account, body.name)
    found = await social.between(account.id, other.id)
    if found is not None:
        asker, _asked, accepted = found
        if accepted is not None:
            raise HTTPException(409, f"name: you and {other.name} are friends already")
        if asker == account.id:
            raise HTTPException(409, f"name: you asked {other.name} already; the answer is theirs to give")
        await social.accept(other.id, account.id, _now(request))
        response.status_code = 200
        return {"name": other.name, "status": "friends"}
    if await social.count(account.id) >= MAX_FRIENDS:
        raise HTTPException(409, f"you have {MAX_FRIENDS} friends and requests, the most an account may; remove "
                                 "some to ask more")
    if not await social.ask(account.id, other.id, _now(request)):
        raise HTTPException(409, f"name: you and {other.name} asked each other at the same moment; look again")
    return {"name": other.name, "status": "asked"}


@router.post("/account/friends/{name}/accept", summary="Accept a friend request")
async def accept(name: str, request: Request) -> dict[str, Any]:
    account = await _account(request)
    other = await _other(request, account, name)
    social, _ = _social(request)
    if not await social.accept(other.id, account.id, _now(request)):
        raise HTTPException(404, f"name: {other.name} has not asked you to be friends (or you are friends already)")
    return {"name": other.name, "status": "friends"}


@router.post("/account/friends/{name}/decline", status_code=204, summary="Decline a friend request (or withdraw "
                                                                         "your own)")
async def decline(name: str, request: Request) -> Response:
    account = await _account(request)
    other = await _other(request, account, name)
    social, _ = _social(request)
    found = await social.between(account.id, other.id)
    if found is None or found[2] is not None:
        raise HTTPException(404, f"name: no friend request is waiting between you and {other.name}")
    await social.drop(account.id, other.id)
    return Response(status_code=204)


@router.delete("/account/friends/{name}", status_code=204, summary="No longer be friends (their invitations to each "
                                                                   "other go too)")
async def remove(name: str, request: Request) -> Response:
    account = await _account(request)
    other = await _other(request, account, name)
    social, _ = _social(request)
    if not await social.drop(account.id, other.id):
        raise HTTPException(404, f"name: you and {other.name} are not friends")
    return Response(status_code=204)


@router.post("/account/invitations", status_code=201, summary="Invite a friend to a seat, by the friend's name and "
                                                              "the seat's token: she sees it on her account page")
async def invite(body: Invitation, request: Request) -> dict[str, Any]:
    account = await _account(request)
    other = await _other(request, account, body.name)
    social, _ = _social(request)
    state = _state(request)
    found = await social.between(account.id, other.id)
    if found is None or found[2] is None:
        raise HTTPException(403, f"name: you may invite only your friends, and {other.name} is not one (yet)")
    seat = await state.people.seat(body.token)
    if seat is None:
        raise HTTPException(422, "token: no seat has this token; give the token=... of the seat's link")
    table_id, seat_no = seat
    summary = await _lobby(request).summary(table_id)
    if summary is None:
        raise HTTPException(404, f"there is no table {table_id!r} any more")
    if summary["status"] == "over":
        raise HTTPException(409, "token: this seat's match is over; invite to a table still to be played")
    async with _lobby(request).store.engine.connect() as conn:
        claimed = (await conn.execute(select(people_seats.c.secret).where(people_seats.c.token == body.token))).all()
    if any(secret != other.people for (secret,) in claimed):
        raise HTTPException(409, "token: this seat is someone's already (an account holds it); invite to a free "
                                 "seat")
    if await social.count_invitations(other.id) >= MAX_INVITATIONS:
        raise HTTPException(409, f"name: {other.name} holds {MAX_INVITATIONS} invitations, the most an account may")
    if not await social.invite(account.id, other.id, table_id, seat_no, body.token, _now(request)):
        raise HTTPException(409, f"name: {other.name} is invited to this seat already")
    return {"name": other.name, "table": table_id, "seat": seat_no, "game": summary["game"]}


@router.delete("/account/invitations/{invitation}", status_code=204, summary="Dismiss an invitation you hold")
async def dismiss(invitation: int, request: Request) -> Response:
    account = await _account(request)
    social, _ = _social(request)
    if not await social.dismiss(account.id, invitation):
        raise HTTPException(404, f"invitation: you hold no invitation {invitation}")
    return Response(status_code=204)

"""The notifications' HTTP API (contract B of issue 26): the server's push key, a seat's choices at a table, its
devices, and the one-click unsubscribe link of its mails.

A seat is the holder of its token (``?token=``, from its invitation link), as everywhere in the API. Errors are
``4xx {"detail": "what was wrong and what is allowed"}``. What a seat chose is answered as
``{"events", "push": devices, "email": masked or null, "smtp": whether this server sends mail}``.
"""

from __future__ import annotations

import html
import ipaddress
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from parlour.core.i18n import TAGS, language, translator, using

from . import mail
from .lobby import Lobby
from .notify import EVENTS, MAX_DEVICES, Notifier, language_of
from .notify_store import SeatChoice
from .push import b64_bytes
from .storage import NUL

router = APIRouter()
tr = translator(__name__)

#: The longest push endpoint taken (browsers' are a few hundred characters).
MAX_ENDPOINT = 2000


class PushKeys(BaseModel):
    p256dh: StrictStr = Field(max_length=128, description="the device's P-256 public key, base64url (65 bytes)")
    auth: StrictStr = Field(max_length=64, description="the device's auth secret, base64url (16 bytes)")


class PushSubscription(BaseModel):
    """A browser's ``PushSubscription.toJSON()``."""

    endpoint: StrictStr = Field(max_length=MAX_ENDPOINT, description="the push service's URL for this device")
    expirationTime: float | None = None
    keys: PushKeys


class Choices(BaseModel):
    model_config = ConfigDict(extra="forbid")

    events: list[StrictStr] | None = Field(None, max_length=len(EVENTS),
                                           description=f"what to be told of: any of {', '.join(EVENTS)}")
    push: PushSubscription | None = Field(None, description="this device's push subscription (one per device)")
    email: StrictStr | None = Field("", max_length=254, description="an address for mails; null: no mails")
    lang: StrictStr | None = Field(None, max_length=16, description="the language to be told in (else the "
                                                                    "browser's Accept-Language)")


def lobby_of(request: Request) -> Lobby:
    return request.app.state.lobby


def notifier_of(request: Request) -> Notifier:
    return lobby_of(request).notifier


async def seat_of(request: Request, table_id: str, token: str | None) -> int:
    """The seat whose token this is at this table, or the 4xx that says why not."""
    lobby = lobby_of(request)
    if not token:
        raise HTTPException(401, "give the seat's token (from its invitation link) as ?token=")
    if NUL in table_id or len(table_id) > 32 or await lobby.store.table(table_id) is None:
        raise HTTPException(404, f"there is no table {table_id[:40]!r}; table ids come from POST /api/tables")
    for found_table, seat, _ in await lobby.store.table_of_tokens([token[:200]]):
        if found_table == table_id:
            return seat
    raise HTTPException(403, "this token holds no seat at this table: use the token of your seat's link")


def answer(choice: SeatChoice | None, devices: int, notifier: Notifier) -> dict[str, Any]:
    return {"events": list(choice.events) if choice else list(EVENTS), "push": devices,
            "email": mail.masked(choice.email) if choice and choice.email else None,
            "smtp": notifier.config.email}


async def current(notifier: Notifier, table_id: str, seat: int) -> dict[str, Any]:
    assert notifier.rows is not None
    return answer(await notifier.rows.choice(table_id, seat), len(await notifier.rows.subscriptions(table_id, seat)),
                  notifier)


def public_host(host: str) -> bool:
    """Whether a push endpoint's host may be posted to: a name other than localhost, or a public address (the
    server posts where a browser's subscription says, so not to itself or its private network).

    >>> public_host("fcm.googleapis.com"), public_host("127.0.0.1"), public_host("10.0.0.7"), public_host("[::1]")
    (True, False, False, False)
    """
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith((".localhost", ".local", ".internal")):
        return False
    try:
        return ipaddress.ip_address(host).is_global
    except ValueError:
        return True


def check_push(sub: PushSubscription, notifier: Notifier) -> None:
    parts = urlsplit(sub.endpoint)
    schemes = ("https", "http") if notifier.config.insecure_push else ("https",)
    if parts.scheme not in schemes or not parts.hostname or NUL in sub.endpoint:
        raise HTTPException(422, "push.endpoint must be the https URL the browser's push service gave "
                                 "(PushSubscription.endpoint)")
    if not notifier.config.insecure_push and not public_host(parts.hostname):
        raise HTTPException(422, "push.endpoint must be a push service on the internet, not this machine or a "
                                 "private network")
    p256dh, auth = b64_bytes(sub.keys.p256dh), b64_bytes(sub.keys.auth)
    if p256dh is None or len(p256dh) != 65 or p256dh[0] != 4:
        raise HTTPException(422, "push.keys.p256dh must be the device's P-256 public key: 65 bytes (an uncompressed "
                                 "point, starting 0x04), base64url, as PushSubscription.toJSON() gives it")
    if auth is None or len(auth) != 16:
        raise HTTPException(422, "push.keys.auth must be the device's auth secret: 16 bytes, base64url, as "
                                 "PushSubscription.toJSON() gives it")


@router.get("/api/push/key", summary="The server's VAPID public key (applicationServerKey for pushManager.subscribe)")
async def push_key(request: Request) -> dict[str, str]:
    key = notifier_of(request).public_key()
    if key is None:
        raise HTTPException(503, "this server sends no pushes")
    return {"key": key}


@router.get("/api/tables/{table_id}/notifications", summary="What this seat is told of, on how many devices, by mail")
async def get_notifications(table_id: str, request: Request, token: str | None = Query(None),
                            endpoint: str | None = Query(None, max_length=MAX_ENDPOINT, description=(
                                "this device's PushSubscription.endpoint: the answer then also says whether "
                                "this device is subscribed (`device`)"))) -> dict[str, Any]:
    seat = await seat_of(request, table_id, token)
    notifier = notifier_of(request)
    out = await current(notifier, table_id, seat)
    if endpoint is not None and notifier.rows is not None:
        out["device"] = any(d.endpoint == endpoint for d in await notifier.rows.subscriptions(table_id, seat))
    return out


@router.put("/api/tables/{table_id}/notifications",
            summary="Choose the events, add this device's push subscription, set or clear the e-mail address")
async def put_notifications(table_id: str, body: Choices, request: Request,
                            token: str | None = Query(None)) -> dict[str, Any]:
    notifier = notifier_of(request)
    seat = await seat_of(request, table_id, token)
    assert notifier.rows is not None
    events = None
    if body.events is not None:
        wrong = [e for e in body.events if e not in EVENTS]
        if wrong:
            raise HTTPException(422, f"events: {wrong[0][:20]!r} is none of the events; they are "
                                     f"{', '.join(EVENTS)}")
        events = [e for e in EVENTS if e in body.events]
    email: str | None | bool = False  # False: as it was
    if "email" in body.model_fields_set:
        given = (body.email or "").strip()
        if not given:
            email = None
        elif not notifier.config.email:
            raise HTTPException(409, "this server sends no mail (it was started without --smtp): use push on "
                                     "this device instead")
        elif not mail.valid_address(given):
            raise HTTPException(422, "email must be one address, such as ana@example.com (or null: no mails)")
        else:
            email = given
    try:
        lang = language_of(body.lang, request.headers.get("accept-language"))
    except ValueError as e:
        raise HTTPException(422, f"lang: {e}") from None
    if body.push is not None:
        check_push(body.push, notifier)
    await notifier.rows.choose(table_id, seat, lang, events, email)
    if body.push is not None:
        await notifier.rows.subscribe(table_id, seat, body.push.endpoint, body.push.keys.p256dh,
                                      body.push.keys.auth, round(notifier.now(), 3), MAX_DEVICES)
    return await current(notifier, table_id, seat)


@router.delete("/api/tables/{table_id}/notifications/push", summary="This device's push subscription gone")
async def delete_push(table_id: str, request: Request, token: str | None = Query(None),
                      endpoint: str | None = Query(None, max_length=MAX_ENDPOINT)) -> dict[str, Any]:
    notifier = notifier_of(request)
    seat = await seat_of(request, table_id, token)
    if not endpoint:
        raise HTTPException(422, "give the device's push endpoint (PushSubscription.endpoint) as ?endpoint=")
    assert notifier.rows is not None
    await notifier.rows.unsubscribe(table_id, seat, endpoint)
    return await current(notifier, table_id, seat)


PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head><body><main><h1>{title}</h1><p>{text}</p></main></body></html>
"""


@router.get("/unsubscribe/{secret}", response_class=HTMLResponse, operation_id="unsubscribe_get",
            summary="The unsubscribe link of a notification mail: its seat gets no more mails from its table")
@router.post("/unsubscribe/{secret}", response_class=HTMLResponse, operation_id="unsubscribe_post",
             summary="One-click unsubscribe (RFC 8058: List-Unsubscribe-Post), as the GET")
async def unsubscribe(secret: str, request: Request) -> HTMLResponse:
    notifier = notifier_of(request)
    found = await notifier.rows.by_secret(secret[:64]) if notifier.rows is not None and NUL not in secret else None
    choice = await notifier.rows.choice(*found) if found and notifier.rows is not None else None
    lang = choice.lang if choice else language_of(None, request.headers.get("accept-language"))
    with using(lang):
        if found is None or notifier.rows is None:
            status, title, text = 404, tr.t("No such link"), tr.t(
                "This unsubscribe link is not known here: it may be from another server, or mistyped.")
        else:
            await notifier.rows.choose(found[0], found[1], lang, email=None)
            status, title, text = 200, tr.t("No more mails"), tr.t(
                "You will get no more mails from this table. Its page can turn them on again.")
        page = PAGE.format(lang=TAGS.get(language(), "en"), title=html.escape(title), text=html.escape(text))
    return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})

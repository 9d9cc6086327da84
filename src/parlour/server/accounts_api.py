"""The routes of optional accounts (logic in :mod:`.accounts`, tables in :mod:`.accounts_store`).

A WebAuthn ceremony is two requests: ``.../options`` answers the options for ``navigator.credentials.create`` or
``.get`` (JSON, binary fields in base64url) and a ``ceremony`` id; the second request sends that id and the
browser's credential (``PublicKeyCredential.toJSON()``). The relying party is the host the page is on (or that of
``--public-url``). Browsers refuse an IP address as the relying party: locally, open ``localhost``.

A session is a cookie (``parlour_session``: HttpOnly, SameSite=Lax, Secure over HTTPS) holding a random id that the
store keeps only hashed.

    GET    /api/account                       → the signed-in account (401 if none)
    POST   /api/account/signup/options        {"name", "email"?}      → {"ceremony", "options"}
    POST   /api/account/signup                {"ceremony", "credential"} → 201 {"name", "recovery_code"} + cookie
    POST   /api/account/signin/options        → {"ceremony", "options"}
    POST   /api/account/signin                {"ceremony", "credential"} → {"name"} + cookie
    POST   /api/account/recover               {"name", "code"} → {"name", "recovery_code"} (a new one) + cookie
    POST   /api/account/passkeys/options      → {"ceremony", "options"}            (signed in)
    POST   /api/account/passkeys              {"ceremony", "credential"} → 201     (signed in)
    PUT    /api/account/email                 {"email"} → the account             (signed in)
    POST   /api/account/seats                 {"token"} → the seat's entry, 201/200 (signed in)
    GET    /api/account/tables                → the account's "my tables"           (signed in)
    POST   /api/account/signout               → 204, the session deleted
    DELETE /api/account                       → 204, the account and all it held deleted
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from typing import Any
from urllib.parse import urlsplit

import webauthn
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field, StrictStr
from webauthn.helpers import base64url_to_bytes, options_to_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (AuthenticatorSelectionCriteria, PublicKeyCredentialDescriptor,
                                      ResidentKeyRequirement, UserVerificationRequirement)

from . import accounts
from .accounts import FORMER, Ceremonies
from .accounts_store import Account, Accounts
from .api import seat_entries
from .limits import PerMinute, address_key
from .lobby import Lobby
from .people import MAX_SEATS, People

router = APIRouter(prefix="/api/account")

COOKIE = "parlour_session"
#: How long a session cookie lasts in the browser (the server keeps the session until sign-out or deletion).
COOKIE_SECONDS = 180 * 24 * 3600
RP_NAME = "parlour"


class NewAccount(BaseModel):
    name: StrictStr = Field(max_length=200, description="the account's name, unique (compared as it looks)")
    email: StrictStr | None = Field(None, max_length=254, description="an address for notifications (optional)")


class Answer(BaseModel):
    ceremony: StrictStr = Field(max_length=100, description="the id the options came with")
    credential: dict[str, Any] = Field(description="the browser's PublicKeyCredential, as its toJSON() gives it")


class Recovery(BaseModel):
    name: StrictStr = Field(max_length=200)
    code: StrictStr = Field(max_length=100, description="the recovery code shown at sign-up")


class Email(BaseModel):
    email: StrictStr | None = Field(None, max_length=254)


class Seat(BaseModel):
    token: StrictStr = Field(max_length=200, description="a seat token: the token=... of the seat's link")


class State:
    """What the routes share: the store's accounts, the ceremonies under way, the per-address counters."""

    def __init__(self, lobby: Lobby) -> None:
        self.store = lobby.store
        self.accounts = Accounts(lobby.store)
        self.people = People(lobby.store)
        self.ceremonies = Ceremonies()
        self.signups = PerMinute(lobby.limits.signups_per_minute)
        self.signins = PerMinute(lobby.limits.signins_per_minute)


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


def _state(request: Request) -> State:
    found = getattr(request.app.state, "accounts", None)
    if found is None or found.store is not _lobby(request).store:
        found = request.app.state.accounts = State(_lobby(request))
    return found


def _now(request: Request) -> float:
    return round(_lobby(request).now(), 3)


def _limit(request: Request, window: PerMinute, what: str) -> None:
    key = address_key(request.client.host if request.client else None)
    if not window.allow(key):
        wait = max(1, round(window.retry_after(key)))
        raise HTTPException(429, f"at most {window.limit} {what} a minute from one address; try again in {wait} s",
                            headers={"Retry-After": str(wait)})


def _relying_party(request: Request) -> tuple[str, str]:
    """``(rp id, origin)``: those of ``--public-url`` if set, else of the host this request came to."""
    public = getattr(_lobby(request).notifier, "config", None)
    public_url = getattr(public, "public_url", None)
    if public_url:
        parts = urlsplit(public_url)
        return parts.hostname or "localhost", f"{parts.scheme}://{parts.netloc}"
    host = request.headers.get("host") or "localhost"
    return urlsplit(f"//{host}").hostname or "localhost", f"{request.url.scheme}://{host}"


def _options(options: Any) -> dict[str, Any]:
    return json.loads(options_to_json(options))


async def signed_in(request: Request) -> Account | None:
    """The account the request's session cookie signs in, if any."""
    session = request.cookies.get(COOKIE)
    if not session or len(session) > 100:
        return None
    state = _state(request)
    account_id = await state.accounts.session(accounts.digest(session))
    return None if account_id is None else await state.accounts.by_id(account_id)


async def _account(request: Request) -> Account:
    found = await signed_in(request)
    if found is None:
        raise HTTPException(401, "not signed in: sign in with a passkey (POST /api/account/signin/options) or your "
                                 "recovery code (POST /api/account/recover)")
    return found


async def _session(request: Request, response: Response, account: Account) -> None:
    """Open a session for ``account`` and set its cookie on ``response``."""
    session = secrets.token_urlsafe(32)
    await _state(request).accounts.open_session(account.id, accounts.digest(session), _now(request))
    response.set_cookie(COOKIE, session, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")


def _described(account: Account, passkeys: int) -> dict[str, Any]:
    return {"name": account.name, "email": account.email, "passkeys": passkeys, "created": account.created}


def _ceremony(request: Request, key: str, kind: str) -> accounts.Ceremony:
    found = _state(request).ceremonies.take(key, kind)
    if found is None:
        raise HTTPException(400, f"no {kind} is under way with this ceremony id: it expired (after "
                                 f"{accounts.CEREMONY_SECONDS // 60} minutes) or was used; ask for new options")
    return found


@router.get("", summary="The signed-in account: name, e-mail, how many passkeys")
async def me(request: Request) -> dict[str, Any]:
    account = await _account(request)
    return _described(account, len(await _state(request).accounts.credential_ids(account.id)))


@router.post("/signup/options", summary="Start a sign-up: the options for navigator.credentials.create()")
async def signup_options(body: NewAccount, request: Request) -> dict[str, Any]:
    state = _state(request)
    try:
        name, email = accounts.checked_name(body.name), accounts.checked_email(body.email)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None
    _limit(request, state.signups, "sign-ups")
    if await state.accounts.taken(accounts.skeleton(name)):
        raise HTTPException(409, f"name: {name!r} is taken, or looks like a name that is: choose another")
    rp_id, origin = _relying_party(request)
    handle = secrets.token_bytes(32)
    options = webauthn.generate_registration_options(
        rp_id=rp_id, rp_name=RP_NAME, user_id=handle, user_name=name, user_display_name=name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED))
    key = state.ceremonies.start("signup", options.challenge, name=name, email=email, handle=handle, rp_id=rp_id,
                                 origin=origin)
    return {"ceremony": key, "options": _options(options)}


def _registered(ceremony: accounts.Ceremony, credential: dict[str, Any]) -> Any:
    try:
        return webauthn.verify_registration_response(
            credential=credential, expected_challenge=ceremony.challenge, expected_rp_id=ceremony.data["rp_id"],
            expected_origin=ceremony.data["origin"])
    except (WebAuthnException, ValueError, KeyError, TypeError) as e:
        raise HTTPException(400, f"credential: the passkey's answer does not check out ({e}); nothing was "
                                 "registered, ask for new options and try again") from None


@router.post("/signup", status_code=201, summary="Finish a sign-up with the new passkey: the account, a session, and "
                                                 "its recovery code (shown this once)")
async def signup(body: Answer, request: Request) -> Response:
    state = _state(request)
    ceremony = _ceremony(request, body.ceremony, "signup")
    verified = _registered(ceremony, body.credential)
    code = accounts.new_recovery_code()
    name = ceremony.data["name"]
    account = await state.accounts.create(
        name, accounts.skeleton(name), accounts.digest(code), ceremony.data["email"], ceremony.data["handle"],
        verified.credential_id, verified.credential_public_key, verified.sign_count, _now(request))
    if account is None:
        raise HTTPException(409, f"name: {name!r} was taken meanwhile (or that passkey is registered already): "
                                 "choose another")
    response = JSONResponse({"name": name, "email": account.email, "recovery_code": code}, status_code=201)
    await _session(request, response, account)
    return response


@router.post("/signin/options", summary="Start a sign-in: the options for navigator.credentials.get()")
async def signin_options(request: Request) -> dict[str, Any]:
    state = _state(request)
    _limit(request, state.signins, "sign-ins")
    rp_id, origin = _relying_party(request)
    # No list of credentials: the passkey is discoverable, and the browser offers those it holds for this site.
    options = webauthn.generate_authentication_options(rp_id=rp_id,
                                                       user_verification=UserVerificationRequirement.PREFERRED)
    key = state.ceremonies.start("signin", options.challenge, rp_id=rp_id, origin=origin)
    return {"ceremony": key, "options": _options(options)}


@router.post("/signin", summary="Finish a sign-in with a passkey: a session")
async def signin(body: Answer, request: Request) -> Response:
    state = _state(request)
    ceremony = _ceremony(request, body.ceremony, "signin")
    refused = HTTPException(400, "credential: this passkey signs in no account here (it was deleted, or belongs to "
                                 "another site); sign up, or use your recovery code")
    try:
        credential_id = base64url_to_bytes(str(body.credential.get("rawId") or body.credential.get("id") or ""))
    except (ValueError, TypeError):
        raise refused from None
    found = await state.accounts.passkey(credential_id)
    if found is None:
        raise refused
    account_id, public_key, count = found
    try:
        verified = webauthn.verify_authentication_response(
            credential=body.credential, expected_challenge=ceremony.challenge, expected_rp_id=ceremony.data["rp_id"],
            expected_origin=ceremony.data["origin"], credential_public_key=public_key,
            credential_current_sign_count=count)
    except (WebAuthnException, ValueError, KeyError, TypeError) as e:
        raise HTTPException(400, f"credential: the passkey's answer does not check out ({e}); ask for new options "
                                 "and try again") from None
    account = await state.accounts.by_id(account_id)
    if account is None:
        raise refused
    await state.accounts.used(credential_id, verified.new_sign_count)
    response = JSONResponse({"name": account.name})
    await _session(request, response, account)
    return response


@router.post("/recover", summary="Sign in with the recovery code (then register a new passkey); answers a new code")
async def recover(body: Recovery, request: Request) -> Response:
    state = _state(request)
    _limit(request, state.signups, "sign-ups or recoveries")
    found = await state.accounts.by_skeleton(accounts.skeleton(body.name))
    code_hash = accounts.digest(accounts.normal_code(body.code))
    # One answer for a wrong name and a wrong code, so that the answer tells nobody which names exist.
    if found is None or not secrets.compare_digest(found[1], code_hash):
        raise HTTPException(403, "name or recovery code: no account has this name with this code; the code is the "
                                 "one shown at sign-up (or the last recovery), like abcde-fghjk-mnpqr-stuvw")
    account = found[0]
    code = accounts.new_recovery_code()  # the one used is spent: whoever saw it then cannot use it again
    await state.accounts.set_recovery(account.id, accounts.digest(code))
    response = JSONResponse({"name": account.name, "recovery_code": code})
    await _session(request, response, account)
    return response


@router.post("/passkeys/options", summary="Start adding a passkey (another device) to the signed-in account")
async def passkey_options(request: Request) -> dict[str, Any]:
    state, account = _state(request), await _account(request)
    rp_id, origin = _relying_party(request)
    # The passkeys it has already: an authenticator holding one of them says so instead of making a second.
    held = [PublicKeyCredentialDescriptor(id=c) for c in await state.accounts.credential_ids(account.id)]
    options = webauthn.generate_registration_options(
        rp_id=rp_id, rp_name=RP_NAME, user_id=account.handle, user_name=account.name,
        user_display_name=account.name, exclude_credentials=held,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED))
    key = state.ceremonies.start("passkey", options.challenge, account=account.id, rp_id=rp_id, origin=origin)
    return {"ceremony": key, "options": _options(options)}


@router.post("/passkeys", status_code=201, summary="Finish adding a passkey to the signed-in account")
async def add_passkey(body: Answer, request: Request) -> dict[str, Any]:
    state, account = _state(request), await _account(request)
    ceremony = _ceremony(request, body.ceremony, "passkey")
    if ceremony.data["account"] != account.id:
        raise HTTPException(400, "ceremony: these options were given to another account; ask for new options")
    verified = _registered(ceremony, body.credential)
    if not await state.accounts.add_passkey(account.id, verified.credential_id, verified.credential_public_key,
                                            verified.sign_count, _now(request)):
        raise HTTPException(409, "credential: this passkey is registered already")
    return _described(account, len(await state.accounts.credential_ids(account.id)))


@router.put("/email", summary="Set (or, with null or \"\", remove) the account's e-mail address")
async def set_email(body: Email, request: Request) -> dict[str, Any]:
    state, account = _state(request), await _account(request)
    try:
        email = accounts.checked_email(body.email)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None
    await state.accounts.set_email(account.id, email)
    account = await state.accounts.by_id(account.id) or account
    return _described(account, len(await state.accounts.credential_ids(account.id)))


@router.post("/seats", status_code=201, summary="Claim a seat for the signed-in account, by its seat token: it joins "
                                                "the account's tables (201; 200 if it was there already)")
async def claim_seat(body: Seat, request: Request, response: Response) -> dict[str, Any]:
    state, account = _state(request), await _account(request)
    seat = await state.people.seat(body.token)
    if seat is None:
        raise HTTPException(422, "token: no seat has this token; give the token=... of a seat's link")
    if await state.people.count(account.people) >= MAX_SEATS:
        raise HTTPException(409, f"this account lists its maximum of {MAX_SEATS} seats; remove finished tables to "
                                 "add more")
    if not await state.people.add(account.people, body.token, seat[0], _now(request)):
        response.status_code = 200
    listed = await seat_entries(_lobby(request), [body.token])
    if not listed:
        raise HTTPException(404, f"there is no table {seat[0]!r} any more")
    return listed[0]


@router.get("/tables", summary="The signed-in account's tables, last claimed first (as GET /api/tables?tokens=)")
async def my_tables(request: Request) -> list[dict[str, Any]]:
    state, account = _state(request), await _account(request)
    return await seat_entries(_lobby(request), await state.people.tokens(account.people))


@router.post("/signout", status_code=204, summary="Sign out: the session is deleted")
async def signout(request: Request) -> Response:
    session = request.cookies.get(COOKIE)
    if session and len(session) <= 100:
        await _state(request).accounts.close_session(accounts.digest(session))
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return response


@router.delete("", status_code=204, summary="Delete the signed-in account: its passkeys, sessions, e-mail and "
                                            "list; its seats in others' tables are named \"a former player\"")
async def delete_account(request: Request) -> Response:
    state, account = _state(request), await _account(request)
    for table_id, seat in await state.accounts.delete(account, FORMER):
        # A table in this process's memory holds its seats' rows too; another process's reads them when it next
        # loads the table.
        table = _lobby(request).tables.get(table_id)
        if table is not None and 0 <= seat < len(table.seats):
            table.seats[seat] = dataclasses.replace(table.seats[seat], name=FORMER)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return response

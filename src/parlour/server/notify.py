"""Notifications: telling a person who is not at her table that it is her move, that a friend wrote to her, or that
the match is over — by Web Push to each device she subscribed, and by e-mail when the server has ``--smtp``.

A table satellite: the table calls :meth:`Notifier.moved` and :meth:`Notifier.said` (one line each) and the
correspondence clocks call :meth:`Notifier.event` for a timeout. Events are raised by a table's owner only (in a
cluster: the lease holder; a mirror raises nothing), for human seats, and "move" and "chat" only while the seat has
no socket open anywhere (an open page notifies itself). Each event has a key — a move's: the table's version when
it began; a chat line's: its time and seat; the match's end: ``end`` — and goes out once: the row (table, seat,
kind, key) is inserted first, and only the process whose insert wins sends (:meth:`.notify_store.NotifyStore.once`).

What is sent never holds a card or a position: only which game, at which table, that it is her move (or who wrote,
or that the match ended), and her seat link. The push payload (JSON, encrypted per RFC 8291) is exactly
``{"title", "body", "url", "tag"}``; ``body`` is said in the seat's language (the one its page last told us).

Sending never holds the event loop: pywebpush and smtplib run in threads, each event in a task of its own.
Without ``--public-url`` a mail has no absolute link to give, so e-mail is off (pushes need none: their ``url``
is the seat link's path, opened on the page's own origin by the service worker).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from parlour.core.i18n import Message, check, game_translator, normalize, translator, using
from parlour.core.registry import game_class

from . import mail, push
from .notify_store import EVENTS, NotifyStore, SeatChoice, Subscription
from .report import unexpected

if TYPE_CHECKING:
    from .storage import ChatRow, Store
    from .table import Table

log = logging.getLogger("parlour.server")

#: The kinds of event; "timeout" (a correspondence clock ran out) is sent to whoever chose "move".
KINDS = ("move", "chat", "end", "timeout")
#: Devices (push subscriptions) kept per seat; a new one beyond replaces the oldest.
MAX_DEVICES = 10
#: Seconds after telling a seat that someone wrote during which further lines are not told (a conversation is one
#: notification, not one per line; the device shows the latest under the same tag anyway).
CHAT_QUIET = 300.0
#: Threads that send (pushes, mails): their own, so that a slow push service never delays the loop's other
#: threaded work (a table's replay).
SENDERS = 8


def title_of(game_id: str) -> Message:
    """A game's name as a Message, said in the reader's language where the notification is made."""
    return Message(game_class(game_id).title)


def your_move(game_id: str) -> Message:
    return Message("Your move at {game}", game=title_of(game_id))


def wrote_to_you(game_id: str, name: str | Message) -> Message:
    return Message("{name} wrote to you at {game}", name=name, game=title_of(game_id))


def match_over(game_id: str) -> Message:
    return Message("The match at {game} is over", game=title_of(game_id))


def seat_link(table_id: str, token: str) -> str:
    """The seat's link (as ``api.invite_url``)."""
    return f"/t/{table_id}?token={token}"


@dataclass(frozen=True)
class NotifyConfig:
    """How this server notifies: ``smtp`` (``--smtp``: e-mail on), ``mail_from`` (``--mail-from``), ``public_url``
    (``--public-url``: the base of the links in mails; without it no mail is sent), ``insecure_push`` (tests only:
    take push endpoints that are plain http, as a test's own endpoint on loopback is)."""

    smtp: str | None = None
    mail_from: str | None = None
    public_url: str | None = None
    insecure_push: bool = False

    def __post_init__(self) -> None:
        if self.smtp is not None:
            mail.SmtpUrl.parse(self.smtp)
            if not self.mail_from or not mail.valid_address(self.mail_from):
                raise ValueError("--smtp needs --mail-from ADDRESS: the address notification mails come from")
            if not self.public_url:
                raise ValueError("--smtp needs --public-url https://YOUR.HOST: the base of the links in the mails "
                                 "(the seat's link, the unsubscribe link)")
        if self.public_url is not None and not self.public_url.startswith(("https://", "http://")):
            raise ValueError(f"--public-url takes the server's address as people reach it, such as "
                             f"https://games.example, not {self.public_url!r}")

    @property
    def email(self) -> bool:
        return self.smtp is not None and self.public_url is not None

    def subject(self) -> str:
        """VAPID's ``sub``: how a push service reaches whoever runs this server."""
        if self.mail_from:
            return f"mailto:{self.mail_from}"
        if self.public_url and self.public_url.startswith("https://"):
            return self.public_url.rstrip("/")
        return "mailto:parlour@localhost.localdomain"


class Notifier:
    """The lobby's notifications (``lobby.notifier``); ``store=None``: a notifier that sends nothing (a lobby made
    without a server around it, as tests make)."""

    def __init__(self, store: "Store | None", config: NotifyConfig = NotifyConfig(),
                 now: Callable[[], float] = time.time) -> None:
        self.config, self.now = config, now
        self.rows = NotifyStore(store.engine) if store is not None else None
        self.store = store
        self.vapid: str | None = None  # the private key (PEM), once started
        self._public: str | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._tasks: set[asyncio.Task] = set()
        self._chat_told: dict[tuple[str, int], float] = {}  # when each seat was last told of a chat line
        #: What went out, for the log and tests: (table, seat, kind, key, channel, outcome).
        self.sent: list[tuple[str, int, str, str, str, str]] = []

    @property
    def on(self) -> bool:
        return self.rows is not None

    async def start(self) -> None:
        """Read the server's VAPID key, making and storing it at the first start."""
        if self.rows is not None:
            self.vapid = await self.rows.key("vapid", push.make_key)
            self._public = push.application_key(self.vapid)
            self._threads = ThreadPoolExecutor(SENDERS, thread_name_prefix="parlour-notify")

    async def close(self) -> None:
        """Let the notifications under way finish (each is bounded by its timeouts)."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=push.TIMEOUT + 5)

    def stop(self) -> None:
        """The server stops: no more sending threads."""
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    def public_key(self) -> str | None:
        """The VAPID public key, as ``pushManager.subscribe`` takes it (``None`` until started)."""
        return self._public

    async def _thread(self, call: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._threads, call, *args)

    # --- the table's hooks -------------------------------------------------------------------------------------------

    def moved(self, table: "Table", before: set[int], seat: int | None) -> None:
        """The table's state changed (``seat`` moved, or a window closed): a person whose move just began hears of
        it if she is away; when the match is over, every person hears of that."""
        if not self.on or table.mirror or table.closed:
            return
        game_id, state = table.row.game, table.state
        if state.over:
            for s in table.seats:
                if s.kind == "human":
                    self.soon(table.id, s.seat, "end", "end", match_over(game_id))
            return
        if table.game.realtime or not table.started or table.lesson is not None:
            return  # a race, a table still waiting, a lesson: nobody is called to those
        if state.deadline is not None and len(state.to_act) > 1:
            return  # a window for several at once (a snap): over in seconds, and nobody's turn
        here = table.connected()
        for s in state.to_act:
            if (s not in before or s == seat) and table.kind(s) == "human" and s not in here:
                self.soon(table.id, s, "move", str(table.version), your_move(game_id))

    def said(self, table: "Table", line: "ChatRow") -> None:
        """A chat line was logged: each other person at the table who is away hears who wrote (never what), once
        per :data:`CHAT_QUIET` seconds."""
        if not self.on or table.mirror or table.closed or line.seat is None:
            return
        here, now = table.connected(), self.now()
        if len(self._chat_told) > 10_000:  # forget the old ones
            self._chat_told = {k: t for k, t in self._chat_told.items() if now - t < CHAT_QUIET}
        for s in table.seats:
            if s.kind == "human" and s.seat != line.seat and s.seat not in here:
                if now - self._chat_told.get((table.id, s.seat), -CHAT_QUIET) < CHAT_QUIET:
                    continue
                self._chat_told[(table.id, s.seat)] = now
                self.soon(table.id, s.seat, "chat", f"{line.t:.3f}/{line.seat}",
                          wrote_to_you(table.row.game, line.name or Message("Seat {n}", n=line.seat)))

    def soon(self, table_id: str, seat: int, kind: str, key: str, text: Message | str) -> None:
        """:meth:`event` in a task of its own: the caller (a table's move) never waits for it."""
        task = asyncio.get_running_loop().create_task(self.event(table_id, seat, kind, key, text))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- sending -----------------------------------------------------------------------------------------------------

    async def event(self, table_id: str, seat: int, kind: str, key: str, text: Message | str) -> None:
        """Tell the seat, once per (kind, key), on the channels it chose for events of this kind (contract A)."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
        if self.rows is None or self.store is None:
            return
        try:
            choice = await self.rows.choice(table_id, seat)
            if choice is None or ("move" if kind == "timeout" else kind) not in choice.events:
                return
            devices = await self.rows.subscriptions(table_id, seat)
            email = choice.email if self.config.email else None
            if not devices and not email:
                return
            if not await self.rows.once(table_id, seat, kind, key, round(self.now(), 3)):
                return  # sent already, by this process or another
            found = await self.store.table(table_id)
            if found is None:
                return
            row, seat_rows = found
            token = seat_rows[seat].token if seat < len(seat_rows) else None
            if token is None:
                return
            title, body = said_in(choice.lang, row.game, text)
            link = seat_link(table_id, token)
            await asyncio.gather(
                *(self._push(table_id, seat, kind, key, d, {"title": title, "body": body, "url": link,
                                                            "tag": f"{table_id}-{seat}"}) for d in devices),
                *([self._mail(table_id, seat, kind, key, choice, email, title, body, link)] if email else []))
        except Exception as e:
            unexpected.report("a notification", e, f"table {table_id}, seat {seat}, {kind} {key}")

    async def _push(self, table_id: str, seat: int, kind: str, key: str, device: Subscription,
                    payload: dict[str, str]) -> None:
        assert self.vapid is not None and self.rows is not None
        text = json.dumps(payload, ensure_ascii=False)
        answer = await self._thread(push.send, device.info(), text, self.vapid, self.config.subject())
        if answer.gone:
            await self.rows.forget(device.id)
            outcome = f"gone {answer.status}"
        elif answer.status is not None and 200 <= answer.status < 300:
            outcome = "sent"
        else:
            outcome = f"failed {answer.status or answer.error}"
            log.warning("table %s seat %d: push to %s failed: %s", table_id, seat, device.endpoint[:60],
                        answer.status or answer.error)
        self.sent.append((table_id, seat, kind, key, "push", outcome))

    async def _mail(self, table_id: str, seat: int, kind: str, key: str, choice: SeatChoice, email: str,
                    title: str, body: str, link: str) -> None:
        assert self.config.smtp and self.config.mail_from and self.config.public_url
        base = self.config.public_url.rstrip("/")
        unsubscribe = f"{base}/unsubscribe/{choice.secret}"
        with using(choice.lang):
            lines = [body, "", base + link, "",
                     translator(__name__).t("No more mails from this table: {link}", link=unsubscribe)]
        message = mail.compose(self.config.mail_from, email, f"{title}: {body}", lines, unsubscribe)
        try:
            await self._thread(mail.send, mail.SmtpUrl.parse(self.config.smtp), message)
            outcome = "sent"
        except Exception as e:  # the mail server is away or refused: logged, and this event is not retried
            outcome = f"failed {type(e).__name__}"
            log.warning("table %s seat %d: mail failed: %s", table_id, seat, e)
        self.sent.append((table_id, seat, kind, key, "email", outcome))


def said_in(lang: str, game_id: str, text: Message | str) -> tuple[str, str]:
    """The title (the game's name) and body of a notification in ``lang``."""
    cls = game_class(game_id)
    with using(lang):
        tr = game_translator(cls)
        return tr.t(cls.title), tr.message(text)


def language_of(asked: str | None, accept_language: str | None) -> str:
    """The seat's language: the one its page names, else the first of the browser's ``Accept-Language`` we have.

    >>> language_of(None, "sl-SI,sl;q=0.9,en;q=0.8"), language_of("pl", None), language_of(None, "de-DE,de")
    ('sl', 'pl', 'en')
    """
    if asked:
        return check(asked)
    for part in (accept_language or "").split(","):
        found = normalize(part.split(";")[0].strip())
        if found:
            return found
    return "en"


__all__ = ["EVENTS", "KINDS", "NotifyConfig", "Notifier", "language_of", "match_over", "your_move", "wrote_to_you"]

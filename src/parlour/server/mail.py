"""E-mail notifications: the ``--smtp URL`` a server sends through, and the mail it sends.

``smtp://HOST:PORT`` speaks plain SMTP (a relay on the same machine or network), ``smtp+starttls://`` upgrades
with STARTTLS and ``smtps://`` uses TLS from the first byte (port 465); ``USER:PASSWORD@`` before the host logs in.
Every mail carries a one-click unsubscribe link (RFC 8058: ``List-Unsubscribe`` with a URL and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``) to ``/unsubscribe/SECRET``, which turns the mails of that seat at
that table off. smtplib blocks: :func:`send` is called in a thread, never on the event loop.

>>> SmtpUrl.parse("smtps://ana:s%40cret@mail.example")
SmtpUrl(scheme='smtps', host='mail.example', port=465, user='ana', password='s@cret')
>>> SmtpUrl.parse("smtp://localhost:2525").port
2525
>>> SmtpUrl.parse("http://mail.example")
Traceback (most recent call last):
...
ValueError: --smtp takes smtp://HOST:PORT, smtp+starttls://HOST:PORT or smtps://USER:PASSWORD@HOST:PORT, not 'http://mail.example'
"""

from __future__ import annotations

import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from urllib.parse import unquote, urlsplit

#: The default port of each scheme.
PORTS = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
#: Seconds to reach the mail server and hand it one mail.
TIMEOUT = 30.0
#: An address a seat may give: one mailbox, no spaces or line breaks (which would add headers).
ADDRESS = re.compile(r"^[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                     r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")


@dataclass(frozen=True)
class SmtpUrl:
    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> "SmtpUrl":
        """Read ``--smtp``; a ValueError says what it takes."""
        parts = urlsplit(url)
        try:
            port = parts.port
        except ValueError:
            port = -1
        if parts.scheme not in PORTS or not parts.hostname or port == -1:
            raise ValueError("--smtp takes smtp://HOST:PORT, smtp+starttls://HOST:PORT or "
                             f"smtps://USER:PASSWORD@HOST:PORT, not {url!r}")
        return cls(parts.scheme, parts.hostname, port or PORTS[parts.scheme],
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password is not None else None)


def valid_address(text: str) -> bool:
    """Whether ``text`` is one mail address a seat may give.

    >>> valid_address("ana@example.com"), valid_address("ana@example.com\\nBcc: x@y.z"), valid_address("ana")
    (True, False, False)
    """
    return len(text) <= 254 and ADDRESS.match(text) is not None


def masked(address: str) -> str:
    """An address as the API shows it back (the seat's link may be seen by others looking over a shoulder).

    >>> masked("ana@example.com"), masked("a@b.org")
    ('a***@example.com', 'a***@b.org')
    """
    local, _, domain = address.partition("@")
    return f"{local[:1]}***@{domain}"


def compose(sender: str, to: str, subject: str, lines: list[str], unsubscribe: str) -> EmailMessage:
    """One notification mail: plain text, with the one-click unsubscribe headers of RFC 8058."""
    message = EmailMessage()
    message["From"] = formataddr(("parlour", sender))
    message["To"] = to
    message["Subject"] = " ".join(subject.split())  # a name with a line break in it stays one header
    message["Message-ID"] = make_msgid(domain=sender.partition("@")[2] or None)
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("\n".join(lines) + "\n")
    return message


def send(server: SmtpUrl, message: EmailMessage, timeout: float = TIMEOUT) -> None:
    """Hand ``message`` to the mail server (blocking: call it in a thread); raises ``smtplib.SMTPException`` or
    ``OSError`` when it cannot."""
    if server.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout,
                                                context=ssl.create_default_context())
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=timeout)
    with client:
        if server.scheme == "smtp+starttls":
            client.starttls(context=ssl.create_default_context())
        if server.user is not None:
            client.login(server.user, server.password or "")
        client.send_message(message)

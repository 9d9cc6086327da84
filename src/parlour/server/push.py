"""Web Push's server side: the VAPID key pair (RFC 8292) and one encrypted push (RFC 8291, aes128gcm) to a device.

The key pair is made by :func:`make_key` at the server's first start and kept in its database (``server_keys``),
so that every process of a cluster and every restart signs with the same key: a browser's subscription is bound
to the key it was made with (``GET /api/push/key`` hands its public half to the page). Sending goes through
pywebpush, which blocks on its HTTP request: :func:`send` is called in a thread, never on the event loop.

>>> pem = make_key()
>>> key = application_key(pem)
>>> len(key), key[:1] in "BCDEFGHIJKLMNOP"  # 65 bytes, base64url without padding; an uncompressed point: 0x04...
(87, True)
"""

from __future__ import annotations

import base64
import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

log = logging.getLogger("parlour.server")

#: Seconds a push service keeps a notification for a device that is off (a phone in a drawer for a day).
TTL = 2 * 86400
#: Seconds one push may take to be accepted by its push service.
TIMEOUT = 15.0


def make_key() -> str:
    """A new P-256 private key, as PEM text (what the database keeps)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


def application_key(pem: str) -> str:
    """The public key of ``pem`` as a page's ``pushManager.subscribe({applicationServerKey})`` takes it: the
    uncompressed point, base64url without padding."""
    private = serialization.load_pem_private_key(pem.encode(), password=None)
    assert isinstance(private, ec.EllipticCurvePrivateKey)
    raw = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64_bytes(text: str) -> bytes | None:
    """The bytes of a base64url text (padded or not); ``None`` if it is not one."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None


@dataclass(frozen=True)
class Pushed:
    """What the push service answered: ``status`` (201: taken; 404/410: the subscription is gone), or ``error``
    when it could not be reached."""

    status: int | None
    error: str | None = None

    @property
    def gone(self) -> bool:
        return self.status in (404, 410)


def send(info: dict[str, Any], payload: str, pem: str, subject: str, timeout: float = TIMEOUT) -> Pushed:
    """Encrypt ``payload`` for the subscription ``info`` and POST it to its endpoint, signed with the VAPID key
    ``pem`` (claims: ``aud`` the endpoint's origin, ``exp`` in 12 hours, ``sub`` = ``subject``, a mailto: or https:
    URL). Blocking: call it in a thread. Redirects are not followed, and proxies in the environment not used: the
    endpoint was given by a browser, and is posted to only."""
    import requests
    from py_vapid import Vapid
    from pywebpush import WebPushException, webpush

    parts = urlsplit(info["endpoint"])
    claims: dict[str, Any] = {"sub": subject, "aud": f"{parts.scheme}://{parts.netloc}"}
    session = requests.Session()
    session.max_redirects = 0
    session.trust_env = False
    try:
        response = webpush(info, payload, vapid_private_key=Vapid.from_pem(pem.encode()), vapid_claims=claims,
                           content_encoding="aes128gcm", ttl=TTL, timeout=timeout, requests_session=session,
                           headers={"Urgency": "normal"})
        return Pushed(getattr(response, "status_code", None))
    except WebPushException as e:
        status = e.response.status_code if e.response is not None else None
        return Pushed(status, None if status is not None else str(e))
    except requests.RequestException as e:
        return Pushed(None, f"{type(e).__name__}: {e}"[:300])
    finally:
        session.close()

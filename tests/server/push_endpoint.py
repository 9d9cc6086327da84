"""A push service of the test's own on loopback, and a device's subscription keys to read what it is sent.

``PushEndpoint`` is an HTTP server on 127.0.0.1 (a thread) that takes the server's push POSTs as a browser's push
service would: it keeps each request, and answers 201, or the status a test gave a path (410: the subscription is
gone). ``Device`` is a browser's side of a subscription: a P-256 key pair and an auth secret; ``read`` decrypts a
push's body (RFC 8291, aes128gcm) with them. ``vapid_claims`` checks a request's VAPID ``Authorization`` (RFC 8292):
its JWT's signature against the key given, and answers its claims.
"""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class PushEndpoint:
    """The loopback push service: ``url(name)`` is a device's endpoint; ``received`` what came, in order."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.status: dict[str, int] = {}
        self.arrived = threading.Condition()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                code = outer.status.get(self.path, 201)
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()
                with outer.arrived:
                    outer.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                    outer.arrived.notify_all()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def wait(self, count: int, timeout: float = 30.0) -> list[Received]:
        """Wait until ``count`` pushes have come (a deadline only against a hang); the pushes."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.received) >= count, timeout), \
                f"{count} pushes expected, {len(self.received)} came"
            return list(self.received)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Device:
    """A browser's push subscription: its keys, and ``subscription(endpoint)`` as ``PushSubscription.toJSON()``."""

    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, endpoint: str) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, push: Received) -> dict[str, Any]:
        """The push's payload, decrypted with this device's keys (RFC 8291) and read as JSON."""
        assert push.headers.get("content-encoding") == "aes128gcm"
        return json.loads(http_ece.decrypt(push.body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


def vapid_claims(authorization: str, public_key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=JWT,k=KEY`` header, once its key is ``public_key`` and the JWT's ES256
    signature verifies with it (an assertion fails otherwise)."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme.lower() == "vapid", authorization
    parts = dict(p.split("=", 1) for p in rest.split(","))
    assert parts["k"] == public_key
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64(head))["alg"] == "ES256"
    raw = unb64(signature)
    assert len(raw) == 64
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
               f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises InvalidSignature
    return json.loads(unb64(claims))

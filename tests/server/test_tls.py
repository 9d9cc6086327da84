"""``parlour serve --tls-cert --tls-key`` (issue 26.4): HTTPS and WSS from the server itself, with a certificate the
test makes; Chromium, told to trust exactly that certificate for the run (its SPKI hash), sees the pages as a secure
context (what Web Push and the clipboard need) and plays over WSS. A missing half, an unreadable file or a key that
is not the certificate's stops the server with one sentence."""

from __future__ import annotations

import base64
import datetime
import hashlib
import ipaddress
import json
import os
import signal
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from playwright.sync_api import Error as PlaywrightError, sync_playwright
from websockets.sync.client import connect

from browser import ARGS, CHROMIUM, until
from conftest import free_port, serve_command

STARTUP_SECONDS = 60


def make_certificate(folder: Path, name: str = "server") -> tuple[Path, Path, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, its key (PEM files) and its SPKI hash (base64 of the
    SHA-256 of its public key's DER), which Chromium's --ignore-certificate-errors-spki-list takes."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "parlour test")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                                        x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = folder / f"{name}.crt", folder / f"{name}.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                          serialization.PublicFormat.SubjectPublicKeyInfo)
    return cert_file, key_file, base64.b64encode(hashlib.sha256(spki).digest()).decode()


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[tuple[str, Path, str]]:
    """``https://127.0.0.1:PORT`` of a ``parlour serve --tls-cert --tls-key``, its certificate and SPKI hash."""
    cert, key, spki = make_certificate(tmp_path)
    port = free_port()
    log = tmp_path / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(serve_command(port, str(tmp_path / "tls.db"), "--tls-cert", str(cert),
                                              "--tls-key", str(key)),
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"https://127.0.0.1:{port}"
    trusting = ssl.create_default_context(cafile=str(cert))
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"parlour serve exited with {proc.returncode}:\n{log.read_text()}")
            try:
                with urllib.request.urlopen(base + "/api/games", timeout=2, context=trusting) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"parlour serve did not answer within {STARTUP_SECONDS}s:\n{log.read_text()}")
                time.sleep(0.1)
        assert f"parlour serves https://localhost:{port}/" in log.read_text()
        yield base, cert, spki
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)


def test_https_and_wss_with_the_servers_own_certificate(tls_server):
    base, cert, spki = tls_server
    trusting = ssl.create_default_context(cafile=str(cert))
    request = urllib.request.Request(base + "/api/tables", json.dumps(
        {"game": "giacomotto", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    ).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20, context=trusting) as r:
        table = json.loads(r.read())
    # a client that does not trust the certificate is refused: it is TLS, checked, not plain HTTP
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
        urllib.request.urlopen(base + "/api/games", timeout=10)
    with pytest.raises(OSError):
        urllib.request.urlopen(base.replace("https:", "http:") + "/api/games", timeout=10).read()
    seat = table["seats"][0]
    with connect(f"wss://127.0.0.1:{base.rsplit(':', 1)[1]}/ws/{table['table']}?token={seat['token']}",
                 ssl=trusting, open_timeout=20) as ws:
        for _ in range(20):
            message = json.loads(ws.recv(timeout=20))
            if message["type"] == "state":
                break
        assert message["type"] == "state" and message["seat"] == 0 and message["view"]["game"] == "giacomotto"

    # Chromium trusts exactly this certificate for the run, by its public key's hash; no ignore_https_errors.
    with sync_playwright() as p:
        wary = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)  # without the hash: not trusted
        try:
            with pytest.raises(PlaywrightError, match="ERR_CERT"):
                wary.new_page().goto(base + "/")
        finally:
            wary.close()
        chromium = p.chromium.launch(executable_path=CHROMIUM,
                                     args=[*ARGS, f"--ignore-certificate-errors-spki-list={spki}"])
        try:
            page = chromium.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(base + "/")
            page.wait_for_selector(".game-choice")
            assert page.evaluate("window.isSecureContext") is True
            page.goto(base + seat["invite_url"])
            until(page, "window.parlour && window.parlour.ctx.view && window.parlour.ctx.seat === 0")  # under the CSP
            assert page.evaluate("[location.protocol, window.isSecureContext, document.body.dataset.conn]") == \
                ["https:", True, "open"]
            assert errors == []
        finally:
            chromium.close()


def _refused(tmp_path: Path, *options: str) -> str:
    done = subprocess.run(serve_command(free_port(), str(tmp_path / "refused.db"), *options), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0 and not (tmp_path / "refused.db").exists(), done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return " ".join(done.stderr.split())


def test_a_missing_half_an_unreadable_file_or_a_wrong_key_is_one_sentence(tmp_path):
    cert, key, _ = make_certificate(tmp_path)
    _, other_key, _ = make_certificate(tmp_path, "other")
    assert "--tls-cert and --tls-key go together" in _refused(tmp_path, "--tls-cert", str(cert))
    assert "--tls-cert and --tls-key go together" in _refused(tmp_path, "--tls-key", str(key))
    said = _refused(tmp_path, "--tls-cert", str(tmp_path / "nosuch.crt"), "--tls-key", str(key))
    assert f"cannot read the certificate {tmp_path / 'nosuch.crt'}: No such file or directory" in said
    if os.geteuid() != 0:  # root reads any file
        key.chmod(0)
        said = _refused(tmp_path, "--tls-cert", str(cert), "--tls-key", str(key))
        assert "cannot read the private key" in said and "Permission denied" in said
        key.chmod(0o600)
    said = _refused(tmp_path, "--tls-cert", str(cert), "--tls-key", str(other_key))
    assert "are not a certificate and its private key" in said
    said = _refused(tmp_path, "--tls-cert", str(key), "--tls-key", str(key))
    assert "are not a certificate and its private key" in said

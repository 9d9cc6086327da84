"""Optional accounts: a unique name and passkeys (WebAuthn), a recovery code, an e-mail, sessions.

Everything works without an account; an account adds a name and one "my tables" list on every device where its
passkey signs in. No passwords: a passkey signs in; the recovery code shown once at sign-up (stored as a hash) signs
in where no passkey is at hand, so that a new one can be registered; using it replaces it with a new one.

Names are compared by their *skeleton* (:func:`skeleton`): NFKC, case-folded, separators dropped and confusable
characters mapped onto one (a small mapping in the spirit of Unicode TR39's; ``confusable_homoglyphs``, the
maintained PyPI package, answers "is this string dangerous" but gives no skeleton to store and compare with a unique
index, so the mapping is ours). A name must also be of one script, which refuses most look-alikes outright.

>>> checked_name("  Ana  Bo ")
'Ana Bo'
>>> skeleton("ANA") == skeleton("аna") == skeleton("A n-a")   # Cyrillic а
True
>>> skeleton("B0b") == skeleton("bob"), skeleton("Wi1l") == skeleton("wil") == skeleton("Wiil")
(True, True)
>>> checked_name("Аnа")  # one Cyrillic letter among Latin ones
Traceback (most recent call last):
...
ValueError: name: letters of one alphabet only (this one mixes Cyrillic and Latin letters, which may look alike)
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

#: A name's length, in characters after normalising.
MIN_NAME, MAX_NAME = 2, 32
#: The characters a name may hold besides letters and digits (inside it, never first or last).
SEPARATORS = " -_.'"
#: Characters that look alike, mapped onto one (after NFKC and case folding). Latin stands for the look.
CONFUSABLES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "l", "ї": "l", "ј": "j", "к": "k", "м": "m",
    "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "μ": "u", "ω": "w",
    # Latin and digits that pass for each other
    "0": "o", "1": "l", "i": "l", "ı": "l", "|": "l", "5": "s", "$": "s",
})
#: Letter pairs that read as one letter (TR39 maps "rn" to "m").
DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
#: How long a sign-up or sign-in ceremony's challenge is good for.
CEREMONY_SECONDS = 300
#: The seat name a deleted account's seats keep in other people's records.
FORMER = "a former player"


def _script(ch: str) -> str:
    """The script of a letter, as the first word of its Unicode name says ("LATIN", "CYRILLIC", "CJK"...)."""
    try:
        return unicodedata.name(ch).split()[0]
    except ValueError:
        return "?"


def checked_name(name: str) -> str:
    """The name as stored (NFKC, runs of spaces made one), or ``ValueError`` with a sentence that says what is allowed."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise ValueError(f"name: {MIN_NAME} to {MAX_NAME} characters (letters, digits, and spaces or - _ . ' "
                         f"between them), got {len(name)}")
    for ch in name:
        if not (unicodedata.category(ch)[0] in "LN" or ch in SEPARATORS):
            raise ValueError(f"name: letters, digits, and spaces or - _ . ' between them; not {ch!r}")
    if name[0] in SEPARATORS or name[-1] in SEPARATORS:
        raise ValueError("name: must begin and end with a letter or a digit")
    scripts = {_script(ch) for ch in name if unicodedata.category(ch)[0] == "L"}
    if len(scripts) > 1:
        named = " and ".join(sorted(s.title() for s in scripts))
        raise ValueError(f"name: letters of one alphabet only (this one mixes {named} letters, which may look alike)")
    if not scripts:
        raise ValueError("name: must hold a letter")
    return name


def skeleton(name: str) -> str:
    """What a name is compared by: two names with one skeleton look alike, and only one of them may be taken."""
    s = unicodedata.normalize("NFKC", name).casefold()
    s = "".join(ch for ch in unicodedata.normalize("NFD", s) if unicodedata.category(ch) != "Mn")  # é → e
    s = s.translate(CONFUSABLES)
    s = "".join(ch for ch in s if ch not in SEPARATORS)
    for pair, one in DIGRAPHS:
        s = s.replace(pair, one)
    while "ll" in s:  # "Will", "Wil" and "Wi1l" look alike enough
        s = s.replace("ll", "l")
    return s


def checked_email(email: str | None) -> str | None:
    """An e-mail address as stored (``None``/empty: none), or ``ValueError`` saying what is wrong."""
    if email is None or not email.strip():
        return None
    email = email.strip()
    local, at, domain = email.rpartition("@")
    if not at or not local or "." not in domain or len(email) > 254 or any(c.isspace() for c in email):
        raise ValueError("email: an address like ana@example.org, at most 254 characters")
    return email


def digest(secret: str) -> str:
    """The SHA-256 of a secret, as stored in place of it (a session id, a recovery code)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_recovery_code() -> str:
    """A recovery code: 20 characters in groups of five, easy to copy onto paper (100 bits)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
    raw = "".join(secrets.choice(alphabet) for _ in range(20))
    return "-".join(raw[i:i + 5] for i in range(0, 20, 5))


def normal_code(code: str) -> str:
    """A recovery code as typed, in the form it was shown: lower case, dashes where they were."""
    raw = "".join(ch for ch in code.lower() if ch.isalnum())
    return "-".join(raw[i:i + 5] for i in range(0, len(raw), 5))


@dataclass
class Ceremony:
    """A WebAuthn challenge the server handed out, waiting for its answer: what it was for, and until when."""

    kind: str  # "signup", "signin" or "passkey"
    challenge: bytes
    expires: float
    data: dict[str, Any] = field(default_factory=dict)


class Ceremonies:
    """The challenges under way, in this process's memory (a challenge lives five minutes; several server processes
    behind one address would need it in the store: the ceremony's answer must reach the process that asked)."""

    LIMIT = 10_000

    def __init__(self) -> None:
        self.open: dict[str, Ceremony] = {}

    def start(self, kind: str, challenge: bytes, **data: Any) -> str:
        """Note a challenge; the id its answer names."""
        now = time.monotonic()
        if len(self.open) >= self.LIMIT:  # forget expired ones, then the oldest
            self.open = {k: c for k, c in self.open.items() if c.expires > now}
            while len(self.open) >= self.LIMIT:
                self.open.pop(next(iter(self.open)))
        key = secrets.token_urlsafe(16)
        self.open[key] = Ceremony(kind, challenge, now + CEREMONY_SECONDS, data)
        return key

    def take(self, key: str, kind: str) -> Ceremony | None:
        """The ceremony of that id and kind, once (a challenge answers one response), unless it expired."""
        found = self.open.get(key)
        if found is None or found.kind != kind:
            return None
        del self.open[key]
        return found if found.expires > time.monotonic() else None

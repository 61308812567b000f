"""Join codes, seat tokens and teacher codes: how they are made, checked and stored.

A join code (``K7Q2``) is short enough to read off a projector; it gives a spectator's public
view and the lobby, nothing secret. A seat token (16 URL-safe characters, 96 random bits) acts
for a seat and sees its view; a teacher code (6 characters) opens the table view. Tokens and
teacher codes are kept in the store only as hashes, so a copy of the store acts for nobody.
Everything typed or linked by a person is checked here and refused with a ``TableError`` that
quotes a bounded prefix of the input and says what would be valid."""
from __future__ import annotations

import hashlib
import re
import secrets

from ..core import GamelibError
from ..core.inputs import show

#: no 0/O, 1/I/L: a code read aloud or off a projector is typed right the first time
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
TEACHER_LENGTH = 6
TOKEN_LENGTH = 16
_TOKEN = re.compile(r"[A-Za-z0-9_-]{%d}" % TOKEN_LENGTH)
#: board names: a teacher types them ("Class 4B coin"), students pick them from a link
BOARD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,39}")


class TableError(GamelibError):
    """A table, seat, code or board input was refused (the message says why, in words)."""


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_token() -> str:
    return secrets.token_urlsafe(12)  # 12 bytes -> 16 characters of [A-Za-z0-9_-]


def _normalise(text: object, what: str, length: int) -> str:
    if not isinstance(text, str):
        raise TableError(f"{what} {show(text, 24)}: a {what} is {length} letters and digits, e.g. "
                         f"{'K7Q2' if length == CODE_LENGTH else 'H4TX9P'}")
    code = text.strip().upper()
    if len(code) != length or any(c not in ALPHABET for c in code):
        raise TableError(f"{what} {show(text, 24)}: a {what} is {length} characters from "
                         f"{ALPHABET} (no 0, 1, I, L or O), e.g. {'K7Q2' if length == CODE_LENGTH else 'H4TX9P'}")
    return code


def check_code(text: object) -> str:
    """A join code as typed or linked (any case, spaces around) -> its canonical form."""
    return _normalise(text, "join code", CODE_LENGTH)


def check_teacher_code(text: object) -> str:
    return _normalise(text, "teacher code", TEACHER_LENGTH)


def check_token(text: object) -> str:
    if not isinstance(text, str) or not _TOKEN.fullmatch(text.strip()):
        raise TableError(f"seat token {show(text, 24)}: a seat token is the {TOKEN_LENGTH} letters, digits, "
                         "'-' and '_' of your seat's link; open the link you were given, or take a free seat again")
    return text.strip()


def check_board_name(text: object) -> str:
    if not isinstance(text, str) or not BOARD_NAME.fullmatch(text.strip()):
        raise TableError(f"board name {show(text, 48)}: 1 to 40 letters, digits, spaces, '-' or '_', "
                         "starting with a letter or digit, e.g. 'Class 4B'")
    return " ".join(text.split())


def secret_hash(secret: str, salt: str) -> str:
    """What the store keeps of a token or teacher code (salted by the table's code)."""
    return hashlib.sha256(f"gamelib-tables:{salt}:{secret}".encode()).hexdigest()


__all__ = ["TableError", "ALPHABET", "new_code", "new_token", "check_code", "check_teacher_code",
           "check_token", "check_board_name", "secret_hash"]

"""Plain words about a person's input (no widgets): a bounded quote of anything typed, the
seed a person or a link gives. The model (``screen.py``) and the widgets both use them."""
from __future__ import annotations

import re

from ..core import GamelibError
from ..core.rng import SEED_MAX

PERSON = "person"
#: the seeds the engine accepts (``gamelib.core.rng.check_seed``): the page checks the same range
SEED_MIN = 0
#: an input longer than this is quoted only by its first characters (a paste may be megabytes)
QUOTE_CHARS = 40
_WHOLE = re.compile(r"[+-]?[0-9]+")


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A person's input as words can show it: ``repr``, cut to its first ``limit`` characters
    (saying how long it was), whatever it is (text, a number, something else)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        r = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print: its type says enough
        return f"a {type(value).__name__}"
    return r if len(r) <= limit else f"{r[:limit]}... (a {type(value).__name__})"


def parse_seed(text: object) -> int:
    """A seed typed by a person or given in a link: a whole number the engine accepts, from 0
    to 2**64 - 1, exactly (checked here, so a page never builds a game the engine refuses)."""
    raw = text if isinstance(text, str) else str(text)
    s = raw.strip().replace("_", "").replace(" ", "")
    if len(s) > 100 or not _WHOLE.fullmatch(s):  # (a bounded int() on digits only)
        raise GamelibError(f"the seed {quote(raw)} is not a whole number from {SEED_MIN} to {SEED_MAX}; "
                           "type digits only, e.g. 6915206964022700985")
    seed = int(s, 10)
    if not SEED_MIN <= seed <= SEED_MAX:
        raise GamelibError(f"the seed {seed} is out of range: seeds are whole numbers from {SEED_MIN} to {SEED_MAX}")
    return seed


__all__ = ["PERSON", "SEED_MIN", "QUOTE_CHARS", "quote", "parse_seed"]

"""Reading and checking card data files. Games describe their schema with these helpers
so that every mistake in a teacher's file is reported with file, card and field."""
from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import CardDataError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SOURCES = ("rulebook", "stand-in")


def data_path(name: str) -> Path:
    """A data file shipped inside the package (``gamelib/data/NAME``)."""
    return Path(str(resources.files("gamelib") / "data" / name))


def read_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(str(p), None, None, f"cannot read the file ({exc.strerror})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(str(p), None, None, f"not valid TOML: {exc}") from None


class Checker:
    """Field checks for one card (or the file itself when ``card`` is None)."""

    def __init__(self, file: str | Path, card: str | None, data: Any):
        self.file = str(file)
        self.card = card
        if not isinstance(data, Mapping):
            raise CardDataError(self.file, card, None, f"must be a table, got {type(data).__name__}")
        self.data = data

    def fail(self, field: str | None, message: str) -> CardDataError:
        return CardDataError(self.file, self.card, field, message)

    def req(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.data:
            if default is not ...:
                return default
            raise self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(field, f"must be {names}, got {value!r}")
        return value

    def choice(self, field: str, allowed: Iterable[str], default: Any = ...) -> Any:
        allowed = tuple(allowed)
        value = self.req(field, str, default)
        if value is not default and value not in allowed:
            raise self.fail(field, f"{value!r} is not one of: {', '.join(allowed)}")
        return value

    def int_range(self, field: str, lo: int, hi: int, default: Any = ...) -> Any:
        value = self.req(field, int, default)
        if value is not default and not lo <= value <= hi:
            raise self.fail(field, f"must be between {lo} and {hi}, got {value}")
        return value

    def str_list(self, field: str, allowed: Iterable[str] | None = None, default: Any = ...) -> Any:
        value = self.req(field, list, default)
        if value is default:
            return value
        allowed_t = tuple(allowed) if allowed is not None else None
        for item in value:
            if not isinstance(item, str):
                raise self.fail(field, f"must be a list of strings, got item {item!r}")
            if allowed_t is not None and item not in allowed_t:
                raise self.fail(field, f"{item!r} is not one of: {', '.join(allowed_t)}")
        return value

    def source(self) -> str:
        return self.choice("source", SOURCES)

    def no_unknown(self, known: Iterable[str]) -> None:
        extra = sorted(set(self.data) - set(known))
        if extra:
            raise self.fail(extra[0], f"is not a known field; known fields: {', '.join(sorted(known))}")

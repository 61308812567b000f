"""``Checker``: the field checks every untrusted input shares (card files, scenarios), so each
input's fields are read the same way and every refusal is that input's own error type, naming
the field and what would be valid (docs/engine.md, "Input limits").

A subclass says which error an input raises (``fail``): ``gamelib.core.cards.Checker`` a
``CardDataError`` naming the file and the card, ``ScenarioChecker`` a ``ScenarioError`` naming
the scenario field (``prefix`` for a table inside it, such as ``players.red``)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import GamelibError, ScenarioError
from .inputs import show

#: the default of ``req`` and friends: the field is required
REQUIRED: Any = ...


class Checker:
    """Checks the fields of one table (``data``) of an input; ``fail`` makes the input's error."""

    def __init__(self, data: Any):
        if not isinstance(data, Mapping):
            raise self.fail(None, f"must be a table, got {type(data).__name__}")
        self.data = data

    def fail(self, field: str | None, message: str) -> GamelibError:  # pragma: no cover - abstract
        raise NotImplementedError

    def req(self, field: str, kind: type | tuple[type, ...], default: Any = REQUIRED) -> Any:
        """The field's value, of type ``kind`` (a bool is not an int); ``default`` when absent,
        or refused as missing without one."""
        if field not in self.data:
            if default is not REQUIRED:
                return default
            raise self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int,))):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(field, f"must be {names}, got {show(value)}")
        return value

    def choice(self, field: str, allowed: Iterable[Any], default: Any = REQUIRED) -> Any:
        """One of ``allowed`` (strings unless ``allowed`` holds other values)."""
        allowed = tuple(allowed)
        kinds = tuple({type(a) for a in allowed}) or (str,)
        value = self.req(field, kinds if len(kinds) > 1 else kinds[0], default)
        if value is not default and value not in allowed:
            raise self.fail(field, f"{show(value)} is not one of: {', '.join(map(str, allowed))}")
        return value

    def int_range(self, field: str, lo: int, hi: int, default: Any = REQUIRED) -> Any:
        value = self.req(field, int, default)
        if value is not default and not lo <= value <= hi:
            raise self.fail(field, f"must be between {lo} and {hi}, got {value}")
        return value

    def str_list(self, field: str, allowed: Iterable[str] | None = None, default: Any = REQUIRED) -> Any:
        value = self.req(field, list, default)
        if value is default:
            return value
        allowed_t = tuple(allowed) if allowed is not None else None
        for item in value:
            if not isinstance(item, str):
                raise self.fail(field, f"must be a list of strings, got item {show(item)}")
            if allowed_t is not None and item not in allowed_t:
                raise self.fail(field, f"{show(item)} is not one of: {', '.join(allowed_t)}")
        return value

    def no_unknown(self, known: Iterable[str]) -> None:
        extra = sorted(map(str, set(self.data) - set(known)))
        if extra:
            raise self.fail(extra[0], f"is not a known field; known fields: {', '.join(sorted(known))}")


class ScenarioChecker(Checker):
    """Checks of a scenario (a copy from ``plain_scenario``) or of a table inside it: each
    refusal is a ``ScenarioError`` naming the field's path."""

    def __init__(self, data: Any, prefix: str = ""):
        self.prefix = prefix
        super().__init__(data)

    def fail(self, field: str | None, message: str) -> ScenarioError:
        path = ".".join(p for p in (self.prefix, field) if p) or "scenario"
        return ScenarioError(path, message)

    def within(self, field: str, default: Any = REQUIRED) -> "ScenarioChecker":
        """The checker of the table in ``field`` (its errors name ``field.inner``)."""
        return ScenarioChecker(self.req(field, Mapping, {} if default is REQUIRED else default),
                               ".".join(p for p in (self.prefix, field) if p))


__all__ = ["Checker", "ScenarioChecker", "REQUIRED"]

"""Scenarios from outside: ``plain_scenario`` copies what a caller gives ``from_scenario`` into
plain data of bounded size before any game reads it.

A scenario comes from a teacher's code, a lesson or a record (where anyone may have written it),
so it is treated like any other untrusted input: any ``Mapping`` is accepted (a dict, a
``MappingProxyType``...), and what the game keeps is a copy made of dicts, lists, tuples, text,
whole numbers, finite floats, booleans and None. Nothing the caller keeps is shared with a state,
so changing the caller's dict afterwards changes no state, no record and no ``undo``. The copy is
iterative and stops at the first value past a limit, so its work is bounded by the limits, not by
the input (a list of ten million items, nesting 100,000 deep, an int of a million digits)."""
from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from .errors import ScenarioError
from .inputs import cut, show, type_name

#: values (tables, lists and scalars, each counting one) in a scenario; the largest a game's
#: ``to_scenario()`` writes for the largest card sets allowed is a few thousand
MAX_SCENARIO_ITEMS = 20_000
#: lists and tables nest at most this deep, the scenario itself counting as one (positions use 4)
MAX_SCENARIO_DEPTH = 12
#: characters in one string (a key, an id, a label, a name)
MAX_SCENARIO_TEXT = 1_000
#: whole numbers are at most this big in size (a seed needs 2**64 - 1; positions need far less)
MAX_SCENARIO_INT = 2**64


def _where(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return cut(out or "scenario")


def plain_scenario(scenario: Any) -> dict[str, Any]:
    """A private copy of ``scenario`` as plain, bounded data, or ``ScenarioError`` naming the
    field (its path, such as ``players.red.objects[2]``) and what a scenario may hold."""
    if not isinstance(scenario, Mapping):
        raise ScenarioError("scenario", f"must be a dict, got {type_name(scenario)} {show(scenario)}")
    count = 0
    tuples = False
    root: dict[str, Any] = {}
    # (value, container to put its copy in, key or index there, path, depth)
    stack: list[tuple[Any, Any, Any, tuple, int]] = [(scenario, None, None, (), 1)]
    while stack:
        value, parent, key, path, depth = stack.pop()
        if isinstance(value, (Mapping, list, tuple)):
            if depth > MAX_SCENARIO_DEPTH:
                raise ScenarioError(_where(path), f"lists and tables are nested more than {MAX_SCENARIO_DEPTH} "
                                                  "levels deep; the games' positions need 4")
            try:
                size = len(value)
            except Exception:  # a hostile Mapping; its length is part of what is wrong
                raise ScenarioError(_where(path), f"cannot be read as a table or a list: {show(value)}") from None
            count += size
            if count > MAX_SCENARIO_ITEMS:
                raise ScenarioError(_where(path), f"holds {size:,} items; a whole scenario holds at most "
                                                  f"{MAX_SCENARIO_ITEMS:,} values")
            if isinstance(value, Mapping):
                out: Any = root if parent is None else {}
                try:
                    pending = _table_items(value, size, out, path, depth)
                except ScenarioError:
                    raise
                except Exception:  # a hostile Mapping's items()
                    raise ScenarioError(_where(path), f"cannot be read as a table: {show(value)}") from None
                stack.extend(reversed(pending))
            else:
                # (a tuple is filled in as a _Tuple, made a tuple at the end: tuples stay tuples)
                if isinstance(value, tuple):
                    out, tuples = _Tuple([None] * size), True
                else:
                    out = [None] * size
                for i in range(size - 1, -1, -1):
                    stack.append((value[i], out, i, path + (i,), depth + 1))
        else:
            out = _scalar(value, path)
        if parent is not None:
            parent[key] = out
    return _freeze_tuples(root) if tuples else root


class _Tuple(list):
    """A tuple being filled in (tuples stay tuples: ``to_scenario`` gives some, and records
    compare scenarios by value)."""

    __slots__ = ()


def _freeze_tuples(root: dict[str, Any]) -> dict[str, Any]:
    """Turn the ``_Tuple`` placeholders into tuples, children first (iterative)."""
    order: list[tuple[Any, Any]] = []  # (container, key) in the order they were reached
    stack: list[Any] = [root]
    while stack:
        c = stack.pop()
        keys = c.keys() if isinstance(c, dict) else range(len(c))
        for k in keys:
            v = c[k]
            if isinstance(v, (dict, list)):
                order.append((c, k))
                stack.append(v)
    for c, k in reversed(order):  # deepest first, so a tuple's items are final before it is made
        if type(c[k]) is _Tuple:
            c[k] = tuple(c[k])
    return root


def _table_items(value: Mapping, size: int, out: dict, path: tuple, depth: int) -> list:
    """Check the keys of one table, put them in ``out`` (in the caller's order), and return its
    values to copy."""
    pending = []
    for n, (k, v) in enumerate(value.items()):
        if n >= size:  # a Mapping whose items outnumber its len()
            raise ScenarioError(_where(path), "changed while it was being read")
        if not isinstance(k, str):
            raise ScenarioError(_where(path), f"keys must be text, got {type_name(k)} {show(k)}")
        if len(k) > MAX_SCENARIO_TEXT:
            raise ScenarioError(_where(path), f"a key has {len(k):,} characters; text in a scenario "
                                              f"has at most {MAX_SCENARIO_TEXT:,}: {show(k)}")
        k = str(k[:])  # (a str subclass becomes plain text)
        out[k] = None  # keys keep the caller's order
        pending.append((v, out, k, path + (k,), depth + 1))
    return pending


def _scalar(value: Any, path: tuple) -> Any:
    if value is None or isinstance(value, bool):
        return bool(value) if value is not None else None
    if isinstance(value, str):
        if len(value) > MAX_SCENARIO_TEXT:
            raise ScenarioError(_where(path), f"is text of {len(value):,} characters; text in a scenario has at "
                                              f"most {MAX_SCENARIO_TEXT:,}: {show(value)}")
        return str(value[:])
    if isinstance(value, numbers.Integral):
        try:
            n = int(value)
        except Exception:
            raise ScenarioError(_where(path), f"is not a usable whole number: {show(value)}") from None
        if not -MAX_SCENARIO_INT <= n <= MAX_SCENARIO_INT:
            raise ScenarioError(_where(path), f"is too big: {show(n)}; whole numbers in a scenario are at most "
                                              "2**64 in size")
        return n
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ScenarioError(_where(path), f"{value!r} is not a number a position can hold")
        return float(value)
    raise ScenarioError(_where(path), f"is {type_name(value)} {show(value)}; a scenario holds only tables (dicts), "
                                      "lists, text, whole numbers, true/false and None")


__all__ = ["plain_scenario", "MAX_SCENARIO_ITEMS", "MAX_SCENARIO_DEPTH", "MAX_SCENARIO_TEXT", "MAX_SCENARIO_INT"]

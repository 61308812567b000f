"""Helpers for input that comes from people (records, card files, options, seeds): quoting a
value safely in a message, and measuring how deeply a JSON-like value is nested without
recursing (so a hostile input cannot raise ``RecursionError``)."""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

#: longest quoted value in an error message; the rest is cut with "..."
SHOW_LIMIT = 80


def show(value: Any, limit: int = SHOW_LIMIT) -> str:
    """``repr(value)`` for an error message, never failing and never huge.

    ``repr`` of an int with more than 4,300 digits raises ``ValueError`` (Python's guard
    against slow int-to-text conversion), so very big ints are described instead."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = int(value.bit_length() * math.log10(2)) + 1
        return f"<a whole number of about {digits} digits>"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__; the message must still be built
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def type_name(value: Any) -> str:
    """JSON-flavoured names: what a person who wrote the input would call it."""
    if value is None:
        return "null"
    named = getattr(type(value), "kind_name", None)  # placeholders such as a record's unusable numbers
    if isinstance(named, str):
        return named
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "an object (a table)"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def tree_depth(value: Any, limit: int) -> int:
    """How many lists and tables are nested in ``value`` (a scalar: 0), counting at most to
    ``limit + 1``: deeper values stop the walk early. Iterative, so any depth is safe."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        stack.extend((c, depth) for c in children)
    return deepest


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_text_depth(text: str, limit: int) -> int:
    """Nesting depth of JSON text, found without parsing it (brackets inside strings do not
    count), counting at most to ``limit + 1``. Malformed text gives some number; the JSON
    parser then reports it as malformed."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest

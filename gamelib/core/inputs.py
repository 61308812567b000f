"""Helpers for input that comes from people (records, card files, options, seeds): quoting a
value safely in a message, and measuring how deeply a JSON-like value is nested without
recursing (so a hostile input cannot raise ``RecursionError``)."""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

#: longest piece of an input quoted in an error message (characters); a longer value is cut, and
#: its length is given ("'xxx...' (10,000,000 characters)")
SHOW_LIMIT = 200
#: an action label is at most this long (the games' longest is under 200 characters): a longer one
#: is refused without comparing it to the legal labels or looking for similar ones
MAX_LABEL_LENGTH = 1_000
#: items of a list or table, and levels of nesting, that a quoted value shows at most
SHOW_ITEMS = 8
SHOW_DEPTH = 3


def show(value: Any, limit: int = SHOW_LIMIT) -> str:
    """``repr(value)`` for an error message, never failing and never huge: at most about ``limit``
    characters of the value (work bounded by ``limit``, whatever its size or nesting), followed by
    its length when it was cut.

    ``repr`` of an int with more than 4,300 digits raises ``ValueError`` (Python's guard against
    slow int-to-text conversion) and of a deeply nested list ``RecursionError``, so neither is
    called on an input: big ints are described, and containers are shown a few levels deep."""
    try:
        text = _brief(value, SHOW_DEPTH, limit)
    except Exception:  # a hostile __repr__ or __len__; the message must still be built
        text = f"<a {type(value).__name__}>"
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 3)] + "..." + _size(value)


def cut(text: str, limit: int = SHOW_LIMIT) -> str:
    """Plain text (a field path, a file name) at most ``limit`` characters long, with its length
    when it was cut."""
    if len(text) <= limit:
        return text
    return f"{text[: max(0, limit - 3)]}... ({len(text):,} characters)"


def _size(value: Any) -> str:
    """How long a cut value was: " (N characters)" or " (N items)"."""
    try:
        if isinstance(value, (str, bytes, bytearray)):
            unit = "characters" if isinstance(value, str) else "bytes"
            return f" ({len(value):,} {unit})"
        if isinstance(value, (Mapping, list, tuple, set, frozenset)):
            return f" ({len(value):,} items)"
    except Exception:  # a hostile __len__
        pass
    return ""


def _brief(value: Any, depth: int, room: int) -> str:
    """A repr of ``value`` of about ``room`` characters at most (the caller cuts it exactly):
    strings are cut before ``repr`` sees them, containers show ``SHOW_ITEMS`` items ``depth``
    levels deep. The recursion is at most ``SHOW_DEPTH`` deep, whatever the value."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 256:
            digits = int(value.bit_length() * math.log10(2)) + 1
            return f"<a whole number of about {digits} digits>"
        return repr(int(value))
    if isinstance(value, str):
        return repr(str(value[: room + 1]))  # (+1: the caller sees it is too long and cuts it)
    if isinstance(value, (bytes, bytearray)):
        return repr(bytes(value[: room + 1]))
    if isinstance(value, Mapping):
        opening, closing = "{", "}"
        items: Any = value.items()
    elif isinstance(value, list):
        opening, closing, items = "[", "]", value
    elif isinstance(value, tuple):
        opening, closing, items = "(", ")", value
    elif isinstance(value, (set, frozenset)):
        opening, closing, items = "{", "}", value
    else:
        return repr(value)[: room + 1]
    if depth <= 0:
        return opening + "..." + closing
    parts: list[str] = []
    used = 1
    for k, item in enumerate(items):
        if k >= SHOW_ITEMS or used > room:
            parts.append("...")
            break
        if opening == "{" and isinstance(value, Mapping):
            key, v = item
            piece = _brief(key, depth - 1, room - used) + ": " + _brief(v, depth - 1, room - used)
        else:
            piece = _brief(item, depth - 1, room - used)
        parts.append(piece)
        used += len(piece) + 2
    if isinstance(value, tuple) and len(parts) == 1 and parts[0] != "...":
        return opening + parts[0] + ",)"
    return opening + ", ".join(parts) + closing


def ascii_int(word: str, max_digits: int = 18) -> int | None:
    """The whole number ``word`` writes with the digits 0-9 (at most ``max_digits`` of them), or
    None. ``str.isdigit()`` is not the test: it accepts superscripts ('²'), which ``int()`` then
    refuses with a plain ``ValueError``, and other scripts' digits ('٣'), which ``int()`` reads."""
    if 0 < len(word) <= max_digits and word.isascii() and word.isdigit():
        return int(word)
    return None


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

"""Reading and checking card data files. Games describe their schema with these helpers
so that every mistake in a teacher's file is reported with file, card and field.

A card set reaches a game in one of three ways (the ``cards`` option, ``CardsOption``): ``None``
for the shipped file, the path of a teacher's TOML file (read at once, from Python code only),
or a *card table*: the parsed file as plain dicts and lists. Whatever the way in, the game keeps
a ``CardTable`` (a checked copy) in its options, so a record carries the card set itself and
replays anywhere without opening a file. Limits (size, nesting) are in ``docs/engine.md``."""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import stat
import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import Any, Generic, Iterator, TypeVar

from . import checks
from .errors import CardDataError, OptionError
from .game import Option
from .inputs import show, type_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

SOURCES = ("rulebook", "stand-in")
#: a card file is at most this many bytes (the shipped files are under 20 kB)
MAX_CARD_FILE_BYTES = 1_000_000
#: tables and lists nest at most this deep, the file itself counting as one (the shipped files use 6)
MAX_CARD_DEPTH = 16
#: values (tables, lists and scalars) in one card table, at most: a table given as a dict or in a
#: record is held to what a card file of MAX_CARD_FILE_BYTES can hold (the shipped files have under 1,500)
MAX_CARD_VALUES = 200_000
#: a card file's path is at most this many characters (Linux's PATH_MAX)
MAX_PATH_TEXT = 4096
#: TOML integers are 64-bit signed
_INT_RANGE = (-(2**63), 2**63 - 1)
#: how many parsed files and built card sets are remembered (most recently used first)
CACHE_SIZE = 32

T = TypeVar("T")


def data_path(name: str) -> Path:
    """A data file shipped inside the package (``gamelib/data/NAME``)."""
    return Path(str(resources.files("gamelib") / "data" / name))


# ---- card tables ---------------------------------------------------------------------------

class CardTable(dict):
    """A checked card table: plain dicts, lists, strings, 64-bit ints, finite floats and booleans,
    nested at most ``MAX_CARD_DEPTH`` deep. ``source`` names it in error messages (the file, or
    the record field it came from); ``digest`` is the SHA-256 of its canonical JSON, the key of
    the card-set caches. It compares equal to the same table from anywhere (it is a dict)."""

    __slots__ = ("source", "digest")

    def __repr__(self) -> str:  # short: game reprs, logs and conformance messages print options
        return f"<card table from {self.source}, sha256 {self.digest[:16]}>"

    def __reduce__(self):  # pickled for worker processes with its name and digest
        return (_rebuild_table, (dict(self), self.source, self.digest))


def _rebuild_table(data: dict, source: str, digest: str) -> CardTable:
    table = CardTable(data)
    table.source, table.digest = source, digest
    return table


def _where(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(the whole file)"


def card_table(data: Any, source: str) -> CardTable:
    """A checked deep copy of ``data`` as a ``CardTable``, or ``CardDataError`` naming ``source``
    and the place (``event[3].white``) of the first value a card file cannot hold."""
    if not isinstance(data, Mapping):
        raise CardDataError(source, None, None, f"a card table must be a table (a dict), got {type_name(data)}")
    root: dict = {}
    count = chars = 0
    # iterative copy: (source value, target container, key in target, path, depth)
    stack: list[tuple[Any, Any, Any, tuple, int]] = [(data, None, None, (), 1)]
    while stack:
        value, parent, key, path, depth = stack.pop()
        if isinstance(value, Mapping) or isinstance(value, (list, tuple)):
            if depth > MAX_CARD_DEPTH:
                raise CardDataError(source, None, _where(path),
                                    f"tables and lists are nested more than {MAX_CARD_DEPTH} levels deep; "
                                    "a card file needs only a few")
            count += len(value)
            if count > MAX_CARD_VALUES:  # before copying them: a table's work is bounded, like a file's
                raise CardDataError(source, None, _where(path), f"a card table holds at most {MAX_CARD_VALUES:,} "
                                    f"values (tables, lists, text, numbers); this one holds more")
            if isinstance(value, Mapping):
                out: Any = root if parent is None else {}
                items = list(value.items())
                chars = _count_keys(items, chars, source, path)
                for k, _ in items:
                    out[k] = None  # keys keep the file's order
                for k, v in reversed(items):
                    stack.append((v, out, k, path + (k,), depth + 1))
            else:
                out = [None] * len(value)
                for i in range(len(value) - 1, -1, -1):
                    stack.append((value[i], out, i, path + (i,), depth + 1))
        else:
            out, chars = _card_value(value, chars, source, path)
        if parent is not None:
            parent[key] = out
    table = CardTable(root)
    table.source = source
    canonical = json.dumps(root, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    table.digest = hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()
    return table


def _count_keys(items: list, chars: int, source: str, path: tuple) -> int:
    """``chars`` plus the length of a table's keys, which must be text."""
    for k, _ in items:
        if not isinstance(k, str):
            raise CardDataError(source, None, _where(path), f"keys must be strings, got {show(k)}")
        chars += len(k)
    if chars > MAX_CARD_FILE_BYTES:
        raise CardDataError(source, None, _where(path), f"the keys bring the card set's text past "
                            f"{MAX_CARD_FILE_BYTES:,} characters, as much as a card file may hold")
    return chars


def _card_value(value: Any, chars: int, source: str, path: tuple) -> tuple[Any, int]:
    """A scalar of a card table as a card set keeps it, and ``chars`` with its text counted;
    or ``CardDataError`` for what a card file cannot hold."""
    if isinstance(value, bool):
        out = value
    elif isinstance(value, str):
        chars += len(value)
        if chars > MAX_CARD_FILE_BYTES:
            raise CardDataError(source, None, _where(path), f"a text of {len(value):,} characters brings the "
                                f"card set's text past {MAX_CARD_FILE_BYTES:,} characters, as much as a card "
                                "file may hold")
        out = value
    elif isinstance(value, int):
        if not _INT_RANGE[0] <= value <= _INT_RANGE[1]:
            raise CardDataError(source, None, _where(path), f"{show(value)} is too big: whole numbers "
                                "in a card file fit in 64 bits")
        out = int(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise CardDataError(source, None, _where(path), f"{value!r} is not a number a card can show")
        out = value
    else:
        what = "dates and times are" if hasattr(value, "isoformat") else f"{show(value)} ({type_name(value)}) is"
        raise CardDataError(source, None, _where(path), f"{what} not card data; use text, whole numbers, "
                            "true/false, lists and tables")
    return out, chars


# ---- card files ----------------------------------------------------------------------------

# Strings and comments, skipped when measuring a file's structure before it is parsed.
_TOML_SKIP = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"{3,5}'
    r"|'''(?:[^']|'(?!''))*'{3,5}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*",
    re.S,
)
# Characters a dotted key cannot contain: what is left between them is one key (or one value).
_NOT_KEY = re.compile(r"[^A-Za-z0-9_\-. \tS]+")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _check_structure(text: str, file: str) -> None:
    """Refuse, before parsing, what the TOML parser handles badly: a dotted key of thousands
    of parts (``a.a.a...``) costs it time and memory growing with the square of the length,
    and deep brackets exhaust its recursion. Both mean nesting deeper than any card file."""
    skeleton = _TOML_SKIP.sub("S", text)
    parts = max((chunk.count(".") + 1 for chunk in _NOT_KEY.split(skeleton)), default=1)
    if parts > MAX_CARD_DEPTH:
        raise CardDataError(file, None, None, f"a dotted key has {parts} parts (or more); tables nest at most "
                                              f"{MAX_CARD_DEPTH} levels deep in a card file")
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", skeleton):
        depth = depth + 1 if ch in "[{" else depth - 1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_CARD_DEPTH:
                raise CardDataError(file, None, None, f"lists and tables are nested more than {MAX_CARD_DEPTH} "
                                                      "levels deep; a card file needs only a few")


def parse_card_bytes(data: bytes, file: str) -> CardTable:
    """The card table in a card file's bytes (UTF-8 TOML), or ``CardDataError`` naming ``file``."""
    if len(data) > MAX_CARD_FILE_BYTES:
        raise CardDataError(file, None, None, f"the file has {len(data)} bytes; a card file may have at most "
                                              f"{MAX_CARD_FILE_BYTES}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CardDataError(file, None, None, f"is not UTF-8 text: byte {exc.start} (line {line}) is "
                                              f"{data[exc.start:exc.start + 1]!r}; save the file as UTF-8") from None
    return parse_card_text(text.removeprefix("\ufeff"), file)  # a byte-order mark is harmless


def parse_card_text(text: str, file: str) -> CardTable:
    """The card table in TOML text, or ``CardDataError`` naming ``file``."""
    if len(text) > MAX_CARD_FILE_BYTES:
        raise CardDataError(file, None, None, f"the text has {len(text)} characters; a card file may have at "
                                              f"most {MAX_CARD_FILE_BYTES}")
    _check_structure(text, file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(file, None, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise CardDataError(file, None, None, f"lists and tables are nested more than {MAX_CARD_DEPTH} levels "
                                              "deep; a card file needs only a few") from None
    except ValueError as exc:  # an integer with thousands of digits: Python refuses to convert it
        raise CardDataError(file, None, None, f"not valid TOML: a whole number is thousands of digits long "
                                              f"({exc}); whole numbers in a card file fit in 64 bits") from None
    return card_table(data, file)


def read_card_bytes(path: str | os.PathLike) -> bytes:
    """The bytes of a card file: a regular file of at most ``MAX_CARD_FILE_BYTES``. Devices,
    pipes and directories are refused without reading (``/dev/zero`` never ends)."""
    file = _path_text(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: opening a pipe must not wait for a writer
    except OSError as exc:
        raise CardDataError(file, None, None, f"cannot read the file ({exc.strerror or exc})") from None
    except (ValueError, TypeError) as exc:  # a NUL byte in the path, or not a path at all
        raise CardDataError(file, None, None, f"cannot read the file ({exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CardDataError(file, None, None, "is not a regular file; a card file is a TOML text file")
        if info.st_size > MAX_CARD_FILE_BYTES:
            raise CardDataError(file, None, None, f"the file has {info.st_size} bytes; a card file may have at "
                                                  f"most {MAX_CARD_FILE_BYTES}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_CARD_FILE_BYTES + 1)
    except OSError as exc:
        raise CardDataError(file, None, None, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_CARD_FILE_BYTES:  # it grew while being read
        raise CardDataError(file, None, None, f"the file has more than {MAX_CARD_FILE_BYTES} bytes; a card "
                                              f"file may have at most {MAX_CARD_FILE_BYTES}")
    return data


def _path_text(path: Any) -> str:
    try:
        raw = os.fspath(path)
    except TypeError:
        return show(path)
    return os.fsdecode(raw) if isinstance(raw, bytes) else raw


class ContentCache(Generic[T]):
    """A small least-recently-used cache. Keys are content digests, never file names or times,
    so an edited file is always seen and an unchanged one is never parsed twice."""

    def __init__(self, size: int = CACHE_SIZE):
        self.size = size
        self._items: OrderedDict[Any, T] = OrderedDict()

    def get(self, key: Any, make: Callable[[], T]) -> T:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        value = make()  # only what was built without an error is remembered
        self._items[key] = value
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


_parsed: ContentCache[CardTable] = ContentCache()


def read_card_file(path: str | os.PathLike) -> CardTable:
    """The checked card table of a TOML file (parsed once per content: the key is the SHA-256
    of the file's bytes and its name, so errors always name the file they are in)."""
    file = _path_text(path)
    data = read_card_bytes(path)
    return _parsed.get((file, hashlib.sha256(data).digest()), lambda: parse_card_bytes(data, file))


_shipped: dict[str, CardTable] = {}


def shipped_table(name: str) -> CardTable:
    """The card table of a file shipped in ``gamelib/data``, read through the same checks once
    per process (package data does not change while it runs; a teacher's file is re-read)."""
    if name not in _shipped:
        _shipped[name] = read_card_file(data_path(name))
    return _shipped[name]


# ---- the ``cards`` option ----------------------------------------------------------------

# While a record is being loaded this names it; then the ``cards`` option refuses paths
# (a record never opens a file) and names tables after the record field they came from.
_record_source: ContextVar[str | None] = ContextVar("gamelib_record_source", default=None)


@contextmanager
def reading_record(name: str = "record") -> Iterator[None]:
    """Within this block no card file is opened: the ``cards`` option takes only tables."""
    token = _record_source.set(name)
    try:
        yield
    finally:
        _record_source.reset(token)


class CardsOption(Option):
    """The ``cards`` option: ``None`` (the shipped set), the path of a TOML card file (read at
    once; from Python code only, never from a record) or a card table (a dict as TOML parses
    it: what records carry). The validated value is ``None`` or a ``CardTable``.
    Build it as ``CardsOption("cards", None, "what the option is for")``."""

    def validate(self, game: str, value: Any) -> CardTable | None:
        record = _record_source.get()
        if value is None:
            return None
        if isinstance(value, (str, bytes, os.PathLike)):
            if record is not None:
                raise OptionError(f"{game}: {record} field 'options.{self.name}' names a file ({show(value)}); "
                                  "a record never opens files: it carries the card set as a table, "
                                  "or null for the shipped cards")
            self.check_length(game, value, MAX_PATH_TEXT)  # (before the file system sees it)
            if isinstance(value, (str, bytes)) and not value:
                raise OptionError(f"{game}: option {self.name}='' is not allowed: {HOW_TO_GIVE_CARDS}")
            return read_card_file(value)
        if isinstance(value, Mapping):
            source = (f"{record} field 'options.{self.name}'" if record is not None
                      else getattr(value, "source", None) or f"the card table given as option '{self.name}'")
            return card_table(value, source)
        raise OptionError(f"{game}: option {self.name}={show(value)} is not allowed: {HOW_TO_GIVE_CARDS}")


HOW_TO_GIVE_CARDS = ("give None (the shipped card set), the path of a card file (TOML) "
                     "or a card table (a dict, as a record carries it)")


class ReadOnlyCard:
    """A card definition (a subclass lists its ``__slots__``): read-only once made, because one
    card set is shared by every Game and State that uses it (and cached): change the card file
    instead."""

    __slots__ = ()

    def __init__(self, **kw: Any):
        for k in self.__slots__:
            object.__setattr__(self, k, kw.get(k))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} {getattr(self, 'id', getattr(self, 'name', ''))} is read-only "
                             "(card sets are shared); change the card file instead")

    __delattr__ = __setattr__  # type: ignore[assignment]

    def __reduce__(self):
        return _rebuild, (type(self), {k: getattr(self, k) for k in self.__slots__})


def _rebuild(cls: type, fields: dict[str, Any]) -> Any:
    return cls(**fields)


class Checker(checks.Checker):
    """Field checks for one card (or the file itself when ``card`` is None): the shared checks
    (``gamelib.core.checks``), each refusal a ``CardDataError`` naming the file and the card."""

    def __init__(self, file: str | Path, card: str | None, data: Any):
        self.file = str(file)
        self.card = card
        super().__init__(data)

    def fail(self, field: str | None, message: str) -> CardDataError:
        return CardDataError(self.file, self.card, field, message)

    def source(self) -> str:
        return self.choice("source", SOURCES)

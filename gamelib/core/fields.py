"""A game's State fields, declared once.

    class TwentyState(State):
        fields = Fields(
            deck=LIST,             # face down, top = last
            hands=DICT_OF_LISTS,   # player -> cards
            turn=VALUE,
            stopped=SET,
        )

From that one declaration the State class gets ``__slots__``, ``_copy_into`` (a clone copies
each container at the right depth and nothing else), ``_key`` (equality sees every field) and
``_snapshot`` / ``_restore_snapshot`` (undo's copy of the fields, one tuple), as generated
straight-line code, so ``clone()`` costs what a hand-written copy would. A field that must not
count for equality (a cache) is declared ``CACHE``; nothing can be left out by accident, because
a class with a declaration may not write ``_key``, ``_copy_into`` or the snapshot pair itself.
``fields_to_dict`` / ``fields_from_dict`` give plain-data round trips for scenarios."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class _NoStart:
    def __repr__(self) -> str:
        return "NO_START"


#: a field without a start value: the game's ``new_state`` or ``from_scenario`` gives it one
NO_START: Any = _NoStart()


@dataclass(frozen=True)
class Kind:
    """How a field is copied, compared and written as plain data (``{}`` is the field's value).
    ``snap`` / ``unsnap``: how an undo snapshot keeps it and gives it back (default: ``copy``
    both ways). A list is kept as a tuple: an empty one costs nothing (the one empty tuple),
    and tuples of plain values drop out of the garbage collector's rounds, where a list in
    every kept undo frame would be walked again at each of them (about a third of the cost of
    ``apply`` in The Walking Deck, measured)."""

    name: str
    copy: str
    key: str | None  # None: not part of the position (caches)
    plain: str | None
    unplain: str | None
    snap: str | None = None
    unsnap: str | None = None

    def __repr__(self) -> str:
        return self.name

    def __call__(self, start: Any = NO_START, *, scenario: str | None = None) -> "Field":
        """This kind with the field's start value and scenario name: ``LIST([], scenario="hand")``."""
        return Field(self, start, scenario)


@dataclass(frozen=True)
class Field:
    """One declared field, as a dataclass field declares one: how it is copied and compared
    (``kind``), the value a new position starts with (``start``: a value, copied at the kind's
    depth for each position, or a function of the Game giving it, for sizes that depend on the
    options), and its name in scenarios when a scenario gives it as plain data (``scenario``)."""

    kind: Kind
    start: Any = NO_START
    scenario: str | None = None


#: an immutable value (int, str, bool, None, a tuple or frozenset of such, an Outcome): shared
VALUE = Kind("VALUE", "{}", "{}", "{}", "{}")
#: a tuple value that should come back as a tuple from JSON lists (e.g. a pending decision)
TUPLE = Kind("TUPLE", "{}", "{}", "_plain({})", "_tupled({})")
#: a list of immutable values
LIST = Kind("LIST", "{}[:]", "tuple({})", "list({})", "list({})", "tuple({})", "list({})")
#: a list of lists of immutable values (per seat, per board...)
LISTS = Kind("LISTS", "[x[:] for x in {}]", "tuple(map(tuple, {}))", "[list(x) for x in {}]", "[list(x) for x in {}]",
             "tuple(map(tuple, {}))", "[list(x) for x in {}]")
#: a set of immutable values
SET = Kind("SET", "set({})", "frozenset({})", "sorted({}, key=repr)", "set({})")
#: a dict of immutable keys and values
DICT = Kind("DICT", "dict({})", "frozenset({}.items())", "dict({})", "dict({})")
#: a dict whose values are lists of immutable values
DICT_OF_LISTS = Kind("DICT_OF_LISTS", "{{k: v[:] for k, v in {}.items()}}",
                     "frozenset((k, tuple(v)) for k, v in {}.items())",
                     "{{k: list(v) for k, v in {}.items()}}", "{{k: list(v) for k, v in {}.items()}}")
#: derived data kept for speed: copied by reference, not part of equality or scenarios
CACHE = Kind("CACHE", "{}", None, None, None)

KINDS = (VALUE, TUPLE, LIST, LISTS, SET, DICT, DICT_OF_LISTS, CACHE)


def _plain(v: Any) -> Any:
    return [_plain(x) for x in v] if isinstance(v, (tuple, list)) else v


def _tupled(v: Any) -> Any:
    return tuple(_tupled(x) for x in v) if isinstance(v, list) else v


class Fields(Mapping[str, Kind]):
    """Field name -> Kind, in declaration order (the order of ``_key``); each field may carry
    its start value and scenario name (``LIST([], scenario="hand")``: a ``Field``)."""

    def __init__(self, **decls: Kind | Field):
        fields: dict[str, Field] = {}
        for name, decl in decls.items():
            if isinstance(decl, Kind):
                decl = Field(decl)
            if not isinstance(decl, Field):
                raise TypeError(f"field {name!r}: expected one of {', '.join(map(repr, KINDS))}, got {decl!r}")
            fields[name] = decl
        self._fields = fields
        self._kinds = {name: f.kind for name, f in fields.items()}

    @classmethod
    def merge(cls, *parts: "Fields") -> "Fields":
        out: dict[str, Field] = {}
        for p in parts:
            for name, f in p._fields.items():
                if name in out:
                    raise TypeError(f"field {name!r} is declared twice")
                out[name] = f
        return cls(**out)

    def field(self, name: str) -> Field:
        return self._fields[name]

    @property
    def scenario_names(self) -> dict[str, str]:
        """Scenario name -> field name, for the fields a scenario gives as plain data."""
        return {f.scenario: name for name, f in self._fields.items() if f.scenario is not None}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    @property
    def keyed(self) -> tuple[str, ...]:
        """The fields that make up the position (all but caches)."""
        return tuple(n for n, k in self._kinds.items() if k.key is not None)

    def __getitem__(self, name: str) -> Kind:
        return self._kinds[name]

    def __iter__(self):
        return iter(self._kinds)

    def items(self):  # the dict's own view: Mapping's would look every name up again
        return self._kinds.items()

    def __len__(self) -> int:
        return len(self._kinds)

    def __repr__(self) -> str:
        return "Fields(" + ", ".join(f"{n}={k!r}" for n, k in self._kinds.items()) + ")"


#: the type each kind's field holds (the class's ``__annotations__`` come from the declaration)
ANNOTATIONS = {"VALUE": Any, "TUPLE": tuple, "LIST": list, "LISTS": list, "SET": set, "DICT": dict,
               "DICT_OF_LISTS": dict, "CACHE": Any}


def compile_fields(fields: Fields, owner: str) -> dict[str, Any]:
    """Source for ``_copy_into``, ``_key``, ``_start`` (every field with a start value set
    to it), ``_snapshot`` (the fields as one tuple, for undo) and ``_restore_snapshot`` (a
    snapshot written back), compiled once per class (straight-line code)."""
    copy = [f"    o.{n} = " + k.copy.format(f"self.{n}") for n, k in fields.items()] or ["    pass"]
    # A snapshot is (the position's fields, then each cache): a cache often holds an object the
    # collector tracks, and kept beside the fields it leaves their tuple untracked (tuples of
    # plain values drop out of the collector's rounds), so a round walks a few items per
    # undo frame instead of every field of it (Deadland: 4 instead of 36).
    keyed = [(n, k) for n, k in fields.items() if k.key is not None]
    caches = [(n, k) for n, k in fields.items() if k.key is None]
    snap = ("(" + "".join((k.snap or k.copy).format(f"self.{n}") + ", " for n, k in keyed) + "), "
            + "".join((k.snap or k.copy).format(f"self.{n}") + ", " for n, k in caches))
    unsnap = ["    v = s[0]"] + [f"    self.{n} = " + (k.unsnap or k.copy).format(f"v[{i}]")
                                 for i, (n, k) in enumerate(keyed)]
    unsnap += [f"    self.{n} = " + (k.unsnap or k.copy).format(f"s[{i}]") for i, (n, k) in enumerate(caches, 1)]
    key = [k.key.format(f"self.{n}") for n, k in fields.items() if k.key is not None]
    start = []
    for n, f in fields._fields.items():
        if f.start is NO_START:
            continue
        value = f"S[{n!r}]"
        start.append(f"    self.{n} = " + (f"{value}(game)" if callable(f.start) else f.kind.copy.format(value)))
    src = (
        "def _copy_into(self, o):\n" + "\n".join(copy) + "\n\n"
        "def _key(self):\n    return (" + "".join(part + ", " for part in key) + ")\n\n"
        "def _start(self, game):\n" + "\n".join(start or ["    pass"]) + "\n\n"
        "def _snapshot(self):\n    return (" + snap + ")\n\n"
        "def _restore_snapshot(self, s):\n" + "\n".join(unsnap) + "\n"
    )
    ns: dict[str, Any] = {"S": {n: f.start for n, f in fields._fields.items()}}
    exec(compile(src, f"<fields of {owner}>", "exec"), ns)
    ns["_copy_into"].__doc__ = f"Generated from {owner}.fields: copies {', '.join(fields.names)}."
    ns["_key"].__doc__ = f"Generated from {owner}.fields: {', '.join(fields.keyed)}."
    ns["_start"].__doc__ = f"Generated from {owner}.fields: every field with a start value set to it."
    ns["_snapshot"].__doc__ = f"Generated from {owner}.fields: ({', '.join(fields.keyed)}), then the caches (undo)."
    ns["_restore_snapshot"].__doc__ = f"Generated from {owner}.fields: a _snapshot written back, copied."
    return {"_copy_into": ns["_copy_into"], "_key": ns["_key"], "_start": ns["_start"],
            "_snapshot": ns["_snapshot"], "_restore_snapshot": ns["_restore_snapshot"], "_fields_source": src,
            "__annotations__": {n: ANNOTATIONS[k.name] for n, k in fields.items()}}


_converters: dict[str, Any] = {}


def _converter(expr: str) -> Any:
    """``expr`` (a Kind's ``plain`` or ``unplain``) as a function of the value, compiled once."""
    f = _converters.get(expr)
    if f is None:
        f = _converters[expr] = eval("lambda v: " + expr.format("v"), {"_plain": _plain, "_tupled": _tupled})
    return f


def fields_to_dict(state: Any) -> dict[str, Any]:
    """Every declared field but caches, as plain data (lists, dicts, values)."""
    out = {}
    for name, kind in type(state).fields.items():
        if kind.plain is not None:
            out[name] = _converter(kind.plain)(getattr(state, name))
    return out


def fields_from_dict(state: Any, data: Mapping[str, Any]) -> None:
    """Set the declared fields of ``state`` from ``fields_to_dict`` output (validate first:
    this only converts containers back)."""
    for name, kind in type(state).fields.items():
        if kind.unplain is not None and name in data:
            setattr(state, name, _converter(kind.unplain)(data[name]))


__all__ = ["Fields", "Field", "Kind", "NO_START", "VALUE", "TUPLE", "LIST", "LISTS", "SET", "DICT", "DICT_OF_LISTS", "CACHE",
           "fields_to_dict", "fields_from_dict", "compile_fields"]

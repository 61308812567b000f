"""Replay records: the save format. A record is replayed, never trusted.

A record comes from anyone (a student pastes it into a dashboard), so ``load_record`` checks
its size and nesting before parsing it, every field's type before using it, and every action
by replaying it; it never opens a file (a custom card set travels inside the record, as a
table in ``options.cards``). Every problem is a ``RecordError`` naming the field and what would
be valid. The limits are stated in ``docs/engine.md`` ("Input limits").

Versions. A record says which version of the format wrote it (``"version"``), and ``migrate``
brings an older one up to date before anything else reads it, one version at a time:

* version 1 (and a record with no ``"version"``, read as 1): game, options, seed, actions and
  an optional scenario;
* version 2 (written now) adds ``"labels"``: the revision of the game's action labels the
  actions were written in (``Game.label_revision``, 1 for every game so far). A game that renames
  its labels raises its revision and gives ``Game.migrate_labels(labels, revision)``, so its old
  saves replay; a version-1 record is of label revision 1.

A version newer than this code knows is refused with a ``RecordError`` naming it: its fields may
mean something this code cannot check."""
from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from typing import Any

from .errors import GamelibError, IllegalAction, RecordError, ScenarioError, SeedError
from .inputs import json_text_depth, show, tree_depth, type_name
from .registry import game_class
from .rng import SEED_MAX

FIELDS = ("format", "version", "game", "labels", "options", "seed", "actions", "scenario")
FORMAT = "gamelib-record"
#: the version ``State.to_record`` writes; ``migrate`` reads every version up to it
RECORD_VERSION = 2
_REQUIRED = ("game", "options", "seed", "actions")
#: a record is at most this many characters (text) or bytes; a long game is about 10 kB
MAX_RECORD_SIZE = 2_000_000
#: lists and objects nest at most this deep (a record with a card table needs about 8)
MAX_RECORD_DEPTH = 32
#: at most this many actions (the longest random games have a few hundred)
MAX_RECORD_ACTIONS = 20_000
#: integers in a record have at most this many digits (a seed has at most 20)
MAX_INT_DIGITS = 40
#: a replayed record keeps an undo snapshot every this many actions (undo or a history slider
#: into the others plays at most this many actions again)
CHECKPOINT = 8


class _Unusable:
    """Stands for a JSON number no field can hold (thousands of digits, NaN, Infinity): the
    field checks then name the field and describe the number instead of printing it."""

    __slots__ = ("what",)
    kind_name = "a number no field can hold"

    def __init__(self, what: str):
        self.what = what

    def __repr__(self) -> str:
        return f"<{self.what}>"


def _parse_int(text: str) -> int | _Unusable:
    # Python refuses to convert more than 4,300 digits (a plain ValueError), and a number that
    # long is never valid anyway: keep a description, and let the field check say what is wrong.
    if len(text) <= MAX_INT_DIGITS + 1:
        return int(text)
    return _Unusable(f"a number of {len(text.lstrip('-'))} digits")


def _parse_float(text: str) -> float | _Unusable:
    value = float(text)
    return value if math.isfinite(value) else _Unusable(f"the number {text[:20]}, too big to be a number here")


def _parse_constant(name: str) -> _Unusable:
    return _Unusable(f"{name}, which is not a number")


def _got(value: Any) -> str:
    """What a field holds, for a message: its kind and (shortened) value."""
    if isinstance(value, _Unusable):
        return repr(value)[1:-1]
    if value is None:
        return "null"
    return f"{type_name(value)} {show(value)}"


def _fail(field: str, message: str) -> RecordError:
    return RecordError(f"record field {field!r} {message}")


def parse_record(record: Any) -> dict[str, Any]:
    """The record as a dict, checked for size, encoding, nesting and JSON syntax only."""
    if isinstance(record, (bytes, bytearray, memoryview)):
        raw = bytes(record)
        if len(raw) > MAX_RECORD_SIZE:
            raise RecordError(f"record has {len(raw)} bytes; a record may have at most {MAX_RECORD_SIZE}")
        try:
            record = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"record is not UTF-8 text: byte {exc.start} is {raw[exc.start:exc.start + 1]!r}; "
                              "a record is JSON text saved as UTF-8") from None
    if isinstance(record, str):
        if len(record) > MAX_RECORD_SIZE:
            raise RecordError(f"record has {len(record)} characters; a record may have at most {MAX_RECORD_SIZE}")
        # (text with at most MAX_RECORD_DEPTH opening brackets in all cannot nest deeper: most
        # records have a handful, and counting them is much quicker than finding the depth)
        if (record.count("[") + record.count("{") > MAX_RECORD_DEPTH
                and json_text_depth(record, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH):
            raise RecordError(f"record is nested more than {MAX_RECORD_DEPTH} levels deep (lists and objects "
                              "inside each other); a record needs fewer than 10")
        try:
            data = json.loads(record, parse_int=_parse_int, parse_float=_parse_float,
                              parse_constant=_parse_constant)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        except RecursionError:  # the depth check above makes this unreachable; kept as a guard
            raise RecordError(f"record is nested more than {MAX_RECORD_DEPTH} levels deep") from None
    elif isinstance(record, Mapping):
        data = record
        if tree_depth(data, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
            raise RecordError(f"record is nested more than {MAX_RECORD_DEPTH} levels deep (lists and objects "
                              "inside each other); a record needs fewer than 10")
    else:
        raise RecordError(f"record must be JSON text (str or UTF-8 bytes) or a dict, got {type_name(record)}")
    if not isinstance(data, Mapping):
        raise RecordError(f"record must be a JSON object with the fields {', '.join(FIELDS[:-1])} "
                          f"(and scenario for a position), got {type_name(data)}")
    return dict(data)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    # version 1 stored no label revision: its labels are those of revision 1
    return {**data, "version": 2, "labels": 1}


#: version -> the function that turns a record of that version into one of the next
MIGRATIONS = {1: _v1_to_v2}


def migrate(data: Mapping[str, Any]) -> dict[str, Any]:
    """A parsed record brought to ``RECORD_VERSION``, one version at a time (``MIGRATIONS``). A
    record without ``"version"`` is read as version 1; a version this code does not know (a
    newer one, or not a whole number) is a ``RecordError`` naming it."""
    out = dict(data)
    version = out.get("version", 1)
    if type(version) is not int or not 1 <= version <= RECORD_VERSION:  # True == 1 and 1.0 == 1: refuse both
        if type(version) is int and version > RECORD_VERSION:
            raise _fail("version", f"is {version}, a newer record format than this gamelib reads (the integer 1 "
                                   f"to {RECORD_VERSION}); open it with a newer gamelib")
        raise _fail("version", f"must be the integer 1 or {RECORD_VERSION} (the record format versions there "
                               f"are), got {_got(version)}")
    while version < RECORD_VERSION:
        out = MIGRATIONS[version](out)
        version = out["version"]
    return out


def check_record(data: Mapping[str, Any]) -> None:
    """Check every field of a parsed record of the current version (``migrate`` first), before
    anything is built from it."""
    extra = sorted(show(k) for k in data if not (isinstance(k, str) and k in FIELDS))
    if extra:
        raise RecordError(f"record has unknown field {extra[0]}; the fields are {', '.join(FIELDS)}")
    fmt = data.get("format")
    if not (isinstance(fmt, str) and fmt == FORMAT):
        raise _fail("format", f"must be {FORMAT!r}, got {_got(fmt)}")
    if data.get("version") != RECORD_VERSION or type(data.get("version")) is not int:
        raise _fail("version", f"must be {RECORD_VERSION} here (migrate() brings older records up to it), "
                               f"got {_got(data.get('version'))}")
    labels = data.get("labels")
    if type(labels) is not int or labels < 1:
        raise _fail("labels", f"must be a whole number >= 1 (the game's label revision), got {_got(labels)}")
    for field in _REQUIRED:
        if field not in data:
            raise RecordError(f"record is missing field {field!r}; a record has the fields {', '.join(FIELDS)}")
    if not isinstance(data["game"], str):
        raise _fail("game", f"must be str (a game's name), got {_got(data['game'])}")
    cls = game_class(data["game"])  # UnknownGame names the game and lists the games
    options = data["options"]
    if not isinstance(options, Mapping):
        raise _fail("options", f"must be dict (an object of option names and values), got {type_name(options)}")
    specs = {o.name: o for o in cls.option_specs}
    for name, value in options.items():
        if not isinstance(name, str) or name not in specs:
            raise _fail("options", f"has unknown option {show(name)}; the options of {cls.name} are: "
                                   f"{', '.join(specs) or 'none'}")
        if _is_card_option(specs[name]) and isinstance(value, (str, bytes, os.PathLike)):
            # refused before anything looks at it: a record must not learn whether a file exists
            raise _fail(f"options.{name}", f"names a file ({show(value)}); a record never opens files: it "
                                           "carries the card set itself as a table, or null for the shipped cards")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise _fail("seed", f"must be int, a whole number from 0 to {SEED_MAX} (2**64 - 1), "
                            f"got {_got(seed)}")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise _fail("actions", f"must be list (of action labels), got {type_name(actions)}")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise _fail("actions", f"has {len(actions)} actions; a record may have at most {MAX_RECORD_ACTIONS}")
    if not set(map(type, actions)) <= {str}:  # (the usual all-str list checked in one go; else find the first)
        for i, label in enumerate(actions, start=1):
            if not isinstance(label, str):
                raise RecordError(f"record field 'actions': action {i} must be a label (a string), got {_got(label)}")
    if "scenario" in data and not isinstance(data["scenario"], Mapping):
        raise _fail("scenario", f"must be dict (a position, as to_scenario() gives), got {type_name(data['scenario'])}")


def _is_card_option(spec: Any) -> bool:
    from .cards import CardsOption  # cards imports game; imported late to keep core import order simple

    return isinstance(spec, CardsOption)


def _labels(cls: Any, data: Mapping[str, Any]) -> list[str]:
    """The record's actions in the labels the game writes now (``Game.migrate_labels``)."""
    revision = getattr(cls, "label_revision", 1)
    actions = list(data["actions"])
    if data["labels"] > revision:
        raise _fail("labels", f"is revision {data['labels']} of {cls.name}'s labels, newer than this gamelib's "
                              f"({revision}); open it with a newer gamelib")
    if data["labels"] < revision:
        migrate_labels = getattr(cls, "migrate_labels", None)
        if migrate_labels is None:
            raise _fail("labels", f"is revision {data['labels']} of {cls.name}'s labels; this gamelib plays "
                                  f"revision {revision} and has no way to read the older labels")
        actions = list(migrate_labels(actions, data["labels"]))
    return actions


def record_text(state: Any) -> str:
    """The save format of ``state`` (``State.to_record``): the current version, the game's label
    revision, options, seed, scenario and the actions' labels, as JSON."""
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": RECORD_VERSION,
        "game": state.game.name,
        "labels": getattr(type(state.game), "label_revision", 1),
        "options": state.game.options,
        "seed": state.seed,
    }
    if state.scenario is not None:
        rec["scenario"] = state.scenario
    rec["actions"] = [a.label for a in state.history]
    return json.dumps(rec, ensure_ascii=False, indent=1)


def load_record(record: str | bytes | Mapping[str, Any]):
    """Rebuild the state a record describes, checking every action on the way.

    ``record`` is the JSON text ``State.to_record()`` wrote (str or UTF-8 bytes) or that text
    parsed into a dict. Raises ``RecordError`` for anything wrong with it; opens no file."""
    from .cards import reading_record

    try:
        data = migrate(parse_record(record))
        check_record(data)
    except RecordError:
        raise
    except GamelibError as exc:  # UnknownGame
        raise RecordError(f"record field 'game': {exc}") from None
    cls = game_class(data["game"])
    with reading_record("record"):
        try:
            game = cls(**data["options"])
        except GamelibError as exc:  # a card table's errors already name the record field
            msg = str(exc)
            raise RecordError(msg if msg.startswith("record field") else f"record field 'options': {msg}") from None
        try:
            if "scenario" in data:
                state = game.from_scenario(data["scenario"], seed=data["seed"])
            else:
                state = game.new_state(seed=data["seed"])
        except ScenarioError as exc:
            raise RecordError(f"record field 'scenario': {exc}") from None
        except SeedError as exc:
            raise RecordError(f"record field 'seed': {exc}") from None
        except GamelibError as exc:
            raise RecordError(f"record cannot start the game: {exc}") from None
        actions = _labels(cls, data)
        last = len(actions)
        for i, label in enumerate(actions, start=1):
            try:
                # an undo snapshot every CHECKPOINT actions, counted back from the last one (so
                # the first undo is instant); undo and at_ply play on from the nearest one
                state._replay_step(label, (last - i) % CHECKPOINT == 0)
            except IllegalAction as exc:
                raise RecordError(f"record field 'actions': action {i} {show(label)} does not replay: {exc}") from None
            except GamelibError as exc:
                raise RecordError(f"record field 'actions': action {i} {show(label)} fails: {exc}") from None
    return state


__all__ = ["load_record", "parse_record", "check_record", "migrate", "record_text", "RECORD_VERSION", "MIGRATIONS", "MAX_RECORD_SIZE", "MAX_RECORD_DEPTH",
           "MAX_RECORD_ACTIONS", "MAX_INT_DIGITS"]

"""Replay records: the save format. A record is replayed, never trusted."""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import GamelibError, IllegalAction, RecordError
from .registry import load

_FIELDS = {"format", "version", "game", "options", "seed", "actions", "scenario"}


def load_record(record: str | bytes | Mapping[str, Any]):
    """Rebuild the state a record describes, checking every action on the way."""
    if isinstance(record, (str, bytes)):
        try:
            data = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    else:
        data = record
    if not isinstance(data, Mapping):
        raise RecordError(f"record must be a JSON object, got {type(data).__name__}")
    if data.get("format") != "gamelib-record":
        raise RecordError(f"record field 'format' must be 'gamelib-record', got {data.get('format')!r}")
    if data.get("version") != 1:
        raise RecordError(f"record field 'version': only version 1 is known, got {data.get('version')!r}")
    extra = sorted(set(data) - _FIELDS)
    if extra:
        raise RecordError(f"record has unknown field {extra[0]!r}; the fields are {', '.join(sorted(_FIELDS))}")
    for field, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if field not in data:
            raise RecordError(f"record is missing field {field!r}")
        if not isinstance(data[field], kind) or (kind is int and isinstance(data[field], bool)):
            raise RecordError(f"record field {field!r} must be {kind.__name__}, got {type(data[field]).__name__}")
    try:
        game = load(data["game"], **data["options"])
        if "scenario" in data:
            state = game.from_scenario(data["scenario"], seed=data["seed"])
        else:
            state = game.new_state(seed=data["seed"])
    except GamelibError as exc:
        raise RecordError(f"record cannot start the game: {exc}") from None
    for i, label in enumerate(data["actions"], start=1):
        if not isinstance(label, str):
            raise RecordError(f"record action {i} must be a label (a string), got {label!r}")
        try:
            state.apply(label)
        except IllegalAction as exc:
            raise RecordError(f"record action {i} {label!r} does not replay: {exc}") from None
    return state

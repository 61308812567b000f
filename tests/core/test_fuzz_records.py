"""Fuzzing ``load_record`` (issue 14): random values and mutated valid records of every game.
Whatever comes in, the answer is a state that replays exactly or a ``RecordError``; nothing
else escapes and the input is left as it was. Quick profile here; thousands behind ``slow``."""
from __future__ import annotations

import json

from hypothesis import event
from hypothesis import strategies as st

import gamelib
from gamelib.core import RecordError
from gamelib.core.records import FIELDS
from tests.core.fuzzkit import GAMES, HOSTILE, JSON, bounded, deep_copy, fuzz_tests, shipped_table, valid_records


def _load(record):
    """The contract for one input: a state that round-trips, or a RecordError and nothing changed."""
    before = deep_copy(record)
    try:
        state = gamelib.load_record(record)
    except RecordError as exc:
        assert str(exc).startswith("record"), str(exc)
        bounded(exc)
        state = None
    assert record == before, "load_record changed its input"
    if state is not None:
        again = gamelib.load_record(state.to_record())
        assert again == state and again.log == state.log
    return state


# ---- random values ------------------------------------------------------------------------

def fuzz_random_values(value, as_text):
    _load(json.dumps(value) if as_text else value)


test_random_values_quick, test_random_values_thorough = fuzz_tests(fuzz_random_values, JSON, st.booleans())


def fuzz_random_bytes(raw):
    _load(raw)


test_random_bytes_quick, test_random_bytes_thorough = fuzz_tests(
    fuzz_random_bytes, st.binary(max_size=64) | st.text(max_size=64), quick=15)


def fuzz_random_plausible_records(game, options, seed, actions):
    _load({"format": "gamelib-record", "version": 1, "game": game, "options": options, "seed": seed,
           "actions": actions})


test_plausible_quick, test_plausible_thorough = fuzz_tests(
    fuzz_random_plausible_records,
    st.sampled_from(GAMES) | st.text(max_size=8),
    st.dictionaries(st.sampled_from(["players", "protagonist", "max_rounds", "cards", "x"]), JSON, max_size=3),
    st.integers(-5, 2**65) | JSON,
    st.lists(st.text(max_size=20) | JSON, max_size=4),
)


# ---- mutated valid records ----------------------------------------------------------------

def _nest(value, depth):
    for _ in range(depth):
        value = [value]
    return value


def _mutated_table(data, name):
    table = deep_copy(shipped_table(name))
    key = data.draw(st.sampled_from(sorted(table)))
    part = table[key]
    if isinstance(part, list) and part:
        i = data.draw(st.integers(0, len(part) - 1))
        entry = part[i]
        op = data.draw(st.sampled_from(["retype", "retext", "delete"]))
        if isinstance(entry, dict) and entry and op != "delete":
            field = data.draw(st.sampled_from(sorted(entry)))
            if op == "retext" and isinstance(entry[field], str):  # often still a valid card set
                entry[field] = data.draw(st.text(min_size=1, max_size=12))
            else:
                entry[field] = data.draw(JSON)
        else:
            del part[i]
    else:
        table[key] = data.draw(JSON)
    return table


def _mutate(data, name):
    rec = json.loads(data.draw(st.sampled_from(valid_records(name))))
    kind = data.draw(st.sampled_from(
        ["field", "drop", "option", "cards-same", "cards-table", "cards-path", "seed", "actions", "nest", "text"]))
    fields = [f for f in FIELDS if f != "scenario"]  # scenario contents are the rules engineers' fuzzing
    if kind == "field":
        rec[data.draw(st.sampled_from(fields) | st.text(max_size=6).filter(lambda k: k != "scenario"))] = data.draw(JSON)
    elif kind == "drop":
        rec.pop(data.draw(st.sampled_from(fields)), None)
    elif kind == "option":
        rec["options"][data.draw(st.sampled_from(sorted(rec["options"])) | st.text(max_size=6))] = data.draw(JSON | HOSTILE)
    elif kind == "cards-same":  # the shipped set carried as a table: replays like the original
        rec["options"]["cards"] = deep_copy(shipped_table(name))
    elif kind == "cards-table":
        rec["options"]["cards"] = _mutated_table(data, name)
    elif kind == "cards-path":
        rec["options"]["cards"] = data.draw(st.sampled_from(["/dev/zero", "/etc/passwd", "x.toml", ".", "~"]))
    elif kind == "seed":
        rec["seed"] = data.draw(st.integers() | st.integers(-(2**80), 2**80) | st.floats() | st.just(2**64))
    elif kind == "actions":
        acts = rec["actions"]
        op = data.draw(st.sampled_from(["replace", "delete", "duplicate", "swap", "append", "insert"]))
        i = data.draw(st.integers(0, max(0, len(acts) - 1)))
        if op == "replace" and acts:
            acts[i] = data.draw(st.text(max_size=30) | JSON | HOSTILE)
        elif op == "delete" and acts:
            del acts[i]
        elif op == "duplicate" and acts:
            acts.insert(i, acts[i])
        elif op == "swap" and len(acts) > 1:
            acts[i], acts[-1] = acts[-1], acts[i]
        elif op == "append":
            other = json.loads(data.draw(st.sampled_from(valid_records(name))))["actions"]
            acts.extend(other[-3:])
        else:
            acts.insert(i, data.draw(JSON))
    elif kind == "nest":
        field = data.draw(st.sampled_from(fields))
        rec[field] = _nest(rec.get(field), data.draw(st.integers(1, 60)))
    if kind == "text":
        raw = json.dumps(rec, ensure_ascii=False).encode("utf-8")
        op = data.draw(st.sampled_from(["cut", "insert", "flip", "truncate"]))
        i = data.draw(st.integers(0, len(raw)))
        if op == "cut":
            raw = raw[:i] + raw[i + data.draw(st.integers(1, 20)):]
        elif op == "insert":
            raw = raw[:i] + data.draw(st.binary(min_size=1, max_size=8)) + raw[i:]
        elif op == "flip":
            raw = raw[:i] + bytes([data.draw(st.integers(0, 255))]) + raw[i + 1:]
        else:
            raw = raw[:i]
        return kind, raw
    return kind, (rec if data.draw(st.booleans()) else json.dumps(rec))


def fuzz_mutated_records(name, data):
    kind, record = _mutate(data, name)
    state = _load(record)
    event(f"{kind}: {'refused' if state is None else 'replayed'}")
    if kind == "cards-path":
        assert state is None  # a path in a record is always refused
    if kind == "cards-same" and isinstance(record, dict):
        assert state is not None and state.to_record() != gamelib.load_record(dict(record, options={
            k: v for k, v in record["options"].items() if k != "cards"})).to_record()  # the table travels


test_mutated_records_quick, test_mutated_records_thorough = fuzz_tests(
    fuzz_mutated_records, per_game=True, data=st.data())

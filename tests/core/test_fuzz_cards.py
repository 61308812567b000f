"""Fuzzing card files (issue 14): mutated copies of every game's shipped file, as bytes on disk
and as tables. A card set is refused with ``CardDataError`` (``OptionError`` for a value that is
no card set at all) or accepted, and then it plays: random games run without an error and their
records, which carry the card set, replay exactly. Quick profile here; thousands behind ``slow``."""
from __future__ import annotations

import os
import tempfile

from hypothesis import event
from hypothesis import strategies as st

import gamelib
from gamelib.core import CardDataError, OptionError
from tests.core.fuzzkit import (HOSTILE_TEXT, JSON, bounded, deep_copy, fuzz_tests, play_a_little, shipped_table,
                                shipped_text)

#: values a teacher might type into a TOML file instead of the right one
TOML_VALUES = ["0", "-1", "1", "3", "99", "9223372036854775808", "1" + "0" * 30, "1.5", "nan", "inf", "true", "false",
               '""', '"x"', '"Zombie"', '"rulebook"', "[]", "[1, 2]", '["stress"]', "{}", "{ a = 1 }", "1979-05-27",
               "[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]", '"\\u00e9"', "'''multi\nline'''"]
# digits that pass str.isdigit() but are no number of a card file, and long text (issue 23)
TOML_VALUES += ['"damage ²"', '"keep ²"', '"heal ³"', '"redraw ¹"', '"damage ٣"', '"' + "x" * 5_000 + '"']


def _mutate_text(data, text: str) -> bytes:
    lines = text.split("\n")
    op = data.draw(st.sampled_from(["value", "delete-line", "duplicate-line", "swap-lines", "insert-line",
                                    "cut", "insert-bytes", "truncate"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if op == "value":
        candidates = [n for n, line in enumerate(lines) if " = " in line]
        i = data.draw(st.sampled_from(candidates))
        key = lines[i].split(" = ", 1)[0]
        lines[i] = f"{key} = {data.draw(st.sampled_from(TOML_VALUES))}"
    elif op == "delete-line":
        del lines[i]
    elif op == "duplicate-line":
        lines.insert(i, lines[i])
    elif op == "swap-lines":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "insert-line":
        lines.insert(i, data.draw(st.sampled_from(["[[event]]", "[radio]", "[[card]]", "x = 1", "a.b.c = 2", "[", "]",
                                                   "key = " + "[" * 40, "#", '"', "'''"])))
    raw = "\n".join(lines).encode("utf-8")
    j = data.draw(st.integers(0, len(raw)))
    if op == "cut":
        raw = raw[:j] + raw[j + data.draw(st.integers(1, 40)):]
    elif op == "insert-bytes":
        raw = raw[:j] + data.draw(st.binary(min_size=1, max_size=6)) + raw[j:]
    elif op == "truncate":
        raw = raw[:j]
    event(op)
    return raw


def _mutate_table(data, table: dict) -> dict:
    """Structural edits: delete, duplicate or retype an entry or a field, anywhere in the file."""
    table = deep_copy(table)
    node = table
    while True:  # walk down to a random container
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        children = [(k, v) for k, v in children if isinstance(v, (dict, list)) and v]
        if not children or data.draw(st.integers(0, 2)) == 0:
            break
        node = data.draw(st.sampled_from(children))[1]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return table
    key = data.draw(st.sampled_from(keys))
    op = data.draw(st.sampled_from(["delete", "duplicate", "retype", "retext", "renumber", "grow"]))
    event(f"table {op}")
    if op == "delete":
        del node[key]
    elif op == "duplicate" and isinstance(node, list):
        node.insert(key, deep_copy(node[key]))
    elif op == "grow" and isinstance(node, list):  # past the card limits (issue 23): many copies of an entry
        node[key:key] = [deep_copy(node[key]) for _ in range(data.draw(st.sampled_from([2, 40, 600])))]
    elif op == "retext" and isinstance(node[key], str):
        node[key] = data.draw(st.text(max_size=12) | st.sampled_from(HOSTILE_TEXT))
    elif op == "renumber" and isinstance(node[key], int):
        node[key] = data.draw(st.integers(-3, 100))
    else:
        node[key] = data.draw(JSON)
    return table


def _plays(game, seed: int) -> None:
    state = game.new_state(seed=seed)
    play_a_little(state, seed)
    again = gamelib.load_record(state.to_record())  # the record carries the card set
    assert again == state and again.log == state.log


def fuzz_card_files(name, data):
    raw = _mutate_text(data, shipped_text(name))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "teacher.toml")
        with open(path, "wb") as fh:
            fh.write(raw)
        try:
            game = gamelib.load(name, cards=path)
        except CardDataError as exc:
            assert exc.file == path and "teacher.toml" in str(exc)
            bounded(exc)
            event("refused")
            return
    event("accepted")
    _plays(game, data.draw(st.integers(0, 2**64 - 1)))


test_card_files_quick, test_card_files_thorough = fuzz_tests(fuzz_card_files, per_game=True, quick=15, data=st.data())


def fuzz_card_tables(name, data):
    table = _mutate_table(data, shipped_table(name))
    before = deep_copy(table)
    try:
        game = gamelib.load(name, cards=table)
    except (CardDataError, OptionError) as exc:
        bounded(exc)
        event("refused")
        assert table == before  # the caller's dict is never changed
        return
    event("accepted")
    assert table == before
    _plays(game, data.draw(st.integers(0, 2**64 - 1)))


test_card_tables_quick, test_card_tables_thorough = fuzz_tests(fuzz_card_tables, per_game=True, quick=15, data=st.data())

"""Card files from teachers (issue 14): deep nesting, non-UTF-8, huge files, devices and pipes
give a ``CardDataError`` naming the file; the cache keys on content, not on the file's time;
the ``cards`` option also takes a table, which is what records carry."""
from __future__ import annotations

import os
import pickle
import sys

import pytest

import gamelib
from gamelib.core import CardDataError, OptionError
from gamelib.core.cards import (MAX_CARD_DEPTH, MAX_CARD_FILE_BYTES, CardTable, card_table, data_path,
                                parse_card_bytes, parse_card_text, read_card_file, tomllib)

FILES = {"walking-deck": "walking_deck.toml", "walk-the-plank": "walk_the_plank.toml", "deadland": "deadland.toml"}


def shipped(name: str) -> str:
    return data_path(FILES[name]).read_text(encoding="utf-8")


def nested(value, depth):
    for _ in range(depth):
        value = [value]
    return value


def write(tmp_path, content, name="teacher.toml"):
    path = tmp_path / name
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    return str(path)


# ---- the examples of the issue ----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "a = " + "[" * 20_000 + "]" * 20_000,
    "a = " + "{ b = " * 20_000 + "1" + " }" * 20_000,
    "a" + ".a" * 200_000 + " = 1",          # the parser's cost grows with the square of this key
    "[" + "t." * 200_000 + "t]\n",
    "a = " + "[" * (MAX_CARD_DEPTH + 1) + "]" * (MAX_CARD_DEPTH + 1),
])
def test_deep_nesting_is_a_card_data_error_not_a_recursion_error(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(CardDataError, match=f"teacher.toml: .*{MAX_CARD_DEPTH}") as err:
        gamelib.load("walk-the-plank", cards=path)
    assert err.value.file == path


def test_nesting_limit_is_exact():
    ok = "a = " + "[" * (MAX_CARD_DEPTH - 1) + "1" + "]" * (MAX_CARD_DEPTH - 1)  # the file is level 1
    assert isinstance(parse_card_text(ok, "ok.toml"), CardTable)
    deeper = "a = " + "[" * MAX_CARD_DEPTH + "1" + "]" * MAX_CARD_DEPTH
    with pytest.raises(CardDataError, match="nested more than"):
        parse_card_text(deeper, "deep.toml")
    key = ".".join(["k"] * (MAX_CARD_DEPTH + 1)) + " = 1"  # dotted keys nest tables too
    with pytest.raises(CardDataError, match="dotted key"):
        parse_card_text(key, "key.toml")
    assert parse_card_text(".".join(["k"] * MAX_CARD_DEPTH) + " = 1", "key.toml")
    with pytest.raises(CardDataError, match="nested more than"):  # a header and a key add up
        parse_card_text("[" + ".".join(["t"] * 8) + "]\n" + ".".join(["k"] * 9) + " = 1", "key.toml")


@pytest.mark.parametrize("name", list(FILES))
def test_non_utf8_card_file_is_a_card_data_error(tmp_path, name):
    raw = shipped(name).encode("utf-8")
    i = raw.index(b"\n", len(raw) // 2)
    path = write(tmp_path, raw[:i] + b"\n# caf\xe9 (Latin-1)" + raw[i:])
    with pytest.raises(CardDataError, match=r"teacher.toml: is not UTF-8 text: byte \d+ \(line \d+\)") as err:
        gamelib.load(name, cards=path)
    assert "save the file as UTF-8" in str(err.value)


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbf" + shipped("walk-the-plank").encode("utf-8"))
    assert gamelib.load("walk-the-plank", cards=path).cards


def test_size_limit(tmp_path):
    path = write(tmp_path, shipped("walk-the-plank") + "#" * MAX_CARD_FILE_BYTES)
    with pytest.raises(CardDataError, match=f"at most {MAX_CARD_FILE_BYTES}"):
        gamelib.load("walk-the-plank", cards=path)
    with pytest.raises(CardDataError, match=f"at most {MAX_CARD_FILE_BYTES}"):
        parse_card_bytes(b" " * (MAX_CARD_FILE_BYTES + 1), "big.toml")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_devices_and_directories_are_not_read(tmp_path):
    for path in ("/dev/zero", str(tmp_path)):
        with pytest.raises(CardDataError, match="is not a regular file"):
            gamelib.load("walking-deck", cards=path)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="needs named pipes and SIGALRM")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    import signal

    def hung(*_):
        raise AssertionError("opening a named pipe waited for a writer")

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)  # if the file is opened blocking, fail instead of hanging the suite
    try:
        with pytest.raises(CardDataError, match="is not a regular file"):
            gamelib.load("deadland", cards=str(fifo))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_edit_that_keeps_the_modification_time_is_seen(tmp_path):
    """The cache keys on the file's content (SHA-256 of its bytes), not on its name and time."""
    text = shipped("deadland")
    path = write(tmp_path, text)
    stamp = os.stat(path)
    first = gamelib.load("deadland", players=2, cards=path)
    assert first.data.boards[4].bloodstain == 4
    write(tmp_path, text.replace("bloodstain = 4", "bloodstain = 6"))
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert os.stat(path).st_mtime_ns == stamp.st_mtime_ns
    second = gamelib.load("deadland", players=2, cards=path)
    assert second.data.boards[4].bloodstain == 6
    # unchanged content is parsed and checked once: every Game on it shares the card data
    assert gamelib.load("deadland", players=3, cards=path).data is second.data


def test_an_invalid_file_names_itself_even_if_another_file_had_the_same_content(tmp_path):
    bad = shipped("walk-the-plank").replace('effect = "drag"', 'effect = "teleport"')
    a, b = write(tmp_path, bad, "a.toml"), write(tmp_path, bad, "b.toml")
    for path in (a, b):
        with pytest.raises(CardDataError) as err:
            gamelib.load("walk-the-plank", cards=path)
        assert err.value.file == path


@pytest.mark.parametrize("text, where, words", [
    ("a = 1979-05-27", "a", "dates and times are not card data"),
    ("a = nan", "a", "not a number a card can show"),
    ("a = inf", "a", "not a number a card can show"),
    ("a = 1" + "0" * 5000, None, "64 bits"),
    ("[[event]]\nx = [1, 2, 1979-05-27T07:32:00]", "event[0].x[2]", "dates and times"),
])
def test_values_a_card_file_cannot_hold(text, where, words):
    with pytest.raises(CardDataError, match=words) as err:
        parse_card_text(text, "odd.toml")
    assert err.value.field == where


# ---- card tables --------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(FILES))
def test_the_cards_option_takes_a_table(name):
    table = tomllib.loads(shipped(name))
    game = gamelib.load(name, cards=table)
    assert game.options["cards"] == table and isinstance(game.options["cards"], CardTable)
    state, plain = game.new_state(seed=4), gamelib.load(name).new_state(seed=4)
    assert state.legal_labels() == plain.legal_labels() and state._key() == plain._key()  # same cards, same game


def test_a_table_is_copied_and_checked(tmp_path):
    table = tomllib.loads(shipped("walk-the-plank"))
    game = gamelib.load("walk-the-plank", cards=table)
    table["card"][0]["name"] = "Changed afterwards"
    assert game.options["cards"]["card"][0]["name"] != "Changed afterwards"
    with pytest.raises(CardDataError, match="option 'cards', card 'A', field 'effect': is missing"):
        gamelib.load("walk-the-plank", cards={"card": [{"name": "A"}] * 3})
    with pytest.raises(CardDataError, match="keys must be strings"):
        card_table({1: "x"}, "t")
    with pytest.raises(CardDataError, match="not card data"):
        card_table({"x": None}, "t")
    with pytest.raises(CardDataError, match="nested more than"):
        card_table({"x": nested([1], MAX_CARD_DEPTH)}, "t")


def test_card_tables_travel_to_worker_processes():
    game = gamelib.load("deadland", cards=tomllib.loads(shipped("deadland")))
    table = game.options["cards"]
    back = pickle.loads(pickle.dumps(table))
    assert back == table and back.digest == table.digest and back.source == table.source
    assert "sha256" in repr(game) and len(repr(game)) < 200  # a game's repr stays short


@pytest.mark.parametrize("value", [42, 3.5, True, [1], "", b"", object()])
def test_values_that_are_no_card_set_at_all(value):
    with pytest.raises(OptionError, match="path of a card file"):
        gamelib.load("walking-deck", cards=value)


def test_read_card_file_parses_each_content_once(tmp_path):
    path = write(tmp_path, shipped("walk-the-plank"))
    assert read_card_file(path) is read_card_file(path)
    with pytest.raises(CardDataError, match="cannot read the file"):
        read_card_file(str(tmp_path / "missing.toml"))
    with pytest.raises(CardDataError, match="cannot read the file"):
        read_card_file("bad\0name.toml")


def test_the_structure_check_does_not_flag_dots_in_strings_comments_or_numbers():
    text = ('x = 1.5\ny = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s"\n'
            "z = '''\n" + ".".join("abcdefghijklmnopqrstuvwxyz") + "\n'''\n"
            "# " + ".".join("abcdefghijklmnopqrstuvwxyz") + "\n")
    assert parse_card_text(text, "ok.toml")["x"] == 1.5
    assert sys.getrecursionlimit() > MAX_CARD_DEPTH

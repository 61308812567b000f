"""Records from anyone (issue 14): every example of the issue gives a ``RecordError`` naming the
field and what would be valid; records carry their card set and never open a file."""
from __future__ import annotations

import builtins
import json
import re
import os

import pytest

import gamelib
from gamelib.core import RecordError
from gamelib.core.cards import data_path
from gamelib.core.records import MAX_RECORD_ACTIONS, MAX_RECORD_DEPTH, MAX_RECORD_SIZE
from gamelib.core.rng import SEED_MAX

GAMES = ("walking-deck", "walk-the-plank", "deadland")


def record(name="walking-deck", seed=3, steps=5, **options):
    state = gamelib.load(name, **options).new_state(seed=seed)
    agent = gamelib.RandomAgent(1)
    for _ in range(steps):
        state.apply(agent.choose(state))
    return state, json.loads(state.to_record())


def refused(rec, *fragments):
    with pytest.raises(RecordError) as err:
        gamelib.load_record(rec)
    for f in fragments:
        assert f in str(err.value), str(err.value)
    return err.value


# ---- the examples of the issue ----------------------------------------------------------

def test_deeply_nested_json_is_a_record_error_not_a_recursion_error():
    refused("[" * 100_000 + "]" * 100_000, "nested more than 32 levels")
    refused('{"a":' * 50_000 + "1" + "}" * 50_000, "nested more than 32 levels")
    _, rec = record()
    rec["actions"] = [[[["x"]]]]
    for _ in range(40):
        rec["actions"] = [rec["actions"]]
    refused(rec, "nested more than 32 levels")  # a dict record is measured too, without recursion


def test_non_utf8_bytes_are_a_record_error_not_a_unicode_decode_error():
    _, rec = record()
    raw = json.dumps(rec, ensure_ascii=False).encode("utf-8").replace(b'"game"', b'"g\xffme"')
    refused(raw, "not UTF-8 text", "byte")
    refused(b"\xff\xfe{\x00}\x00", "not UTF-8")  # UTF-16 is refused as well
    assert gamelib.load_record(json.dumps(rec).encode("utf-8")).ply == 5
    assert gamelib.load_record(b"\xef\xbb\xbf" + json.dumps(rec).encode("utf-8")).ply == 5  # a BOM is fine


def test_a_5000_digit_seed_is_a_record_error_naming_the_seed():
    _, rec = record()
    text = json.dumps({**rec, "seed": 7}).replace('"seed": 7', '"seed": ' + "9" * 5000)
    err = refused(text, "'seed'", "5000 digits", str(SEED_MAX))
    assert len(str(err)) < 300  # the number is described, not printed
    refused(text.replace('"seed": 9', '"seed": -9'), "'seed'")
    # a 5000-digit number anywhere else is named the same way, wherever it is
    refused(json.dumps(rec).replace('"version": 2', '"version": 2' + "0" * 5000), "'version'", "5001 digits")


@pytest.mark.parametrize("version", [True, 1.0, "1", 3, 0, None, [1]])
def test_version_is_exactly_the_integer_1(version):
    _, rec = record()
    refused({**rec, "version": version}, "'version'", "the integer 1")
    refused(json.dumps({**rec, "version": version}), "'version'", "the integer 1")


def test_a_path_in_a_record_is_refused_at_once_and_tells_nothing_about_files(tmp_path, monkeypatch):
    _, rec = record()
    # once before watching, so lazy imports on the error path (os.stat of .py files) are done
    refused({**rec, "options": {"cards": "warm-up.toml"}}, "'options.cards'", "never opens files", "table")
    opened = []
    real_open, real_os_open, real_stat = builtins.open, os.open, os.stat
    monkeypatch.setattr(builtins, "open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    monkeypatch.setattr(os, "open", lambda *a, **k: opened.append(a) or real_os_open(*a, **k))
    monkeypatch.setattr(os, "stat", lambda *a, **k: opened.append(a) or real_stat(*a, **k))
    exists = tmp_path / "real.toml"
    exists.write_text(data_path("walking_deck.toml").read_text(encoding="utf-8"), encoding="utf-8")
    messages = []
    for path in ("/dev/zero", str(exists), str(tmp_path / "missing.toml"), "/etc/passwd", "."):
        opened.clear()
        err = refused({**rec, "options": {"cards": path}}, "'options.cards'", "never opens files", "table")
        # refused before anything looked at the path (other opens, e.g. a lazy import, are not about it)
        assert [a for a in opened if a and str(a[0]) == path] == [], opened
        # the path itself is quoted (shortened when long): compare what is said around it
        messages.append(re.sub(r"names a file \(.*?\); ", "names a file (PATH); ", str(err)))
    assert len(set(messages)) == 1  # the same answer whether the file exists or not


@pytest.mark.parametrize("name", GAMES)
def test_a_game_on_a_teachers_card_file_replays_anywhere(tmp_path, name, monkeypatch):
    """The record carries the card set (a table in options.cards): it replays after the file is
    gone, without opening any file but the shipped ones."""
    file = {"walking-deck": "walking_deck.toml", "walk-the-plank": "walk_the_plank.toml",
            "deadland": "deadland.toml"}[name]
    path = tmp_path / "teacher.toml"
    path.write_text(data_path(file).read_text(encoding="utf-8") + "\n# the teacher's copy\n", encoding="utf-8")
    state, rec = record(name, seed=11, steps=8, cards=str(path))
    assert isinstance(rec["options"]["cards"], dict) and rec["options"]["cards"]
    text = state.to_record()
    path.unlink()
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: real_open(p, *a, **k) if "gamelib/data" in str(p)
                        else pytest.fail(f"load_record opened {p}"))
    again = gamelib.load_record(text)
    assert again == state and again.log == state.log and again.to_record() == text


def test_a_changed_card_table_in_a_record_changes_the_game():
    """The table is the card set played: edit it and the replay follows it (or refuses it)."""
    from gamelib.core.cards import tomllib

    table = tomllib.loads(data_path("walking_deck.toml").read_text(encoding="utf-8"))
    state, rec = record(cards=table)
    for p in rec["options"]["cards"]["protagonist"]:
        if p["name"] == "Aénor":
            p["burial_limit"] = 7
    again = gamelib.load_record(rec)
    assert again.view("you")["protagonist"]["burial_limit"] == 7 != state.view("you")["protagonist"]["burial_limit"]
    rec["options"]["cards"]["event"][0]["grey"] = ["explode"]
    refused(rec, "record field 'options.cards'", "card 'R01'", "field 'grey'", "unknown effect 'explode'")


def test_records_of_the_shipped_cards_stay_small():
    state, rec = record("deadland", players=6, steps=30)
    assert rec["options"]["cards"] is None and len(state.to_record()) < 5000


# ---- limits and fields ------------------------------------------------------------------

def test_size_limit():
    refused(" " * (MAX_RECORD_SIZE + 1), f"at most {MAX_RECORD_SIZE}")
    refused(b" " * (MAX_RECORD_SIZE + 1), f"at most {MAX_RECORD_SIZE}")


def test_depth_limit_is_exact():
    _, rec = record()
    # the record object is level 1 and the scenario-free fields are shallow: pad one field
    ok = {**rec, "options": {}}
    ok["actions"] = rec["actions"]
    inner: object = "x"
    for _ in range(MAX_RECORD_DEPTH - 1):
        inner = [inner]
    refused({**ok, "seed": inner}, "'seed'")  # 32 levels: parsed, then refused as a seed
    refused(json.dumps({**ok, "seed": inner}), "'seed'")
    refused(json.dumps({**ok, "seed": [inner]}), "nested more than 32")


def test_action_limit():
    _, rec = record()
    refused({**rec, "actions": ["Stop"] * (MAX_RECORD_ACTIONS + 1)}, "'actions'", f"at most {MAX_RECORD_ACTIONS}")


@pytest.mark.parametrize("seed", [0, 1, 2**63, SEED_MAX])
def test_every_seed_the_format_allows_replays(seed):
    state, _ = record(seed=seed)
    again = gamelib.load_record(state.to_record())
    assert again.seed == seed and again == state


@pytest.mark.parametrize("seed, words", [
    (-1, "from 0 to"), (SEED_MAX + 1, "from 0 to"), (1.5, "a number with a fraction"), (True, "a boolean"),
    ("12", "a string"), (None, "null"), (float("nan"), "NaN"),
])
def test_bad_seeds_name_the_seed(seed, words):
    _, rec = record()
    err = refused(json.dumps({**rec, "seed": seed}), words)
    assert "seed" in str(err)


@pytest.mark.parametrize("tamper, fragments", [
    (lambda r: {**r, "options": {"players": 3.0}, "game": "deadland"}, ["'options'", "players=3.0", "write 3"]),
    (lambda r: {**r, "options": {"protagonist": "Boris", "colour": 1}}, ["'options'", "'colour'", "protagonist, cards"]),
    (lambda r: {**r, "options": [1]}, ["'options'", "must be dict"]),
    (lambda r: {**r, "game": 5}, ["'game'", "must be str"]),
    (lambda r: {**r, "game": "chess"}, ["'game'", "unknown game 'chess'"]),
    (lambda r: {**r, "format": None}, ["'format'", "gamelib-record"]),
    (lambda r: {**r, "actions": "Stop"}, ["'actions'", "must be list"]),
    (lambda r: {**r, "actions": ["Draw from the Urban pile", ["x"]]}, ["'actions'", "action 2 must be a label"]),
    (lambda r: {**r, "scenario": [1]}, ["'scenario'", "must be dict"]),
    (lambda r: {**r, 7: 1}, ["unknown field 7"]),
])
def test_every_field_is_checked_before_use(tamper, fragments):
    _, rec = record()
    refused(tamper(rec), *fragments)


def test_an_action_that_does_not_replay_names_its_number():
    _, rec = record()
    rec["actions"][2] = "Fly to the moon"
    refused(rec, "'actions'", "action 3 'Fly to the moon' does not replay", "Legal actions")


def test_load_record_leaves_a_dict_record_unchanged():
    _, rec = record()
    rec["actions"].append("nonsense")
    before = json.loads(json.dumps(rec))
    refused(rec, "action 6")
    assert rec == before

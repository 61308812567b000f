"""Golden playthroughs: every stored record (tests/golden/*.json) replays today to the very final
views (the table's and every seat's) and logs it gave when it was stored. A changed label, log line,
view or use of the random generator fails them; ``python -m tests.golden.regenerate`` writes them
again when such a change is meant (README.md). Also the record format's versions: a version-1
record (saved before records named their label revision) still loads, migrated; a newer version is
refused by name."""
from __future__ import annotations

import json

import pytest

import gamelib
from gamelib import RecordError
from gamelib.core.records import RECORD_VERSION, migrate

from .cases import CASES, V1_RECORD, as_stored, expected, path


def stored(name: str) -> dict:
    return json.loads(path(name).read_text(encoding="utf-8"))


def test_every_case_has_its_golden_and_no_golden_is_left_over():
    files = {p.stem for p in path("x").parent.glob("*.json")}
    assert files == set(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_the_golden_replays_to_the_same_final_views_and_logs(name):
    gold = stored(name)
    state = gamelib.load_record(json.dumps(gold["record"]))
    assert state.is_over
    got = as_stored(expected(state))
    want = gold["expected"]
    assert got["log"] == want["log"], f"{name}: the log differs"
    assert got["table"] == want["table"], f"{name}: the table view differs"
    for seat, mine in want["seats"].items():
        assert got["seats"][seat] == mine, f"{name}: {seat}'s view or log differs"
    assert got == want
    assert json.loads(state.to_record()) == gold["record"]  # and it saves as it was saved


def test_a_version_1_record_loads_migrated_to_the_same_game():
    old = json.loads(V1_RECORD.read_text(encoding="utf-8"))
    assert old["version"] == 1 and "labels" not in old
    state = gamelib.load_record(V1_RECORD.read_text(encoding="utf-8"))
    gold = stored("walk-the-plank-4")
    assert as_stored(expected(state)) == gold["expected"]
    assert json.loads(state.to_record())["version"] == RECORD_VERSION == 2
    assert migrate(old) == {**old, "version": 2, "labels": 1}
    unversioned = {k: v for k, v in old.items() if k != "version"}  # no version at all: read as 1
    assert gamelib.load_record(unversioned).view(None) == state.view(None)


@pytest.mark.parametrize("version", [3, 99])
def test_a_newer_record_version_is_refused_naming_it(version):
    rec = {**stored("walking-deck-boris")["record"], "version": version}
    with pytest.raises(RecordError, match=rf"'version' is {version}, a newer record format"):
        gamelib.load_record(json.dumps(rec))


def test_a_newer_label_revision_is_refused_and_an_older_one_needs_a_migration(monkeypatch):
    from gamelib.rules.walking_deck.game import WalkingDeck as WalkingDeckGame

    rec = stored("walking-deck-boris")["record"]
    with pytest.raises(RecordError, match="'labels' is revision 2 of walking-deck's labels, newer"):
        gamelib.load_record({**rec, "labels": 2})
    # a game whose labels moved on: revision 2 names the draw "Take"; old saves are translated
    monkeypatch.setattr(WalkingDeckGame, "label_revision", 2, raising=False)
    with pytest.raises(RecordError, match="revision 1 of walking-deck's labels.*no way to read"):
        gamelib.load_record(rec)
    calls = []

    def migrate_labels(labels, revision):
        calls.append(revision)
        return list(labels)

    monkeypatch.setattr(WalkingDeckGame, "migrate_labels", staticmethod(migrate_labels), raising=False)
    assert gamelib.load_record(rec).ply == len(rec["actions"]) and calls == [1]

"""Copy and load a save record in the widget: a student picks a game up later. Records come
from people, so a wrong one is refused in words and changes nothing."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

import gamelib
from gamelib.widgets import Stepper


def played(seed=2, n=9):
    s = Stepper("walking-deck", seed=seed)
    for _ in range(n):
        s.click(s.visible_labels()[-1])
    return s


def test_the_save_panel_shows_the_record_with_copy_and_download():
    s = played()
    assert s.save_box.layout.display == "none"
    s.save_toggle.click()
    assert s.save_box.layout.display != "none"
    assert gamelib.load_record(s.record_widget.value) == s.state
    links = s.record_links.value
    assert "Copy save record" in links and "gl-copybtn" in links and 'download="walking-deck-seed-2-decision-9.json"' in links
    s.click(s.visible_labels()[0])
    assert json.loads(s.record_widget.value)["actions"][-1] == s.state.history[-1].label  # kept up to date


def test_loading_a_record_continues_that_game():
    saved = played(seed=5).state
    s = Stepper("walking-deck", seed=1)
    s.load_record(saved.to_record())
    assert s.state == saved and s.state.ply == saved.ply and s.last_error is None
    assert s.seed_widget.value == "5"


def test_loading_over_an_unfinished_game_asks_first():
    saved = played(seed=5).state
    s = played(seed=1, n=3)
    s.paste_widget.value = saved.to_record()
    s.load_button.click()
    assert s.confirm_box.layout.display != "none" and s.state.seed == 1
    s.confirm_yes.click()
    assert s.state == saved


@pytest.mark.parametrize("record, words", [
    ("", "paste a save record"),
    ("not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"format": "gamelib-record", "version": 1, "game": "walking-deck", "options": {}, "seed": 1, '
     '"actions": ["Fly to the moon"]}', "does not replay"),
    ('{"format": "gamelib-record", "version": 1, "game": "walk-the-plank", "options": {}, "seed": 1, "actions": []}',
     "not The Walking Deck"),
    ('{"format": "gamelib-record", "version": 1, "game": "walking-deck", "options": {"cards": "/etc/passwd"}, '
     '"seed": 1, "actions": []}', "does not offer"),
    ('{"format": "gamelib-record", "version": 1, "game": "walking-deck", "options": {"protagonist": "Nobody"}, '
     '"seed": 1, "actions": []}', "protagonist"),
    ("x" * 2_000_001, "too long"),
])
def test_a_wrong_record_is_refused_in_words_and_changes_nothing(record, words):
    s = played(seed=3, n=4)
    before = s.state.clone()
    s.load_record(record)
    assert s.last_error is not None and words in s.last_error
    assert not s.last_error.startswith("Unexpected error")  # only GamelibError: a sentence, no traceback
    assert s.state == before
    assert words in unescape(re.sub(r"<[^>]+>", " ", s.error_widget.value))


def test_export_link_appears_on_demand_and_goes_stale():
    s = played()
    s.save_toggle.click()
    assert s.export_link.value == ""
    s.export_button.click()
    assert 'download="walking-deck-seed-2-replay.html"' in s.export_link.value
    assert "data:text/html;base64," in s.export_link.value
    s.click(s.visible_labels()[0])
    assert s.export_link.value == ""  # the game moved on: export again

"""Rulebook section "Components" / "Event Cards" / "Virus Cards" / "Role Cards": the shipped card
data, and errors in a teacher's copy that name file, card and field."""
from __future__ import annotations

from collections import Counter

import pytest

from gamelib import CardDataError, OptionError
from gamelib.core.cards import data_path
from gamelib.rules.deadland.cards import load_cards

from .helpers import game, start

TEXT = data_path("deadland.toml").read_text(encoding="utf-8")


def test_shipped_counts_match_the_components_list():
    """Components: 116 Event cards (20/20/20/20/36), 70 Virus cards (4 Illness, 2 Radio Contact), 8 Roles."""
    data = load_cards()
    assert len(data.events) == 116
    assert {d: len(ids) for d, ids in data.decks.items()} == {"base": 20, "store": 20, "hospital": 20, "police": 20, "roads": 36}
    kinds = Counter(v.label for v in data.virus.values())
    assert len(data.virus) == 70 and kinds["Illness"] == 4 and kinds["Radio Contact"] == 2
    assert all(kinds[str(lv)] == 8 for lv in range(1, 9))
    sources = Counter(r.source for r in data.roles.values())
    assert sources == {"rulebook": 5, "stand-in": 3}
    assert {c.attack for c in data.events.values() if c.kind == "zombie"} == {2, 3, 4, 5}
    assert all(c.weapon == "hatchet" for c in data.events.values() if c.attack == 2)
    assert all(c.weapon == "chainsaw" for c in data.events.values() if c.attack in (3, 4))
    assert all(c.source in ("rulebook", "stand-in") for c in data.events.values())


def _bad(tmp_path, old: str, new: str, count: int = 1):
    assert old in TEXT, old
    path = tmp_path / "teacher.toml"
    path.write_text(TEXT.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,card,field", [
    ('{ id = "base-01", name = "Rations", kind = "tokens"', '{ id = "base-01", name = "Rations", kind = "token"', "base-01", "kind"),
    ('{ id = "base-16", name = "One Zombie", kind = "zombie", attack = 2', '{ id = "base-16", name = "One Zombie", kind = "zombie", attack = 3',
     "base-16", "name"),
    ('{ id = "store-19", name = "Horde of Zombies", kind = "zombie", attack = 5,', '{ id = "store-19", name = "Horde of Zombies", kind = "zombie", attack = 5, weapon = "hatchet",',
     "store-19", "weapon"),
    ('{ id = "police-01", name = "Pistol", kind = "object", object = "pistol"', '{ id = "police-01", name = "Pistol", kind = "object", object = "laser"',
     "police-01", "object"),
    ('{ id = "road-01", name = "Rations", kind = "tokens", rations = 1, source = "rulebook" },\n', "", "roads", "cards"),
    ('{ kind = "radio", copies = 2, source = "rulebook" }', '{ kind = "radio", copies = 3, source = "rulebook" }', "virus", "cards"),
    ('id = "hermit"', 'id = "ninja"', "ninja", "id"),
    ('{ id = "base-02", name = "Rations", kind = "tokens", rations = 1, source = "rulebook" }',
     '{ id = "base-02", name = "Rations", kind = "tokens", rations = 1, source = "invented" }', "base-02", "source"),
    ('bloodstain = 4', 'bloodstain = 0', "hospital", "bloodstain"),
    ('connects = ["road1", "road2"]\nsource = "stand-in"\n\n[[board]]\nkey = "road1"',
     'connects = ["road1"]\nsource = "stand-in"\n\n[[board]]\nkey = "road1"', "road2", "connects"),
    ('{ id = "base-03", name = "Rations", kind = "tokens", rations = 1, source = "rulebook" }',
     '{ id = "base-03", name = "Rations", kind = "tokens", rations = 1, colour = "red", source = "rulebook" }', "base-03", "colour"),
])
def test_card_data_errors_name_file_card_and_field(tmp_path, old, new, card, field):
    path = _bad(tmp_path, old, new)
    with pytest.raises(CardDataError) as err:
        load_cards(path)
    assert err.value.file == str(path) and err.value.card == card and err.value.field == field
    assert "teacher.toml" in str(err.value)


def test_card_data_unreadable_and_invalid_files(tmp_path):
    with pytest.raises(CardDataError, match="cannot read"):
        load_cards(tmp_path / "missing.toml")
    bad = tmp_path / "broken.toml"
    bad.write_text("[radio\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_cards(bad)


def test_a_teachers_copy_is_used_through_the_cards_option(tmp_path):
    """Town Boards: a teacher may change a bloodstain number; the option loads the copy."""
    path = _bad(tmp_path, "bloodstain = 4", "bloodstain = 6")
    g = game(2, cards=str(path))
    assert g.data.boards[4].bloodstain == 6
    s = g.from_scenario({"virus": {"deck": ["8"] * 8}, "boards": {"Hospital": {"turned": True}},
                         "players": {"red": {"board": "Hospital"}}})
    s.apply("Stay on the Hospital")
    assert "red undergoes an Infection Trial of 6 cards" in [e.text for e in s.log]
    with pytest.raises(CardDataError):
        game(2, cards=str(tmp_path / "nope.toml"))
    with pytest.raises(OptionError):
        game(2, cards=42)
    with pytest.raises(OptionError):
        game(7)
    assert start(2).game.data is game(3).data  # shipped data is read once and shared

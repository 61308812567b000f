"""The card data file (section Cards, and the Skull rule of How to Play / Ghost Pirate 4):
the shipped set, teachers' copies, and errors naming file, card and field."""
from __future__ import annotations

import pytest

from gamelib.core import CardDataError
from gamelib.core.cards import data_path
from gamelib.rules.walk_the_plank.cards import EFFECTS, load_cards

from .helpers import game

SHIPPED = data_path("walk_the_plank.toml")


def test_cards_section_shipped_set_has_the_ten_rulebook_cards():
    """Cards: each colour has ten cards, one per card the rulebook describes (Shove Left and
    Right, Shove Anyone, Extend/Retract, Drag/Pull, Run Around, I Don't Wan'a Die!, Charge!)."""
    cards = load_cards()
    assert len(cards) == 10
    assert sorted(c.effect for c in cards) == sorted(EFFECTS)
    by_name = {c.name: c for c in cards}
    assert by_name["Charge!"].slots == (2, 3)
    assert all(c.slots == (1, 2, 3) for c in cards if c.name != "Charge!")


def test_skull_flags_rulebook_and_stand_in():
    """Ghost Pirate 4 names Shove Anyone's Skull (rulebook); any other Skull is our stand-in."""
    cards = load_cards()
    anyone = next(c for c in cards if c.effect == "shove_anyone")
    assert anyone.skull and anyone.source == "rulebook"
    others = [c for c in cards if c.skull and c is not anyone]
    assert others and all(c.source == "stand-in" for c in others)
    assert all(c.source == "rulebook" for c in cards if not c.skull)


def test_teachers_copy_is_used(tmp_path):
    """Option ``cards``: a teacher's copy replaces the shipped set (here: a renamed card)."""
    copy = tmp_path / "mine.toml"
    copy.write_text(SHIPPED.read_text().replace('name = "Run Around"', 'name = "Scamper"'))
    state = game(3, cards=str(copy)).new_state(seed=1)
    assert "Program Scamper as card 1" in state.legal_labels()
    assert "red:Scamper" in [x for zone in state.zones().values() for x in zone]


def entry(**fields):
    base = {"name": '"Odd"', "effect": '"run_around"', "skull": "false", "slots": "[1, 2, 3]", "source": '"rulebook"'}
    base.update(fields)
    return "[[card]]\n" + "".join(f"{k} = {v}\n" for k, v in base.items() if v is not None)


@pytest.mark.parametrize("mutate, card, field, message", [
    (lambda t: t.replace('effect = "drag"', 'effect = "teleport"'), "Drag to Sea", "effect", "'teleport' is not one of"),
    (lambda t: t.replace('skull = false\nslots = [1, 2, 3]\nsource = "rulebook"\n\n[[card]]\nname = "Shove Anyone"',
                         'skull = "no"\nslots = [1, 2, 3]\nsource = "rulebook"\n\n[[card]]\nname = "Shove Anyone"'),
     "Shove Right", "skull", "must be bool"),
    (lambda t: t.replace("slots = [2, 3]", "slots = [2, 4]"), "Charge!", "slots", "card positions are 1, 2 or 3, got 4"),
    (lambda t: t.replace("slots = [2, 3]", "slots = []"), "Charge!", "slots", "at least one card position"),
    (lambda t: t.replace('name = "Pull to Ship"', 'name = "Run Around"'), "Run Around", "name", "two cards have this name"),
    (lambda t: t.replace('source = "stand-in"', 'source = "guess"', 1), "Retract the Plank", "source", "'guess' is not one of"),
    (lambda t: t.replace('effect = "pull"\n', 'effect = "pull"\ncolour = "red"\n'), "Pull to Ship", "colour", "not a known field"),
    (lambda t: t.replace('effect = "extend"\n', ""), "Extend the Plank", "effect", "is missing"),
])
def test_card_data_errors_name_file_card_and_field(tmp_path, mutate, card, field, message):
    """Card data errors say which file, card and field is wrong, and what would be valid."""
    bad = tmp_path / "bad.toml"
    text = mutate(SHIPPED.read_text())
    assert text != SHIPPED.read_text()
    bad.write_text(text)
    with pytest.raises(CardDataError) as err:
        load_cards(bad)
    assert (err.value.file, err.value.card, err.value.field) == (str(bad), card, field)
    assert message in str(err.value) and str(err.value).startswith(f"{bad}, card {card!r}, field {field!r}")


def test_card_data_whole_file_errors(tmp_path):
    """File-level mistakes: too few cards, unknown table, and a set that could leave a player
    unable to fill positions 1-3 once Skull cards are set aside."""
    few = tmp_path / "few.toml"
    few.write_text(entry(name='"A"') + entry(name='"B"'))
    with pytest.raises(CardDataError, match="at least 3 cards"):
        load_cards(few)
    extra = tmp_path / "extra.toml"
    extra.write_text("[deck]\nsize = 3\n" + entry())
    with pytest.raises(CardDataError, match="field 'deck': is not a known field"):
        load_cards(extra)
    stuck = tmp_path / "stuck.toml"
    stuck.write_text("".join(entry(name=f'"C{i}"', skull="true", slots="[1]" if i else "[1, 2, 3]") for i in range(5)))
    with pytest.raises(CardDataError) as err:
        load_cards(stuck)
    assert err.value.field == "slots" and "cannot fill positions 1, 2 and 3" in str(err.value)
    with pytest.raises(CardDataError, match="cannot read the file"):
        game(3, cards=str(tmp_path / "missing.toml"))

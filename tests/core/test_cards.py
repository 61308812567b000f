"""Card data helpers: every mistake names the file, the card and the field."""
from __future__ import annotations

import pytest

from gamelib.core import CardDataError
from gamelib.core.cards import Checker, read_card_file


def test_unreadable_and_invalid_files(tmp_path):
    with pytest.raises(CardDataError, match="nope.toml: cannot read"):
        read_card_file(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[card\nname = 1")
    with pytest.raises(CardDataError, match="bad.toml: not valid TOML"):
        read_card_file(bad)


@pytest.mark.parametrize(
    "data, call, message",
    [
        ({}, lambda c: c.req("name", str), "field 'name': is missing"),
        ({"name": 3}, lambda c: c.req("name", str), "field 'name': must be str, got 3"),
        ({"n": True}, lambda c: c.req("n", int), "field 'n': must be int, got True"),
        ({"kind": "Robot"}, lambda c: c.choice("kind", ["Zombie", "Character"]), "'Robot' is not one of: Zombie, Character"),
        ({"x": 9}, lambda c: c.int_range("x", 1, 5), "must be between 1 and 5, got 9"),
        ({"w": ["stress", 4]}, lambda c: c.str_list("w"), "list of strings, got item 4"),
        ({"w": ["fear"]}, lambda c: c.str_list("w", ["stress"]), "'fear' is not one of: stress"),
        ({"source": "guess"}, lambda c: c.source(), "'guess' is not one of: rulebook, stand-in"),
        ({"colour": "red"}, lambda c: c.no_unknown(["name"]), "field 'colour': is not a known field"),
    ],
)
def test_checker_errors_name_file_card_and_field(data, call, message):
    with pytest.raises(CardDataError) as err:
        call(Checker("cards.toml", "CAVE", data))
    assert str(err.value).startswith("cards.toml, card 'CAVE'")
    assert message in str(err.value)
    assert err.value.card == "CAVE"


def test_checker_defaults_and_good_values():
    c = Checker("cards.toml", "CAVE", {"name": "CAVE", "x": 2, "source": "rulebook"})
    assert c.req("name", str) == "CAVE" and c.int_range("x", 1, 5) == 2 and c.source() == "rulebook"
    assert c.req("missing", int, default=0) == 0
    with pytest.raises(CardDataError, match="must be a table"):
        Checker("cards.toml", "CAVE", ["not", "a", "table"])

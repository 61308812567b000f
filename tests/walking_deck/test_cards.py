"""Components: the card set as data, and a teacher's edited copy failing with file, card and field."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import gamelib
from gamelib.core import CardDataError, OptionError
from gamelib.core.cards import data_path
from gamelib.rules.walking_deck.cards import PROTAGONISTS, load_cards

from .helpers import make

SHIPPED = data_path("walking_deck.toml")


@pytest.fixture(scope="module")
def cards():
    return load_cards()


def test_components_36_events_18_rural_18_urban_of_three_kinds(cards):
    """Components: 36 Events, 18 Rural and 18 Urban; Zombie, Character, Object/Location/Animal."""
    assert len(cards.events) == 36
    assert Counter(e.pile for e in cards.events.values()) == {"Rural": 18, "Urban": 18}
    assert {e.kind for e in cards.events.values()} == {"Zombie", "Character", "Object/Location/Animal"}
    for e in cards.events.values():
        assert e.source in ("rulebook", "stand-in")


def test_components_rulebook_named_events(cards):
    """Components and F.A.Q.: WILD ZERO (Zombie), DOMITILLE (Character), CAVE, Cabot, a Horde, a Brigade."""
    by_name = {e.name: e for e in cards.events.values()}
    assert by_name["WILD ZERO"].kind == "Zombie"
    assert by_name["DOMITILLE"].kind == "Character"
    assert by_name["CAVE"].kind == "Object/Location/Animal"
    assert by_name["CABOT"].grey == (("unbury",),)
    assert by_name["HORDE"].immediate and by_name["BRIGADE"].immediate
    for name in ("WILD ZERO", "DOMITILLE", "CAVE", "CABOT", "HORDE", "BRIGADE"):
        assert by_name[name].source == "rulebook"


def test_components_every_banner_effect_exists(cards):
    """Clarifications on Banner/Grey Banner Effects: every effect the rulebook describes is on some card."""
    effects = [(b, x) for e in cards.events.values() for b in ("white", "black", "grey") for x in getattr(e, b)]
    kinds = {x[0] for _, x in effects}
    assert kinds >= {"bury_self", "bury_hand", "restore", "consume", "damage", "calamity", "heal", "unbury",
                     "memorise_top", "avoid_top", "respite_in", "respite_out"}
    assert any(x[0] == "calamity" and x[1] for _, x in effects), "a Calamity with an added weakness"
    assert any(x[0] == "calamity" and x[2] for _, x in effects), "a Calamity with an ignored weakness"
    assert any(x[0] == "heal" and x[2] for _, x in effects), "a heal restricted to a weakness"
    assert any(x[0] == "heal" and not x[2] for _, x in effects)
    assert {x[1] for _, x in effects if x[0] == "restore"} == {0, 1, 2}
    assert {x[1] for _, x in effects if x[0] == "consume"} == {0, 1, 2}


def test_components_characters_with_every_weakness_and_black_only_events(cards):
    chars = [e for e in cards.events.values() if e.is_character]
    assert {w for e in chars for w in (1, 2, 4) if e.weak & w} == {1, 2, 4}
    assert any(bin(e.weak).count("1") > 1 for e in chars)
    black_only = [e for e in cards.events.values() if e.black and not e.white and not e.grey]
    assert len(black_only) >= 3


def test_components_calamity_tokens_two_of_six_combinations_and_two_respites(cards):
    """Components: 12 Calamity tokens, 2 of each of six combinations (our ruling: the three single
    weaknesses and the three pairs), and 2 Respite tokens."""
    tokens = cards.tokens.values()
    combos = Counter(t.weak for t in tokens if not t.respite)
    assert combos == {1: 2, 2: 2, 4: 2, 3: 2, 5: 2, 6: 2}
    assert sum(t.respite for t in tokens) == 2


def test_components_four_protagonists_with_stars_limit_and_power(cards):
    assert set(cards.protagonists) == set(PROTAGONISTS)
    powers = {p.name: p.power for p in cards.protagonists.values()}
    assert powers == {"Aénor": "keep", "Boris": "redraw", "Adrien": "reserve heal", "Éléonore": "restore"}
    for p in cards.protagonists.values():
        assert 1 <= p.stars <= 5 and p.burial_limit >= 3 and p.text


def test_labels_are_unique_even_when_names_repeat(cards):
    labels = [e.label for e in cards.events.values()]
    assert len(set(labels)) == 36
    assert "WALKER (Rural)" in labels and "WALKER (Urban)" in labels


# ---- a teacher's copy --------------------------------------------------------------------------

def edited(tmp_path: Path, old: str, new: str, count: int = 1) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"test setup: {old!r} not in the card file"
    path = tmp_path / "my_cards.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def block(event_id: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    start = text.index(f'id = "{event_id}"')
    return text[start:text.index("[[", start)]


def test_card_file_missing_banner_names_card_and_field(tmp_path):
    b = block("R01")
    path = edited(tmp_path, b, b.replace('grey = ["damage 2"]\n', ""))
    with pytest.raises(CardDataError) as err:
        gamelib.load("walking-deck", cards=path)
    assert err.value.card == "R01" and err.value.field == "grey"
    assert "my_cards.toml" in str(err.value) and "'R01'" in str(err.value) and "'grey'" in str(err.value)


def test_card_file_unknown_effect_names_card_and_field(tmp_path):
    b = block("R16")
    path = edited(tmp_path, b, b.replace('black = ["consume Medical"]', 'black = ["explode"]'))
    with pytest.raises(CardDataError, match="unknown effect 'explode'") as err:
        gamelib.load("walking-deck", cards=path)
    assert (err.value.card, err.value.field) == ("R16", "black")


def test_card_file_wrong_pile_size_names_the_pile(tmp_path):
    b = block("R18")
    path = edited(tmp_path, b, b.replace('pile = "Rural"', 'pile = "Urban"'))
    with pytest.raises(CardDataError, match="Rural pile has 17 Events; it needs exactly 18") as err:
        gamelib.load("walking-deck", cards=path)
    assert err.value.field == "pile"


@pytest.mark.parametrize("event_id, old, new, field, message", [
    ("R05", 'weaknesses = ["malnutrition"]', 'weaknesses = ["hunger"]', "weaknesses", "'hunger' is not one of"),
    ("R01", 'grey = ["damage 2"]', 'grey = ["bury from hand"]', "grey", "white or black banner"),
    ("R12", 'white = ["restore Food"]', 'white = ["heal 1"]', "white", "only be on the grey banner"),
    ("R04", "white = []", 'white = ["restore Food"]', "white", "immediate effect"),
    ("R05", "toughness = 2", "toughness = 0", "toughness", "between 1 and 3"),
    ("R02", 'grey = ["heal 2"]', 'grey = ["heal two"]', "grey", "a number from 1 to 9"),
    ("R09", 'kind = "Zombie"', 'kind = "Vampire"', "kind", "'Vampire' is not one of"),
])
def test_card_file_field_errors_name_card_and_field(tmp_path, event_id, old, new, field, message):
    b = block(event_id)
    path = edited(tmp_path, b, b.replace(old, new))
    with pytest.raises(CardDataError, match=message) as err:
        gamelib.load("walking-deck", cards=path)
    assert (err.value.card, err.value.field) == (event_id, field)


def test_card_file_event_without_any_banner(tmp_path):
    b = block("R16")
    path = edited(tmp_path, b, b.replace('black = ["consume Medical"]', "black = []"))
    with pytest.raises(CardDataError, match="at least one banner") as err:
        gamelib.load("walking-deck", cards=path)
    assert err.value.card == "R16"


def test_card_file_duplicate_id_and_token_count(tmp_path):
    path = edited(tmp_path, 'id = "R18"', 'id = "R17"')
    with pytest.raises(CardDataError, match="more than one Event") as err:
        gamelib.load("walking-deck", cards=path)
    assert (err.value.card, err.value.field) == ("R17", "id")
    path = edited(tmp_path, 'id = "RESPITE2"\nrespite = true', 'id = "RESPITE2"\nweaknesses = ["stress"]')
    with pytest.raises(CardDataError, match="12 Calamity tokens"):
        gamelib.load("walking-deck", cards=path)


def test_card_file_protagonist_errors(tmp_path):
    path = edited(tmp_path, 'power = "redraw 3"', 'power = "fly"')
    with pytest.raises(CardDataError, match="unknown power 'fly'") as err:
        gamelib.load("walking-deck", cards=path)
    assert (err.value.card, err.value.field) == ("Boris", "power")


def test_card_file_that_cannot_be_read_names_the_file(tmp_path):
    with pytest.raises(CardDataError, match="nowhere.toml"):
        gamelib.load("walking-deck", cards=str(tmp_path / "nowhere.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[[event]\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="not valid TOML"):
        gamelib.load("walking-deck", cards=str(bad))


def test_teachers_copy_is_used(tmp_path):
    """A card set is a file a teacher can copy and edit: the edited burial limit is the one played."""
    path = edited(tmp_path, "burial_limit = 3", "burial_limit = 9")  # Éléonore's
    state = make(protagonist="Éléonore", cards=path)
    assert state.view("you")["protagonist"]["burial_limit"] == 9
    assert make(protagonist="Éléonore").view("you")["protagonist"]["burial_limit"] == 3


def test_protagonist_option_accepts_plain_spellings_and_lists_choices():
    assert gamelib.load("walking-deck", protagonist="Eleonore").options["protagonist"] == "Éléonore"
    assert gamelib.load("walking-deck", protagonist="aenor").options["protagonist"] == "Aénor"
    with pytest.raises(OptionError, match="'Aénor', 'Boris', 'Adrien', 'Éléonore'"):
        gamelib.load("walking-deck", protagonist="Rick")
    with pytest.raises(OptionError, match="path of a card file"):
        gamelib.load("walking-deck", cards=42)

"""Issue 23, the engine's defects: each input the probes found, with the typed error (or the right
result) it gets now, and a count of the work it causes where the defect was the work. The CPU time
of each is printed (``-s`` shows it), never asserted."""
from __future__ import annotations

import json
from types import MappingProxyType

import pytest

import gamelib
from gamelib.core import CardDataError, GamelibError, IllegalAction, OptionError, RecordError, ScenarioError
from gamelib.core.game import MAX_OPTION_TEXT
from gamelib.core.inputs import MAX_LABEL_LENGTH, SHOW_LIMIT, show
from gamelib.core.scenarios import MAX_SCENARIO_DEPTH, MAX_SCENARIO_ITEMS, MAX_SCENARIO_TEXT, plain_scenario
from gamelib.rules.deadland import cards as dl_cards
from gamelib.rules.walk_the_plank import cards as plank_cards
from gamelib.rules.walking_deck import game as wd_game

from .hostile_kit import GAMES, cpu, record_with_cards, skull_set, table, virus_deck

#: an error message quoting a hostile input stays about this short (a 200-character prefix of each
#: value quoted, plus the sentence around it)
SHORT = 2_000


def short(err: BaseException) -> str:
    text = str(err)
    assert len(text) < SHORT, f"{len(text):,} characters: {text[:300]}..."
    return text


# ---- defect 2: superscript digits in a card file ------------------------------------------------

def _walking_deck_toml(old: str, new: str) -> str:
    from gamelib.core.cards import data_path

    text = data_path("walking_deck.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old, new, field", [
    ('"damage 1"', '"damage ²"', "grey"),    # passes str.isdigit(); int() refused it with a plain ValueError
    ('"damage 1"', '"damage ٣"', "grey"),    # another script's 3: int() read it as 3
    ('"damage 1"', '"damage ' + "0" * 5000 + '1"', "grey"),  # more digits than int() converts
    ('power = "keep 2"', 'power = "keep ²"', "power"),
])
def test_card_file_numbers_are_digits_0_to_9(tmp_path, old, new, field):
    path = tmp_path / "teacher.toml"
    path.write_text(_walking_deck_toml(old, new), encoding="utf-8")
    with pytest.raises(CardDataError, match="digits 0-9") as err:
        gamelib.load("walking-deck", cards=str(path))
    assert err.value.field == field and err.value.file == str(path)
    short(err.value)


@pytest.mark.parametrize("phrase", ["damage ²", "keep ²"])
def test_superscript_digit_in_a_records_card_table(phrase):
    t = table("walking-deck")
    if phrase.startswith("keep"):
        t["protagonist"][0]["power"] = phrase
    else:
        t["event"][0]["grey"] = [phrase]
    with pytest.raises(RecordError, match="digits 0-9") as err:
        gamelib.load_record(record_with_cards("walking-deck", t))
    short(err.value)
    with pytest.raises(CardDataError, match="digits 0-9"):  # and given straight to load
        gamelib.load("walking-deck", cards=t)


# ---- defect 3: card sets without a size limit ---------------------------------------------------

def test_a_120_card_skull_set_is_refused_before_the_skull_check(monkeypatch):
    calls = []
    real = plank_cards._check_programmable
    monkeypatch.setattr(plank_cards, "_check_programmable", lambda *a: calls.append(1) or real(*a))
    err, took = cpu(_refused, "walk-the-plank", skull_set(120))
    assert f"at most {plank_cards.MAX_CARDS} cards" in str(err) and not calls
    print(f"120-card Skull set: refused in {took:.3f} s of CPU")


def _refused(game, cards):
    with pytest.raises(CardDataError) as err:
        gamelib.load(game, cards=cards)
    short(err.value)
    return err.value


def test_the_skull_check_is_bounded_work(monkeypatch):
    """At the limit, every card a Skull card allowed anywhere (the old search's worst case: 4.5-8.5 s
    for 100 cards): the check tries at most C(21, 3) sets, whatever the number of cards."""
    tries = []
    real = plank_cards._hall
    monkeypatch.setattr(plank_cards, "_hall", lambda *a: tries.append(1) or real(*a))
    cards, took = cpu(plank_cards.cards_from_table, skull_set(plank_cards.MAX_CARDS), "big.toml")
    assert len(cards) == plank_cards.MAX_CARDS
    assert len(tries) <= 1330  # C(21, 3): the first three Skull cards of each of 7 kinds
    print(f"{plank_cards.MAX_CARDS}-card Skull set: checked in {took:.3f} s of CPU, {len(tries)} sets tried")


def _old_skull_check(cards):
    """The search the check replaced (every set of up to 3 Skull cards, then every assignment)."""
    from itertools import combinations

    def fill(pool, slots):
        if not slots:
            return True
        return any(slots[0] in c.slots and fill(pool[:i] + pool[i + 1:], slots[1:]) for i, c in enumerate(pool))

    skulls = [c for c in cards if c.skull]
    for k in range(min(3, len(skulls)), -1, -1):
        for aside in combinations(skulls, k):
            if not fill([c for c in cards if c not in aside], (1, 2, 3)):
                return ", ".join(c.name for c in aside) or "no card"
    return None


def test_the_skull_check_agrees_with_the_search_it_replaced():
    import random

    from gamelib.rules.walk_the_plank.cards import CardDef

    rng = random.Random(23)
    kinds = [[1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]]
    refused = 0
    for trial in range(400):
        n = rng.randint(3, 9)
        t = {"card": [{"name": f"c{i}", "effect": "charge", "skull": rng.random() < 0.6,
                       "slots": rng.choice(kinds), "source": "stand-in"} for i in range(n)]}
        defs = [CardDef(i, c["name"], c["effect"], c["skull"], tuple(c["slots"]), "stand-in") for i, c in enumerate(t["card"])]
        want = _old_skull_check(defs)
        try:
            plank_cards._check_programmable("x", defs)
            got = None
        except CardDataError as exc:
            got = str(exc).split("with ", 1)[1].split(" set aside")[0]
            refused += 1
        assert got == want, (t, got, want)
        assert plank_cards.can_fill(defs, (1, 2, 3)) == (_old_skull_check([CardDef(i, d.name, d.effect, False, d.slots, "")
                                                                           for i, d in enumerate(defs)]) is None)
    assert 50 < refused < 350  # both answers are common among the sets tried


def test_a_record_with_350000_virus_cards_is_refused_before_they_are_built(monkeypatch):
    made = []
    real = dl_cards.VirusCard
    monkeypatch.setattr(dl_cards, "VirusCard", lambda *a: made.append(1) or real(*a))
    t = table("deadland")
    t["virus"] = [{"cards": virus_deck(350_000)}]
    text = record_with_cards("deadland", t)
    assert len(text) < 1_000_000  # a record well within the record size limit
    made.clear()
    with pytest.raises(RecordError, match=f"at most {dl_cards.MAX_VIRUS_CARDS} cards") as err:
        gamelib.load_record(text)
    short(err.value)
    assert len(made) <= dl_cards.MAX_VIRUS_CARDS
    built = len(made)
    _, took = cpu(_refused_record, text)
    print(f"350,000-card Virus deck in a {len(text):,}-character record: refused in {took:.3f} s of CPU, "
          f"{built} Virus cards built")


def _refused_record(text):
    with pytest.raises(RecordError):
        gamelib.load_record(text)


@pytest.mark.parametrize("what", ["boards", "deck", "events"])
def test_deadland_board_and_event_limits(what):
    t = table("deadland")
    if what == "boards":
        t["board"] = t["board"] + [dict(t["board"][0], key=f"x{i}") for i in range(dl_cards.MAX_BOARDS)]
        match = f"at most {dl_cards.MAX_BOARDS} boards"
    elif what == "deck":
        g = t["event"][0]
        g["cards"] = [dict(g["cards"][0], id=f"x{i}") for i in range(dl_cards.MAX_DECK_CARDS + 1)]
        match = f"at most {dl_cards.MAX_DECK_CARDS} Event cards"
    else:  # a sixth deck, on a new board: six decks of MAX_DECK_CARDS are more than MAX_EVENT_CARDS
        t["board"].append(dict(t["board"][0], key="x", name="X", deck="x", connects=["base"]))
        t["board"][0]["connects"].append("x")
        t["event"].append({"deck": "x", "cards": []})
        for g in t["event"]:
            g["cards"] = [dict(t["event"][0]["cards"][0], id=f"{g['deck']}{i}") for i in range(dl_cards.MAX_DECK_CARDS)]
        assert 6 * dl_cards.MAX_DECK_CARDS > dl_cards.MAX_EVENT_CARDS
        match = "Event decks have at most"
    err = _refused("deadland", t)
    assert match in str(err)


def test_a_card_table_is_bounded_like_a_card_file():
    from gamelib.core.cards import MAX_CARD_FILE_BYTES, MAX_CARD_VALUES

    with pytest.raises(CardDataError, match="at most"):
        gamelib.load("walk-the-plank", cards={"card": [1] * (MAX_CARD_VALUES + 1)})
    with pytest.raises(CardDataError, match="characters"):
        gamelib.load("walk-the-plank", cards={"card": ["x" * (MAX_CARD_FILE_BYTES // 2)] * 3})
    with pytest.raises(CardDataError, match="characters"):
        gamelib.load("walk-the-plank", cards={"card": [{"k" * (MAX_CARD_FILE_BYTES // 2) + str(i): 1} for i in range(3)]})


# ---- defect 4: scenario errors quoted the bad value whole -----------------------------------------

def _deep(depth):
    v: object = "x"
    for _ in range(depth):
        v = [v]
    return v


def _scenario(game):
    return gamelib.load(game).new_state(seed=2).to_scenario()


FIELD = {"walking-deck": "hand", "walk-the-plank": "planks", "deadland": "box"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["int", "deep", "text", "wide"])
def test_scenario_errors_quote_a_bounded_prefix(game, bad):
    value = {"int": 10 ** 5000, "deep": _deep(100_000), "text": "x" * 3_000_000,
             "wide": list(range(MAX_SCENARIO_ITEMS + 1))}[bad]
    sc = _scenario(game)
    sc[FIELD[game]] = value
    g = gamelib.load(game)
    with pytest.raises(ScenarioError) as err:
        g.from_scenario(sc, seed=1)
    text = short(err.value)
    assert err.value.field.startswith(FIELD[game])
    if bad == "text":
        assert "3,000,000 characters" in text
    # the same scenario through a record given as a dict (the depth is the record's own check then)
    rec = json.loads(g.new_state(seed=1).to_record())
    rec["scenario"] = sc
    with pytest.raises(RecordError) as err:
        gamelib.load_record(rec)
    short(err.value)


@pytest.mark.parametrize("game", GAMES)
def test_scenario_limits_are_exact(game):
    g = gamelib.load(game)
    sc = _scenario(game)
    assert g.from_scenario(sc, seed=1) is not None
    sc["x" * (MAX_SCENARIO_TEXT + 1)] = 1
    with pytest.raises(ScenarioError, match=f"{MAX_SCENARIO_TEXT + 1:,} characters"):
        g.from_scenario(sc, seed=1)
    with pytest.raises(ScenarioError, match="nested more than"):
        plain_scenario({"a": _deep(MAX_SCENARIO_DEPTH)})
    assert plain_scenario({"a": _deep(MAX_SCENARIO_DEPTH - 2)})["a"] == _deep(MAX_SCENARIO_DEPTH - 2)


def test_show_is_bounded_for_any_value():
    for value in (10 ** 100_000, _deep(100_000), "é" * 10_000_000, list(range(1_000_000)),
                  {str(i): [i] * 1000 for i in range(10_000)}, b"\xff" * 1_000_000, MappingProxyType({"a": _deep(5000)})):
        text = show(value)
        assert len(text) <= SHOW_LIMIT + 40, (type(value), len(text))
    assert show("x" * 1000).endswith("... (1,000 characters)")
    assert show("short") == "'short'" and show([1, (2,), {"a": None}]) == "[1, (2,), {'a': None}]"


# ---- defect 5: scenarios kept by reference ------------------------------------------------------

def _mutate(d):
    """Change everything reachable in ``d`` in place: every list emptied, every dict cleared."""
    stack = [d]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
            v.clear()
        elif isinstance(v, list):
            stack.extend(v)
            v.clear()


@pytest.mark.parametrize("game", GAMES)
def test_the_callers_scenario_cannot_change_a_state(game):
    g = gamelib.load(game)
    played = g.new_state(seed=5)
    for _ in range(6):
        played.apply(played.legal_actions()[0])
    sc = played.to_scenario()
    s = g.from_scenario(sc, seed=9)
    record, key, start = s.to_record(), s._key(), s.clone()
    for _ in range(5):  # apply_fast: undo and at_ply rebuild from the scenario
        if s.is_over:
            break
        s.apply_fast(s.legal_list()[-1])
    after = s.clone()
    assert s.ply > 0
    _mutate(sc)
    assert sc == {}
    again = gamelib.load_record(s.to_record())
    assert again == after and again.to_record() == after.to_record()
    assert s.at_ply(0) == start and s.at_ply(0)._key() == key
    while s.ply:
        s.undo()
    assert s == start and s.to_record() == record


def _proxied(value):
    """``value`` with every dict in it a read-only ``MappingProxyType``."""
    if isinstance(value, dict):
        return MappingProxyType({k: _proxied(v) for k, v in value.items()})
    if isinstance(value, list):
        return [_proxied(v) for v in value]
    return value


@pytest.mark.parametrize("game", GAMES)
def test_any_mapping_is_a_scenario(game):
    g = gamelib.load(game)
    sc = _scenario(game)
    s = g.from_scenario(_proxied(sc), seed=3)
    assert type(s.scenario) is dict and s.scenario == sc
    again = gamelib.load_record(s.to_record())  # to_record raised TypeError on a mappingproxy
    assert again == s


# ---- defects 7 and 8: long labels and option strings --------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_10_mb_label_is_refused_without_difflib(game, monkeypatch):
    import difflib

    seen = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda word, *a, **k: seen.append(len(word)) or real(word, *a, **k))
    s = gamelib.load(game).new_state(seed=1)
    before = s.to_record()
    label = "Draw " * 2_000_000
    with pytest.raises(IllegalAction) as err:
        s.apply(label)
    text = short(err.value)
    assert "10,000,000 characters" in text and f"longer than {MAX_LABEL_LENGTH:,}" in text
    assert all(n <= MAX_LABEL_LENGTH for n in seen)
    assert s.to_record() == before
    _, took = cpu(_illegal, s, label)
    print(f"{game}: a 10 MB label refused in {took:.3f} s of CPU")
    with pytest.raises(IllegalAction, match="Did you mean"):  # a short near miss still gets suggestions
        s.apply(s.legal_labels()[0][:-1])


def _illegal(s, label):
    with pytest.raises(IllegalAction):
        s.apply(label)


def test_a_long_label_in_a_record():
    s = gamelib.load("walking-deck").new_state(seed=1)
    rec = json.loads(s.to_record())
    rec["actions"] = ["x" * 1_900_000]
    with pytest.raises(RecordError, match="1,900,000 characters") as err:
        gamelib.load_record(json.dumps(rec))
    short(err.value)


def test_a_1_9m_character_protagonist_is_refused_before_it_is_normalised(monkeypatch):
    seen = []
    real = wd_game._plain
    monkeypatch.setattr(wd_game, "_plain", lambda text: seen.append(len(text)) or real(text))
    name = "Aénor" * 380_000
    with pytest.raises(OptionError, match=f"1,900,000 characters long.*at most {MAX_OPTION_TEXT}") as err:
        gamelib.load("walking-deck", protagonist=name)
    short(err.value)
    assert all(n <= MAX_OPTION_TEXT for n in seen)
    assert gamelib.load("walking-deck", protagonist="aenor").options["protagonist"] == "Aénor"
    rec = json.loads(gamelib.load("walking-deck").new_state(seed=1).to_record())
    rec["options"]["protagonist"] = name
    with pytest.raises(RecordError, match="1,900,000 characters"):
        gamelib.load_record(json.dumps(rec, ensure_ascii=False))
    _, took = cpu(_option_refused, name)
    print(f"1.9 M-character protagonist: refused in {took:.3f} s of CPU")


def _option_refused(name):
    with pytest.raises(OptionError):
        gamelib.load("walking-deck", protagonist=name)


@pytest.mark.parametrize("game", GAMES)
def test_long_option_text_and_names(game):
    with pytest.raises(OptionError) as err:
        gamelib.load(game, **{"x" * 1_000_000: 1})
    short(err.value)
    with pytest.raises(GamelibError) as err:
        gamelib.load(game, cards="x" * 1_000_000)
    short(err.value)
    with pytest.raises(GamelibError) as err:  # a game's name, also a record's "game" field
        gamelib.load(game * 500_000)
    assert f"({len(game) * 500_000:,} characters)" in short(err.value)


@pytest.mark.parametrize("part", ["event", "calamity"])
def test_walking_deck_counts_are_checked_before_the_cards_are_read(part, monkeypatch):
    from gamelib.rules.walking_deck import cards as wd_cards

    read = []
    real = wd_cards._event
    monkeypatch.setattr(wd_cards, "_event", lambda *a: read.append(1) or real(*a))
    t = table("walking-deck")
    t[part] = t[part] * 40  # (within the card table's own size limit)
    err = _refused("walking-deck", t)
    assert f"{len(t[part]):,}" in str(err)
    assert not read or part == "calamity"

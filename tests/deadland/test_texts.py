"""Words a person reads (issue 7.4): log lines, button labels, views and odds carry no doubled word and
no internal id; labels that decline say what is declined; the lines of a trial share its section."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gamelib import RandomAgent, ScenarioError
from gamelib.core import Rng, derive_seed

from .helpers import game, junk, start, texts

DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)


def _ids() -> set[str]:
    """Every id of the card file that is not also a plain word: Event and Virus card ids, board keys,
    object kinds ("stolen-resources", "pistol": the card says "Pistol"). Case matters."""
    data = game(2).data
    ids = set(data.events) | set(data.virus) | {b.key for b in data.boards if b.key != b.name}
    return ids | {e.object for e in data.events.values() if e.object}


IDS = _ids()
TOKEN = re.compile(r"[\w-]+")


def _strings(x: Any) -> Iterator[str]:
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _strings(v)


def _problems(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        for word in DOUBLED.findall(line):
            if not word.isdigit():  # "2 2" could be two cards; none is written so, but numbers are not words
                out.append(f"doubled {word!r}: {line}")
        for found in set(TOKEN.findall(line)) & IDS:
            out.append(f"internal id {found!r}: {line}")
    return out


def _read_everything(state: Any, since: int, views: bool) -> list[str]:
    lines = [e.text for e in state.log[since:]] + [e.section for e in state.log[since:]]
    lines += state.legal_labels()
    for title, dist in state.odds().items():
        lines.append(title)
        lines += list(dist)
    if views:
        for who in (None, *state.players):
            view = state.view(who)
            del view["log"]  # the log lines are read above, once each
            lines += list(_strings(view))
    return lines


def _games(count: int) -> Iterator[Any]:
    for i in range(count):
        n = 2 + i % 5
        seed = derive_seed(740, i)
        yield game(n).new_state(seed=seed), RandomAgent(seed), Rng(seed)


def test_no_doubled_words_or_internal_ids_in_anything_a_person_reads():
    """Every log line and section, label, view string and odds title/outcome of random games of every
    size: no doubled word ("on the the Police Station") and no card-file id ("base-03", "V5-1")."""
    problems: set[str] = set()
    seen: set[str] = set()  # each different string is checked once
    read = 0
    for state, agent, rng in _games(10):
        since = 0
        while True:
            lines = _read_everything(state, since, views=state.is_over or rng.randbelow(6) == 0)
            read += len(lines)
            new = set(lines) - seen
            seen |= new
            problems.update(_problems(sorted(new)))
            since = len(state.log)
            if state.is_over:
                break
            state.apply(agent.choose(state))
    assert read > 10_000
    assert not problems, sorted(problems)[:10]


def test_the_text_check_catches_a_doubled_article_and_an_id():
    """The check above can fail: the old Pistol line and an id are caught."""
    assert _problems(["everyone on the the Police Station draws one card fewer"])
    assert _problems(["red keeps base-11"]) and _problems(["impediments: stolen-resources"])
    assert not _problems(["red keeps the Pistol", "the Hatchet sees off One Zombie (2 cards)"])


# ---- the texts of the issue -------------------------------------------------------------------------
def _pistol_attack():
    s = start(2, virus={"deck": junk(10)}, boards={"Police Station": {"deck": ["Group of Zombies (3 cards)"]}},
              players={"red": {"board": "Police Station"},
                       "blue": {"board": "Police Station", "objects": ["Pistol"], "munitions": 1}})
    s.apply("Stay on the Police Station")
    return s


def test_objects_event_symbols_and_effects_pistol_log_names_the_board_once():
    """Objects, Event Symbols and Effects (Pistol): the log says "everyone on the Police Station"."""
    s = _pistol_attack()
    assert s.legal_labels() == ["Spend 1 Munitions with the Pistol: one card fewer for everyone here",
                                "Do not use the Pistol: keep the Munitions"]
    s.apply("Spend 1 Munitions with the Pistol: one card fewer for everyone here")
    assert "blue spends a Munitions token with the Pistol: everyone on the Police Station draws one card " \
           "fewer in this attack" in texts(s)


def test_objects_event_symbols_and_effects_declining_says_what_is_declined():
    """Objects, Event Symbols and Effects (Hatchet, Shotgun): no bare "Let it be": the answer that
    declines names the weapon kept and what follows."""
    s = start(2, virus={"deck": junk(8)}, boards={"Hospital": {"deck": ["One Zombie (2 cards)"]}},
              players={"red": {"board": "Hospital"}, "blue": {"board": "Hospital", "objects": ["Hatchet"]}})
    s.apply("Stay on the Hospital")
    assert s.legal_labels() == ["Use the Hatchet to see off the attack",
                                "Keep the Hatchet: everyone here faces the attack"]
    s = start(2, drawn=["2"], pending=[["turn_end"], ["ask_shotgun", 1, 0, "attack", []]],
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "medic", "revealed": True},
                       "blue": {"board": "Hospital", "munitions": 3, "objects": ["Shotgun"]}})
    assert s.legal_labels() == ["Use the Shotgun to discard the 2 (red)",
                                "Do not fire the Shotgun: the 2 goes into red's deck"]


def test_role_cards_contagious_refusal_says_what_is_kept():
    """Role Cards (Contagious): the answer that keeps the token says so and what follows."""
    s = start(2, virus={"deck": junk(8), "discard": ["1"]}, boards={"Hospital": {"deck": ["Hatchet"]}},
              players={"red": {"board": "Road 1", "infection": ["1"], "role": "contagious", "revealed": True},
                       "blue": {"board": "Hospital", "munitions": 1}})
    s.apply("Move to the Hospital")
    assert s.legal_labels() == ["Discard 1 Munitions to keep red's contagion away",
                                "Keep your Munitions: red may infect one of you"]


def test_virus_cards_radio_contact_in_an_attack_is_logged_with_the_attack():
    """Virus Cards / Zombie Attacks: a Radio Contact drawn in an attack's trial, and the reshuffle it
    brings, are logged in the attack's section, like the trial's announcement and its other draws."""
    s = start(2, radio=1, virus={"deck": junk(2) + ["8", "Radio Contact"] + junk(6)},
              boards={"Hospital": {"deck": ["Group of Zombies (3 cards)"]}},
              players={"red": {"board": "Hospital"}})
    s.apply("Stay on the Hospital")
    attack = texts(s, "Zombie Attacks")
    assert "red undergoes an Infection Trial of 3 cards" in attack
    assert "red draws a Radio Contact card" in attack
    assert "a Radio Contact! The marker moves to 2 of 7" in attack
    assert any(line.startswith("second Radio Contact: the discards") for line in attack)
    assert not any("Radio Contact" in line for line in texts(s, "Daily Infection Trial"))


def test_life_as_a_zombie_trial_lines_share_one_section():
    """Life as a Zombie (Zombie Infection Trial): the announcement, each survivor's trial and its draws
    are all logged under Life as a Zombie."""
    s = start(2, active="blue", virus={"deck": junk(12)},
              players={"red": {"board": "Hospital"}, "blue": {"board": "Road 1", "zombie": True, "resistance": 2}},
              boards={"Hospital": {"deck": ["Rations"]}})
    s.apply("Move to the Hospital")
    zombie = texts(s, "Life as a Zombie")
    assert "Zombie Infection Trial: every survivor on the Hospital draws 2 (the zombie's Resistance)" in zombie
    assert "red undergoes an Infection Trial of 2 cards" in zombie
    assert sum(line.startswith("red draws") for line in zombie) == 2


def test_scenario_odd_radio_count_explains_the_card_set_aside():
    """End of the Game / Virus Cards: an odd Radio count sets a Radio Contact aside; when none is left to
    set aside the error says so, under the field the user gave."""
    with pytest.raises(ScenarioError) as err:
        game(2).from_scenario({"radio": 3, "virus": {"deck": ["Radio Contact", "Radio Contact"]}})
    assert err.value.field == "radio" and "set aside" in str(err.value) and "odd" in str(err.value)

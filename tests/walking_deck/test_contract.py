"""The engine contract for The Walking Deck: conformance over thousands of random games per
Protagonist, determinism, scenarios, views, odds, records and simulation."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

import gamelib
from gamelib.agents import RandomAgent, play
from gamelib.core import ScenarioError, load_record
from gamelib.testing import check_game

from .helpers import (CAL_M, CAVE, DOMITILLE, HORDE, MARCEL, ORCHARD, WALKER_R, WALKER_U, WOLVES, game,
                      interrogation, make)

PROTAGONISTS = ("Aénor", "Boris", "Adrien", "Éléonore")


@pytest.mark.parametrize("protagonist", PROTAGONISTS)
def test_conformance_random_games(protagonist):
    """The default run's share of the check below: 150 games per Protagonist, 3 in depth."""
    checked = check_game(game(protagonist), n_games=150, seed=20240601, deep_games=3, deep_every=40)
    assert checked > 150 * 40


@pytest.mark.slow
@pytest.mark.parametrize("protagonist", PROTAGONISTS)
def test_conformance_2000_random_games(protagonist):
    """check_game after every action of 2000 random games: card and token conservation, unique
    labels, clone, odds summing to 1; the costlier checks (undo, record replay, view leaks) on
    every action of the first games, at each game's end, and at a sample of moments."""
    checked = check_game(game(protagonist), n_games=2000, seed=20240601, deep_games=3, deep_every=400)
    assert checked > 2000 * 40


@pytest.mark.slow
@pytest.mark.parametrize("protagonist", PROTAGONISTS)
def test_conformance_deep_checks_slow(protagonist):
    checked = check_game(game(protagonist), n_games=3000, seed=7, deep_games=20, deep_every=5)
    assert checked > 3000 * 40


def test_same_seed_same_game():
    """Randomness only comes from the seed: two plays with the same seeds are identical."""
    g = game("Éléonore")
    a = play(g, RandomAgent(0), seed=123)
    b = play(g, RandomAgent(0), seed=123)
    assert a == b and a.log == b.log and a.history == b.history
    c = play(g, RandomAgent(0), seed=124)
    assert c.log != a.log


def test_scenario_round_trip_at_every_step():
    g = game("Adrien")
    s = g.new_state(seed=5)
    agent = RandomAgent(3)
    while not s.is_over:
        back = g.from_scenario(json.loads(json.dumps(s.to_scenario())), seed=1)
        assert back._key() == s._key(), s.ply
        s.apply(agent.choose(s))
    assert g.from_scenario(s.to_scenario())._key() == s._key()


def test_scenario_record_replays():
    s = make(interrogation([WALKER_R, CAVE], characters=[MARCEL]), seed=9)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    again = load_record(s.to_record())
    assert again == s and again.log == s.log


@pytest.mark.parametrize("scenario, field, message", [
    ({"hand": ["R99"]}, "hand", "unknown Event id 'R99'"),
    ({"hand": [CAVE], "memory": [CAVE]}, "memory", "also in 'hand'"),
    ({"rural": [DOMITILLE]}, "rural", "is an Urban Event"),
    ({"reserves": {"Food": "eaten"}}, "reserves.Food", "'eaten' is not one of: available, consumed"),
    ({"reserves": {"Water": "available"}}, "reserves", "unknown Reserve 'Water'"),
    ({"hand": [CAVE, ORCHARD, WOLVES, MARCEL]}, "hand", "at most 3"),
    ({"phase": "Lunch"}, "phase", "'Journey' or 'Interrogation'"),
    ({"phase": "Interrogation", "hand": [CAVE]}, "hand", "must be empty during the Interrogation"),
    ({"characters": [CAVE], "phase": "Interrogation"}, "characters", "is not a Character"),
    ({"characters": [{"id": MARCEL, "damage": 5}], "phase": "Interrogation"}, "characters.R05.damage", "from 0 to 2"),
    ({"characters": [MARCEL]}, "characters", "only during the Interrogation"),
    ({"bag": ["CAL99"]}, "bag", "unknown Calamity token id"),
    ({"respite_aside": [CAL_M]}, "respite_aside", "not a Respite"),
    ({"drawn_calamity": CAL_M}, "drawn_calamity", "only while a Calamity decision is pending"),
    ({"pending": {"kind": "damage", "left": 2}, "phase": "Interrogation", "memory": [CAVE]}, "pending", "give 'resolving'"),
    ({"pending": {"kind": "fun"}}, "pending", "'kind' one of"),
    ({"power_uses": 9}, "power_uses", "from 0 to 3"),
    ({"colour": "red"}, "colour", "is not a known field; known fields: avoided, bag"),
])
def test_scenario_errors_name_the_field(scenario, field, message):
    with pytest.raises(ScenarioError, match=message) as err:
        game("Boris").from_scenario(scenario)
    assert err.value.field == field


def test_scenario_pending_decision_is_restored():
    s = make(interrogation([CAVE], characters=[MARCEL], being_unstacked=WALKER_R, drawn_calamity=CAL_M,
                           resolving={"event": WALKER_R, "banner": "grey", "next_effect": 1},
                           pending={"kind": "calamity"}))
    assert "Consume the Food Reserve to ignore malnutrition" in s.legal_labels()
    s.apply("Do not consume a Reserve")
    assert s.view("you")["characters"][0]["damage"] == 1
    assert s.view("you")["removed"][-1]["id"] == WALKER_R


def test_view_hides_pile_order_and_memory_but_not_the_rest():
    s = make(seed=2)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    s.apply(next(a for a in s.legal_actions() if a.kind == "memorise"))
    mine = s.view("you")
    assert set(mine["piles"]["Rural"]) == {"count"} and set(mine["memory"]) == {"count"}
    assert set(mine["buried"]) == {"count", "limit"}
    assert "cards" in s.view(None)["piles"]["Rural"] and "cards" in s.view(None)["memory"]
    json.dumps(mine)
    other = s.resample_hidden("you", gamelib.core.Rng(5))
    assert other.view("you") == mine and other.rural != s.rural


def test_odds_of_next_pile_event_are_exact_and_add_up_repeated_names():
    s = make({"rural": [WALKER_R, CAVE, ORCHARD, WOLVES], "urban": [WALKER_U, DOMITILLE]})
    odds = s.odds()
    assert odds["next Rural event"] == {"CAVE": Fraction(1, 4), "WALKER": Fraction(1, 4), "ORCHARD": Fraction(1, 4),
                                        "WOLVES": Fraction(1, 4)}
    assert dict(odds["next Urban event"]) == {"DOMITILLE": Fraction(1, 2), "WALKER": Fraction(1, 2)}
    s.apply("Draw from the Rural pile")  # the top one: WALKER (Rural)
    assert "WALKER" not in s.odds()["next Rural event"] and s.odds()["next Rural event"]["CAVE"] == Fraction(1, 3)
    # the order of the labels never depends on the order of the pile
    t = make({"rural": [WOLVES, ORCHARD, CAVE, WALKER_R]})
    assert list(t.odds()["next Rural event"]) == list(odds["next Rural event"])


def test_summary_numbers():
    s = play(game("Boris"), RandomAgent(1), seed=3)
    summary = s.summary()
    assert summary["protagonist"] == "Boris"
    assert {"buried", "memory_size", "characters_alive"} <= set(summary)
    assert summary["buried"] == len(s.view(None)["buried"]["cards"])


def test_simulate_gives_win_rates_per_protagonist():
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    rates = {}
    for p in PROTAGONISTS:
        df = gamelib.simulate(game(p), HeuristicAgent(), n_games=40, seed=1, executor="serial", progress=False)
        assert len(df) == 40 and set(df["protagonist"]) == {p}
        rates[p] = df["won:you"].mean()
        # the win column agrees with the outcome of every row
        assert (df["won:you"] == (df["winners"] == "you")).all() and (df["won:you"] != (df["losers"] == "you")).all()
    assert max(rates.values()) > 0  # the game can be won


def test_heuristic_agent_beats_random():
    """Strategy matters: over a few hundred games the heuristic player wins more, and buries less."""
    from gamelib.rules.walking_deck.agents import HeuristicAgent

    assert gamelib.agents_for(game())["heuristic"] is HeuristicAgent
    g = game("Boris")
    smart = gamelib.simulate(g, HeuristicAgent(), n_games=200, seed=11, executor="serial", progress=False)
    dumb = gamelib.simulate(g, RandomAgent(), n_games=200, seed=11, executor="serial", progress=False)
    assert smart["won:you"].mean() > dumb["won:you"].mean() + 0.15
    assert smart["reached_interrogation"].mean() > dumb["reached_interrogation"].mean()

"""The probability modules read the game's card set, never a copy of their own: an edited card
set (one card changed, passed as ``load(cards=...)`` takes it) changes their answers, and the
changed answers are the engine's, played out by brute force (every legal action explored)."""
from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction

import gamelib
from gamelib.core.cards import shipped_table
from gamelib.probability import deadland as dl, walk_the_plank as wp, walking_deck as wd

from .test_walk_the_plank import engine_value, random_endgame
from .test_walking_deck_memory import HealClosestToBurial


def edited_plank_cards() -> dict:
    """The shipped colour set with Run Around turned into a second Drag to Sea (no Skull) and
    Shove Left allowed as card 2 or 3 only."""
    table = copy.deepcopy(dict(shipped_table("walk_the_plank.toml")))
    for card in table["card"]:
        if card["name"] == "Run Around":
            card["effect"] = "drag"
        if card["name"] == "Shove Left":
            card["slots"] = [2, 3]
    return table


def test_an_edited_plank_card_set_changes_the_round_as_the_engine_plays_it():
    table = edited_plank_cards()
    rng = random.Random(5)
    changed = checked = 0
    for _ in range(12):
        sc = random_endgame(rng)
        game = gamelib.load("walk-the-plank", players=len(sc["players"]), max_rounds=1, cards=table)
        edited, shipped = wp.endgame(sc, cards=game), wp.endgame(sc)
        a, b = edited.rivals
        progs = {s: rng.choice([p for p in wp.programmes(edited, s) if "Run Around" in p] or wp.programmes(edited, s))
                 for s in (a, b, *edited.ghosts)}
        state = game.from_scenario(dict(sc, programs={edited.name(s): list(p) for s, p in progs.items()}), seed=1)
        mine = wp.round_value(edited, progs, "best")
        assert mine == engine_value(state, edited.name(a), edited.name(b), "best"), sc
        checked += 1
        if all(p in wp.programmes(shipped, s) for s, p in progs.items()):
            changed += mine != wp.round_value(shipped, progs, "best")
    assert checked == 12 and changed >= 1  # the edit is seen: the shipped cards would answer otherwise


def test_the_programmes_follow_the_edited_positions():
    table = edited_plank_cards()
    sc = {"players": ["red", "blue", "green"], "captain": "red", "planks": 3,
          "pirates": {"red": ["ship", "ship", "dead"], "blue": ["ship", "plank 1", "dead"],
                      "green": ["dead", "dead", "dead"]}, "eliminated": ["green"]}
    game = gamelib.load("walk-the-plank", players=3, cards=table)
    eg = wp.endgame(sc, cards=table)  # a card table works as the game's option does
    state = game.from_scenario(sc, seed=1)
    firsts = {a.label for a in state.legal_actions()}
    assert firsts == {f"Program {c} as card 1" for c in {p[0] for p in wp.programmes(eg, 0)}}
    assert "Program Shove Left as card 1" not in firsts
    assert wp.card_table(game)["Run Around"][0] == "drag" and wp.card_table()["Run Around"][0] == "run_around"
    assert len(wp.programmes(eg, 0)) == len(wp.programmes(wp.endgame(sc), 0)) - 9 * 8


def edited_deadland_cards() -> dict:
    """Two more Illness cards in the Virus deck, and 3 players need 5 Radio Contacts."""
    table = copy.deepcopy(dict(shipped_table("deadland.toml")))
    for entry in table["virus"][0]["cards"]:
        if entry["kind"] == "illness":
            entry["copies"] += 2
    table["radio"]["targets"]["3"] = 5
    return table


def engine_deck(game) -> Counter:
    """The Virus deck as the engine deals it: every card of a new game's table view."""
    v = game.new_state(seed=0).view(None)
    cards = list(v["virus"]["deck"]) + list(v["virus"]["discard"]) + list(v["virus"]["drawn"])
    for p in v["players"].values():
        cards += p["infection"] or []
    return dl.composition(cards + [dl.RADIO] * (2 - cards.count(dl.RADIO)))  # one may be set aside


def test_an_edited_virus_deck_and_radio_target_reach_the_deadland_answers():
    table = edited_deadland_cards()
    game = gamelib.load("deadland", players=3, cards=table)
    assert dl.full_deck(cards=game) == engine_deck(game)
    assert dl.full_deck(cards=table)[dl.ILLNESS] == dl.full_deck()[dl.ILLNESS] + 2
    assert dl.full_deck() == engine_deck(gamelib.load("deadland", players=2))
    target = game.new_state(seed=0).view(None)["radio"]["target"]
    assert dl.radio_targets(cards=game)[3] == target == 5 != dl.radio_targets()[3]
    assert dl.expected_cards_to_target(3, cards=game) == dl.expected_cards_to_target(target=5)


def test_an_edited_walking_deck_event_reaches_the_interrogation():
    """WALKER (Rural)'s grey banner edited to "calamity add injuries": every draw then hurts
    PIERRE (injuries, toughness 1, already damaged), so the Interrogation's answer becomes
    certain, and every game the engine plays from that position ends with exactly that burial."""
    table = copy.deepcopy(dict(shipped_table("walking_deck.toml")))
    for event in table["event"]:
        if event["id"] == wd.find_event("WALKER (Rural)").id:
            event["grey"] = ["calamity add injuries"]
    game = gamelib.load("walking-deck", cards=table, protagonist="Boris")
    memory, front = ["WALKER (Rural)"], [("PIERRE", 1)]
    shipped = wd.interrogation(memory, characters=front)
    edited = wd.interrogation(memory, characters=front, cards=game.cards)
    assert len(shipped.buried) == 2 and len(edited.buried) == 1  # the shipped draw may miss PIERRE
    (certain,) = edited.buried
    scenario = wd.interrogation_scenario(memory, characters=front, cards=game.cards)
    agent = HealClosestToBurial()
    for seed in range(6):
        s = game.from_scenario(scenario, seed=seed)
        while not s.is_over and s.stage == "Interrogation":
            s.apply(agent.choose(s))
        assert len(s.buried) == certain

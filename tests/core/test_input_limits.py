"""Issue 23, bounded work for every input: the largest inputs the documented limits allow (card
sets at every per-deck and total limit, a record carrying the largest card set, the scenario of a
position of it) load, play, give their odds and replay; one past each limit is refused before the
work that grows with it. CPU times are printed (``pytest -s``), not asserted: the limits are."""
from __future__ import annotations

import json
import random

import pytest

import gamelib
from gamelib.core import CardDataError, RecordError
from gamelib.core.cards import MAX_CARD_FILE_BYTES
from gamelib.core.records import MAX_RECORD_SIZE
from gamelib.core.scenarios import MAX_SCENARIO_ITEMS
from gamelib.rules.deadland import cards as dl_cards
from gamelib.rules.walk_the_plank import cards as plank_cards

from .hostile_kit import cpu, deadland_largest, plank_largest, skull_set, table, virus_deck, walking_deck_largest

LARGEST = {"walking-deck": walking_deck_largest, "walk-the-plank": plank_largest, "deadland": deadland_largest}
#: random actions played on each largest card set, with the odds and the table view at each
MOVES = 150


def _play(state, moves: int) -> int:
    rng = random.Random(7)
    n = 0
    while not state.is_over and n < moves:
        state.odds()
        state.view(None, log=False)
        state.apply(rng.choice(state.legal_labels()))
        n += 1
    return n


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_largest_card_sets_load_play_and_replay(game):
    cards = LARGEST[game]()
    g, load_s = cpu(gamelib.load, game, cards=cards)
    state = g.new_state(seed=11)
    n, play_s = cpu(_play, state, MOVES)
    assert n == MOVES or state.is_over
    record = state.to_record()
    assert len(record) <= MAX_RECORD_SIZE
    again, replay_s = cpu(gamelib.load_record, record)
    assert again == state
    sc = state.to_scenario()
    back, scenario_s = cpu(g.from_scenario, json.loads(json.dumps(sc)), seed=state.seed)
    assert back._key() == state._key()
    print(f"{game}: largest card set loaded in {load_s:.3f} s of CPU; {n} actions with odds and view "
          f"{play_s:.3f} s; its {len(record):,}-character record replayed in {replay_s:.3f} s; "
          f"the scenario read back in {scenario_s:.3f} s")


def test_the_largest_card_sets_are_at_the_limits():
    """The sets above are the largest allowed: one more card, board or copy is refused."""
    t = walking_deck_largest()
    text = sum(len(e["note"]) for e in t["event"])
    assert MAX_CARD_FILE_BYTES - 60_000 < text < MAX_CARD_FILE_BYTES
    t["event"][0]["note"] += "n" * (MAX_CARD_FILE_BYTES - text)
    with pytest.raises(CardDataError, match="characters"):
        gamelib.load("walking-deck", cards=t)

    with pytest.raises(CardDataError, match=f"at most {plank_cards.MAX_CARDS} cards"):
        gamelib.load("walk-the-plank", cards=skull_set(plank_cards.MAX_CARDS + 1))

    t = deadland_largest()
    assert len(t["board"]) == dl_cards.MAX_BOARDS
    assert sum(len(g["cards"]) for g in t["event"]) > dl_cards.MAX_EVENT_CARDS - 30
    assert max(len(g["cards"]) for g in t["event"]) == dl_cards.MAX_DECK_CARDS
    t["virus"] = [{"cards": virus_deck(dl_cards.MAX_VIRUS_CARDS + 1)}]
    with pytest.raises(CardDataError, match=f"at most {dl_cards.MAX_VIRUS_CARDS} cards"):
        gamelib.load("deadland", cards=t)


def test_a_deadland_scenario_naming_every_card_by_label():
    """Short scenarios name cards by label, each looked up among the cards not used yet: the
    largest card set with every card named by its label is the worst case of that search."""
    g = gamelib.load("deadland", cards=deadland_largest())
    state = g.new_state(seed=4)
    _play(state, 40)
    sc = state.to_scenario()
    events, virus = g.data.events, g.data.virus
    for board in sc["boards"].values():  # (a name such as "Shotgun" may also take a "Shotgun with 1
        # Munitions" card, which a later label then misses: only cards whose label is their name)
        board["deck"] = [events[c].label if events[c].label == events[c].name else c for c in board["deck"]]
    sc["virus"]["deck"] = [virus[c].label for c in sc["virus"]["deck"]]
    named = len(sc["virus"]["deck"]) + sum(c not in events for b in sc["boards"].values() for c in b["deck"])
    back, took = cpu(g.from_scenario, sc, seed=state.seed)
    assert sorted(back.zones()) == sorted(state.zones())
    print(f"deadland: a scenario naming {named} cards by label read in {took:.3f} s of CPU")


def test_a_scenario_past_the_item_limit_is_refused_before_it_is_read():
    sc = gamelib.load("deadland").new_state(seed=1).to_scenario()
    sc["box"] = ["5"] * (MAX_SCENARIO_ITEMS + 1)
    with pytest.raises(gamelib.ScenarioError, match=f"at most {MAX_SCENARIO_ITEMS:,} values"):
        gamelib.load("deadland").from_scenario(sc, seed=1)


def test_a_record_at_the_size_limit_is_refused_or_replayed_quickly():
    """A record of MAX_RECORD_SIZE characters: a card table full of text (refused past the card
    set's own text limit) and a list of actions (refused past its count)."""
    rec = json.loads(gamelib.load("walk-the-plank").new_state(seed=1).to_record())
    rec["options"]["cards"] = dict(table("walk-the-plank"), note="x" * (MAX_RECORD_SIZE - 10_000))
    text = json.dumps(rec)
    assert MAX_RECORD_SIZE - 20_000 < len(text) <= MAX_RECORD_SIZE
    with pytest.raises(RecordError):
        _, took = cpu(gamelib.load_record, text)
    rec["options"]["cards"] = None
    rec["actions"] = ["Program Charge! as card 1"] * 20_000
    with pytest.raises(RecordError, match="does not replay"):
        gamelib.load_record(json.dumps(rec))

"""Rulebook sections "Game Set Up", "Components" and "Role Cards" (face down): what each player sees."""
from __future__ import annotations

import json

from gamelib.core import Rng

from .helpers import game, start


def test_setup_decks_markers_and_counters():
    """Game Set Up: decks per board (Roads split 18/18), survivors on the Base, Radio marker on its
    first square, eight Role cards face down, red (the first seat) begins."""
    s = game(4).new_state(seed=11)
    v = s.view(None)
    sizes = {b["name"]: len(b["deck"]) + len(b["discard"]) for b in v["boards"]}
    assert sizes == {"Base": 20, "Road 1": 18, "Road 2": 18, "General Store": 20, "Hospital": 20, "Police Station": 20}
    assert all(p["board"] == "Base" for p in v["players"].values())
    assert v["active"] == "red" and v["radio"]["contacts"] == 0
    assert len(s.rdeck) + sum(r is not None for r in s.role) == 8
    zones = s.zones()
    assert sum(len(c) for k, c in zones.items() if k.startswith("munitions:")) == 25
    assert zones["radio:0"] == ["radio-marker"]
    assert sum(len(zones[k]) for k in zones if k.startswith(("virus:", "infection:"))) == 70
    events = sum(len(zones[k]) for k in zones if k.startswith(("deck:", "discard:", "objects:")) or k in ("box", "event:resolving"))
    assert events == 116


def test_views_hide_roles_infection_below_the_top_and_deck_order():
    """Role Cards / Virus Cards: others' face-down roles, the cards under the top of others' Infection
    decks and every deck order are hidden; the table view (None) shows everything."""
    s = start(3, virus={"deck": ["8", "7"]}, players={
        "red": {"board": "Hospital", "infection": ["1", "2", "3"], "role": "looter"},
        "blue": {"infection": ["1", "Illness"], "role": "traitor"}})
    blue_view = s.view("blue")
    red = blue_view["players"]["red"]
    assert red["role"] == "face down" and red["top"] == "3" and red["level"] == 3 and red["infection"] is None
    assert blue_view["players"]["blue"]["infection"] == ["1", "Illness"]
    assert blue_view["players"]["blue"]["role"] == "Traitor (face down)"
    assert isinstance(blue_view["virus"]["deck"], int) and isinstance(blue_view["boards"][0]["deck"], int)
    table = s.view(None)
    assert table["players"]["red"]["role"] == "Looter (face down)" and isinstance(table["virus"]["deck"], list)
    json.dumps(table)


def test_redeal_keeps_what_the_player_sees():
    """Role Cards: re-dealing what blue cannot see changes hidden cards but not blue's view."""
    s = start(3, virus={"deck": ["8", "7"]}, players={
        "red": {"board": "Hospital", "infection": ["1"], "role": "looter"},
        "green": {"infection": ["1"], "role": "medic"},
        "blue": {"infection": ["1"], "role": "traitor"}})
    rng = Rng(5)
    changed = False
    for _ in range(20):
        other = s.resample_hidden("blue", rng)
        assert other.view("blue") == s.view("blue")
        assert other.role[1] == "traitor"
        changed |= other.role[0] != "looter" or other.vdeck != s.vdeck
    assert changed


def test_redeal_respects_what_a_refused_gift_revealed():
    """Role Cards (Traitor): after a refused gift everybody knows who the Traitor is."""
    s = start(3, virus={"deck": ["8", "7"]}, traitor_known="green", players={
        "red": {"board": "Hospital", "infection": ["1"], "role": "looter"},
        "green": {"infection": ["1"], "role": "traitor"}})
    rng = Rng(1)
    for _ in range(10):
        assert s.resample_hidden("blue", rng).role[2] == "traitor"


def test_the_trial_entry_counts_the_cards_and_is_public():
    """Virus Cards / Infection Trials: at every decision of random games, ``trial`` is None unless a
    trial is running; then its cards drawn (Radio Contacts aside) plus the cards still to draw make
    the cards it needs, every seat sees the same entry, and re-dealing hidden cards changes nothing in it."""
    import random

    running = radio = 0
    for seed in range(4):
        s = game(2 + seed % 5).new_state(seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            v = s.view(None, log=False)
            t = v["trial"]
            assert (t is None) == all(task[0] != "trial" for task in s.stack)
            if t is not None:
                running += 1
                assert v["last_trial"] is None
                counted = [c for c in t["drawn"] if c["fate"] != "radio contact"]
                radio += len(t["drawn"]) - len(counted)
                assert len(counted) + t["to_draw"] == t["cards"] and t["kind"] in ("daily", "attack", "zattack",
                                                                                 "blood", "zdaily")
                assert all(s.view(p, log=False)["trial"] == t for p in s.players)  # every card drawn is shown to all
                me = s.to_move
                assert s.resample_hidden(me, Rng(seed)).view(me, log=False)["trial"] == s.view(me, log=False)["trial"]
            s.apply(r.choice(s.legal_labels()))
    assert running > 20 and radio > 0

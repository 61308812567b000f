"""Builders for the hostile inputs of issue 23 and the largest inputs the limits allow (shared by
``test_hostile_engine.py`` and ``test_input_limits.py``)."""
from __future__ import annotations

import copy
import json
import time
from typing import Any

import gamelib
from gamelib.core.cards import shipped_table
from gamelib.rules.deadland.cards import MAX_BOARDS, MAX_DECK_CARDS, MAX_EVENT_CARDS, MAX_VIRUS_CARDS
from gamelib.rules.walk_the_plank.cards import MAX_CARDS

FILES = {"walking-deck": "walking_deck.toml", "walk-the-plank": "walk_the_plank.toml", "deadland": "deadland.toml"}
GAMES = tuple(FILES)


def table(game: str) -> dict[str, Any]:
    """The shipped card table of ``game`` as a plain dict (a deep copy to edit)."""
    return json.loads(json.dumps(dict(shipped_table(FILES[game]))))


def record_with_cards(game: str, cards: dict[str, Any], **options: Any) -> str:
    """A record of ``game``'s first position whose ``options.cards`` is ``cards`` (written by hand:
    the record is built from a valid game, then its card table replaced)."""
    rec = json.loads(gamelib.load(game, cards=table(game), **options).new_state(seed=1).to_record())
    rec["options"]["cards"] = cards
    return json.dumps(rec)


def skull_set(n: int) -> dict[str, Any]:
    """A Walk the Plank colour set of ``n`` cards, every one with a Skull, allowed in every position."""
    return {"card": [{"name": f"Skull {i}", "effect": "charge", "skull": True, "slots": [1, 2, 3],
                      "source": "stand-in"} for i in range(n)]}


def virus_deck(total: int) -> list[dict[str, Any]]:
    """Virus entries with ``total`` cards in all (70 copies per entry, 2 Radio Contacts, levels 1-8)."""
    entries = [{"kind": "radio", "copies": 2, "source": "rulebook"}]
    entries += [{"kind": "level", "level": lv, "copies": 1, "source": "stand-in"} for lv in range(1, 9)]
    left = total - 10
    while left > 0:
        n = min(70, left)
        entries.append({"kind": "level", "level": 1 + len(entries) % 8, "copies": n, "source": "stand-in"})
        left -= n
    return entries


def walking_deck_largest() -> dict[str, Any]:
    """The Walking Deck's card counts are fixed (36 Events, 14 tokens, 4 Protagonists): the
    largest set is the shipped one with as much text as a card set may hold."""
    t = table("walking-deck")
    for e in t["event"]:
        e["note"] = "n" * 27_000  # 36 * 27,000 = 972,000 characters, under MAX_CARD_FILE_BYTES with the rest
    return t


def plank_largest() -> dict[str, Any]:
    return skull_set(MAX_CARDS)


def deadland_largest() -> dict[str, Any]:
    """MAX_BOARDS boards (26 Roads sharing one deck), four decks of MAX_DECK_CARDS Event cards,
    MAX_VIRUS_CARDS Virus cards."""
    t = table("deadland")
    boards = {b["key"]: b for b in t["board"]}
    roads = [f"road{i}" for i in range(1, MAX_BOARDS - 3)]  # base, store, hospital, police and 26 Roads
    others = ["store", "hospital", "police"]
    new_boards = [dict(boards["base"], connects=roads[:2])]
    for i, key in enumerate(roads):
        new_boards.append(dict(boards["road1"], key=key, name=f"Road {i + 1}", connects=["base", *others]
                               if i < 2 else others))
    for key in others:
        new_boards.append(dict(boards[key], connects=roads))
    t["board"] = new_boards
    per_road = (MAX_EVENT_CARDS - 4 * MAX_DECK_CARDS) // len(roads)
    for group in t["event"]:
        size = MAX_DECK_CARDS if group["deck"] != "roads" else per_road * len(roads)
        base = group["cards"]
        group["cards"] = [dict(copy.deepcopy(base[i % len(base)]), id=f"{group['deck']}-x{i}") for i in range(size)]
    t["virus"] = [{"cards": virus_deck(MAX_VIRUS_CARDS)}]
    return t


def cpu(f, *args: Any, **kw: Any) -> tuple[Any, float]:
    """``f(*args, **kw)`` and the CPU seconds it took (printed by the tests, never asserted)."""
    t0 = time.process_time()
    out = f(*args, **kw)
    return out, time.process_time() - t0

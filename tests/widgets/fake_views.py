"""A hand-written Walking Deck view following the schema in gamelib/rules/walking_deck/__init__.py,
so the picture is tested on its own, with every zone filled, whatever the engine deals."""
from __future__ import annotations

from typing import Any

BANNERS = {"white": "recover the Food Reserve", "black": "bury this Event", "grey": "draw a Calamity"}


def event(i: int, name: str, pile: str = "Rural", kind: str = "Zombie", **kw: Any) -> dict:
    return {"id": f"E{i}", "name": name, "pile": pile, "kind": kind,
            "banners": kw.get("banners", BANNERS), "weaknesses": kw.get("weaknesses", [])}


def walking_deck_view(player: str | None) -> dict[str, Any]:
    memory = [event(1, "CAVE", kind="Object"), event(2, "DOMITILLE", "Urban", "Character", weaknesses=["stress"]),
              event(3, "WILD ZERO")]
    return {
        "game": "walking-deck", "player": player, "to_move": "you", "phase": "journey", "is_over": False,
        "outcome": None, "legal_actions": [], "log": [],
        "protagonist": {"name": "Boris", "stars": 2, "burial_limit": 5, "power": "may peek at a pile"},
        "piles": {"Rural": {"count": 12, **({"cards": [event(9, "BARN")]} if player is None else {})},
                  "Urban": {"count": 0}},
        "hand": [event(4, "HORDE", "Urban", banners={"white": None, "black": "inflict 2 damage", "grey": ""}),
                 event(5, "MARCEL", "Rural", "Character", weaknesses=["malnutrition", "injuries"])],
        "memory": {"count": 3, **({"cards": memory} if player is None else {})},
        "avoided": [event(6, "BRIDGE", kind="Location")],
        "buried": {"count": 2, "limit": 5, **({"cards": [event(7, "RATS"), event(8, "FOG")]} if player is None else {})},
        "reserves": {"Food": "available", "Medical": "consumed", "Restorative": "available"},
        "calamity_bag": [{"id": "C1", "weaknesses": ["stress", "injuries"], "respite": False, "text": "stress + injuries"},
                         {"id": "C2", "weaknesses": ["malnutrition"], "respite": False, "text": "malnutrition"},
                         {"id": "RESPITE1", "weaknesses": [], "respite": True, "text": "no weakness"}],
        "respite_aside": ["RESPITE2"],
        "drawn_calamity": None,
        "characters": [{"id": "E10", "name": "LÉA", "weaknesses": ["stress"], "damage": 1, "toughness": 2,
                        "can_take": 1, "orientation": "turned 1 step"},
                       {"id": "E11", "name": "PAUL", "weaknesses": ["injuries"], "damage": 0, "toughness": 2,
                        "can_take": 2, "orientation": "head up"}],
        "resolving": None,
        "being_unstacked": None,
        "removed": [],
        "pending": None,
    }


class FakeGame:
    name = "walking-deck"
    title = "The Walking Deck"
    players = ("you",)


class FakeState:
    """Just enough of a State for a renderer: ``view``, ``players``, ``to_move``, ``game``."""

    game = FakeGame()
    players = ("you",)
    to_move = "you"

    def view(self, player: str | None = None, log: bool = True) -> dict[str, Any]:
        return walking_deck_view(player)

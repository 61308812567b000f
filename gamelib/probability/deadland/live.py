"""The same questions asked of a live state, through its public view."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError

from .decks import ILLNESS, composition
from .trials import added_distribution, trial_size


def _seat_of(view: Mapping[str, Any], player: str | None) -> str:
    names = list(view["players"])
    if player is None:
        pending = view.get("pending") or {}
        player = pending.get("player") or view.get("active")
    if player not in names:
        raise GamelibError(f"{player!r} is not a player; the players are {', '.join(names)}")
    return player


def position(state: Any, player: str | None = None) -> dict[str, Any]:
    """What a trial of ``player`` (default: who decides now) depends on, read from the table view:
    the deck and discards, Radio Contacts set aside and still needed, the level, Illness cards,
    and the facts that set the number of cards (Base, other markers there, turned boards, a
    face-up Survivor or Hermit, Rations)."""
    v = state.view(None)
    p = _seat_of(v, player)
    me = v["players"][p]
    if me["zombie"]:
        raise GamelibError(f"{p} is a zombie: zombies draw two cards and add none")
    inf = me["infection"] or []
    board = next(b for b in v["boards"] if b["name"] == me["board"])
    role = me["role"] or ""
    face_up = role and "face down" not in role
    base_name = next((b["name"] for b in v["boards"] if b["name"] == "Base"), v["boards"][0]["name"])
    return {
        "player": p,
        "deck": composition(v["virus"]["deck"]),
        "discard": composition(v["virus"]["discard"]),
        "radio_aside": v["virus"]["radio_set_aside"],
        "radio_left": v["radio"]["target"] - v["radio"]["contacts"],
        "level": me["level"],
        "illnesses": sum(1 for c in inf if c == ILLNESS),
        "on_base": me["board"] == base_name,
        "players_on_base": len(board["players"]),
        "boards_turned": any(b["turned"] for b in v["boards"]),
        "survivor": bool(face_up) and role.startswith("Survivor"),
        "hermit_alone": bool(face_up) and role.startswith("Hermit") and board["players"] == [p],
        "rations": me["rations"],
    }


def daily_size(state: Any, player: str | None = None, *, ration: bool = False, survivor_fewer: bool = True) -> int:
    """Cards of ``player``'s daily trial taken now (``ration``: one eaten first; a face-up
    Survivor takes one fewer unless ``survivor_fewer=False``)."""
    pos = position(state, player)
    return trial_size(pos["level"], "daily", on_base=pos["on_base"], players_on_base=pos["players_on_base"],
                      boards_turned=pos["boards_turned"], ration=ration,
                      survivor=pos["survivor"] and survivor_fewer, hermit_alone=pos["hermit_alone"])


def daily_distribution(state: Any, player: str | None = None, *, ration: bool = False,
                       survivor_fewer: bool = True) -> dict[int, Fraction]:
    """``added_distribution`` of ``player``'s daily trial taken now, from the live position."""
    pos = position(state, player)
    k = daily_size(state, player, ration=ration, survivor_fewer=survivor_fewer)
    return added_distribution(pos["deck"], pos["discard"], level=pos["level"], illnesses=pos["illnesses"], cards=k,
                              kind="daily", radio_aside=pos["radio_aside"], radio_left=pos["radio_left"])


def attack_distribution(state: Any, player: str | None = None, cards: int = 2, *, kind: str = "attack",
                        level5: bool | None = None, pistol: bool = False, survivor_fewer: bool = True) -> dict[int, Fraction]:
    """``added_distribution`` of an attack trial of ``cards`` cards for ``player`` now (``level5``:
    default, whether a survivor on the board is at level 5)."""
    pos = position(state, player)
    if level5 is None:
        v = state.view(None)
        here = next(b for b in v["boards"] if b["name"] == v["players"][pos["player"]]["board"])["players"]
        level5 = any(v["players"][q]["level"] == 5 and not v["players"][q]["zombie"] for q in here)
    k = trial_size(pos["level"], kind, cards, level5=level5, pistol=pistol, survivor=pos["survivor"] and survivor_fewer)
    return added_distribution(pos["deck"], pos["discard"], level=pos["level"], illnesses=pos["illnesses"], cards=k,
                              kind=kind, radio_aside=pos["radio_aside"], radio_left=pos["radio_left"])

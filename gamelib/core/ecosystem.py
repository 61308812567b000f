"""Numbers that game-AI libraries (OpenSpiel, PettingZoo) ask of a game, for every game alike.

* ``returns(state)``: per seat, in ``players`` order, 1 for a winner, -1 for a loser and 0 for a
  seat that neither won nor lost (and for everyone before the end); utilities lie in [-1, 1].
* ``info_key(state, seat)``: a cheap information-state key, the seat's view without the log as a
  flat tuple of facts (nothing hidden from the seat can change it: views are leak-free).
* Observations: a view is flattened into *facts*, strings ``path=value`` (``hand[]=CRAWLER``,
  ``piles.Rural.count=14``; list positions are dropped, so a fact can occur several times).
  ``observation_tensor`` counts the facts in ``OBS_SIZE`` buckets (bucket = CRC-32 of the fact
  modulo ``OBS_SIZE``): a fixed-size float32 vector whatever the position, built only from
  ``view(seat)``, so it cannot show a seat anything its view does not. ``part="public"`` keeps
  the facts every seat's view shows (the multiset intersection over seats; in a one-seat game,
  the facts outside the view's ``game.private_view_keys``, such as the hand), ``part="private"``
  what is left of ``seat``'s own facts. The layout is the same for every game and seat.
"""
from __future__ import annotations

import zlib
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

#: length of every observation tensor (buckets of hashed facts)
OBS_SIZE = 1024
#: view fields left out of observations: the viewer's own name and the log (a history, not an observation)
_SKIP = frozenset({"player", "log"})
PARTS = ("all", "public", "private")


def returns(state: "State") -> list[float]:
    out = state.outcome
    if out is None:
        return [0.0] * len(state.players)
    return [1.0 if p in out.winners else -1.0 if p in out.losers else 0.0 for p in state.players]


def facts(view: Any, path: str = "") -> list[str]:
    """The view as ``path=value`` strings (keys sorted, list positions dropped)."""
    out: list[str] = []
    _walk(view, path, out)
    return out


def _walk(x: Any, path: str, out: list[str]) -> None:
    if isinstance(x, dict):
        for k in sorted(x, key=str):
            if path == "" and k in _SKIP:
                continue
            _walk(x[k], f"{path}.{k}" if path else str(k), out)
    elif isinstance(x, (list, tuple)):
        out.append(f"{path}#={len(x)}")
        for v in x:
            _walk(v, path + "[]", out)
    else:
        out.append(f"{path}={x}")


def _view_facts(state: "State", seat: str | None) -> list[str]:
    return facts(state.view(seat, log=False))


def info_key(state: "State", seat: str) -> tuple:
    return tuple(_view_facts(state, seat))


def observation_facts(state: "State", seat: str | None, part: str = "all") -> Counter:
    """The multiset of facts behind ``observation_tensor``."""
    if part not in PARTS:
        raise ValueError(f"part={part!r}: choose one of {', '.join(PARTS)}")
    if seat is None and part != "all":
        raise ValueError("the table view (seat None) has no public or private part")
    mine = Counter(_view_facts(state, seat))
    if part == "all":
        return mine
    if len(state.players) == 1:  # nobody to share with: what lies on the table is public
        hidden = tuple(f"{k}" for k in state.game.private_view_keys)
        public = Counter({f: n for f, n in mine.items() if not f.startswith(hidden)})
    else:
        public = mine
        for other in state.players:
            if other != seat:
                public = public & Counter(_view_facts(state, other))
    return public if part == "public" else mine - public


def bucket(fact: str) -> int:
    return zlib.crc32(fact.encode("utf-8")) % OBS_SIZE


def observation_tensor(state: "State", seat: str | None, part: str = "all"):
    import numpy as np  # (numpy only when asked: the rules need it nowhere else)

    out = np.zeros(OBS_SIZE, dtype=np.float32)
    for fact, n in observation_facts(state, seat, part).items():
        out[bucket(fact)] += n
    return out

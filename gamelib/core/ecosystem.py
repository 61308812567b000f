"""Numbers that game-AI libraries (OpenSpiel, PettingZoo) ask of a game, for every game alike.

* ``returns(state)``: per seat, in ``players`` order, 1 for a winner, -1 for a loser and 0 for a
  seat that neither won nor lost (and for everyone before the end); utilities lie in [-1, 1].
* ``info_key(state, seat)``: a cheap information-state key: two positions get the same key for a
  seat exactly when its view without the log (``view_key``, the slow definition) is the same; a
  per-game hook ``_info_key`` builds it from the fields at a few µs.
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

from . import ids
from .errors import UnknownPlayer

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


def view_key(state: "State", seat: str) -> tuple:
    """The information-state key by definition: ``seat``'s view without the log, as facts
    (slow: the whole view is built and flattened). ``info_key`` must split positions exactly as
    this does (tests/core/test_info_key.py)."""
    return tuple(_view_facts(state, seat))


def info_key(state: "State", seat: str) -> tuple:
    """``view_key``'s partition of positions at a few µs: the game's ``_info_key(seat index)``
    hook (a compact tuple of the fields ``seat``'s view is made of, hidden ones reduced the way
    the view reduces them), with who is to move and the phase; ``view_key`` for a game without it."""
    hook = getattr(state, "_info_key", None)
    if hook is None:
        return view_key(state, seat)
    players = state.game.players
    if seat not in players:
        raise UnknownPlayer(seat, players)
    return (state.to_move, state.phase, hook(players.index(seat)))


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


class GameAINumbers:
    """The State's numbers for game-AI libraries (mixed into ``State``): stable action ids
    (``gamelib.core.ids``), returns, truncation, information keys and observations."""

    __slots__ = ()

    #: the stable ids of the legal actions (``game.action_space()``), increasing (the function
    #: itself as the method: one Python call fewer on the game-AI libraries' path)
    legal_action_ids = ids.legal_action_ids

    def action_id(self, action: Action) -> int:
        """The stable id of one of the legal Actions."""
        return ids.id_of_action(self, action)

    def returns(self) -> list[float]:
        """Per seat, in ``players`` order: 1 for a winner, -1 for a loser, 0 otherwise (and for
        every seat before the end)."""
        return returns(self)

    @property
    def is_truncated(self) -> bool:
        """The game stopped at a house-rule limit (e.g. Walk the Plank's round limit), not by
        the rulebook's own ending."""
        return self.is_over and self._truncated()

    def _truncated(self) -> bool:
        return False

    def info_key(self, seat: str) -> tuple:
        """A cheap information-state key for ``seat``: equal for two positions that ``seat``
        cannot tell apart from what it sees now (its view without the log, as facts). It does not
        recall earlier turns beyond what the view keeps."""
        return info_key(self, seat)

    def observation_tensor(self, seat: str | None, part: str = "all"):
        """``seat``'s observation as a flat numpy float32 array of ``OBS_SIZE`` counts of hashed
        view facts (``gamelib.core.ecosystem``; docs/ecosystems.md); ``part`` is ``"all"``,
        ``"public"`` (what every seat sees) or ``"private"`` (only what ``seat`` sees beyond it)."""
        return observation_tensor(self, seat, part)

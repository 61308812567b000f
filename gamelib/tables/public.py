"""A spectator's view: only what every seat sees alike, so nothing any seat keeps secret.

The engine gives one view per seat (``state.view(seat)``). A fact is public when every seat's
view holds the same value; a seat's own entry (``players[red]``) is public as the *other* seats
see it (red's programmed cards as "face down", red's hand as a count). Anything else that
differs between seats is replaced by ``HIDDEN``. The log keeps the entries meant for everyone.
Built from views alone, this holds for any game without knowing its rules; the tests check it
by re-dealing every seat's hidden cards: a spectator's view does not change."""
from __future__ import annotations

from typing import Any, Sequence

SPECTATOR = "spectator"
HIDDEN = "hidden"


def _merge(values: dict[str, Any], seats: Sequence[str]) -> Any:
    first = next(iter(values.values()))
    if all(v == first for v in values.values()):
        return first
    if all(isinstance(v, dict) for v in values.values()):
        out: dict[str, Any] = {}
        keys = list(dict.fromkeys(k for v in values.values() for k in v))
        for key in keys:
            others = {q: v.get(key) for q, v in values.items() if q != key}
            if key in seats and others and len(others) < len(values):
                out[key] = _merge(others, seats)  # a seat's own entry, as the others see it
            else:
                out[key] = _merge({q: v.get(key) for q, v in values.items()}, seats)
        return out
    if all(isinstance(v, list) for v in values.values()) and len({len(v) for v in values.values()}) == 1:
        return [_merge({q: v[i] for q, v in values.items()}, seats) for i in range(len(first))]
    return HIDDEN


def public_view(state: Any, log: bool = True) -> dict[str, Any]:
    """What a spectator may see of ``state`` (a dict shaped like ``state.view(seat)``)."""
    seats = tuple(state.players)
    views = {p: state.view(p, log=False) for p in seats}
    if len(seats) < 2:
        raise ValueError(f"{state.game.name} has one seat: a table needs a game of several players")
    out = _merge(views, seats)
    out["player"] = SPECTATOR
    out["legal_actions"] = []
    if log:
        out["log"] = [str(e) for e in state.log if e.visible_to is None]
    return out


class PublicState:
    """Stands for a state in a renderer: ``view(anyone)`` is the public view; the rest (the
    game, the public odds, whose decision it is) is the state's own. Renderers read only
    ``view()`` for what is on the table (gamelib/render), so the picture shows no secret."""

    def __init__(self, state: Any):
        self._state = state

    def view(self, player: Any = None, log: bool = True) -> dict[str, Any]:
        return public_view(self._state, log=log)

    def __getattr__(self, name: str) -> Any:
        if name in ("log", "history", "to_record", "clone", "at_ply", "apply", "undo", "scenario",
                    "to_scenario", "legal_actions", "legal_labels", "resample_hidden"):
            # what could carry a secret (private log lines, the decisions) is not passed on
            raise AttributeError(f"a spectator's state has no {name}")
        return getattr(self._state, name)


__all__ = ["public_view", "PublicState", "SPECTATOR", "HIDDEN"]

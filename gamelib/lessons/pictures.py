"""Pictures for a lesson's opening that do not give the answer away: a player's view (the
renderers' ``player`` argument: hidden cards stay hidden, e.g. the Virus deck's order) and,
until the students have predicted, no odds panel."""
from __future__ import annotations

from typing import Any


class _WithoutOdds:
    """``state`` as a renderer sees it, except that ``odds()`` is empty: the picture draws without
    its odds panel. Everything else is the state's own (public API only: ``view``, ``game``...)."""

    def __init__(self, state: Any):
        self._state = state

    def odds(self) -> dict:
        return {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def picture(state: Any, player: str | None = None, *, odds: bool = False, large: bool = False) -> Any:
    """HTML of ``state`` seen by ``player`` (the seat to move by default), without the odds panel
    unless ``odds=True``; an ``IPython.display.HTML`` object, so a cell shows it as its result."""
    from IPython.display import HTML

    from gamelib.render import render

    return HTML(render(state if odds else _WithoutOdds(state), reveal=False, player=player, large=large))

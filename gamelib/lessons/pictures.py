"""Pictures for a lesson's opening that do not give the answer away: a player's view (the
renderers' ``player`` argument: hidden cards stay hidden, e.g. the Virus deck's order) and,
until the students have predicted, no chance of the trial the lesson asks about."""
from __future__ import annotations

from typing import Any

#: odds a lesson's question is about (the daily trial's chance of adding a card); the others
#: (what is left in the Virus deck, the next Event by kind) are public counts and stay
ANSWERS = ("daily trial",)
#: what the Deadland picture says where a trial's chance is missing, and what a lesson says instead
_EMPTY = "no daily trial to come for the player to move"
_HIDDEN = "the chance of this trial: hidden until you have predicted"


class _WithoutAnswers:
    """``state`` as a renderer sees it, except that ``odds()`` leaves out the odds the lesson asks
    about. Everything else is the state's own (public API only: ``view``, ``odds``, ``game``)."""

    def __init__(self, state: Any):
        self._state = state

    def odds(self) -> dict:
        return {t: d for t, d in (self._state.odds() or {}).items() if not any(a in str(t) for a in ANSWERS)}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def picture(state: Any, player: str | None = None, *, odds: bool = False, large: bool = False) -> Any:
    """HTML of ``state`` seen by ``player`` (the seat to move by default), without the odds the
    lesson asks about unless ``odds=True``; an ``IPython.display.HTML`` object, so a cell shows it
    as its result."""
    from IPython.display import HTML

    from gamelib.render import render

    html = render(state if odds else _WithoutAnswers(state), reveal=False, player=player, large=large)
    if not odds:
        html = html.replace(_EMPTY, _HIDDEN)
    return HTML(html)

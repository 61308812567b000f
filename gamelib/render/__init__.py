"""Pictures of game states as HTML (no plotting library needed, so they render fast in
Jupyter, Voila and a browser test alike). Rules code never imports this package: a Game names
its renderer as ``"module:function"`` and the State resolves it lazily.

A renderer is ``fn(state, reveal=None, player=None, large=False) -> str``; only ``reveal`` is
required (``render`` passes ``player`` and ``large`` to renderers that accept them). Its module
may also define ``present_odds(state, odds) -> {title: Distribution}`` (group and order the
odds as a player tells outcomes apart) and ``ODDS_NOTE`` (whose knowledge the odds use)."""
from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Callable

from .generic import render_html as render_generic

Renderer = Callable[..., str]

#: what the odds panel says when a game does not say better
DEFAULT_ODDS_NOTE = ("Exact odds from what every player can see (public information); "
                     "the face-up cards of the table view are not used.")


def renderer_for(game: Any) -> Renderer:
    """The game's own renderer if it names one, else the generic table."""
    path = getattr(type(game), "renderer", None) or getattr(game, "renderer", None)
    if not path:
        return render_generic
    module, _, func = path.partition(":")
    return getattr(importlib.import_module(module), func)


def render(state: Any, reveal: bool | None = None, player: str | None = None, large: bool = False) -> str:
    """HTML for ``state``: ``reveal=True`` is the table view (everything face up), otherwise
    the view of ``player`` (default: whoever decides now, else the first seat). ``large`` asks
    for text readable from the back of a classroom, from renderers that offer it."""
    fn = renderer_for(state.game)
    kwargs: dict[str, Any] = {"reveal": reveal}
    if _accepts(fn, "player"):
        kwargs["player"] = player
    if large and _accepts(fn, "large"):
        kwargs["large"] = True
    return fn(state, **kwargs)  # a renderer that only knows ``reveal`` is the documented minimum


def supports_large(game: Any) -> bool:
    return _accepts(renderer_for(game), "large")


def _accepts(fn: Renderer, name: str) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _renderer_module(game: Any) -> Any:
    fn = renderer_for(game)
    return sys.modules.get(getattr(fn, "__module__", ""), None)


def odds_for_display(state: Any, player: str | None = None) -> tuple[str, list[tuple[str, list[tuple[str, Fraction]]]]]:
    """(note, groups) for the odds panel: the game's odds as ``player`` reckons them (from
    everything that seat knows, its own face-down cards included: ``state.odds_for(player)``;
    ``None``: ``state.odds()``, the table view's), grouped and ordered by its renderer module's
    ``present_odds`` if it has one, each group's outcomes most likely first; nothing once the
    game is over (no draw can come next)."""
    module = _renderer_module(state.game)
    note = getattr(module, "ODDS_NOTE", DEFAULT_ODDS_NOTE)
    if state.is_over:
        return note, []
    try:
        odds: Mapping[str, Any] = state.odds() if player is None else state.odds_for(player)
    except NotImplementedError:
        odds = {}
    present = getattr(module, "present_odds", None)
    if present is not None and odds:
        odds = present(state, odds)
    groups = []
    for title, dist in odds.items():
        rows = [(str(k), Fraction(p)) for k, p in dist.items()]
        order = {k: i for i, (k, _) in enumerate(rows)}
        rows.sort(key=lambda kp: (-kp[1], order[kp[0]]))
        if rows:
            groups.append((str(title), rows))
    return note, groups


__all__ = ["render", "render_generic", "renderer_for", "odds_for_display", "supports_large", "DEFAULT_ODDS_NOTE"]

"""Pictures of game states as HTML (no plotting library needed, so they render fast in
Jupyter, Voila and a browser test alike). Rules code never imports this package: a Game names
its renderer as ``"module:function"`` and the State resolves it lazily."""
from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable

from .generic import render_html as render_generic

Renderer = Callable[..., str]


def renderer_for(game: Any) -> Renderer:
    """The game's own renderer if it names one, else the generic table."""
    path = getattr(type(game), "renderer", None) or getattr(game, "renderer", None)
    if not path:
        return render_generic
    module, _, func = path.partition(":")
    return getattr(importlib.import_module(module), func)


def render(state: Any, reveal: bool | None = None, player: str | None = None) -> str:
    """HTML for ``state``: ``reveal=True`` is the table view (everything face up), otherwise
    the view of ``player`` (default: whoever decides now, else the first seat)."""
    fn = renderer_for(state.game)
    if _takes_player(fn):
        return fn(state, reveal=reveal, player=player)
    return fn(state, reveal=reveal)  # a renderer that only knows ``reveal`` (the documented minimum)


def _takes_player(fn: Renderer) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return "player" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


__all__ = ["render", "render_generic", "renderer_for"]

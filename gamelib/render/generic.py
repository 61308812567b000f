"""A tidy HTML table of any game's view, for games without a picture of their own."""
from __future__ import annotations

from html import escape
from typing import Any

# keys the stepper already shows elsewhere (status line, buttons, log panel)
_SHOWN_ELSEWHERE = ("game", "player", "legal_actions", "log")


def seat(state: Any, reveal: bool | None, player: str | None) -> str | None:
    """Whose eyes the picture uses: None for the table view."""
    if reveal:
        return None
    if player is not None:
        return player
    return state.to_move or state.players[0]


def value_html(value: Any, depth: int = 0) -> str:
    """Nested dicts become small tables, lists become comma lists; everything is escaped."""
    if isinstance(value, dict):
        if not value:
            return "<em>none</em>"
        rows = "".join(
            f"<tr><th>{escape(str(k))}</th><td>{value_html(v, depth + 1)}</td></tr>" for k, v in value.items()
        )
        return f'<table class="gl-kv gl-depth{min(depth, 3)}">{rows}</table>'
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        if not items:
            return "<em>empty</em>"
        if any(isinstance(x, (dict, list, tuple)) for x in items):
            return "<ol class='gl-list'>" + "".join(f"<li>{value_html(x, depth + 1)}</li>" for x in items) + "</ol>"
        return escape(", ".join(str(x) for x in items))
    if value is None:
        return "<em>—</em>"
    return escape(str(value))


STYLE = """<style>
.gl-generic table.gl-kv{border-collapse:collapse;margin:2px 0}
.gl-generic table.gl-kv th{text-align:left;padding:2px 8px;background:#f3f0e8;font-weight:600;vertical-align:top}
.gl-generic table.gl-kv td{padding:2px 8px;border-bottom:1px solid #e5e0d5}
.gl-generic ol.gl-list{margin:0;padding-left:1.4em}
</style>"""


def render_html(state: Any, reveal: bool | None = None, player: str | None = None) -> str:
    """The view (``view(None)`` when ``reveal``) as a two-column table."""
    who = seat(state, reveal, player)
    view = state.view(who)
    body = {k: v for k, v in view.items() if k not in _SHOWN_ELSEWHERE}
    title = escape(getattr(state.game, "title", state.game.name))
    eyes = "table view (everything face up)" if who is None else f"seen by {escape(who)}"
    return (
        f'{STYLE}<div class="gl-generic"><div class="gl-caption"><b>{title}</b> — {eyes}</div>'
        f"{value_html(body)}</div>"
    )

"""A tidy HTML table of any game's view, for games without a picture of their own."""
from __future__ import annotations

from html import escape
from typing import Any

# keys the stepper already shows elsewhere (status line, buttons, log panel)
_SHOWN_ELSEWHERE = ("game", "player", "legal_actions", "log")
# keys said in words on the first line of the picture instead of as table rows
_HEADLINE = ("phase", "to_move", "is_over", "outcome")

#: The one seat palette (issue 24): the status line's badges, Walk the Plank's pirates and
#: Deadland's survivors all read it, so a seat is the same colour everywhere. Colours from the
#: Okabe-Ito palette (told apart with the common colour-vision deficiencies), each with the text
#: colour that keeps a contrast of at least 4.5:1 and a letter, so a seat never depends on colour
#: alone.
SEAT_COLOURS: dict[str, tuple[str, str, str]] = {
    "red": ("#D55E00", "#000000", "R"),
    "blue": ("#0072B2", "#FFFFFF", "B"),
    "green": ("#009E73", "#000000", "G"),
    "yellow": ("#F0E442", "#000000", "Y"),
    "purple": ("#CC79A7", "#000000", "P"),
    "white": ("#FFFFFF", "#000000", "W"),
    "black": ("#000000", "#FFFFFF", "K"),
}


def seat_badge(name: str) -> str:
    """A seat's name in a coloured badge with its letter (escaped; unknown names in grey)."""
    bg, fg, letter = SEAT_COLOURS.get(name.lower(), ("#E0E0E0", "#000000", name[:1].upper()))
    return (f'<span class="gl-seat-badge" style="background:{bg};color:{fg};border:1px solid #444;'
            f'border-radius:4px;padding:0 4px;white-space:nowrap"><b>{escape(letter)}</b> {escape(name)}</span>')


def seat(state: Any, reveal: bool | None, player: str | None) -> str | None:
    """Whose eyes the picture uses: None for the table view."""
    if reveal:
        return None
    if player is not None:
        return player
    return state.to_move or state.players[0]


def outcome_names(view: dict) -> tuple[list[str], list[str]]:
    """(winners, losers) read from the view's outcome ("won: a, b; lost: c (why)"), once over."""
    text = str(view.get("outcome") or "") if view.get("is_over") else ""
    who = text.split(" (", 1)[0]
    won: list[str] = []
    lost: list[str] = []
    for part in who.split("; "):
        if part.startswith("won: "):
            won = [n.strip() for n in part[len("won: "):].split(",") if n.strip()]
        elif part.startswith("lost: "):
            lost = [n.strip() for n in part[len("lost: "):].split(",") if n.strip()]
    return won, lost


def label(key: Any) -> str:
    """A view key as words: ``to_move`` -> "To move", ``planks_in_play`` -> "Planks in play"."""
    words = str(key).replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def value_html(value: Any, depth: int = 0) -> str:
    """Nested dicts become small tables (keys in words; inner keys such as seat names as they
    are), lists become comma lists, yes/no for
    booleans; everything is escaped."""
    if isinstance(value, dict):
        if not value:
            return "<em>none</em>"
        rows = "".join(
            f"<tr><th>{escape(label(k) if depth == 0 else str(k).replace('_', ' '))}</th><td>{value_html(v, depth + 1)}</td></tr>" for k, v in value.items()
        )
        return f'<table class="gl-kv gl-depth{min(depth, 3)}">{rows}</table>'
    if isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
        if not items:
            return "<em>none</em>"
        if any(isinstance(x, (dict, list, tuple)) for x in items):
            return "<ol class='gl-list'>" + "".join(f"<li>{value_html(x, depth + 1)}</li>" for x in items) + "</ol>"
        return escape(", ".join(str(x) for x in items))
    if value is None:
        return "<em>—</em>"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return escape(str(value))


STYLE = """<style>
.gl-generic table.gl-kv{border-collapse:collapse;margin:2px 0}
.gl-generic table.gl-kv th{text-align:left;padding:2px 8px;background:#f3f0e8;font-weight:600;vertical-align:top}
.gl-generic table.gl-kv td{padding:2px 8px;border-bottom:1px solid #e5e0d5}
.gl-generic ol.gl-list{margin:0;padding-left:1.4em}
.gl-generic{overflow-wrap:anywhere;max-width:100%;color:#1f1f1f}
.gl-generic{font-size:15px}.gl-generic.gl-generic-large{font-size:20px}
.gl-generic .gl-headline{margin:2px 0 4px}
</style>"""


def headline(view: dict) -> str:
    """The phase and whose decision it is (or the result), in words."""
    if view.get("is_over"):
        return f"<b>Game over:</b> {escape(str(view.get('outcome') or ''))}"
    parts = []
    if view.get("phase") is not None:
        parts.append(f"Phase: <b>{escape(str(view['phase']))}</b>")
    if view.get("to_move") is not None:
        parts.append(f"to decide: {seat_badge(str(view['to_move']))}")
    return " · ".join(parts)


def render_html(state: Any, reveal: bool | None = None, player: str | None = None, large: bool = False) -> str:
    """The view (``view(None)`` when ``reveal``) in words: a line with the phase and whose
    decision it is, then the rest as a two-column table; ``large`` for a projector."""
    who = seat(state, reveal, player)
    view = state.view(who, log=False)  # (the picture never reads the log: its cost would grow with the game)
    body = {k: v for k, v in view.items() if k not in _SHOWN_ELSEWHERE + _HEADLINE}
    title = escape(getattr(state.game, "title", state.game.name))
    eyes = "table view (everything face up)" if who is None else f"seen by {escape(who)}"
    return (
        f'{STYLE}<div class="gl-generic{" gl-generic-large" if large else ""}"><div class="gl-caption"><b>{title}</b> — {eyes}</div>'
        f'<div class="gl-headline">{headline(view)}</div>{value_html(body)}</div>'
    )

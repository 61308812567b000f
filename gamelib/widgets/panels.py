"""HTML for the stepper's side panels: status line, event log, odds. Pure functions of a state,
so they are tested without widgets."""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import Any

STYLE = """<style>
.gl-stepper{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#222}
.gl-stepper .widget-html-content{line-height:1.35}
.gl-stepper .gl-heading{font-weight:700;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#5a4a32;margin:8px 0 2px}
.gl-stepper .gl-status-line{font-size:15px;padding:4px 8px;background:#f6f1e6;border-radius:6px}
.gl-stepper .gl-outcome{font-weight:700}
.gl-stepper .gl-outcome.gl-won{color:#1d6b2f}.gl-stepper .gl-outcome.gl-lost{color:#9b1c1c}
.gl-stepper .gl-past{color:#8a5a00;font-weight:600}
.gl-stepper .gl-error-box{background:#fde8e8;border:1px solid #e0a0a0;color:#7a1010;padding:6px 10px;border-radius:6px;white-space:pre-wrap}
.gl-stepper .gl-error-box pre{font-size:11px;max-height:200px;overflow:auto}
.gl-stepper .gl-log-list{height:240px;overflow-y:auto;display:flex;flex-direction:column-reverse;border:1px solid #e5dccb;border-radius:6px;padding:4px;font-size:12.5px;background:#fffdf8}
.gl-stepper .gl-log-entry{padding:1px 2px;border-bottom:1px dotted #eee}
.gl-stepper .gl-log-section{display:inline-block;min-width:84px;font-size:11px;color:#6b5b3e;background:#f1e9d8;border-radius:3px;padding:0 4px;margin-right:4px}
.gl-stepper table.gl-odds-table{border-collapse:collapse;font-size:12.5px;margin-bottom:6px;width:100%}
.gl-stepper table.gl-odds-table caption{text-align:left;font-weight:600;padding:2px 0}
.gl-stepper table.gl-odds-table td,.gl-stepper table.gl-odds-table th{padding:1px 6px;border-bottom:1px solid #eee;text-align:left}
.gl-stepper table.gl-odds-table td.gl-num{text-align:right;font-variant-numeric:tabular-nums}
.gl-stepper .gl-bar{display:inline-block;height:8px;background:#c9a36a;border-radius:2px;vertical-align:middle}
.gl-stepper .gl-actions button{margin:2px;max-width:100%;white-space:normal;height:auto;min-height:28px;text-align:left}
.gl-stepper .gl-muted{color:#888;font-style:italic}
.gl-stepper .gl-odds-box{max-height:240px;overflow-y:auto;border:1px solid #e5dccb;border-radius:6px;padding:2px 4px}
</style>"""


def status_html(shown: Any, shown_ply: int, total_ply: int, game_no: int = 1) -> str:
    """One line: phase, whose decision, where we are in the history, and the outcome if over.
    ``data-ply``/``data-total``/``data-game`` let a browser wait for an update to land."""
    parts = [f"<b>{escape(shown.game.title)}</b>", f"phase: {escape(str(shown.phase))}"]
    if shown.is_over:
        outcome = shown.outcome
        won = bool(outcome.winners) and not outcome.losers
        cls = "gl-won" if won else "gl-lost"
        parts.append(f'<span class="gl-outcome {cls}">{escape(str(outcome))}</span>')
    else:
        parts.append(f"to decide: {escape(str(shown.to_move))}")
    move = f"decision {shown_ply} of {total_ply}"
    if shown_ply < total_ply:
        move = f'<span class="gl-past">looking back: after decision {shown_ply} of {total_ply} (acting here drops the later ones)</span>'
    parts.append(f'<span class="gl-ply" data-ply="{shown_ply}" data-total="{total_ply}" data-over="{int(shown.is_over)}" data-game="{game_no}">{move}</span>')
    return '<div class="gl-status-line">' + " · ".join(parts) + "</div>"


def log_html(entries: Iterable[Any], viewer: str | None, limit: int = 300) -> str:
    """The log, newest at the bottom (the list is reversed inside a column-reverse box so the
    browser keeps it scrolled to the latest event). ``viewer`` None shows private entries too."""
    visible = [e for e in entries if viewer is None or e.visible_to is None or viewer in e.visible_to]
    dropped = max(0, len(visible) - limit)
    rows = [
        f'<div class="gl-log-entry"><span class="gl-log-section">{escape(e.section)}</span>{escape(e.text)}</div>'
        for e in visible[dropped:]
    ]
    if dropped:
        rows.insert(0, f'<div class="gl-muted">{dropped} earlier events not shown</div>')
    if not rows:
        rows = ['<div class="gl-muted">nothing yet</div>']
    return '<div class="gl-log-list">' + "".join(reversed(rows)) + "</div>"


def fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def odds_html(state: Any) -> str:
    """Each distribution as a table: outcome, exact fraction, decimal and a small bar."""
    try:
        odds = state.odds()
    except NotImplementedError:
        odds = {}
    if not odds:
        return '<div class="gl-muted">no hidden draw can come next</div>'
    tables = []
    for title, dist in odds.items():
        rows = "".join(
            f"<tr><td>{escape(str(k))}</td><td class='gl-num'>{fraction_text(Fraction(p))}</td>"
            f"<td class='gl-num'>{float(p):.3f}</td>"
            f"<td><span class='gl-bar' style='width:{round(60 * float(p))}px'></span></td></tr>"
            for k, p in dist.items()
        )
        tables.append(
            f"<table class='gl-odds-table'><caption>{escape(str(title))}</caption>"
            f"<tr><th>outcome</th><th>exact</th><th>≈</th><th></th></tr>{rows}</table>"
        )
    return '<div class="gl-odds-box">' + "".join(tables) + "</div>"

"""Deadland as one picture: the town's six boards in their real connections, every player's
Infection deck as a stack with the level track, the Virus deck and its discards, the Radio Contact
track, the trial on the table and the odds that matter now.

Only ``state.view(seat)`` is read for what is on the table (so the picture never shows more than
that seat may see), plus ``state.odds()``, which the engine computes from public information
only. Every box has a fixed height, so the picture keeps its height from one decision to the
next and the stepper can update it in place."""
from __future__ import annotations

from html import escape
from typing import Any

from ..generic import outcome_names, seat
from .players import LEGEND, players_grid
from .style import STYLE
from .table import odds_box, radio_track, town, trial_box, virus_panel
from .trial import last_trial


def _odds(state: Any) -> dict:
    try:
        return state.odds() or {}
    except Exception:  # noqa: BLE001 - the picture must draw even if the odds fail
        return {}


def render_deadland(state: Any, reveal: bool | None = None, player: str | None = None, large: bool = False) -> str:
    """HTML for ``state``: ``reveal=True`` is the table view (every deck in order, every role
    face up), otherwise the view of ``player`` (default: whoever decides now). ``large`` scales
    every size up by a third, for a projector."""
    who = seat(state, reveal, player)
    view = state.view(who, log=False)  # (the picture never reads the log: its cost would grow with the game)
    table = who is None
    players = view.get("players") if isinstance(view.get("players"), dict) else {}
    odds = {} if view.get("is_over") else _odds(state)
    corner = (_now(view), radio_track(view))
    body = (f'<div class="dl-row">{town(view, players, table, corner)}<div class="dl-col">{virus_panel(view, odds, table)}'
            f'{trial_box(view, last_trial(view), players)}{odds_box(odds, table, view)}</div></div>'
            f'{players_grid(view, who)}')
    cls = "gl-dl gl-deadland" + (" gl-dl-large" if large else "")
    eyes = "Table view: everything face up." if table else f"Seen by {who}: what {who} may not see stays hidden."
    return (f'{STYLE}<div class="{cls}" data-view="{"table" if table else escape(str(who))}">'
            f'{body}<div class="dl-legend"><b>{escape(eyes)}</b> {escape(LEGEND)}</div></div>')


def _now(view: dict) -> str:
    """Whose turn, who decides and what: the first thing a class looks for."""
    if view.get("is_over"):
        won, lost = outcome_names(view)
        return (f'<div class="dl-now dl-end-now"><b>Game over</b><br>after turn {escape(str(view.get("turn", "?")))}'
                f'<div class="ph">won: {escape(", ".join(won) or "nobody")}</div>'
                f'<div class="ph">lost: {escape(", ".join(lost) or "nobody")}</div></div>')
    pending = view.get("pending") if isinstance(view.get("pending"), dict) else {}
    decider = pending.get("player") or view.get("to_move")
    phase = pending.get("decision") or view.get("phase") or ""
    return (f'<div class="dl-now" title="turn {escape(str(view.get("turn", "?")))}: {escape(str(view.get("active")))}\'s turn">'
            f'<b>Turn {escape(str(view.get("turn", "?")))}</b> · {escape(str(view.get("active")))}'
            f'<br><b>▶ {escape(str(decider))}:</b><div class="ph">{escape(str(phase))}</div></div>')


#: what the stepper's odds panel says about whose knowledge the odds use
ODDS_NOTE = ("Exact odds from what every player can see: which cards are left in the Virus deck (each "
             "card drawn is shown face up) and in the Event deck of the board, never their order. The "
             "table view's face-up order is not used.")


def present_odds(state: Any, odds: dict[str, Any]) -> dict[str, Any]:
    """The odds in the order a player needs them: the daily trial of the player to move (will it
    add a card?), the next Event on their board (by kind, as printed on the cards), then the
    next Virus card by number."""
    trial = {t: d for t, d in odds.items() if "daily trial" in str(t)}
    event = {t: d for t, d in odds.items() if str(t).startswith("next Event")}
    rest = {t: d for t, d in odds.items() if t not in trial and t not in event}
    return {**trial, **event, **rest}


__all__ = ["render_deadland", "present_odds", "ODDS_NOTE"]

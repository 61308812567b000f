"""A game as one self-contained HTML page: the picture after every decision and a slider to
replay it, for a class website or a learning platform. No kernel, no network, no file beside
it: it works when opened from disk, and shows the last picture even without script.

    from gamelib.render.export import to_html
    Path("game.html").write_text(to_html(state), encoding="utf-8")

Secrets: the page is drawn through one seat's eyes (``player``) unless ``reveal``; what it says
happened comes from that seat's log, never from the decisions' labels (another seat's label can
name a hidden card)."""
from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from . import render

_STYLE = re.compile(r"<style\b[^>]*>.*?</style>", re.S | re.I)


def split_styles(html: str) -> tuple[list[str], str]:
    """(the ``<style>`` blocks, the rest): a renderer repeats its stylesheet in every picture,
    the page keeps one copy of each."""
    return _STYLE.findall(html), _STYLE.sub("", html)


def frame_body(picture: str) -> str:
    """What the page shows for a picture (its HTML without the stylesheets)."""
    return split_styles(picture)[1]


PAGE_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:12px;color:#1f1f1f;background:#fff}
.gl-replay{max-width:1400px;margin:0 auto}
.gl-replay h1{font-size:22px;margin:4px 0}
.gl-replay .gl-replay-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;position:sticky;top:0;background:#fff;padding:6px 0;z-index:2}
.gl-replay input[type=range]{flex:1 1 240px;min-width:0;height:28px}
.gl-replay button{font-size:16px;min-height:36px;padding:4px 12px}
.gl-replay .gl-replay-where{font-size:16px;font-weight:600}
.gl-replay .gl-replay-log{font-size:15px;background:#f6f1e6;border-radius:6px;padding:6px 10px;margin:6px 0;min-height:1.4em}
.gl-replay .gl-replay-log div{padding:1px 0}
.gl-replay #gl-frame{max-width:100%;overflow-x:auto}
.gl-replay .gl-replay-meta{color:#4a4a4a;font-size:14px}
.gl-replay.gl-large h1{font-size:30px}.gl-replay.gl-large button,.gl-replay.gl-large .gl-replay-where,.gl-replay.gl-large .gl-replay-log{font-size:21px}
"""

PAGE_JS = """
(function(){
  var frames = JSON.parse(document.getElementById('gl-frames').textContent);
  var slider = document.getElementById('gl-slider'), frame = document.getElementById('gl-frame');
  var where = document.getElementById('gl-where'), log = document.getElementById('gl-log');
  function show(k){
    k = Math.max(0, Math.min(frames.length - 1, k)); slider.value = k;
    var f = frames[k]; frame.innerHTML = f.html;
    where.textContent = f.where;
    log.innerHTML = ''; f.log.forEach(function(line){ var d = document.createElement('div'); d.textContent = line; log.appendChild(d); });
    document.body.setAttribute('data-frame', String(k));
  }
  slider.addEventListener('input', function(){ show(+slider.value); });
  document.getElementById('gl-prev').addEventListener('click', function(){ show(+slider.value - 1); });
  document.getElementById('gl-next').addEventListener('click', function(){ show(+slider.value + 1); });
  document.getElementById('gl-first').addEventListener('click', function(){ show(0); });
  document.getElementById('gl-last').addEventListener('click', function(){ show(frames.length - 1); });
  document.addEventListener('keydown', function(e){
    if (e.key === 'ArrowLeft') show(+slider.value - 1); else if (e.key === 'ArrowRight') show(+slider.value + 1); });
  show(frames.length - 1);
})();
"""


def _where(state: Any, k: int, n: int, prev: Any | None) -> str:
    text = f"after decision {k} of {n}"
    if prev is not None and prev.to_move is not None and len(state.players) > 1:
        text += f" (decided by {prev.to_move})"
    if state.is_over:
        text += f" · {state.outcome}"
    elif state.to_move is not None:
        text += f" · next to decide: {state.to_move}"
    return text


def _visible(entries: list, player: str | None) -> list[str]:
    return [str(e) for e in entries if player is None or e.visible_to is None or player in e.visible_to]


def to_html(state: Any, reveal: bool | None = None, player: str | None = None, large: bool = False,
            title: str | None = None) -> str:
    """The replay page of ``state``'s game from its start to ``state``: one frame per decision.
    ``reveal=True`` draws the table view; otherwise ``player``'s view (default: the first seat)."""
    if not reveal and player is None:
        player = state.players[0]
    who = None if reveal else player
    styles: list[str] = []
    frames = []
    n = state.ply
    prev = None
    for k in range(n + 1):
        s = state.at_ply(k) if k < n else state
        picture = render(s, reveal=bool(reveal), player=who, large=large)
        found, body = split_styles(picture)
        for block in found:
            if block not in styles:
                styles.append(block)
        new_log = s.log[len(prev.log):] if prev is not None and len(s.log) >= len(prev.log) else s.log
        frames.append({"html": body, "where": _where(s, k, n, prev), "log": _visible(list(new_log), who)})
        prev = s
    heading = title or f"{state.game.title}: a replay"
    eyes = "table view (everything face up)" if who is None else f"seen by {who}"
    opts = ", ".join(f"{k}={v}" for k, v in state.game.options.items() if v is not None)
    meta = f"seed {state.seed}; {eyes}; {n} decisions" + (f"; options: {opts}" if opts else "")
    data = json.dumps(frames, ensure_ascii=False).replace("</", "<\\/")
    last = frames[-1]
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{escape(heading)}</title><style>{PAGE_CSS}</style>{''.join(styles)}</head>"
        f"<body data-frame=\"{n}\"><div class=\"gl-replay{' gl-large' if large else ''}\">"
        f"<h1>{escape(heading)}</h1><div class=\"gl-replay-meta\">{escape(meta)}. Made with gamelib; "
        "works offline: move the slider, or use the arrow keys.</div>"
        "<div class=\"gl-replay-bar\"><button id=\"gl-first\" type=\"button\">« Start</button>"
        "<button id=\"gl-prev\" type=\"button\">◀ Back</button>"
        f"<input id=\"gl-slider\" type=\"range\" min=\"0\" max=\"{n}\" value=\"{n}\" aria-label=\"decision\">"
        "<button id=\"gl-next\" type=\"button\">Forward ▶</button><button id=\"gl-last\" type=\"button\">End »</button></div>"
        f"<div id=\"gl-where\" class=\"gl-replay-where\">{escape(last['where'])}</div>"
        f"<div id=\"gl-log\" class=\"gl-replay-log\">{''.join(f'<div>{escape(x)}</div>' for x in last['log'])}</div>"
        f"<div id=\"gl-frame\">{last['html']}</div></div>"
        f"<script type=\"application/json\" id=\"gl-frames\">{data}</script>"
        f"<script>{PAGE_JS}</script></body></html>"
    )


__all__ = ["to_html", "frame_body", "split_styles"]

"""The replay page: self-contained (no link, no request), one frame per decision, secrets kept."""
from __future__ import annotations

import json
import re

import gamelib
from gamelib.render import render
from gamelib.render.export import frame_body, to_html


def frames(html: str) -> list[dict]:
    data = re.search(r'<script type="application/json" id="gl-frames">(.*?)</script>', html, re.S).group(1)
    return json.loads(data.replace("<\\/", "</"))


def test_one_frame_per_decision_and_the_last_is_the_final_picture():
    state = gamelib.play(gamelib.load("walking-deck"), gamelib.RandomAgent(), seed=3)
    html = to_html(state)
    fr = frames(html)
    assert len(fr) == state.ply + 1
    assert fr[-1]["html"] == frame_body(render(state, reveal=False, player="you"))
    assert fr[0]["html"] == frame_body(render(state.at_ply(0), reveal=False, player="you"))
    assert str(state.outcome) in fr[-1]["where"]
    assert f'max="{state.ply}"' in html and "<!DOCTYPE html>" in html


def test_the_page_needs_nothing_from_outside():
    state = gamelib.load("walking-deck").new_state(seed=1)
    html = to_html(state, reveal=True, large=True)
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)
    assert "<link" not in html and "@import" not in html
    assert html.count(".gl-wd{--u:1;") == 1  # the renderer's stylesheet once, not once per frame


def test_a_players_replay_keeps_other_seats_secrets():
    game = gamelib.load("walk-the-plank", max_rounds=2)
    state = gamelib.play(game, gamelib.RandomAgent(), seed=4)
    html = to_html(state, player="red")
    for entry in state.log:
        if entry.visible_to is not None and "red" not in entry.visible_to:
            assert json.dumps(str(entry))[1:-1] not in html
    for a in state.history:
        if a.kind == "program":
            pass  # labels are never written: only red's log
    assert "blue programs" not in html

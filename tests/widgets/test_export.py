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


def face_down_secrets(state, seat: str) -> list[tuple[str, int, str]]:
    """(colour, slot, card name) of every card another pirate has programmed that ``seat`` sees
    only as "face down" (every pirate holds the same ten cards, so the secret is the card tied to
    its slot, never the name alone)."""
    mine, table = state.view(seat, log=False)["players"], state.view(None, log=False)["players"]
    return [(c, k + 1, name) for c, p in table.items() if c != seat
            for k, name in enumerate(p["cards"] or []) if name is not None and mine[c]["cards"][k] == "face down"]


def test_a_players_replay_keeps_other_seats_secrets():
    game = gamelib.load("walk-the-plank", max_rounds=2)
    state = gamelib.play(game, gamelib.RandomAgent(), seed=4)
    html = to_html(state, player="red")
    for entry in state.log:
        if entry.visible_to is not None and "red" not in entry.visible_to:
            assert json.dumps(str(entry))[1:-1] not in html
    checked = 0
    for k, frame in enumerate(frames(html)):
        for colour, slot, name in face_down_secrets(state.at_ply(k), "red"):
            # the private log line naming it, and the picture's card in that slot, stay silent
            assert f"{colour} programs {name} as card {slot}" not in html
            card = re.search(rf'data-player="{colour}" data-card="{slot}"[^>]*>(.*?)</div>', frame["html"], re.S)
            assert card and name not in card.group(0) and "face down" in card.group(1), (k, colour, slot)
            checked += 1
    assert checked > 20  # the game had face-down cards of other seats to keep secret


def test_a_state_exports_itself():
    """``state.to_html(...)`` is the export, loaded only when called (rules never import renderers)."""
    state = gamelib.play(gamelib.load("walk-the-plank", max_rounds=1), gamelib.RandomAgent(), seed=2)
    assert state.to_html(player="blue", large=True) == to_html(state, player="blue", large=True)
    assert state.to_html(reveal=True) == to_html(state, reveal=True)

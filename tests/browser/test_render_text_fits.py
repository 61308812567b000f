"""Words and pictures (issue 22, point 7), measured in Chromium: at a laptop's picture column, a
projector's (large text) and a phone's width, no name is cut (its box never hides part of it)
and no word is broken inside itself over two lines ("SUPERMARKE T"), in the pictures of all three
games, mid-game and at the end. The pages are the renderers' HTML alone (no Voilà server)."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.render import render

#: where names are written, per game
NAMES = {
    "deadland": ".dl-board .nm, .dl-trial .dl-title, .dl-role, .dl-player .who, .dl-player .where, .dl-now, table.dl-comp th, "
                ".dl-odds .lab, .gl-dl-outcome",
    "walk-the-plank": ".gl-wtp-who, .gl-wtp-col-title, .gl-wtp-hand div, .gl-wtp-card, .gl-wtp-now, .gl-wtp-winners",
    "walking-deck": ".card .name, .token, .banner, .card .meta",
}
#: picture widths: a 1280 px laptop's picture column, a 1920 px projector's (large text), a phone
WIDTHS = [(760, False), (1150, True), (370, False)]

CHECK = """(sel) => {
  const bad = [];
  for (const el of document.querySelectorAll(sel)) {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || !el.textContent.trim()) continue;
    if (cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      bad.push('cut: ' + el.textContent.trim().slice(0, 60));
    if (cs.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 2)
      bad.push('cut below: ' + el.textContent.trim().slice(0, 60));
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const re = /[^\\s\\-\\u00a0]+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const r = document.createRange();
        r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (tops.size > 1) bad.push('word broken: ' + m[0]);
      }
    }
  }
  return [...new Set(bad)];
}"""


def _states():
    for name, opts, steps, seed in [("deadland", {"players": 4}, 45, 3), ("walk-the-plank", {"players": 4}, 40, 3),
                                    ("walking-deck", {}, 40, 3)]:
        s = gamelib.load(name, **opts).new_state(seed=seed)
        agent = gamelib.RandomAgent(seed)
        for _ in range(steps):
            s.apply(agent.choose(s))
        yield f"{name} mid-game", name, s.clone()
        while not s.is_over:
            s.apply(agent.choose(s))
        yield f"{name} at the end", name, s


@pytest.fixture(scope="module")
def page(browser):
    """A page of the session's Chromium (tests/browser/conftest.py); no Voilà server is needed."""
    p = browser.new_page(viewport={"width": 1300, "height": 900})
    yield p
    p.close()


def test_no_name_is_cut_and_no_word_is_broken_at_any_width(page):
    problems = []
    for what, name, state in _states():
        for reveal in (False, True):
            for width, large in WIDTHS:
                html = render(state, reveal=reveal, player=None if reveal else state.players[0], large=large)
                page.set_content(f"<html><body style='margin:0'><div style='width:{width}px'>{html}</div></body></html>")
                bad = page.evaluate(CHECK, NAMES[name])
                problems += [f"{what}, {'table' if reveal else 'player'} view, {width} px"
                             f"{' large' if large else ''}: {b}" for b in bad]
    assert not problems, "\n".join(problems)

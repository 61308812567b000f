"""Shared tables in real browsers (issue 28): one browser context per device, on the session's
Voila server, whose kernels share a SQLite store of the session's own (conftest ``tables_url``).

* Walk the Plank, four people on four devices, played to its natural end: each page shows its
  own programme and no one else's; one device reloads mid-game and gets its seat back; a second
  device holding red's link clicks the same decision as red's first one at the same moment, and
  the decision is taken once (the other page says so in words); a fifth device finds every seat
  taken and watches: no programmed card of anyone is shown to it.
The first one opens seven pages (seven kernels) and plays a whole game: about 4 minutes of wall
time on this shared machine, so it is marked slow and runs as a step of its own in ``.ci/run``
(and ``make test-slow``); the second runs in ``make test``.

* Deadland created from the lobby's form by one device: two people on two devices and two agents
  that play by themselves between the people's decisions."""
from __future__ import annotations

import random
import time

import pytest

import gamelib
from gamelib.bench import browser as bb
from gamelib.tables import Store, Table

from .conftest import watch_problems

pytestmark = pytest.mark.browser

PAGE = "tables.ipynb"
HEAD = ".gl-table-client .gl-table-head"
PLY = ".gl-table-client .gl-status .gl-ply"
ACTION = ".gl-table-client .gl-action"
MAX_DECISIONS = 60
TIMEOUT_MS = 180_000  # a page of a kernel started on a busy machine (seven at once here)

#: the current decision number, the visible decision labels and the page's mode, in one round trip
SNAPSHOT_JS = """
() => {
  const st = document.querySelector('.gl-table-client .gl-status .gl-ply');
  const head = document.querySelector('.gl-table-client .gl-table-head');
  const labels = [...document.querySelectorAll('.gl-table-client .gl-action')].filter(b => b.offsetParent !== null)
    .map(b => b.innerText.split(/\\s+/).filter(Boolean).join(' '));
  return {ply: st ? +st.dataset.ply : -1, over: st ? st.dataset.over === '1' : false,
          mode: head ? head.dataset.mode : '', labels};
}
"""

#: clicks the button with this label at the given moment of the page's clock (two pages of one
#: browser share it), so that two devices press it at once; returns at once whether it is there
CLICK_AT_JS = """
([label, at]) => {
  const find = () => [...document.querySelectorAll('.gl-table-client .gl-action')].find(
    b => b.innerText.split(/\\s+/).filter(Boolean).join(' ') === label);
  if (!find()) return false;
  setTimeout(() => { const b = find(); if (b) b.click(); }, Math.max(0, at - Date.now()));
  return true;
}
"""


def pick_seed(players: int = 4) -> int:
    """A seed whose game, clicked with ``random.Random(seed)``, ends by itself within
    MAX_DECISIONS (found with the engine, so the test keeps a short game whatever the rules do)."""
    game = gamelib.load("walk-the-plank", players=players)
    for seed in range(400):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over and state.ply < MAX_DECISIONS:
            labels = state.legal_labels()
            state.apply(labels[rng.randrange(len(labels))])
        if state.is_over:
            return seed
    raise AssertionError(f"no seed under 400 ends within {MAX_DECISIONS} decisions")


def open_page(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    bb.offline_cdn(page)
    watch_problems(page)
    # name the address of any refused request (the console only says "403")
    page.on("response", lambda r: page.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector(HEAD, timeout=TIMEOUT_MS)
    return page


def take(page, seat: str) -> None:
    page.click(f".gl-table-client .gl-take-{seat}")
    page.wait_for_selector(f"{HEAD}[data-mode=seat]", timeout=TIMEOUT_MS)


def wait_for(page, ply: int, labels: bool = False):
    deadline = time.monotonic() + 60
    while True:
        snap = page.evaluate(SNAPSHOT_JS)
        if snap["ply"] == ply and (snap["labels"] or not labels or snap["over"]):
            return snap
        assert time.monotonic() < deadline, f"page never showed decision {ply}: {snap}"
        time.sleep(0.05)


def programme_seen(page) -> dict[str, int]:
    """Per seat, how many programmed cards this page shows by name while still face down."""
    faces = page.evaluate("""() => [...document.querySelectorAll('.gl-table-client .gl-picture [data-face="down-seen"]')]
                                      .map(e => e.dataset.player)""")
    out: dict[str, int] = {}
    for p in faces:
        out[p] = out.get(p, 0) + 1
    return out


@pytest.mark.slow  # seven browser contexts and kernels, a whole game: a step of its own in .ci/run
def test_four_devices_play_walk_the_plank_to_the_end(voila, browser, tables_url):
    seed = pick_seed()
    store = Store(tables_url)
    game = gamelib.load("walk-the-plank", players=4)
    table, _teacher = Table.create(store, game, seed, {p: "person" for p in game.players})
    url = voila.page_url(PAGE, f"table={table.code}")
    pages = {p: open_page(browser, url) for p in game.players}
    for p, page in pages.items():
        take(page, p)
    # a fifth device: every person's seat is taken, so it may only watch
    spectator = open_page(browser, url)
    assert spectator.locator(".gl-table-client .gl-take").count() == 4
    assert spectator.locator(".gl-table-client .gl-take:enabled").count() == 0
    spectator.click(".gl-table-client .gl-watch")
    spectator.wait_for_selector(f"{HEAD}[data-mode=spectator]", timeout=TIMEOUT_MS)
    twin = None
    rng = random.Random(seed)
    secrets_checked = reloaded = doubled = False
    while not table.state.is_over:
        table.sync()
        st = table.state
        seat, ply = st.to_move, st.ply
        page = pages[seat]
        snap = wait_for(page, ply, labels=True)
        assert snap["labels"] == st.legal_labels(), "the page offers other decisions than the engine"
        label = snap["labels"][rng.randrange(len(snap["labels"]))]
        for other, p in pages.items():
            if other != seat:
                assert p.evaluate(SNAPSHOT_JS)["labels"] == [], f"{other}'s page offers {seat}'s decisions"
        if ply >= 3 and not reloaded:
            # a reload keeps the seat: the link now carries it (and the browser's storage too)
            assert "seat=" in page.url and f"table={table.code}" in page.url
            assert page.problems == [], page.problems
            page.reload(wait_until="commit")
            page.wait_for_selector(f"{HEAD}[data-mode=seat]", timeout=TIMEOUT_MS)
            assert f"You are {seat}" in page.inner_text(HEAD)
            wait_for(page, ply, labels=True)
            # the old page's requests cut short by the reload (its kernel's shutdown: Voila's, not
            # ours) may log a refused request; from here on the new page must stay clean
            page.problems.clear()
            reloaded = True
        if seat == "red" and reloaded and not doubled and twin is None:
            twin = open_page(browser, page.url)  # a second device with red's own link
            wait_for(twin, ply, labels=True)
            at = page.evaluate("Date.now()") + 600
            assert page.evaluate(CLICK_AT_JS, [label, at]) and twin.evaluate(CLICK_AT_JS, [label, at])
            deadline = time.monotonic() + 20  # the losing kernel answers when the machine lets it
            while sum(p.locator(".gl-not-taken").count() for p in (page, twin)) == 0 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
            # nobody else clicks meanwhile: one decision stored, not two
            assert [r[2] for r in store.decisions(table.code, ply)] == [label], "the double click was not taken once"
            said = [p.locator(".gl-not-taken").count() for p in (page, twin)]
            assert sorted(said) == [0, 1], f"the page whose click lost does not say so: {said}"
            doubled = True
        else:
            page.evaluate(CLICK_AT_JS, [label, 0])
        wait_for(page, ply + 1)
        table.sync()
        if st.phase != "programming" and not secrets_checked and ply > 4:
            # the programme is complete: each device shows its own cards by name, nobody else's
            for p, pg in pages.items():
                wait_for(pg, table.state.ply)
                seen = programme_seen(pg)
                assert set(seen) <= {p}, f"{p}'s page shows the programme of {set(seen) - {p}}"
            wait_for(spectator, table.state.ply)
            assert programme_seen(spectator) == {}, "the spectator sees a programmed card"
            assert spectator.locator('.gl-picture [data-face="down"]').count() > 0
            secrets_checked = True
        assert table.state.ply < 200
    assert reloaded and doubled and secrets_checked
    for p, page in pages.items():
        assert wait_for(page, table.state.ply)["over"], f"{p}'s page does not show the end"
        assert page.problems == [], page.problems
    assert spectator.problems == []
    for pg in [*pages.values(), spectator, twin]:
        pg.context.close()


def test_deadland_two_people_and_two_agents(voila, browser, tables_url):
    creator = open_page(browser, voila.page_url(PAGE))
    creator.select_option(".gl-table-client .gl-table-game select", label="Deadland")
    creator.wait_for_selector(".gl-table-client .gl-table-seat-red select", timeout=TIMEOUT_MS)
    creator.fill(".gl-table-client .gl-seed input", "25")
    creator.click(".gl-table-client .gl-create")
    creator.wait_for_selector(".gl-table-client .gl-join-code", timeout=TIMEOUT_MS)
    code = creator.inner_text(".gl-table-client .gl-join-code").strip()
    assert creator.locator(".gl-table-client .gl-teacher-code").count() == 1
    take(creator, "red")
    other = open_page(browser, voila.page_url(PAGE, f"table={code}"))
    take(other, "blue")
    pages = {"red": creator, "blue": other}
    store = Store(tables_url)
    table = Table(store, code)
    assert table.seats == {"red": "person", "blue": "person", "green": "heuristic", "yellow": "heuristic"}
    people = 0
    agents_played = lambda: sum(r[3] == "agent" for r in store.decisions(code))  # noqa: E731
    while people < 4 or agents_played() == 0:  # people's decisions until the agents have played too
        assert people < 40, "the agents never had a turn"
        deadline = time.monotonic() + 60
        while table.agent_to_move() is not None or table.state.to_move not in pages:
            assert time.monotonic() < deadline, "the agents did not play"
            time.sleep(0.1)
            table.sync()
            if table.state.is_over:
                break
        if table.state.is_over:
            break
        seat, ply = table.state.to_move, table.state.ply
        snap = wait_for(pages[seat], ply, labels=True)
        assert snap["labels"] == table.state.legal_labels()
        pages[seat].evaluate(CLICK_AT_JS, [snap["labels"][0], 0])
        wait_for(pages[seat], ply + 1)
        table.sync()
        people += 1
    assert agents_played() > 0, "no agent decision reached the store"
    actors = {r[3] for r in store.decisions(code)}
    assert "agent" in actors and len(actors) >= 3  # the agents and both people's tokens
    for seat, page in pages.items():
        snap = wait_for(page, table.state.ply)
        assert snap["mode"] == "seat"
        assert page.problems == [], page.problems
        page.context.close()

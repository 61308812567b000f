from __future__ import annotations

import os
from pathlib import Path

import pytest

from ..needs import require
from gamelib.bench import browser as bb
from gamelib.bench import load as bench_load

#: the dashboard the browser tests drive; another one can be checked the same way:
#: GAMELIB_DASHBOARD=... GAMELIB_DASHBOARD_GAME=name=module:Class
NOTEBOOK = Path(os.environ.get("GAMELIB_DASHBOARD", bb.DASHBOARD)).resolve()


def need_browser() -> None:
    """Skip only on a machine without Chromium outside CI; in CI a missing browser fails."""
    missing = []
    if not bb.CHROMIUM.exists():
        missing.append(f"Chromium ({bb.CHROMIUM})")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package")
    require(missing, "browser tests")


@pytest.fixture(scope="session")
def tables_url(tmp_path_factory) -> str:
    """The shared tables' store of the session's Voila (its kernels inherit the setting): a
    SQLite file of this session's own, never the user's."""
    return "sqlite://" + str(tmp_path_factory.mktemp("tables") / "tables.sqlite")


@pytest.fixture(scope="session")
def voila(tables_url):
    """One Voila server for the whole session, serving the dashboards' folder with the
    repository's settings (etc/jupyter: voila.json, voila.py: the page template, timeouts, culling, kernel limits)
    and pre-started kernels as a classroom server would (so the URL's query string must reach a
    kernel that started before the request; one per dashboard here, to keep the suite cheap).
    ``voila.page_url("deadland.ipynb", "seed=3")`` is a page's address; ``voila.kernel_pid(id)``,
    ``voila.log_tail()`` help tests and their failures."""
    need_browser()
    server = bb.VoilaServer(NOTEBOOK.parent, preheat=True)
    with bench_load.started(server, GAMELIB_TABLES_URL=tables_url):
        yield server


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session. It needs no server: the strict serving tests use
    it against their own Voilà, so a worker that runs only them starts no session server."""
    need_browser()
    with bb.chromium_session() as b:
        yield b


def watch_problems(page) -> list[str]:
    """Collect the page's console errors and uncaught page errors from now on, in
    ``page.problems`` (returned too): a test asserts it stays empty."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.problems = problems
    return problems

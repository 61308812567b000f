"""``TableClient``: one device at a shared table (gamelib/tables), in Voila or JupyterLab.

Without a table it offers to create one (game, options, seed, who plays each seat) or to join
one by its code. At a table, a device takes a free seat and then sees that seat's player view
only, with buttons on that seat's decisions; or watches as a spectator (the public view: what
every seat sees alike); or, with the teacher code given at creation, shows the table view on the
projector. The kernel polls the store every ``POLL_S`` seconds from a task on its event loop, so
another device's decision is on screen within a second; agents' seats are played by the first
kernel at the table to get there (``Table.play_agent``).

The seat token lives in the page's link: once a seat is taken, a line of script in the page
(``<img onerror>``, as the stepper's own script; widgets' HTML runs no ``<script>``) writes
``?table=K7Q2&seat=TOKEN`` into the address bar with ``history.replaceState`` and keeps the token
in the browser's ``localStorage``. A reload, or a laptop opened again, asks the server for that
link, and the kernel reads the token from the query string. The kernel cannot read
``localStorage`` itself (only the page can), so the storage serves the one case the link
cannot: the plain join link opened again on the same device, which the script sends on to the
seat's link. Tokens are never shown as text, so a projected screen does not give a seat away."""
from __future__ import annotations

import asyncio
import json
from html import escape
from typing import Any, Mapping
from urllib.parse import parse_qs

import ipywidgets as w

from ..agents import agents_for
from ..core import GamelibError, load
from ..core.registry import game_class
from ..render import render, render_generic
from ..tables import PublicState, Store, Table, TableError, open_store
from ..tables.codes import check_code, check_token
from ..tables.public import SPECTATOR
from .controls import PERSON, ShowsWidget, box, button, parse_seed, show
from .dashboard import TRUE, query_string
from .panels import log_html, note_html, status_html
from .style import STYLE

#: seconds between two looks at the store (a decision reaches the other devices within this,
#: plus the time to draw it)
POLL_S = 0.3
#: seconds an agent waits before deciding, so the people at the table can follow
AGENT_PAUSE_S = 0.6
MULTIPLAYER = ("walk-the-plank", "deadland")

CSS = """<style>
.gl-table-client .gl-table-head{font-size:var(--gl-status);padding:4px 8px;background:#eef4fb;border-radius:6px}
.gl-table-client .gl-join-code{font-size:calc(var(--gl-font) * 2);font-weight:800;letter-spacing:.15em;font-family:ui-monospace,monospace}
.gl-table-client .gl-teacher-code{font-family:ui-monospace,monospace;font-weight:700;background:#fff6dc;padding:0 6px}
.gl-table-client .gl-lobby-part{border:1px solid #d8ccb4;border-radius:8px;padding:6px 10px;margin:4px 0;background:#fffdf8}
.gl-table-client .gl-take,.gl-table-client .gl-watch,.gl-table-client .gl-create,.gl-table-client .gl-join,
.gl-table-client .gl-teacher-open{font-size:var(--gl-font);min-height:36px;height:auto}
</style>"""


def parse_table_parameters(query: str | Mapping[str, str]) -> tuple[dict[str, Any], list[str]]:
    """({"table", "seat", "large"}, problems in words) from a page's query string."""
    params = ({k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
              if isinstance(query, str) else dict(query))
    out: dict[str, Any] = {"table": None, "seat": None, "large": False}
    problems: list[str] = []
    for name, text in params.items():
        try:
            if name == "table":
                out["table"] = check_code(text)
            elif name == "seat":
                out["seat"] = check_token(text)
            elif name == "large":
                out["large"] = text.strip().lower() in TRUE
        except GamelibError as exc:
            problems.append(f"URL parameter {name}: {exc}")
    if out["seat"] and not out["table"]:
        problems.append("URL parameter seat= needs table= too; showing the lobby.")
        out["seat"] = None
    return out, problems


def _token_script(code: str, token: str | None) -> str:
    """The page keeps the seat's link in the address bar and the token in localStorage; with no
    token, a device that holds one for this table goes back to its seat. (``window.`` throughout:
    in an inline handler, ``URL`` would be ``document.URL``, a string.)"""
    c, t = json.dumps(code), json.dumps(token)
    if token:
        js = (f"try{{var u=new window.URL(window.location.href);u.searchParams.set('table',{c});u.searchParams.set('seat',{t});"
              f"window.history.replaceState(null,'',u.toString());}}catch(e){{}}"
              f"try{{localStorage.setItem('gamelib-seat-'+{c},{t});}}catch(e){{}}")
    else:
        js = (f"try{{var u=new window.URL(window.location.href);u.searchParams.set('table',{c});u.searchParams.delete('seat');"
              f"var k=null;try{{k=localStorage.getItem('gamelib-seat-'+{c});}}catch(e){{}}"
              f"if(k&&/^[A-Za-z0-9_-]{{16}}$/.test(k)){{u.searchParams.set('seat',k);window.location.replace(u.toString());}}"
              f"else{{window.history.replaceState(null,'',u.toString());}}}}catch(e){{}}")
    return f'<img alt="" style="display:none" src="data:," onerror="{escape(js, quote=True)}">'


class TableClient(ShowsWidget):
    """``TableClient()`` in a notebook; ``table_page()`` in the dashboard (reads the link).
    Testable without a browser: ``create(...)``, ``open(code)``, ``take(seat)``, ``watch()``,
    ``teacher(code)``, ``click(label)``, ``poll()``; ``mode`` is lobby, seats, seat, spectator
    or teacher."""

    def __init__(self, table: str | None = None, seat_token: str | None = None, *, store: Store | None = None,
                 large: bool = False, notices: list[str] | None = None, poll: bool = True):
        self._store = store
        self.table: Table | None = None
        self.mode = "lobby"
        self.seat: str | None = None
        self.token: str | None = None
        self.teacher_code: str | None = None  # shown once, to the device that created the table
        self.last_error: str | None = None
        self.message = ""
        self._notices = list(notices or [])
        self._tick = 0
        self._shown_seq = -1
        self._pool_seq = -1
        self._task: asyncio.Task | None = None
        self._agent_wait = 0.0
        self._polling = poll
        self._build(large)
        if table:
            self._guard(lambda: self._open(table, seat_token))
        else:
            self.refresh()

    # ---- building -------------------------------------------------------------------------
    def _build(self, large: bool) -> None:
        g = lambda fn: (lambda: self._guard(fn))  # noqa: E731
        self.head = w.HTML()
        self.head.add_class("gl-table-head-box")
        self.token_js = w.HTML()
        self.error_widget = w.HTML()
        self.error_widget.add_class("gl-alert")
        self.notice_widget = w.HTML()
        titles = [(game_class(n).title, n) for n in MULTIPLAYER]
        self.game_widget = w.Dropdown(options=titles, value=MULTIPLAYER[0], description="Game",
                                      style={"description_width": "initial"})
        self.game_widget.add_class("gl-table-game")
        self.players_widget = w.Dropdown(options=[], description="Players", style={"description_width": "initial"})
        self.players_widget.add_class("gl-table-players")
        self.seed_widget = w.Text(value="1", description="Seed", style={"description_width": "initial"})
        self.seed_widget.add_class("gl-seed")
        self.seats_box = box([], "gl-table-seat-choices")
        self.create_button = button("Create the table", "gl-create", g(self._on_create), "a new table with a join code")
        self.code_widget = w.Text(placeholder="K7Q2", description="Join code", style={"description_width": "initial"})
        self.code_widget.add_class("gl-code-input")
        self.join_button = button("Join", "gl-join", g(lambda: self._open(self.code_widget.value, None)), "open the table of this code")
        create = box([w.HTML("<div class='gl-heading'>New table</div>"),
                      box([self.game_widget, self.players_widget, self.seed_widget], "gl-row"),
                      self.seats_box, self.create_button], "gl-lobby-part", vertical=True)
        join = box([w.HTML("<div class='gl-heading'>Join a table</div>"), box([self.code_widget, self.join_button], "gl-row")],
                   "gl-lobby-part", vertical=True)
        self.lobby_box = box([join, create], "gl-lobby", vertical=True)
        self.game_widget.observe(lambda _c: self._guard(self._on_game), names="value")
        self.players_widget.observe(lambda _c: self._guard(self._seat_choices), names="value")
        self._build_play(large)

    def _build_play(self, large: bool) -> None:
        """Choosing a seat (or watching), then the table in play."""
        self.seat_buttons = box([], "gl-take-seats")
        self.watch_button = button("Watch (spectator)", "gl-watch", lambda: self.watch(), "the public view: no one's secrets")
        self.teacher_widget = w.Text(placeholder="teacher code", layout=w.Layout(width="12em"))
        self.teacher_widget.add_class("gl-teacher-input")
        self.teacher_button = button("Table view (teacher)", "gl-teacher-open", lambda: self.teacher(self.teacher_widget.value),
                                     "everything face up, for the projector: needs the teacher code")
        self.choose_box = box([self.seat_buttons, self.watch_button, box([self.teacher_widget, self.teacher_button], "gl-row")],
                              "gl-table-choose", vertical=True)
        self.status_widget = w.HTML()
        self.status_widget.add_class("gl-status")
        self.picture_widget = w.HTML()
        self.picture_widget.add_class("gl-picture")
        self.actions_box = box([], "gl-actions")
        self.actions_note = w.HTML()
        self.log_widget = w.HTML()
        self.log_widget.add_class("gl-log-panel")
        self.dead = w.HTML()
        self.dead.add_class("gl-dead")
        # the record (save format) holds every seat's secrets, as the store does: the teacher's only
        self.record_widget = w.Textarea(description="Record", layout=w.Layout(width="100%", height="6em"))
        self.record_widget.add_class("gl-record")
        self.play_box = box([self.status_widget, self.actions_note, self.actions_box, self.picture_widget, self.log_widget,
                             self.record_widget], "gl-table-play", vertical=True)
        self.widget = w.VBox([w.HTML(STYLE + CSS), self.token_js, self.dead, self.head, self.error_widget, self.notice_widget,
                              self.lobby_box, self.choose_box, self.play_box])
        self.widget.add_class("gl-stepper")  # the stepper's look and its page script (one click, one decision)
        self.widget.add_class("gl-table-client")
        if large:
            self.widget.add_class("gl-large")
        self.large = large
        self._buttons: list[w.Button] = []
        self._old_buttons: list[w.Button] = []
        self._on_game()

    def _on_game(self) -> None:
        cls = game_class(self.game_widget.value)
        spec = {o.name: o for o in cls.option_specs}.get("players")
        choices = list(spec.choices) if spec and spec.choices else [len(load(self.game_widget.value).players)]
        self.players_widget.options = choices
        self.players_widget.value = 4 if 4 in choices else choices[0]
        self._seat_choices()

    def _seat_choices(self) -> None:
        if self.players_widget.value is None:
            return
        game = load(self.game_widget.value, players=self.players_widget.value)
        names = [PERSON, *[a for a in agents_for(game) if a != PERSON]]
        menus = []
        for i, p in enumerate(game.players):
            dd = w.Dropdown(options=names, value=PERSON if i < 2 else ("heuristic" if "heuristic" in names else "random"),
                            description=p, style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            dd.add_class(f"gl-table-seat-{p}")
            menus.append(dd)
        self.seats_box.children = tuple(menus)

    # ---- what a person does ----------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = open_store()
        return self._store

    def create(self, game: str, players: int | None = None, seed: int = 1, seats: Mapping[str, str] | None = None,
               **options: Any) -> str:
        """Create a table; returns its join code (the teacher code is in ``teacher_code``)."""
        if players is not None:
            options["players"] = players
        g = load(game, **options)
        table, teacher = Table.create(self.store, g, seed, dict(seats or {}))
        self.table, self.teacher_code, self.mode = table, teacher, "seats"
        self.token_js.value = _token_script(table.code, None)
        self._start_polling()
        return table.code

    def _on_create(self) -> None:
        seats = {dd.description: dd.value for dd in self.seats_box.children}
        self.create(self.game_widget.value, self.players_widget.value, parse_seed(self.seed_widget.value), seats)

    def _open(self, code: Any, token: str | None) -> None:
        table = Table(self.store, check_code(code))
        self.table, self.mode = table, "seats"
        self._start_polling()
        self.token_js.value = _token_script(table.code, None)
        if token:
            self.seat, self.mode = table.seat_of(token), "seat"
            self.token = token
            self.token_js.value = _token_script(table.code, token)

    def take(self, seat: str) -> None:
        """Take a free person's seat (what its button does); refusals are shown in words."""
        self._guard(lambda: self._take(seat))

    def watch(self) -> None:
        self._guard(self._watch)

    def teacher(self, code: str) -> None:
        self._guard(lambda: self._teacher(code))

    def _take(self, seat: str) -> None:
        t = self._need_table()
        self.token = t.join(seat)
        self.seat, self.mode = seat, "seat"
        self.token_js.value = _token_script(t.code, self.token)

    def _watch(self) -> None:
        self._need_table()
        self.seat, self.mode = None, "spectator"

    def _teacher(self, code: str) -> None:
        if not self._need_table().is_teacher(code):
            raise TableError("that is not this table's teacher code")
        self.seat, self.mode = None, "teacher"
        self.teacher_widget.value = ""

    def click(self, label: str, seq: int | None = None) -> None:
        """A person's decision (what a decision button does); ``seq`` the decision number the
        page showed (default: the one on screen now)."""
        self._guard(lambda: self._decide(label, self._shown_seq if seq is None else seq))

    def _decide(self, label: str, seq: int) -> None:
        t = self._need_table()
        if self.mode != "seat" or self.token is None:
            raise TableError("take a seat first: only a seat's own device decides for it")
        d = t.decide(self.token, label, seq)
        if d.taken:
            self.message = ""
        elif d.seat == self.seat and not d.by_agent:
            self.message = (f"Not taken: decision {d.seq + 1} had already been taken for {d.seat} from another "
                            f"device ({d.label}). The buttons now show what is open now.")
        else:
            # another seat's decision may be secret (a programmed card): never name it here
            self.message = f"Not taken: the game had moved on ({d.seat} decided first). The buttons now show what is open now."

    def _need_table(self) -> Table:
        if self.table is None:
            raise TableError("open a table first (its join code) or create one")
        return self.table

    # ---- keeping in step ------------------------------------------------------------------
    def poll(self) -> bool:
        """Look at the store once: new decisions, new seats; an agent's turn. True if the screen changed."""
        t = self.table
        if t is None:
            return False
        changed = t.sync() > 0
        if t.agent_to_move() is not None:
            self._agent_wait += POLL_S
            if self._agent_wait >= AGENT_PAUSE_S:
                self._agent_wait = 0.0
                t.play_agent()
                changed = True
        else:
            self._agent_wait = 0.0
        if self.mode == "seats":
            changed = True  # the free seats may have changed
        if changed:
            self.refresh()
        return changed

    def _start_polling(self) -> None:
        if not self._polling or (self._task is not None and not self._task.done()):
            return
        try:
            from IPython import get_ipython

            shell = get_ipython()
            loop = asyncio.get_running_loop() if shell is not None and getattr(shell, "kernel", None) else None
        except (ImportError, RuntimeError):
            loop = None
        if loop is not None:
            self._task = loop.create_task(self._poll_forever())

    async def _poll_forever(self) -> None:
        # until the game is over (nothing changes after that): a finished table costs nothing
        while self.table is not None and not (self.mode != "seats" and self.table.state.is_over):
            await asyncio.sleep(POLL_S)
            try:
                self.poll()
            except GamelibError as exc:
                self._error(str(exc))
            except Exception:  # noqa: BLE001 - keep polling; say it on the page, in words
                self._error("The table could not be brought up to date (the store did not answer); trying again.")

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self.table = None

    def _guard(self, fn) -> None:
        self.last_error = None
        self.error_widget.value = ""
        try:
            fn()
        except GamelibError as exc:
            self._error(str(exc))
        except Exception as exc:  # noqa: BLE001 - words on the page, never a traceback or a path
            self._error(f"Unexpected error ({type(exc).__name__}); the table is unchanged.")
        try:
            self.refresh()
        except Exception as exc:  # noqa: BLE001
            self._error(f"Could not draw the table ({type(exc).__name__}).")

    def _error(self, text: str) -> None:
        self.last_error = text
        self.error_widget.value = f'<div class="gl-error-box" role="alert">{escape(text)}</div>'

    # ---- drawing --------------------------------------------------------------------------
    def decision_labels(self) -> list[str]:
        t = self.table
        if t is None or self.mode != "seat" or t.state.is_over or t.state.to_move != self.seat:
            return []
        return t.state.legal_labels()

    def refresh(self) -> None:
        self._tick += 1
        t = self.table
        show(self.lobby_box, t is None)
        show(self.choose_box, t is not None and self.mode == "seats")
        show(self.play_box, t is not None and self.mode in ("seat", "spectator", "teacher"))
        notices = "".join(f'<div class="gl-notice">{escape(n)}</div>' for n in self._notices)
        if self.message:
            notices += f'<div class="gl-notice gl-not-taken" role="status">{escape(self.message)}</div>'
        if self.notice_widget.value != notices:
            self.notice_widget.value = notices
        if t is None:
            self.head.value = '<div class="gl-table-head">Play together: create a table, or join one with its code.</div>'
            return
        self._draw_head(t)
        if self.mode == "seats":
            self._draw_choices(t)
            return
        st = t.state
        if self.mode == "seat":
            picture, log = render(st, player=self.seat, large=self.large), log_html(st.log, self.seat)
        elif self.mode == "teacher":
            picture, log = render(st, reveal=True, large=self.large), log_html(st.log, None)
        else:
            try:
                picture = render(PublicState(st), reveal=False, player=SPECTATOR, large=self.large)
            except Exception:  # noqa: BLE001 - a renderer that wants more than the view: the plain table
                picture = render_generic(PublicState(st), reveal=False, player=SPECTATOR)
            log = log_html([e for e in st.log if e.visible_to is None], None)
        if self.picture_widget.value != picture:
            self.picture_widget.value = picture
        if self.log_widget.value != log:
            self.log_widget.value = log
        show(self.record_widget, self.mode == "teacher")
        if self.mode == "teacher" and self.record_widget.value != (record := t.record()):
            self.record_widget.value = record
        labels = self.decision_labels()
        self._set_actions(labels, t.seq)
        if st.is_over:
            note = ("The game is over. The teacher's table view gives its record (save format), which "
                    "replays it in any dashboard.")
        elif labels:
            note = f"Your decision, {self.seat}."
        else:
            note = f"Waiting for {st.to_move} ({'an agent' if t.agent_to_move() else 'a person'})."
        self.actions_note.value = note_html(note)
        view = self.seat if self.mode == "seat" else ("table" if self.mode == "teacher" else SPECTATOR)
        self.status_widget.value = status_html(st, st.ply, st.ply, 1, tick=self._tick,
                                               viewer=None if self.mode == "teacher" else view, view=view)

    def _draw_head(self, t: Table) -> None:
        who = {"seat": f"You are <b>{escape(str(self.seat))}</b> (this page's link brings you back to your seat)",
               "spectator": "Watching as a spectator: the public view, no one's secrets",
               "teacher": "Teacher: the table view, everything face up",
               "seats": "Take a free seat, or watch"}[self.mode]
        teacher = (f' · teacher code <span class="gl-teacher-code">{escape(self.teacher_code)}</span> (keep it: '
                   "it opens the table view; it is shown only here)" if self.teacher_code and self.mode != "seat" else "")
        self.head.value = (f'<div class="gl-table-head" data-code="{escape(t.code)}" data-mode="{escape(self.mode)}">'
                           f'{escape(t.game.title)} · join code <span class="gl-join-code">{escape(t.code)}</span> · '
                           f'link: <a class="gl-join-link" href="?table={escape(t.code)}">?table={escape(t.code)}</a>'
                           f'{teacher}<br>{who}</div>')

    def _draw_choices(self, t: Table) -> None:
        taken = t.taken()
        wanted = [(p, p in taken) for p in t.person_seats()]
        if [(b.description, b.disabled) for b in self.seat_buttons.children] != [(f"Take {p}" if not k else f"{p}: taken", k)
                                                                                 for p, k in wanted]:
            buttons = []
            for p, k in wanted:
                b = w.Button(description=f"Take {p}" if not k else f"{p}: taken", disabled=k, layout=w.Layout(width="auto"))
                b.add_class("gl-take")
                b.add_class(f"gl-take-{p}")
                b.on_click(lambda _b, p=p: self.take(p))
                buttons.append(b)
            self.seat_buttons.children = tuple(buttons)
        full = all(k for _, k in wanted)
        self.status_widget.value = ""
        self.actions_note.value = note_html("Every person's seat is taken: you can watch." if full else "")

    def _set_actions(self, labels: list[str], seq: int) -> None:
        """Buttons are made anew for each decision: a click meant for an older one carries its
        number and is refused by the table in words, never applied to the next decision."""
        if seq == self._pool_seq and [b.description for b in self._buttons] == labels:
            return
        self._pool_seq = seq
        self._shown_seq = seq
        buttons = []
        for label in labels:
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto"))
            b.add_class("gl-action")
            b.on_click(lambda _b, label=label, seq=seq: self.click(label, seq))
            buttons.append(b)
        # the previous decision's buttons are closed one decision later, not now: a click already
        # on its way reaches a live button and is refused in words instead of vanishing
        for old in self._old_buttons:
            old.close()
        self._old_buttons = self._buttons
        self._buttons = buttons
        self.actions_box.children = tuple(buttons)


    def __repr__(self) -> str:
        return f"TableClient(mode={self.mode!r})"


def table_page(store: Store | None = None) -> TableClient:
    """The dashboard's one line: the table and seat of the page's link (``?table=K7Q2&seat=...``)."""
    args, problems = parse_table_parameters(query_string())
    return TableClient(args["table"], args["seat"], store=store, large=args["large"], notices=problems)


__all__ = ["TableClient", "table_page", "parse_table_parameters", "POLL_S"]

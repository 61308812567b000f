"""``Stepper``: play any gamelib game in Jupyter or Voila with buttons, in a classroom.

It knows nothing about a particular game: everything comes from the engine contract (legal
action labels, apply, at_ply, log, odds, views, outcome, agents_for, records).

* Seats: each seat is a person or a named agent. Agents decide by themselves, with a pause a
  class can follow. The player view belongs to one seat: buttons appear only on that seat's
  decisions, and nothing shown (picture, buttons, log, odds) is more than that seat may see.
  When another person must decide, a curtain asks to pass the screen first (hot seat). The
  table view shows everything and a button for every decision.
* One click, one decision: each decision's buttons are built for it (its generation); a click
  on a button of another generation is refused, and the page script ignores a second click
  until the result is shown and has been on screen long enough to be seen.
* Time travel without loss (``Timeline``): Undo and Redo, the History slider, and a different
  decision taken while looking back starts a new line and keeps the old one.
* Every widget is built once; a refresh only changes values, so the page updates in place.
  Every callback is guarded: a refused move shows up as words on the page, a bug as one short
  sentence (its traceback goes to the server's log, never to the page).
* Hidden widgets hold no secret: the buttons of a decision not shown are closed, the odds and
  the picture behind the curtain emptied, the save record of a player view kept back when it
  holds another seat's hidden decisions (``secrecy.py``); a teacher lock (``lock.py``) keeps the
  table view and "Seen by" closed in a hot-seat game."""
from __future__ import annotations

import asyncio
from html import escape
from typing import Any, Callable, Mapping, Sequence

from ..agents import Agent, RandomAgent
from ..core import Action, Game, GamelibError, load
from ..core.rng import derive_seed
from ..render import odds_for_display, render, render_generic
from ..render.generic import seat_badge
from .agents_menu import page_agents
from .buttons import DecisionButtons, Guarded, logger
from .controls import PERSON, ShowsWidget, parse_seed, quote, show
from .layout import PLAYER_VIEW, TABLE_VIEW, Building
from .lock import TeacherLock
from .panels import curtain_html, log_html, note_html, odds_html, status_html
from .saving import MAX_RECORD_CHARS, Saving
from .timeline import Timeline

#: a label longer than this is refused before the rules read it (no game's label comes close)
MAX_LABEL_CHARS = 300
#: Auto-play stops after this many decisions even if the game has not ended (a runaway guard).
MAX_AUTOPLAY = 20_000


class Stepper(Building, Saving, TeacherLock, DecisionButtons, Guarded, ShowsWidget):
    """A game on screen. ``Stepper("walking-deck", seed=3)`` or ``Stepper(game_instance)``.

    ``seats``: ``{seat: "person" or an agent name}``; by default the first seat is a person and
    the others play with ``agent`` (the game's own agent if it has one). ``human`` (older
    spelling) names the person seats of a several-player game. In a one-player game the seat
    is a person and ``human`` only says where Auto-play stops (default: it plays to the end).
    ``view``: ``"table"`` or the seat whose eyes the player view uses. ``pause``: seconds
    between two agents' decisions in a live page (none without an event loop, as in tests).
    ``lock``: a teacher's code that starts the page locked (player view only, "Seen by" closed).
    ``autoplay_stops``: Auto-play hands over at people's decisions (default: it plays to the end,
    deciding for people with the Agent menu's agent; in a one-player game, where ``human`` says).
    Testable without a browser: ``click(label)``, ``step()``, ``autoplay()``, ``undo()``,
    ``redo()``, ``new_game(seed)``, ``goto(ply)``, ``set_view(table=True)``, ``set_seat``,
    ``confirm_seat()``, ``load_record(text)``, ``export_html()``, ``lock(code)``, ``unlock(code)``. Each
    refuses a wrong argument in words on the page (``last_error``) and changes nothing."""

    def __init__(
        self,
        game: Game | str,
        seed: int = 0,
        *,
        agent: str | None = None,
        table_view: bool = False,
        human: Sequence[str] | None = None,
        show_options: bool = True,
        log_limit: int = 300,
        seats: Mapping[str, str] | None = None,
        view: str | None = None,
        large: bool = False,
        pause: float = 0.6,
        notices: Sequence[str] = (),
        lock: str | None = None,
        autoplay_stops: bool | None = None,
    ):
        self.game: Game = load(game) if isinstance(game, str) else game
        self.log_limit = log_limit
        self.last_error: str | None = None  # plain text of the last error shown (for tests)
        self._syncing = False  # True while code, not a person, moves a widget
        self._agent_error: str | None = None
        self._epoch = 0  # bumped by every person's action: a waiting agent then gives up
        self._paused = False  # agents wait (after Undo / Redo) until a person acts again
        self._autoplay = self._autoplay_started = False
        self._task: asyncio.Task | None = None
        self._generation, self._buttons_for, self._buttons = 0, None, []
        self._confirm_action: Callable[[], None] | None = None
        self._export: tuple[Any, str] | None = None
        self._tick = 0
        self.games_started = 1
        self.large = bool(large)
        self._one_player = len(self.game.players) == 1
        self._human_arg = tuple(human) if human is not None else None
        names = list(self._agents())
        default_agent = agent if agent in names else ("heuristic" if "heuristic" in names else names[0])
        self.seats: dict[str, str] = self._initial_seats(seats, default_agent)
        if view not in (None, "table") and view not in self.game.players:
            notices = [*notices, f"view={view!r} is not a seat of {self.game.title}; the seats are "
                                 f"{', '.join(self.game.players)} (or view=table). Showing the first person's view."]
            view = None
        persons = [p for p in self.game.players if self.seats[p] == PERSON]
        self.viewer: str = view if view in self.game.players else (persons[0] if persons else self.game.players[0])
        stops = bool(self._human_arg) if autoplay_stops is None and self._one_player else bool(autoplay_stops)
        self._build(show_options, agent if agent in names else names[0], table_view or view == "table", seed, pause,
                    stops)
        self._build_lock(lock)
        self.timeline = Timeline(self.game.new_state(seed=seed))
        self._new_agents()
        self._notices = list(notices)
        self._guard(lambda: None, user=False)
        self._kick()
        if self._agent_error:
            self._show_error(self._agent_error)

    # ---- seats ----------------------------------------------------------------------------
    def _initial_seats(self, seats: Mapping[str, str] | None, default_agent: str) -> dict[str, str]:
        players = self.game.players
        known = set(self._agents())
        if seats is not None:
            bad = [s for s in seats if s not in players]
            if bad:
                raise GamelibError(f"unknown seat {bad[0]!r}; the seats are {', '.join(players)}")
            wrong = [v for v in seats.values() if v != PERSON and v not in known]
            if wrong:
                raise GamelibError(f"unknown agent {wrong[0]!r}; choose person or one of {', '.join(sorted(known))}")
            out = {p: seats.get(p, default_agent if len(players) > 1 else PERSON) for p in players}
        elif self._one_player:
            out = {p: PERSON for p in players}
        else:
            people = self._human_arg if self._human_arg is not None else players[:1]
            out = {p: PERSON if p in people else default_agent for p in players}
        return out

    @property
    def human(self) -> tuple[str, ...]:
        """The seats where Auto-play hands control back (the person seats; in a one-player game
        nobody unless ``human`` was given, so Auto-play plays to the end)."""
        if self._one_player:
            return self._human_arg or ()
        return tuple(p for p in self.game.players if self.seats.get(p) == PERSON)

    def persons(self) -> list[str]:
        return [p for p in self.game.players if self.seats.get(p) == PERSON]

    def set_seat(self, seat: str, who: str) -> None:
        """Make ``seat`` a person (``"person"``) or an agent by name (what the seat menus do)."""
        try:
            self._check_seat(seat, who)
        except GamelibError as exc:
            self._user(lambda: _raise(exc))  # refused in words; nothing changes
            return
        if seat in self.seat_widgets:
            self.seat_widgets[seat].value = who  # the observer does the rest
        else:
            self._user(lambda: self._set_seat(seat, who))

    def _check_seat(self, seat: object, who: object) -> None:
        if not isinstance(seat, str) or seat not in self.game.players:
            raise GamelibError(f"unknown seat {quote(seat)}; the seats are {', '.join(self.game.players)}")
        agents = self._agents()
        if not isinstance(who, str) or (who != PERSON and who not in agents):
            raise GamelibError(f"unknown agent {quote(who)}; choose person or one of {', '.join(agents)}")

    def _set_seat(self, seat: str, who: str) -> None:
        self._check_seat(seat, who)
        self.seats[seat] = who
        self._new_agents()
        self._paused = False

    # ---- what a person can do -----------------------------------------------------------
    def click(self, label: str) -> None:
        """Take the decision labelled ``label`` at the moment on screen (what a button does)."""
        if not isinstance(label, (str, Action)) or len(str(label)) > MAX_LABEL_CHARS:
            self._user(lambda: _raise(GamelibError(f"{quote(label)} is not a decision: a decision is named by its "
                                                   f"label; the decisions now are: {', '.join(self.shown.legal_labels())}")))
            return
        self._user(lambda: self._act(label))

    def step(self) -> None:
        """One decision by an agent: the seat's own agent, or the Agent menu's for a person."""
        self._user(self._step)

    def autoplay(self) -> None:
        """Agents decide (the Agent menu's for people's seats) until a person must decide, or
        the game ends. In a live page with a pause it runs in the background; again stops it."""
        self._user(self._start_autoplay)

    def undo(self) -> None:
        """One decision back from the moment on screen, skipping agents' decisions back to the
        last one a person took; the undone decisions stay for Redo."""
        self._user(self._undo)

    def redo(self) -> None:
        self._user(self._redo)

    def new_game(self, seed: int | str | None = None, **options: Any) -> None:
        """Start again at once (no question: this is for code); options not given keep their value.
        Every argument is checked before any menu changes: a wrong one is refused in words."""
        try:
            if seed is not None:
                if isinstance(seed, bool) or not isinstance(seed, (int, str)):
                    raise GamelibError(f"the seed {quote(seed)} is not a whole number")
                parse_seed(seed)
            for name, value in options.items():
                dd = self.option_widgets.get(name)
                if dd is None:
                    raise GamelibError(f"{self.game.title} has no option {quote(name)} on this page; "
                                       f"the options are {', '.join(self.option_widgets) or 'none'}")
                if not any(value == v and type(value) is type(v) for v in dd.options):
                    raise GamelibError(f"option {name}={quote(value)} is not allowed; choose one of "
                                       + ", ".join(str(v) for v in dd.options))
        except GamelibError as exc:
            self._user(lambda: _raise(exc))  # refused in words; the menus keep their values
            return
        if seed is not None:
            self.seed_widget.value = str(seed)
        for name, value in options.items():
            self.option_widgets[name].value = value
        self._user(self._start_new_game)

    def goto(self, ply: int) -> None:
        """Show the game as it was after ``ply`` decisions (what the history slider does)."""
        top = self.timeline.present.ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= top:
            self._user(lambda: _raise(GamelibError(f"there is no decision {quote(ply)}: choose a whole number "
                                                   f"from 0 to {top}")))
            return
        self.history_widget.value = ply  # the observer refreshes

    def set_view(self, table: bool, seat: str | None = None) -> None:
        """The table view (everything), or the player view of ``seat`` (default: as before)."""
        try:
            if not isinstance(table, bool):
                raise GamelibError(f"set_view(table=...) takes True or False, not {quote(table)}")
            if seat is not None and (not isinstance(seat, str) or seat not in self.game.players):
                raise GamelibError(f"unknown seat {quote(seat)}; the seats are {', '.join(self.game.players)}")
            self._check_unlocked(table, seat)
        except GamelibError as exc:
            self._user(lambda: _raise(exc))
            return
        if seat is not None:
            self.viewer_widget.value = seat
        self.view_widget.value = TABLE_VIEW if table else PLAYER_VIEW

    def confirm_seat(self) -> None:
        """The person the curtain waits for confirms that they are at the screen."""
        self._user(self.confirm_seat_now)

    def confirm_seat_now(self) -> None:
        seat = self.curtain_seat()
        if seat is None:
            raise GamelibError("nobody needs to confirm: the screen already shows the seat that decides")
        self._set_viewer(seat)

    # ---- reading ------------------------------------------------------------------------
    @property
    def state(self):
        """The present of the line on screen (where play continues)."""
        return self.timeline.present

    @state.setter
    def state(self, value) -> None:
        self.timeline = Timeline(value)

    @property
    def shown_ply(self) -> int:
        return self.timeline.shown_ply

    @property
    def shown(self):
        """The state on screen: the present, or a past one while travelling through history."""
        return self.timeline.shown()

    @property
    def table_view(self) -> bool:
        return self.view_widget.value == TABLE_VIEW

    @property
    def pause(self) -> float:
        return float(self.pause_widget.value)

    def curtain_seat(self) -> str | None:
        """The person the screen must be passed to before anything is shown, if any."""
        tl = self.timeline
        st = tl.present
        if self.table_view or st.is_over or tl.looking_back() or self._autoplay:
            return None  # (Auto-play decides for people too: the screen keeps its seat's view)
        mover = st.to_move
        if mover is None or self.seats.get(mover) != PERSON or mover == self.viewer:
            return None
        return mover

    def screen_seat(self) -> str | None:
        """Whose eyes the screen uses: None in the table view."""
        return None if self.table_view else self.viewer

    # ---- actions ------------------------------------------------------------------------
    def _act(self, action: Action | str) -> None:
        self._close_confirm()
        self.timeline.act(action)
        self._paused = False
        self._autoplay = False

    def _step(self) -> None:
        self._close_confirm()
        shown = self.shown
        if shown.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        seat = shown.to_move
        agent = self.seat_agents.get(seat) or self.agent
        self.timeline.act(agent.choose(shown))

    def _toggle_autoplay(self) -> None:
        if self._task is not None and self._autoplay:
            self._autoplay = False  # the running Auto-play stops (its task sees the new epoch)
            return
        self._start_autoplay()

    def _start_autoplay(self) -> None:
        self._close_confirm()
        tl = self.timeline
        if tl.looking_back():
            tl.look(tl.present.ply)  # Auto-play continues the game, from its present
        if self.state.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        self._paused = False
        self._autoplay, self._autoplay_started = True, False

    def _undo(self) -> None:
        self._close_confirm()
        persons = self.persons()
        stop = None
        if persons and len(persons) < len(self.game.players):
            stop = lambda st: st.is_over or self.seats.get(st.to_move) == PERSON  # noqa: E731
        self.timeline.undo(stop)
        self._paused = True

    def _redo(self) -> None:
        self._close_confirm()
        persons = self.persons()
        stop = None
        if persons and len(persons) < len(self.game.players):
            stop = lambda st: st.is_over or self.seats.get(st.to_move) == PERSON  # noqa: E731
        self.timeline.redo(stop)
        self._paused = True

    def _on_new(self) -> None:
        tl = self.timeline
        unfinished = not tl.present.is_over and (tl.tip.ply > 0 or tl.kept)
        if unfinished:
            self._ask(f"Start a new game? This one is not finished ({tl.tip.ply} decisions"
                      f"{f', {len(tl.kept) + 1} lines' if tl.kept else ''}); it is lost unless you copy its "
                      "save record first (Save / load).", "Start the new game", self._start_new_game)
            return
        self._start_new_game()

    def _start_new_game(self) -> None:
        self._close_confirm()
        seed = parse_seed(self.seed_widget.value)
        options = {k: dd.value for k, dd in self.option_widgets.items()}
        game = self.game
        if options and options != {k: self.game.options.get(k) for k in options}:
            game = load(self.game.name, **{**self.game.options, **options})
        self._start(game, game.new_state(seed=seed))

    def _start(self, game: Game, state: Any) -> None:
        players_changed = game.players != self.game.players
        self.game = game
        self.timeline = Timeline(state)
        self.games_started += 1
        self._paused = self._autoplay = False
        self._export = None
        if players_changed:
            default = next((v for v in self.seats.values() if v != PERSON), None) or self.agent_widget.value
            self.seats = {p: self.seats.get(p, default) for p in game.players}
            if self.viewer not in game.players:
                self.viewer = (self.persons() or list(game.players))[0]
            self._build_seats()
        self._new_agents()

    def _ask(self, question: str, yes: str, then: Callable[[], None]) -> None:
        self._confirm_action = then
        self.confirm_text.value = f'<span class="gl-confirm-question">{escape(question)}</span>'
        self.confirm_yes.description = yes

    def _confirmed(self) -> None:
        then, self._confirm_action = self._confirm_action, None
        if then is None:
            raise GamelibError("there is nothing to confirm any more")
        then()

    def _cancel_confirm(self) -> None:
        self._confirm_action = None

    def _close_confirm(self) -> None:
        self._confirm_action = None

    def _on_line(self, change: dict) -> None:
        if self._syncing or change["new"] == -1:
            return
        self._user(lambda: self._switch(int(change["new"])))

    def _switch(self, index: int) -> None:
        self._close_confirm()
        self.timeline.switch(index)
        self._paused = True

    def _on_slide(self, change: dict) -> None:
        if self._syncing:
            return
        self._user(lambda: self.timeline.look(int(change["new"])))

    def _on_viewer(self, change: dict) -> None:
        if self._syncing:
            return
        if self.locked:  # the menu is disabled in the page; a change that reaches us anyway is undone
            self._set_viewer(self.viewer)
            self._guard(lambda: self._check_unlocked(False, change["new"]), user=False)
            return
        self._on_widget(lambda: self._set_viewer(change["new"]))

    def _set_viewer(self, seat: str) -> None:
        self.viewer = seat
        if self.viewer_widget.value != seat:
            self._syncing = True
            try:
                self.viewer_widget.value = seat
            finally:
                self._syncing = False

    def _on_large(self, change: dict) -> None:
        self.large = bool(change["new"])
        (self.widget.add_class if self.large else self.widget.remove_class)("gl-large")
        self._on_widget(lambda: None)

    def _on_widget(self, fn: Callable[[], None]) -> None:
        """A change of what is shown, not of the game: agents carry on as they were."""
        self._guard(fn, user=False)
        self._kick()

    # ---- agents ---------------------------------------------------------------------------
    def _agents(self) -> dict[str, Any]:
        """Every agent the page offers (``agents_menu``); if one cannot be imported, the random
        one still plays."""
        try:
            return page_agents(self.game)
        except Exception as exc:  # noqa: BLE001 - a broken agent must not take the app down
            logger.exception("the agents of %s could not be loaded", self.game.name)
            self._agent_error = (f"Some agents of {self.game.title} are unavailable ({type(exc).__name__}); "
                                 "using random. The details are in the server's log.")
            return {"random": RandomAgent}

    def _make_agent(self, name: str, seed: int) -> Agent:
        cls = self._agents().get(name, RandomAgent)
        try:
            return cls(seed=seed)
        except TypeError:  # an agent without a seed (deterministic)
            return cls()

    def _new_agents(self) -> None:
        seed = self.state.seed if hasattr(self, "timeline") else 0
        self.agent: Agent = self._make_agent(self.agent_widget.value, derive_seed(seed, 1))
        self.seat_agents: dict[str, Agent] = {
            p: self._make_agent(who, derive_seed(seed, 2 + i))
            for i, (p, who) in enumerate(self.seats.items()) if who != PERSON
        }

    def _agent_to_play(self) -> Agent | None:
        """The agent that decides now by itself, if any (only at the present, never behind a curtain)."""
        tl = self.timeline
        st = tl.present
        if st.is_over or tl.looking_back() or self._confirm_action is not None:
            self._autoplay = False
            return None
        seat = st.to_move
        if self._autoplay:
            if self._autoplay_started and self._autoplay_stops_at(seat):
                self._autoplay = False
            else:
                return self.seat_agents.get(seat) or self.agent
        if self._paused or self.seats.get(seat) == PERSON:
            return None
        return self.seat_agents.get(seat) or self.agent

    def _autoplay_stops_at(self, seat: str | None) -> bool:
        """Auto-play hands over here: only when asked to stop at people's decisions."""
        if not self.stop_widget.value:
            return False
        if self._one_player:
            return seat in (self._human_arg or self.game.players)
        return self.seats.get(seat) == PERSON

    def _agent_decides(self, agent: Agent) -> None:
        st = self.timeline.present
        self.timeline.act(agent.choose(st))
        self._autoplay_started = True

    def _play_agents_now(self) -> None:
        for _ in range(MAX_AUTOPLAY):
            agent = self._agent_to_play()
            if agent is None:
                return
            self._agent_decides(agent)
        self._autoplay = False
        raise GamelibError(f"the agents stopped after {MAX_AUTOPLAY} decisions without reaching the end")

    def _kick(self) -> None:
        """Let agents play: at once without a pause or an event loop (tests, scripts), else one
        decision per pause in the background, so a class can follow and the page stays live."""
        if self._agent_to_play() is None:
            return
        loop = _kernel_loop() if self.pause > 0 else None
        if loop is None:
            self._guard(self._play_agents_now, user=False)
            return
        if self._task is not None and not self._task.done():
            return  # the running one carries on (it checks the epoch)
        self._task = loop.create_task(self._agents_task(self._epoch))

    async def _agents_task(self, epoch: int) -> None:
        try:
            while True:
                await asyncio.sleep(self.pause)
                if epoch != self._epoch:
                    if self._agent_to_play() is None:
                        return
                    epoch = self._epoch  # a person changed something that lets agents go on
                agent = self._agent_to_play()
                if agent is None:
                    return
                self._guard(lambda: self._agent_decides(agent), user=False)
                if self.last_error:
                    self._autoplay = False
                    return
        finally:
            self._task = None
            self._refresh_safely()

    # ---- drawing --------------------------------------------------------------------------
    def _moment(self) -> tuple:
        tl = self.timeline
        return (self.games_started, id(tl.present), tl.present.ply, tl.shown_ply)

    def decision_labels(self) -> list[str]:
        """The buttons the screen offers now: only for the seat whose eyes it uses (any seat in
        the table view), never behind a curtain or once the game is over."""
        shown = self.shown
        if shown.is_over or self.curtain_seat() is not None:
            return []
        mover = shown.to_move
        if self.table_view:
            return shown.legal_labels()
        if mover != self.viewer or self.seats.get(mover) != PERSON:
            return []
        return shown.legal_labels()

    def refresh(self) -> None:
        """Bring every widget up to date with the state (values only: nothing is re-created)."""
        tl = self.timeline
        state, shown = tl.present, tl.shown()
        table = self.table_view
        seat = None if table else self.viewer
        curtain = self.curtain_seat()
        self._tick += 1
        self._sync_slider(state.ply, tl.shown_ply, disabled=curtain is not None)
        self._sync_lines()
        if curtain is not None:
            # the dark panel asks for the next person, with its button inside; the picture is
            # emptied, not just hidden (the page source must not keep the last person's cards)
            picture = ""
            text = curtain_html(curtain, self.viewer)
            if self.curtain_text.value != text:
                self.curtain_text.value = text
            self.curtain_button.description = f"I am {curtain}: show my view"
        else:
            try:
                picture = render(shown, reveal=table, player=seat, large=self.large)
            except Exception as exc:  # noqa: BLE001 - fall back to the plain table, say why
                picture = render_generic(shown, reveal=table, player=seat, large=self.large)
                logger.error("the picture of %s failed", self.game.name, exc_info=exc)
                self._show_error(f"The picture failed ({type(exc).__name__}); showing the plain table. "
                                 "The details are in the server's log.")
        if self.picture_widget.value != picture:
            self.picture_widget.value = picture
        show(self.picture_widget, curtain is None)
        show(self.curtain_box, curtain is not None)
        log = (f'<div class="gl-log-list"><div class="gl-muted">hidden until {escape(curtain)} is at the screen</div></div>'
               if curtain is not None else log_html(shown.log, seat, self.log_limit))
        if self.log_widget.value != log:
            self.log_widget.value = log
        show(self.odds_panel, curtain is None and not shown.is_over)
        odds = ""  # hidden odds are emptied too
        if curtain is None and not shown.is_over:
            note, groups = odds_for_display(shown, seat)  # a seat's odds know its own face-down cards
            odds = odds_html(groups, note)
        if self.odds_widget.value != odds:
            self.odds_widget.value = odds
        labels = self.decision_labels()
        self._set_actions(labels)
        self._set_note(shown, curtain)
        # a hint only beside the buttons of a decision on screen; never behind the curtain; a
        # hint of another position is cleared (or, with "Keep hinting", recomputed when a person decides)
        show(self.hint_box, bool(labels))
        self.hint_panel.refresh(compute=bool(labels) and not self._autoplay and self.seats.get(shown.to_move) == PERSON)
        self._sync_confirm()
        self._sync_save()
        notices = "".join(f'<div class="gl-notice">{escape(n)}</div>' for n in self._notices)
        if self.notice_widget.value != notices:
            self.notice_widget.value = notices
        over = shown.is_over
        self.step_button.disabled = over or curtain is not None
        running = self._autoplay  # (set while Auto-play goes on in the background)
        self.auto_button.description = "Stop" if running else "Auto-play"
        self.auto_button.disabled = (state.is_over and not running) or curtain is not None
        self.undo_button.disabled = tl.shown_ply == 0 or curtain is not None
        self.redo_button.disabled = not (tl.looking_back() or tl.redo_count) or curtain is not None
        self.decisions_heading.value = ("<div class='gl-heading'>Decisions</div>" if table or self._one_player else
                                        f"<div class='gl-heading'>{escape(self.viewer)}'s decisions</div>")
        # last: a browser waiting for the status line then sees every other change too
        self.status_widget.value = status_html(shown, tl.shown_ply, state.ply, self.games_started,
                                               tick=self._tick, redo=tl.redo_count, viewer=seat,
                                               view="table" if table else self.viewer)

    def _set_note(self, shown: Any, curtain: str | None) -> None:
        tl = self.timeline
        mover = shown.to_move
        if curtain is not None:
            note = f"Waiting for {curtain} to come to the screen."
        elif shown.is_over:
            note = "The game is over: press New game, Undo, or look back with the History slider."
        elif self._autoplay:
            note = f"Auto-play: the agents play (one decision every {self.pause:.1f} s); press Stop to take over."
        elif not self.visible_labels():
            who = self.seats.get(mover, PERSON)
            if self._paused and who != PERSON and not tl.looking_back():
                note = f"The agents are paused after Undo / Redo: {mover} ({who}) decides next. Press Auto-play or Step to go on."
            elif who != PERSON:
                note = f"{mover} ({who}, an agent) is deciding…"
            else:
                note = f"It is {mover}'s decision."
        elif tl.looking_back():
            note = ("Looking back: the decision the game took here continues the line; "
                    "a different one starts a new line (this one is kept under Lines).")
        else:
            note = ""
        if tl.kept and not note:
            note = f"This game has {len(tl.kept) + 1} lines of play: switch with the Lines menu."
        html = note_html(note)
        if self.actions_note.value != html:
            self.actions_note.value = html

    def _sync_slider(self, top: int, value: int, disabled: bool) -> None:
        hw = self.history_widget
        self._syncing = True
        try:
            if top >= hw.max:
                hw.max = top
                hw.value = value
            else:
                hw.value = value
                hw.max = top
            hw.disabled = disabled
        finally:
            self._syncing = False

    def _sync_lines(self) -> None:
        tl = self.timeline
        show(self.lines_widget, bool(tl.kept))
        if not tl.kept:
            return
        mine = [a.label for a in tl.tip.history]
        options = [(f"this line: {tl.tip.ply} decisions", -1)]
        for i, other in enumerate(tl.kept):
            theirs = [a.label for a in other.history]
            same = next((k for k, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
            end = ", finished" if other.is_over else ""
            options.append((f"line {i + 2}: differs at decision {same + 1}, {other.ply} decisions{end}", i))
        if list(self.lines_widget.options) != options:
            self._syncing = True
            try:
                self.lines_widget.options = options
                self.lines_widget.value = -1
            finally:
                self._syncing = False

    def _sync_confirm(self) -> None:
        show(self.confirm_box, self._confirm_action is not None)

    # ---- display ------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Stepper({self.game.name!r}, seed={self.state.seed}, decisions={self.state.ply})"


def _raise(exc: BaseException) -> None:
    raise exc


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the Jupyter kernel this runs in, if any: only there do background
    agents' decisions reach a page. (Not just any running loop: a test process may run one,
    for a browser driver, that nobody would see.)"""
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = ["Stepper", "PLAYER_VIEW", "TABLE_VIEW", "PERSON", "MAX_RECORD_CHARS", "seat_badge"]

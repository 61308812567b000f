"""``Stepper``: play any gamelib game in Jupyter or Voila with buttons, in a classroom.

It knows nothing about a particular game: everything comes from the engine contract (legal
action labels, apply, at_ply, log, odds, views, outcome, agents_for, records).

The rules of the page are a plain model, ``Screen`` (``screen.py``: seats, the timeline, the
agents' schedule, questions, errors), tested without widgets. The Stepper is its panels: built
once (``layout.py``), each redrawn from the model by ``refresh`` (values only, so the page
updates in place), and callbacks that run a model command guarded, then redraw.

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
* A click costs the same early and late in a game: the log panel adds the new entries only
  (``panels.LogText``), rebuilding its rows on Undo, Redo, looking back or a new game.
* Every callback is guarded: a refused move shows up as words on the page, a bug as one short
  sentence (its traceback goes to the server's log, never to the page).
* Hidden widgets hold no secret: the buttons of a decision not shown are closed, the odds and
  the picture behind the curtain emptied, the save record of a player view kept back when it
  holds another seat's hidden decisions (``secrecy.py``); a teacher lock (``lock.py``) keeps the
  table view and "Seen by" closed in a hot-seat game."""
from __future__ import annotations

import asyncio
from typing import Any, Callable, Mapping, Sequence

from ..core import Action, Game, GamelibError, load
from ..render.generic import seat_badge
from .buttons import DecisionButtons, Guarded
from .drawing import Drawing
from .controls import PERSON, ShowsWidget, parse_seed, quote
from .layout import PLAYER_VIEW, TABLE_VIEW, Building
from .lock import TeacherLock
from .panels import LogText
from .saving import MAX_RECORD_CHARS, Saving
from .screen import MAX_AUTOPLAY, MAX_LABEL_CHARS, Screen  # noqa: F401  (re-exported)
from .timeline import Timeline


class Stepper(Building, Drawing, Saving, TeacherLock, DecisionButtons, Guarded, ShowsWidget):
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
    refuses a wrong argument in words on the page (``last_error``) and changes nothing. The
    model under it is ``stepper.model`` (a ``Screen``)."""

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
        self.model = Screen(load(game) if isinstance(game, str) else game, seed, agent=agent, seats=seats,
                            human=human, view=view, table_view=table_view, autoplay_stops=autoplay_stops,
                            notices=notices)
        self.log_limit = log_limit
        self.log_text = LogText(log_limit)
        self._syncing = False  # True while code, not a person, moves a widget
        self._task: asyncio.Task | None = None
        self._generation, self._buttons_for, self._buttons = 0, None, []
        self._tick = 0
        self.large = bool(large)
        self._build(show_options, seed, pause)
        self._build_lock(lock)
        self._guard(lambda: None, user=False)
        self._kick()
        if self.model.agent_error:
            self._show_error(self.model.agent_error)

    # ---- the model's state, by its old names ------------------------------------------------
    game = property(lambda self: self.model.game)
    timeline = property(lambda self: self.model.timeline)
    seats = property(lambda self: self.model.seats)
    games_started = property(lambda self: self.model.games_started)
    agent = property(lambda self: self.model.agent)
    seat_agents = property(lambda self: self.model.seat_agents)
    human = property(lambda self: self.model.human)
    viewer = property(lambda self: self.model.viewer)
    table_view = property(lambda self: self.model.table_view)
    shown_ply = property(lambda self: self.model.timeline.shown_ply)
    last_error = property(lambda self: self.model.error)

    @property
    def state(self):
        """The present of the line on screen (where play continues)."""
        return self.model.timeline.present

    @state.setter
    def state(self, value) -> None:
        self.model.timeline = Timeline(value)

    @property
    def shown(self):
        """The state on screen: the present, or a past one while travelling through history."""
        return self.model.shown()

    @property
    def _autoplay(self) -> bool:
        return self.model.autoplay

    @_autoplay.setter
    def _autoplay(self, value: bool) -> None:
        self.model.autoplay = value

    @property
    def _export(self) -> tuple[Any, str] | None:
        return self.model.export

    @_export.setter
    def _export(self, value: tuple[Any, str] | None) -> None:
        self.model.export = value

    @property
    def pause(self) -> float:
        return float(self.pause_widget.value)

    def persons(self) -> list[str]:
        return self.model.persons()

    def curtain_seat(self) -> str | None:
        return self.model.curtain_seat()

    def screen_seat(self) -> str | None:
        return self.model.screen_seat()

    def decision_labels(self) -> list[str]:
        return self.model.decision_labels()

    def _moment(self) -> tuple:
        return self.model.moment()

    # ---- what a person can do -----------------------------------------------------------
    def click(self, label: str) -> None:
        """Take the decision labelled ``label`` at the moment on screen (what a button does)."""
        self._user(lambda: self.model.act(label))

    def _act(self, label: Action | str) -> None:
        self.model.act(label)

    def step(self) -> None:
        """One decision by an agent: the seat's own agent, or the Agent menu's for a person."""
        self._user(self.model.step)

    def autoplay(self) -> None:
        """Agents decide (the Agent menu's for people's seats) until a person must decide, or
        the game ends. In a live page with a pause it runs in the background; again stops it."""
        self._user(self.model.start_autoplay)

    def undo(self) -> None:
        """One decision back from the moment on screen, skipping agents' decisions back to the
        last one a person took; the undone decisions stay for Redo."""
        self._user(self.model.undo)

    def redo(self) -> None:
        self._user(self.model.redo)

    def set_seat(self, seat: str, who: str) -> None:
        """Make ``seat`` a person (``"person"``) or an agent by name (what the seat menus do)."""
        try:
            self.model.check_seat(seat, who)
        except GamelibError as exc:
            self._user(lambda: _raise(exc))  # refused in words; nothing changes
            return
        if seat in self.seat_widgets:
            self.seat_widgets[seat].value = who  # the observer does the rest
        else:
            self._user(lambda: self.model.set_seat(seat, who))

    def _set_seat(self, seat: str, who: str) -> None:
        self.model.set_seat(seat, who)

    def new_game(self, seed: int | str | None = None, **options: Any) -> None:
        """Start again at once (no question: this is for code); options not given keep their value.
        Every argument is checked before any menu changes: a wrong one is refused in words."""
        try:
            self._check_new_game(seed, options)
        except GamelibError as exc:
            self._user(lambda: _raise(exc))  # refused in words; the menus keep their values
            return
        if seed is not None:
            self.seed_widget.value = str(seed)
        for name, value in options.items():
            self.option_widgets[name].value = value
        self._user(self._start_new_game)

    def _check_new_game(self, seed: object, options: Mapping[str, Any]) -> None:
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
        self._user(self.model.confirm_seat)

    def confirm_seat_now(self) -> None:
        self.model.confirm_seat()

    # ---- callbacks ------------------------------------------------------------------------
    def _toggle_autoplay(self) -> None:
        if self._task is not None and self.model.autoplay:
            self.model.autoplay = False  # the running Auto-play stops (its task sees the new epoch)
            return
        self.model.start_autoplay()

    def _on_new(self) -> None:
        if self.model.unfinished():
            self.model.ask(self.model.new_game_question(), "Start the new game", self._start_new_game)
            return
        self._start_new_game()

    def _start_new_game(self) -> None:
        seed = parse_seed(self.seed_widget.value)
        options = {k: dd.value for k, dd in self.option_widgets.items()}
        game = self.game
        if options and options != {k: self.game.options.get(k) for k in options}:
            game = load(self.game.name, **{**self.game.options, **options})
        self._start(game, game.new_state(seed=seed))

    def _start(self, game: Game, state: Any) -> None:
        if self.model.start(game, state):
            self._build_seats()

    def _ask(self, question: str, yes: str, then: Callable[[], None]) -> None:
        self.model.ask(question, yes, then)

    def _close_confirm(self) -> None:
        self.model.cancel()

    def _on_line(self, change: dict) -> None:
        if self._syncing or change["new"] == -1:
            return
        self._user(lambda: self.model.switch(int(change["new"])))

    def _on_slide(self, change: dict) -> None:
        if self._syncing:
            return
        self._user(lambda: self.model.timeline.look(int(change["new"])))

    def _on_stops(self, change: dict) -> None:
        self.model.stops = bool(change["new"])

    def _on_viewer(self, change: dict) -> None:
        if self._syncing:
            return
        if self.locked:  # the menu is disabled in the page; a change that reaches us anyway is undone
            self._sync_viewer()
            self._guard(lambda: self._check_unlocked(False, change["new"]), user=False)
            return
        self._on_widget(lambda: setattr(self.model, "viewer", change["new"]))

    def _sync_viewer(self) -> None:
        seat = self.model.viewer
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

    # ---- the agents' schedule in a live page ------------------------------------------------
    def _kick(self) -> None:
        """Let agents play: at once without a pause or an event loop (tests, scripts), else one
        decision per pause in the background, so a class can follow and the page stays live."""
        if self.model.agent_to_play() is None:
            return
        loop = _kernel_loop() if self.pause > 0 else None
        if loop is None:
            self._guard(self.model.play_agents_now, user=False)
            return
        if self._task is not None and not self._task.done():
            return  # the running one carries on (it checks the epoch)
        self._task = loop.create_task(self._agents_task(self.model.epoch))

    async def _agents_task(self, epoch: int) -> None:
        m = self.model
        try:
            while True:
                await asyncio.sleep(self.pause)
                if epoch != m.epoch:
                    if m.agent_to_play() is None:
                        return
                    epoch = m.epoch  # a person changed something that lets agents go on
                agent = m.agent_to_play()
                if agent is None:
                    return
                self._guard(lambda: m.agent_decides(agent), user=False)
                if m.error:
                    m.autoplay = False
                    return
        finally:
            self._task = None
            self._refresh_safely()

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

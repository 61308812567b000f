"""``Stepper``: play any gamelib game in Jupyter or Voila with buttons.

It knows nothing about a particular game: everything comes from the engine contract
(legal action labels, apply/undo, at_ply, log, odds, views, outcome, agents_for). Every widget
is built once; a refresh only changes values, so the page updates in place without flicker.
Every callback is guarded: a refused move or a bug shows up as words in the error area."""
from __future__ import annotations

import traceback
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..agents import Agent, RandomAgent, agents_for
from ..core import Game, GamelibError, load
from ..core.rng import derive_seed
from ..render import render, render_generic
from .panels import STYLE, log_html, odds_html, status_html

PLAYER_VIEW = "player view"
TABLE_VIEW = "table view"
#: Auto-play stops after this many decisions even if the game has not ended (a runaway guard).
MAX_AUTOPLAY = 20_000


class Stepper:
    """A game on screen. ``Stepper("walking-deck", seed=3)`` or ``Stepper(game_instance)``.

    ``human``: the seats a person plays; Auto-play hands control back when one of them must
    decide (default: nobody in a one-player game, so Auto-play plays to the end; the first seat
    otherwise). Testable without a browser: ``click(label)``, ``step()``, ``autoplay()``,
    ``undo()``, ``new_game(seed)``, ``goto(ply)``, ``set_view(table=True)``."""

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
    ):
        self.game: Game = load(game) if isinstance(game, str) else game
        self.human: tuple[str, ...] = tuple(human) if human is not None else (
            () if len(self.game.players) == 1 else (self.game.players[0],)
        )
        self.log_limit = log_limit
        self.last_error: str | None = None  # plain text of the last error shown (for tests)
        self._syncing = False  # True while code, not a person, moves the slider
        self._agent_error: str | None = None
        self._build(show_options, agent, table_view, seed)
        self.state = self.game.new_state(seed=seed)
        self.shown_ply = 0
        self.games_started = 1
        self._new_agent()
        self.refresh()
        if self._agent_error:
            self._show_error(self._agent_error)

    # ---- building (once) ----------------------------------------------------------------
    def _build(self, show_options: bool, agent: str | None, table_view: bool, seed: int) -> None:
        def button(text: str, cls: str, handler: Callable[[], None], tip: str) -> w.Button:
            b = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(lambda _b: self._guard(handler))
            return b

        self.option_widgets: dict[str, w.Dropdown] = {}
        if show_options:
            for spec in type(self.game).option_specs:
                if spec.choices:
                    dd = w.Dropdown(
                        options=list(spec.choices), value=self.game.options.get(spec.name, spec.default),
                        description=spec.name.replace("_", " ").capitalize(), tooltip=spec.doc,
                        layout=w.Layout(width="220px"), style={"description_width": "initial"},
                    )
                    dd.add_class("gl-option")
                    dd.add_class(f"gl-option-{spec.name}")
                    self.option_widgets[spec.name] = dd
        self.seed_widget = w.IntText(value=seed, description="Seed", layout=w.Layout(width="150px"),
                                     style={"description_width": "initial"})
        self.seed_widget.add_class("gl-seed")
        self.new_button = button("New game", "gl-new", self._on_new, "start again with this seed and these options")

        names = list(self._agents())
        self.agent_widget = w.Dropdown(options=names, value=agent if agent in names else names[0],
                                       description="Agent", layout=w.Layout(width="190px"),
                                       style={"description_width": "initial"})
        self.agent_widget.add_class("gl-agent")
        self.agent_widget.observe(lambda _c: self._guard(self._new_agent), names="value")
        self.step_button = button("Step", "gl-step", self._step, "the agent takes one decision")
        self.auto_button = button("Auto-play", "gl-autoplay", self._autoplay,
                                  "the agent plays until you must decide, or to the end")
        self.undo_button = button("Undo", "gl-undo", self._undo, "take back the last decision")
        self.view_widget = w.ToggleButtons(options=[PLAYER_VIEW, TABLE_VIEW],
                                           value=TABLE_VIEW if table_view else PLAYER_VIEW,
                                           tooltips=["what the player may see", "everything face up, for teaching"],
                                           style={"button_width": "110px"})
        self.view_widget.add_class("gl-view")
        self.view_widget.observe(lambda _c: self._guard(lambda: None), names="value")

        self.history_widget = w.IntSlider(value=0, min=0, max=0, description="History",
                                          continuous_update=False, layout=w.Layout(width="100%"),
                                          style={"description_width": "initial"})
        self.history_widget.add_class("gl-history")
        self.history_widget.observe(self._on_slide, names="value")

        self.status_widget = w.HTML()
        self.status_widget.add_class("gl-status")
        self.error_widget = w.HTML()
        self.error_widget.add_class("gl-error")
        self.picture_widget = w.HTML(layout=w.Layout(width="100%"))
        self.picture_widget.add_class("gl-picture")
        self.actions_note = w.HTML()
        self.actions_note.add_class("gl-actions-note")
        self.action_buttons: list[w.Button] = []
        self.actions_box = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap", width="100%"))
        self.actions_box.add_class("gl-actions")
        self.odds_widget = w.HTML()
        self.odds_widget.add_class("gl-odds")
        self.log_widget = w.HTML()
        self.log_widget.add_class("gl-log")

        style = w.HTML(STYLE)
        setup = w.HBox([*self.option_widgets.values(), self.seed_widget, self.new_button])
        setup.add_class("gl-setup")
        play = w.HBox([self.agent_widget, self.step_button, self.auto_button, self.undo_button, self.view_widget])
        play.add_class("gl-controls")
        side = w.VBox([_heading("Your decisions"), self.actions_note, self.actions_box, _heading("Odds of the next draw"),
                       self.odds_widget, _heading("What happened"), self.log_widget],
                      layout=w.Layout(width="400px", min_width="320px"))
        side.add_class("gl-side")
        main = w.VBox([self.picture_widget], layout=w.Layout(flex="1 1 auto", min_width="520px"))
        main.add_class("gl-main")
        table = w.HBox([main, side], layout=w.Layout(align_items="flex-start", width="100%"))
        self.widget = w.VBox([style, w.HBox([setup, play], layout=w.Layout(flex_flow="row wrap")),
                              self.status_widget, self.error_widget, self.history_widget, table])
        self.widget.add_class("gl-stepper")

    # ---- what a person can do -----------------------------------------------------------
    def click(self, label: str) -> None:
        """Take the decision labelled ``label`` (what an action button does)."""
        self._guard(lambda: self._act(label))

    def step(self) -> None:
        """The chosen agent takes one decision."""
        self._guard(self._step)

    def autoplay(self) -> None:
        """The agent decides until a human seat must decide, or the game ends."""
        self._guard(self._autoplay)

    def undo(self) -> None:
        """Take back the last decision of the game (and come back to the present)."""
        self._guard(self._undo)

    def _step(self) -> None:
        self._back_to_shown()
        if self.state.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        self.state.apply(self.agent.choose(self.state))
        self._follow()

    def _autoplay(self) -> None:
        self._back_to_shown()
        if self.state.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        try:
            for _ in range(MAX_AUTOPLAY):
                self.state.apply(self.agent.choose(self.state))
                if self.state.is_over or self.state.to_move in self.human:
                    return
            raise GamelibError(f"Auto-play stopped after {MAX_AUTOPLAY} decisions without reaching the end")
        finally:
            self._follow()  # show how far it got, even when an agent fails half-way

    def _undo(self) -> None:
        if self.state.ply == 0:
            raise GamelibError("nothing to undo: no decision has been taken yet")
        self.state.undo()
        self._follow()

    def new_game(self, seed: int | None = None, **options: Any) -> None:
        """Start again; options not given keep their dropdown value."""
        if seed is not None:
            self.seed_widget.value = int(seed)
        for name, value in options.items():
            if name in self.option_widgets:
                self.option_widgets[name].value = value
        self._guard(self._on_new)

    def goto(self, ply: int) -> None:
        """Show the game as it was after ``ply`` decisions (what the history slider does)."""
        self.history_widget.value = ply  # the observer refreshes

    def set_view(self, table: bool) -> None:
        self.view_widget.value = TABLE_VIEW if table else PLAYER_VIEW

    @property
    def shown(self):
        """The state on screen: the present, or a past one while travelling through history."""
        if self.shown_ply == self.state.ply:
            return self.state
        return self.state.at_ply(self.shown_ply)

    @property
    def table_view(self) -> bool:
        return self.view_widget.value == TABLE_VIEW

    def visible_labels(self) -> list[str]:
        return [b.description for b in self.action_buttons if b.layout.display != "none"]

    # ---- callbacks ------------------------------------------------------------------------
    def _act(self, label: str) -> None:
        self._back_to_shown()
        self.state.apply(label)
        self._follow()

    def _on_button(self, b: w.Button) -> None:
        label = b.description
        self._guard(lambda: self._act(label))

    def _on_new(self) -> None:
        options = {k: dd.value for k, dd in self.option_widgets.items()}
        if options and options != {k: self.game.options.get(k) for k in options}:
            self.game = load(self.game.name, **{**self.game.options, **options})
        self.state = self.game.new_state(seed=int(self.seed_widget.value))
        self.shown_ply = 0
        self.games_started += 1
        self._new_agent()

    def _agents(self) -> dict[str, type[Agent]]:
        """The game's agents; if one of them cannot be imported, the random one still plays."""
        try:
            return agents_for(self.game)
        except Exception as exc:  # noqa: BLE001 - a broken agent must not take the app down
            self._agent_error = f"Some agents of {self.game.name} are unavailable ({type(exc).__name__}: {exc}); using random"
            return {"random": RandomAgent}

    def _new_agent(self) -> None:
        agents = self._agents()
        cls = agents.get(self.agent_widget.value, RandomAgent)
        seed = derive_seed(int(self.seed_widget.value), 1)
        try:
            self.agent: Agent = cls(seed=seed)
        except TypeError:  # an agent without a seed (deterministic)
            self.agent = cls()

    def _on_slide(self, change: dict) -> None:
        if self._syncing:
            return
        self.shown_ply = int(change["new"])
        self._guard(lambda: None)

    def _back_to_shown(self) -> bool:
        """Acting while looking at the past continues the game from there: later decisions go."""
        if self.shown_ply == self.state.ply:
            return False
        while self.state.ply > self.shown_ply:
            self.state.undo()
        return True

    def _follow(self) -> None:
        self.shown_ply = self.state.ply

    def _guard(self, fn: Callable[[], None]) -> None:
        """Run a callback; whatever goes wrong is shown in words, then the screen is refreshed."""
        self._show_error(None)
        try:
            fn()
        except GamelibError as exc:
            self._show_error(str(exc))
        except Exception as exc:  # noqa: BLE001 - a person must see it, not a lost traceback
            self._show_error(f"Unexpected error ({type(exc).__name__}): {exc}", traceback.format_exc())
        try:
            self.refresh()
        except Exception as exc:  # noqa: BLE001
            self._show_error(f"Could not draw the game ({type(exc).__name__}): {exc}", traceback.format_exc())

    def _show_error(self, message: str | None, details: str | None = None) -> None:
        self.last_error = message
        if message is None:
            if self.error_widget.value:
                self.error_widget.value = ""
            return
        extra = ""
        if details:
            extra = f"<details><summary>technical details</summary><pre>{escape(details)}</pre></details>"
        self.error_widget.value = f'<div class="gl-error-box" role="alert">{escape(message)}{extra}</div>'

    # ---- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every widget up to date with the state (values only: nothing is re-created)."""
        state = self.state
        shown = self.shown
        seat = None if self.table_view else (self.human[0] if self.human else None)
        self._sync_slider(state.ply, self.shown_ply)
        try:
            picture = render(shown, reveal=self.table_view, player=seat)
        except Exception as exc:  # noqa: BLE001 - fall back to the plain table, say why
            picture = render_generic(shown, reveal=self.table_view, player=seat)
            self._show_error(f"The picture failed ({type(exc).__name__}: {exc}); showing the plain table.",
                             traceback.format_exc())
        if self.picture_widget.value != picture:
            self.picture_widget.value = picture
        viewer = None if self.table_view else (seat or shown.to_move or shown.players[0])
        self.log_widget.value = log_html(shown.log, viewer, self.log_limit)
        self.odds_widget.value = odds_html(shown)
        self._set_actions(shown.legal_labels())
        over = shown.is_over
        note = ""
        if over:
            note = "The game is over: press New game, Undo, or look back with the History slider."
        elif self.shown_ply < state.ply:
            note = "Looking back: a decision taken here replaces the later ones."
        note_html = f'<div class="gl-muted">{escape(note)}</div>' if note else ""
        if self.actions_note.value != note_html:
            self.actions_note.value = note_html
        self.step_button.disabled = over
        self.auto_button.disabled = over
        self.undo_button.disabled = state.ply == 0
        # last: a browser waiting for the status line then sees every other change too
        self.status_widget.value = status_html(shown, self.shown_ply, state.ply, self.games_started)

    def _sync_slider(self, top: int, value: int) -> None:
        hw = self.history_widget
        self._syncing = True
        try:
            if top >= hw.max:
                hw.max = top
                hw.value = value
            else:
                hw.value = value
                hw.max = top
        finally:
            self._syncing = False

    def _set_actions(self, labels: list[str]) -> None:
        while len(self.action_buttons) < len(labels):
            b = w.Button(layout=w.Layout(width="auto", display="none"))
            b.add_class("gl-action")
            b.on_click(self._on_button)
            self.action_buttons.append(b)
            self.actions_box.children = tuple(self.action_buttons)
        for i, b in enumerate(self.action_buttons):
            if i < len(labels):
                if b.description != labels[i]:
                    b.description = labels[i]
                    b.tooltip = labels[i]
                if b.layout.display != "flex":
                    b.layout.display = "flex"
            elif b.layout.display != "none":
                b.layout.display = "none"

    # ---- display ------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and "text/plain" in bundle:
            # a short, stable text (notebooks compare it), not the whole widget tree
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return f"Stepper({self.game.name!r}, seed={self.state.seed}, decisions={self.state.ply})"


def _heading(text: str) -> w.HTML:
    h = w.HTML(f"<div class='gl-heading'>{escape(text)}</div>")
    h.add_class("gl-heading-box")
    return h

"""How the stepper's widgets are built (once) and laid out; ``Stepper`` inherits this. Every
widget has a ``gl-*`` class: the stylesheet (``style.py``) places it, browser tests find it."""
from __future__ import annotations

import ipywidgets as w

from .agents_menu import menu_options, menu_tooltip
from .controls import PERSON, SeedText, box, button, heading, show
from ..strategy import walking_deck as wds
from .hint import HintPanel
from .style import STYLE

PLAYER_VIEW = "player view"
TABLE_VIEW = "table view"

#: the Hint button's budgets: sampled deals per option for an estimate, and positions for the
#: exact Interrogation solver. Small, because the page waits while a hint is computed (about a
#: second on the shared classroom server); ``stepper.hint_panel.budget = 32`` for finer ones.
#: The compiled solver searches a million positions in about 1.3 CPU-seconds (every benchmark
#: Interrogation fits), the Python one 25,000 in about one.
HINT_BUDGET = 8
HINT_EXACT_NODES = 1_000_000 if wds.FAST else 25_000


class Building:
    """Builds the Stepper's panels once; each reads the model (``self.model``) on refresh."""

    def _build(self, show_options: bool, seed: int, pause: float) -> None:
        self._build_setup(show_options, seed)
        self._build_play(pause)
        self._build_lock_widgets()
        self._build_seats()
        self._build_alert()
        self._build_board(seed)
        self._build_save()
        setup = box([*self.option_widgets.values(), self.seed_widget, self.new_button, self.agent_widget,
                     self.save_toggle, self.lock_box], "gl-setup")
        play = box([self.step_button, self.auto_button, self.stop_widget, self.undo_button, self.redo_button,
                    self.lines_widget, self.view_widget, self.viewer_widget, self.large_widget], "gl-controls")
        grid = w.GridBox([setup, self.seats_box, self.save_box, self.status_widget, self.alert_box, play,
                          self.history_widget, self.picture_widget, self.curtain_box, self.decisions_box,
                          self.odds_panel, self.log_panel])
        grid.add_class("gl-grid")
        self.dead_widget = w.HTML()
        self.dead_widget.add_class("gl-dead")
        self.widget = w.VBox([w.HTML(STYLE), self.dead_widget, grid])
        self.widget.add_class("gl-stepper")
        if self.large:
            self.widget.add_class("gl-large")

    def _person(self, fn):
        return lambda: self._user(fn)

    def _build_setup(self, show_options: bool, seed: int) -> None:
        """The game's options, the seed, New game, the Agent menu, Save / load."""
        g, m = self._person, self.model
        self.option_widgets: dict[str, w.Dropdown] = {}
        for spec in type(m.game).option_specs if show_options else ():
            if spec.choices:
                dd = w.Dropdown(options=list(spec.choices), value=m.game.options.get(spec.name, spec.default),
                                description=spec.name.replace("_", " ").capitalize(), tooltip=spec.doc,
                                style={"description_width": "initial"})
                dd.add_class("gl-option")
                dd.add_class(f"gl-option-{spec.name}")
                self.option_widgets[spec.name] = dd
        self.seed_widget = SeedText(value=str(seed), description="Seed", style={"description_width": "initial"},
                                    tooltip="any whole number: the same seed gives the same game")
        self.seed_widget.add_class("gl-seed")
        self.new_button = button("New game", "gl-new", g(self._on_new), "start again with this seed and these options")
        names = list(m.agents())
        self.agent_widget = w.Dropdown(options=menu_options(m.game, names), value=m.agent_name, description="Agent",
                                       tooltip="who decides for people's seats on Step and Auto-play. "
                                               + menu_tooltip(m.game.name, names),
                                       style={"description_width": "initial"})
        self.agent_widget.add_class("gl-agent")
        self.agent_widget.observe(lambda c: self._user(lambda: m.set_agent(c["new"])), names="value")
        self.save_toggle = button("Save / load", "gl-save-toggle", g(self._toggle_save),
                                  "copy a save record, load one, or export a replay page")

    def _build_play(self, pause: float) -> None:
        """Step, Auto-play, Undo, Redo, Lines, the views, Large text, the seats' box, History."""
        g, m = self._person, self.model
        self.step_button = button("Step", "gl-step", g(m.step), "the agent takes one decision")
        self.auto_button = button("Auto-play", "gl-autoplay", g(self._toggle_autoplay),
                                  "agents play to the end (the Agent menu's for people), or until a person "
                                  "decides if 'stop at people' is on")
        self.stop_widget = w.Checkbox(value=m.stops, description="stop at people", indent=False,
                                      tooltip="Auto-play hands over when a person's seat decides",
                                      layout=w.Layout(width="auto"))
        self.stop_widget.add_class("gl-autoplay-stops")
        self.stop_widget.observe(self._on_stops, names="value")
        self.undo_button = button("Undo", "gl-undo", g(m.undo), "one decision back from what is on screen (Redo brings it back)")
        self.redo_button = button("Redo", "gl-redo", g(m.redo), "one decision forward again")
        self.lines_widget = w.Dropdown(options=[("this line", -1)], value=-1, description="Lines",
                                       tooltip="every line of play of this game: nothing is lost",
                                       style={"description_width": "initial"})
        self.lines_widget.add_class("gl-lines")
        self.lines_widget.observe(self._on_line, names="value")
        self.view_widget = w.ToggleButtons(options=[PLAYER_VIEW, TABLE_VIEW],
                                           value=TABLE_VIEW if m.table_view else PLAYER_VIEW,
                                           tooltips=["what one seat may see", "everything face up, for teaching"],
                                           style={"button_width": "auto"})
        self.view_widget.add_class("gl-view")
        self.view_widget.observe(self._on_view, names="value")
        self.viewer_widget = w.Dropdown(options=list(m.game.players), value=m.viewer, description="Seen by",
                                        style={"description_width": "initial"})
        self.viewer_widget.add_class("gl-viewer")
        self.viewer_widget.observe(self._on_viewer, names="value")
        self.large_widget = w.ToggleButton(value=self.large, description="Large text", tooltip="text for the back row")
        self.large_widget.add_class("gl-large-switch")
        self.large_widget.observe(self._on_large, names="value")
        self.seat_widgets: dict[str, w.Dropdown] = {}
        self.pause_widget = w.FloatSlider(value=max(0.0, min(5.0, float(pause))), min=0, max=5, step=0.1,
                                          description="Agents' pause (s)", readout_format=".1f",
                                          style={"description_width": "initial"}, continuous_update=False)
        self.pause_widget.add_class("gl-pause")
        self.seats_box = box([], "gl-seats")
        self.history_widget = w.IntSlider(value=0, min=0, max=0, description="History", continuous_update=False,
                                          style={"description_width": "initial"}, layout=w.Layout(width="100%"))
        self.history_widget.add_class("gl-history")
        self.history_widget.observe(self._on_slide, names="value")

    def _build_alert(self) -> None:
        """The status line, the error, the link's notices, the question and the curtain."""
        g, m = self._person, self.model
        self.status_widget = w.HTML()
        self.status_widget.add_class("gl-status")
        self.error_widget = w.HTML()
        self.error_widget.add_class("gl-error")
        self.notice_widget = w.HTML()
        self.notice_widget.add_class("gl-notices")
        self.confirm_text = w.HTML()
        self.confirm_yes = button("Yes", "gl-confirm-yes", g(m.confirmed), "go ahead")
        self.confirm_no = button("Keep playing", "gl-confirm-no", g(m.cancel), "change nothing")
        self.confirm_box = box([self.confirm_text, self.confirm_yes, self.confirm_no], "gl-confirm")
        # the curtain: a dark panel in the picture's place, its words and its large button together
        self.curtain_text = w.HTML()
        self.curtain_text.add_class("gl-curtain-text")
        self.curtain_button = button("I am here: show my view", "gl-curtain-ok", g(m.confirm_seat),
                                     "only when the others look away")
        self.curtain_box = box([self.curtain_text, self.curtain_button], "gl-curtain", vertical=True)
        show(self.curtain_box, False)
        self.alert_box = box([self.error_widget, self.notice_widget, self.confirm_box], "gl-alert", vertical=True)

    def _build_board(self, seed: int) -> None:
        """The picture, the decisions with their hint, the odds and the log."""
        self.picture_widget = w.HTML()
        self.picture_widget.add_class("gl-picture")
        self.actions_note = w.HTML()
        self.actions_note.add_class("gl-actions-note")
        self.actions_box = w.Box()
        self.actions_box.add_class("gl-actions")
        self.decisions_heading = heading("Your decisions")
        # the Hint uses the eyes of the screen: the seat of the player view (so it never uses what
        # that seat cannot see), whoever decides in the table view
        self.hint_panel = HintPanel(lambda: self.shown, lambda: self.model.screen_seat(),
                                    budget=HINT_BUDGET, seed=seed, exact_nodes=HINT_EXACT_NODES)
        self.hint_box = box([heading("Hint: each option's chance of winning"), self.hint_panel.widget],
                            "gl-hint-panel", vertical=True)
        self.decisions_box = box([self.decisions_heading, self.actions_note, self.actions_box, self.hint_box],
                                 "gl-decisions", vertical=True)
        self.odds_widget = w.HTML()
        self.odds_widget.add_class("gl-odds")
        self.odds_panel = box([heading("Odds of the next draw"), self.odds_widget], "gl-odds-panel", vertical=True)
        self.log_widget = w.HTML()
        self.log_widget.add_class("gl-log")
        self.log_panel = box([heading("What happened"), self.log_widget], "gl-log-panel", vertical=True)

    def _build_save(self) -> None:
        """The save panel: the record, a paste box, the replay page (closed until asked for)."""
        g = self._person
        self.record_widget = w.Textarea(description="", placeholder="the save record appears here")
        self.record_widget.add_class("gl-record")
        self.record_links = w.HTML()
        self.record_links.add_class("gl-record-links")
        self.paste_widget = w.Textarea(placeholder="paste a save record here, then press Load save record")
        self.paste_widget.add_class("gl-paste")
        self.load_button = button("Load save record", "gl-load", g(self._on_load), "continue the game of the pasted record")
        self.export_button = button("Export replay page", "gl-export", g(self._on_export),
                                    "one HTML file that replays this game with a slider, without a server")
        self.export_link = w.HTML()
        self.export_link.add_class("gl-export-link")
        self.save_box = box([heading("Save record (to continue later)"), self.record_widget, self.record_links,
                             heading("Load a save record"), self.paste_widget, self.load_button,
                             heading("Share a replay"), box([self.export_button, self.export_link], "gl-export-row")],
                            "gl-save", vertical=True)
        show(self.save_box, False)

    def _build_seats(self) -> None:
        """One menu per seat (person or an agent) and the agents' pause; none in a solo game."""
        m = self.model
        if m.one_player:
            self.seat_widgets = {}
            self.seats_box.children = ()
            show(self.seats_box, False)
            show(self.viewer_widget, False)
            # no hot seat, no people to stop at: a teacher lock and "stop at people" mean nothing
            show(self.lock_box, False)
            show(self.stop_widget, False)
            return
        names = list(m.agents())
        options = menu_options(m.game, names, person=PERSON)
        self.seat_widgets = {}
        for p in m.game.players:
            dd = w.Dropdown(options=options, value=m.seats[p], description=p, style={"description_width": "initial"},
                            tooltip=f"who decides for {p}: a person, or " + menu_tooltip(m.game.name, names))
            dd.add_class("gl-seat")
            dd.add_class(f"gl-seat-{p}")
            dd.observe(lambda c, p=p: None if self._syncing else self._user(lambda: m.set_seat(p, c["new"])),
                       names="value")
            self.seat_widgets[p] = dd
        self.seats_box.children = (heading("Seats"), *self.seat_widgets.values(), self.pause_widget)
        for part in (self.seats_box, self.viewer_widget, self.lock_box, self.stop_widget):
            show(part, True)
        self._syncing = True
        try:
            self.viewer_widget.options = list(m.game.players)
            self.viewer_widget.value = m.viewer
        finally:
            self._syncing = False

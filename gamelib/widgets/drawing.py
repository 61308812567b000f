"""The Stepper's panels, each redrawn from the model (``Screen``) by ``refresh``: values only, so
the page updates in place and no widget is re-created. ``Stepper`` inherits this.

Order matters once: the status line is written last, so a browser waiting for it (its
``data-tick`` changes on every redraw) sees every other change too."""
from __future__ import annotations

from html import escape

from ..render import odds_for_display, render, render_generic
from .controls import PERSON, show
from .panels import curtain_html, note_html, odds_html, status_html
from .screen import logger


class Drawing:
    def refresh(self) -> None:
        """Bring every widget up to date with the model (values only: nothing is re-created)."""
        m = self.model
        tl = m.timeline
        curtain = m.curtain_seat()
        seat = m.screen_seat()
        self._tick += 1
        self._sync_viewer()
        self._sync_slider(tl.present.ply, tl.shown_ply, disabled=curtain is not None)
        self._sync_lines()
        self._draw_picture(curtain, seat)
        self._draw_log(curtain, seat)
        self._draw_odds(curtain, seat)
        labels = m.decision_labels()
        self._set_actions(labels)
        note = note_html(m.note(bool(self.visible_labels()), self.pause))
        if self.actions_note.value != note:
            self.actions_note.value = note
        # a hint only beside the buttons of a decision on screen; never behind the curtain; a
        # hint of another position is cleared (or, with "Keep hinting", recomputed when a person decides)
        show(self.hint_box, bool(labels))
        shown = tl.shown()
        self.hint_panel.refresh(compute=bool(labels) and not m.autoplay and m.seats.get(shown.to_move) == PERSON)
        self._sync_confirm()
        self._sync_save()
        self._draw_controls(curtain)
        self._draw_error()
        # last: a browser waiting for the status line then sees every other change too
        self.status_widget.value = status_html(shown, tl.shown_ply, tl.present.ply, m.games_started,
                                               tick=self._tick, redo=tl.redo_count, viewer=seat,
                                               view="table" if seat is None else seat)

    def _draw_picture(self, curtain: str | None, seat: str | None) -> None:
        if curtain is not None:
            # the dark panel asks for the next person, with its button inside; the picture is
            # emptied, not just hidden (the page source must not keep the last person's cards)
            picture = ""
            text = curtain_html(curtain, self.model.viewer)
            if self.curtain_text.value != text:
                self.curtain_text.value = text
            self.curtain_button.description = f"I am {curtain}: show my view"
        else:
            shown = self.shown
            try:
                picture = render(shown, reveal=seat is None, player=seat, large=self.large)
            except Exception as exc:  # noqa: BLE001 - fall back to the plain table, say why
                picture = render_generic(shown, reveal=seat is None, player=seat, large=self.large)
                logger.error("the picture of %s failed", self.game.name, exc_info=exc)
                self._show_error(f"The picture failed ({type(exc).__name__}); showing the plain table. "
                                 "The details are in the server's log.")
        if self.picture_widget.value != picture:
            self.picture_widget.value = picture
        show(self.picture_widget, curtain is None)
        show(self.curtain_box, curtain is not None)

    def _draw_log(self, curtain: str | None, seat: str | None) -> None:
        if curtain is not None:
            log = (f'<div class="gl-log-list"><div class="gl-muted">hidden until {escape(curtain)} is at the screen'
                   '</div></div>')
        else:
            log = self.log_text.html(self.shown, seat)
        if self.log_widget.value != log:
            self.log_widget.value = log

    def _draw_odds(self, curtain: str | None, seat: str | None) -> None:
        shown = self.shown
        visible = curtain is None and not shown.is_over
        show(self.odds_panel, visible)
        odds = ""  # hidden odds are emptied too
        if visible:
            note, groups = odds_for_display(shown, seat)  # a seat's odds know its own face-down cards
            odds = odds_html(groups, note)
        if self.odds_widget.value != odds:
            self.odds_widget.value = odds

    def _draw_controls(self, curtain: str | None) -> None:
        m = self.model
        tl = m.timeline
        notices = "".join(f'<div class="gl-notice">{escape(n)}</div>' for n in m.notices)
        if self.notice_widget.value != notices:
            self.notice_widget.value = notices
        self.step_button.disabled = tl.shown().is_over or curtain is not None
        running = m.autoplay  # (set while Auto-play goes on in the background)
        self.auto_button.description = "Stop" if running else "Auto-play"
        self.auto_button.disabled = (tl.present.is_over and not running) or curtain is not None
        self.undo_button.disabled = tl.shown_ply == 0 or curtain is not None
        self.redo_button.disabled = not (tl.looking_back() or tl.redo_count) or curtain is not None
        self.decisions_heading.value = ("<div class='gl-heading'>Decisions</div>" if m.table_view or m.one_player
                                        else f"<div class='gl-heading'>{escape(m.viewer)}'s decisions</div>")

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
        kept = bool(self.model.timeline.kept)
        show(self.lines_widget, kept)
        if not kept:
            return
        options = self.model.line_options()
        if list(self.lines_widget.options) != options:
            self._syncing = True
            try:
                self.lines_widget.options = options
                self.lines_widget.value = -1
            finally:
                self._syncing = False

    def _sync_confirm(self) -> None:
        asked = self.model.confirm
        show(self.confirm_box, asked is not None)
        if asked is not None:
            text = f'<span class="gl-confirm-question">{escape(asked.question)}</span>'
            if self.confirm_text.value != text:
                self.confirm_text.value = text
            self.confirm_yes.description = asked.yes

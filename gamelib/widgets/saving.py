"""Save records and replay pages in the stepper; ``Stepper`` inherits this. A record pasted by
a person is untrusted: it is checked in full before anything changes, and only a GamelibError
(a sentence naming what is wrong) comes out.

What a seat can reach carries only what that seat may know: in a player view the save record
(its text, its copy button, its download) is shown only when it holds no decision hidden from
that seat (``secrecy.py``); otherwise the panel says why and the record is the teacher's, in the
table view. The replay page of a player view is that seat's own record: every frame drawn from
its view, its log lines only. A hidden save panel keeps no record in the page."""
from __future__ import annotations

import base64
import json
import urllib.parse
from html import escape

from ..core import GamelibError, load_record
from .controls import show
from .secrecy import HiddenDecisions
from .style import COPY_BUTTON

#: a pasted save record longer than this is refused before it is read
MAX_RECORD_CHARS = 2_000_000


class Saving:
    def load_record(self, text: str) -> None:
        """Continue the game of a save record (as pasted by a person; refused in words if wrong)."""
        if not isinstance(text, str):
            self._user(lambda: _refuse(f"a save record is text (JSON), not {type(text).__name__}"))
            return
        self.paste_widget.value = text
        self._user(self._load_now)

    def export_html(self) -> str:
        """The replay page of this game as the screen shows it (``gamelib.render.export``)."""
        from ..render.export import to_html

        table = self.table_view
        return to_html(self.state, reveal=table, player=None if table else self.viewer, large=self.large)

    def _toggle_save(self) -> None:
        show(self.save_box, self.save_box.layout.display == "none")

    def _on_load(self) -> None:
        text = self.paste_widget.value or ""
        self._check_record(text)  # refuse a bad record before asking anything
        tl = self.model.timeline
        if not tl.present.is_over and tl.tip.ply > 0:
            self.model.ask("Load this save record? The game on screen is not finished and is lost unless you copy "
                      "its save record first.", "Load it", self._load_now)
            return
        self._load_now()

    def _check_record(self, text: str):
        """The state a pasted record describes, or a GamelibError in words. A record comes from
        a person: it may only use this page's game and the options this page offers."""
        if not text.strip():
            raise GamelibError("paste a save record into the box first (it starts with {\"format\": \"gamelib-record\")")
        if len(text) > MAX_RECORD_CHARS:
            raise GamelibError(f"this save record is too long ({len(text)} characters; at most {MAX_RECORD_CHARS})")
        try:
            data = json.loads(text)
        except RecursionError:
            raise GamelibError(_TOO_DEEP) from None
        except ValueError:
            data = None
        if isinstance(data, dict) and isinstance(data.get("options"), dict):
            specs = {o.name: o for o in type(self.game).option_specs}
            for name, value in data["options"].items():
                spec = specs.get(name)
                if spec is not None and name not in self.option_widgets and value != spec.default:
                    raise GamelibError(f"this save record sets option {name}={value!r}, which this page does not "
                                       f"offer; open it in a notebook with gamelib.load_record instead")
        try:
            state = load_record(text)  # RecordError (a GamelibError) names what is wrong
        except RecursionError:
            raise GamelibError(_TOO_DEEP) from None
        if state.game.name != self.game.name:
            raise GamelibError(f"this save record is a game of {state.game.title}, not {self.game.title}: "
                               "open that game's dashboard to load it")
        return state

    def _load_now(self) -> None:
        self.model.cancel()
        state = self._check_record(self.paste_widget.value or "")
        self._syncing = True
        try:
            for name, dd in self.option_widgets.items():
                dd.value = state.game.options.get(name, dd.value)
        finally:
            self._syncing = False
        self.seed_widget.value = str(state.seed)
        self._start(state.game, state)
        self.paste_widget.value = ""

    def _on_export(self) -> None:
        seat = self.curtain_seat()
        if seat is not None:
            raise GamelibError(f"the curtain is up: the replay page can be made once {seat} is at the screen "
                               "(it shows one seat's view)")
        html = self.export_html()
        self.model.export = (self._export_key(), html)

    def _export_key(self) -> tuple:
        """A replay page belongs to one moment seen by one pair of eyes."""
        return (self.model.moment(), self.model.screen_seat())

    def record_withheld(self) -> int:
        """How many decisions of the record the seat on screen has not seen (0 in the table view
        or a one-player game): the player view shows the record only when this is 0."""
        seat = self.screen_seat()
        if seat is None or len(self.game.players) == 1:
            return 0
        if not hasattr(self, "_hidden"):
            self._hidden = HiddenDecisions()
        return self._hidden.count(self.state, seat)

    def _sync_save(self) -> None:
        if self.save_box.layout.display == "none":
            self._set_record("", "")  # a closed panel keeps no record in the page
            self._set_export_link("")
            return
        curtain = self.curtain_seat()
        hidden = 0 if curtain is not None else self.record_withheld()
        if curtain is not None:
            self._set_record("", f'<div class="gl-note gl-record-withheld">The save record is shown once {escape(curtain)} '
                                 "is at the screen (the curtain is up).</div>")
        elif hidden:
            seat = self.screen_seat()
            self._set_record("", f'<div class="gl-note gl-record-withheld">The save record lists every seat\'s decisions, '
                                 f'{hidden} of them hidden from {escape(str(seat))} (such as face-down cards), so it is '
                                 "not shown in a player view. The teacher copies it in the table view; the replay page "
                                 f"below is {escape(str(seat))}'s own record.</div>")
        else:
            record = self.state.to_record()
            if self.record_widget.value != record:
                name = f"{self.game.name}-seed-{self.state.seed}-decision-{self.state.ply}.json"
                href = "data:application/json;charset=utf-8," + urllib.parse.quote(record)
                self._set_record(record, f'{COPY_BUTTON} <a class="gl-download gl-record-download" download="{escape(name)}" '
                                         f'href="{escape(href)}">Download save record</a>')
        link = ""
        export = self.model.export
        if export is not None and export[0] == self._export_key():
            html = export[1]
            name = f"{self.game.name}-seed-{self.state.seed}-replay.html"
            href = "data:text/html;base64," + base64.b64encode(html.encode("utf-8")).decode("ascii")
            size = len(html.encode("utf-8")) / 1024
            link = (f'<a class="gl-download gl-export-download" download="{escape(name)}" href="{href}">'
                    f'Download the replay page ({self.state.ply} decisions, {size:.0f} kB)</a>')
        self._set_export_link(link)

    def _set_record(self, record: str, links: str) -> None:
        show(self.record_widget, bool(record))
        if self.record_widget.value != record:
            self.record_widget.value = record
        if self.record_links.value != links:
            self.record_links.value = links

    def _set_export_link(self, link: str) -> None:
        if self.export_link.value != link:
            self.export_link.value = link


def _refuse(message: str) -> None:
    raise GamelibError(message)


_TOO_DEEP = ("this is not a save record: it is nested too deeply to read (a save record is a flat list of "
             "decisions; it starts with {\"format\": \"gamelib-record\")")


"""The teacher lock (issue 22, point 1): during a hot-seat game, the table view and the "Seen by"
menu stay closed until the teacher's code is typed again. ``Stepper`` inherits this.

A teacher locks the page with a short code of their own (the Teacher lock box, or ``?lock=CODE``
in the link: the page script then takes the code out of the address bar). While locked:
* the screen shows a player view only: the view switch and "Seen by" are disabled, and the kernel
  refuses a change that reaches it anyway (a crafted message, or code) in words;
* the viewer changes only through the curtain, to the person whose decision it is;
* the save record of a player view is kept back as always when it holds hidden decisions
  (``secrecy.py``): the teacher unlocks to copy it.
The code never goes back to the page: only a hash is kept, and the code box is emptied."""
from __future__ import annotations

import hashlib
import hmac
import re

import ipywidgets as w

from ..core import GamelibError
from .controls import box, button, quote, show

#: a code: 3 to 20 letters or digits (short enough to type in front of a class)
CODE = re.compile(r"[A-Za-z0-9]{3,20}")


def _digest(code: str) -> bytes:
    return hashlib.sha256(("gamelib-teacher-lock:" + code).encode()).digest()


def check_code(code: object) -> str:
    """A valid lock code, or a GamelibError saying what one looks like."""
    if not isinstance(code, str) or not CODE.fullmatch(code.strip()):
        shown = "a code" if isinstance(code, str) else quote(code)
        raise GamelibError(f"{shown} cannot lock the page: a teacher's code is 3 to 20 letters or digits, e.g. 4711")
    return code.strip()


class TeacherLock:
    _lock_hash: bytes | None = None

    def _build_lock_widgets(self) -> None:
        self.lock_code = w.Password(placeholder="teacher's code", tooltip="3 to 20 letters or digits",
                                    layout=w.Layout(width="9em"))
        self.lock_code.add_class("gl-lock-code")
        self.lock_button = button("Teacher lock", "gl-lock", lambda: self._user(self._on_lock_button),
                                  "lock: table view and 'Seen by' stay closed until this code is typed again")
        self.lock_state = w.HTML()
        self.lock_state.add_class("gl-lock-state")
        self.lock_box = box([self.lock_code, self.lock_button, self.lock_state], "gl-lock-box")

    def _build_lock(self, code: str | None) -> None:
        self._lock_hash = None
        if code is not None:
            self._lock_now(check_code(code))
        self._sync_lock()

    @property
    def locked(self) -> bool:
        return self._lock_hash is not None

    def lock(self, code: str) -> None:
        """Lock the page with ``code`` (what typing a code and pressing Teacher lock does)."""
        self.lock_code.value = code if isinstance(code, str) else ""
        self._user(lambda: self._lock_now(check_code(code)))

    def unlock(self, code: str) -> None:
        """Unlock with the same code; a wrong code is refused in words and the lock stays."""
        self.lock_code.value = code if isinstance(code, str) else ""
        self._user(lambda: self._unlock_now(code))

    def _on_lock_button(self) -> None:
        code = self.lock_code.value
        if self.locked:
            self._unlock_now(code)
        else:
            self._lock_now(check_code(code))

    def _lock_now(self, code: str) -> None:
        self.lock_code.value = ""
        self._lock_hash = _digest(code)
        self.model.table_view = False
        if self.view_widget.value != "player view":
            self._syncing = True
            try:
                self.view_widget.value = "player view"
            finally:
                self._syncing = False
        self._sync_lock()

    def _unlock_now(self, code: object) -> None:
        self.lock_code.value = ""
        if not self.locked:
            raise GamelibError("the page is not locked")
        if not isinstance(code, str) or not hmac.compare_digest(_digest(code.strip()), self._lock_hash or b""):
            raise GamelibError("that is not the teacher's code: the page stays locked")
        self._lock_hash = None
        self._sync_lock()

    def _check_unlocked(self, table: bool, seat: str | None) -> None:
        """Refuse what the lock closes: the table view, another seat's eyes."""
        if not self.locked:
            return
        if table:
            raise GamelibError("the teacher lock is on: the table view opens with the teacher's code")
        if seat is not None and seat != self.viewer:
            raise GamelibError("the teacher lock is on: the screen changes seat only when the curtain asks for it")

    def _sync_lock(self) -> None:
        locked = self.locked
        self.view_widget.disabled = locked
        self.viewer_widget.disabled = locked
        self.lock_button.description = "Unlock" if locked else "Teacher lock"
        text = ('<span class="gl-locked">locked: table view and Seen by are closed</span>' if locked else "")
        if self.lock_state.value != text:
            self.lock_state.value = text
        show(self.lock_state, locked)
        if locked:
            show(self.lock_box, True)  # (hidden in a one-player game unless a lock was asked for)

    def _on_view(self, change: dict) -> None:
        """The view switch moved (in the page, or by code)."""
        if self._syncing:
            return
        if self.locked and change["new"] != "player view":
            self._syncing = True
            try:
                self.view_widget.value = change["old"]
            finally:
                self._syncing = False
            self._guard(lambda: self._check_unlocked(True, None), user=False)
            return
        self._on_widget(lambda: setattr(self.model, "table_view", change["new"] != "player view"))

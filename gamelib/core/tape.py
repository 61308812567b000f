"""A game's history as states share it: the log's append-only tape and the undo frames.

The log lives on a shared append-only ``_Tape``: apply appends, undo only moves the end back, a
clone shares it (the first clone that writes past a shared point starts a tape of its own that
points back to the shared part, so nothing is ever copied); ``_tail`` is the tape's list while
the state may append to it in place (its owner, at its end, past every pin), so most entries
cost one list append. Each undo ``_Frame`` keeps a snapshot of the game's fields (never the
log); frames form an immutable linked list that clones share. ``LogTape`` is the State's part
that reads and writes the log; ``log`` is the rules' one way to write an entry."""
from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from .action import Action, LogEntry, _set_section, _set_text, _set_visible_to

_new = object.__new__


class _Tape:
    """Storage for an append-only sequence seen by several states. The sequence of length ``n``
    read through a tape is the first ``base`` items of ``parent`` followed by ``items[:n - base]``.

    ``owner`` is the id of the one state that may write in place; ``pin`` is the longest prefix
    some other reader (a clone, a child tape, a past position) relies on, which is never changed."""

    __slots__ = ("items", "parent", "base", "pin", "owner")

    def __init__(self, items: list, parent: "_Tape | None", base: int, owner: int):
        self.items = items
        self.parent = parent
        self.base = base
        self.pin = 0
        self.owner = owner


def _segments(tape: _Tape | None, n: int) -> list[tuple[list, int]]:
    """(items, how many of them) from the first segment to the last, for a sequence of length ``n``."""
    segs = []
    while tape is not None and n > 0:
        k = n - tape.base
        if k > 0:
            segs.append((tape.items, k))
        n = tape.base
        tape = tape.parent
    segs.reverse()
    return segs


def _tape_at(tape: _Tape, n: int) -> _Tape:
    """The tape that holds item ``n - 1`` (walks up past tapes that add nothing to the first ``n``)."""
    while tape.parent is not None and n <= tape.base:
        tape = tape.parent
    return tape


class Log(tuple):
    """The log at one moment, oldest entry first: a read-only snapshot that later actions do not
    change. It compares equal to a list with the same entries."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list):
            other = tuple(other)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    def __getitem__(self, index):  # slices stay Logs
        got = tuple.__getitem__(self, index)
        return Log(got) if isinstance(index, slice) else got


class _Frame:
    """One undo step: the action, the game's fields just before it (``snap``, a bare state; None
    when the action was taken with ``apply_fast``), the RNG, the log length and the legal actions then."""

    __slots__ = ("action", "below", "depth", "snap", "rng", "nlog", "legal")

    def __init__(self, action: Action, below: "_Frame | None", snap: "State | None", rng: int,
                 nlog: int, legal: list | None):
        self.action = action
        self.below = below
        self.depth = 1 if below is None else below.depth + 1
        self.snap = snap
        self.rng = rng
        self.nlog = nlog
        self.legal = legal


class LogTape:
    """The State's log methods (mixed into ``State``, whose slots ``_tape``, ``_nlog``,
    ``_tail`` and ``_id`` they use)."""

    __slots__ = ()
    _tape: _Tape
    _nlog: int
    _tail: list | None
    _id: int

    def _log_append(self, entry: LogEntry) -> None:
        tail = self._tail
        if tail is not None:  # the usual case: in place at the end of our own tape
            tail.append(entry)
            self._nlog += 1
            return
        tape, n = self._tape, self._nlog
        if tape.owner == self._id and n >= tape.pin:
            items = tape.items
            if len(items) + tape.base != n:
                del items[n - tape.base:]  # entries of an undone action: nobody else reads them
            items.append(entry)
        else:  # shared past this point: a tape of our own, pointing back
            if n > tape.pin:
                tape.pin = n
            self._tape = tape = _Tape([entry], tape, n, self._id)
        self._nlog = n + 1
        # Until _nlog or _tape change otherwise (undo, _become: they clear it), we stay at the end
        # of our own tape and past its pin: a pin only ever rises to the length of some reader
        # that shares the tape, and a reader longer than us needs us to have moved back first.
        self._tail = tape.items

    def _pin(self) -> None:
        tape, n = self._tape, self._nlog
        if n > tape.pin:
            tape.pin = n

    @property
    def log(self) -> Log:
        """Every LogEntry so far, oldest first (a snapshot; ``recent_log(n)`` for the last few)."""
        tape, n = self._tape, self._nlog
        if tape.parent is None:
            return Log(tape.items[:n] if len(tape.items) != n else tape.items)
        out: list[LogEntry] = []
        for items, k in _segments(tape, n):
            out.extend(islice(items, k))
        return Log(out)

    @property
    def log_length(self) -> int:
        return self._nlog

    def recent_log(self, n: int = 10) -> list[LogEntry]:
        """The last ``n`` log entries, at a cost that does not grow with the game."""
        out: list[LogEntry] = []
        tape, end = self._tape, self._nlog
        while tape is not None and len(out) < n and end > 0:
            k = end - tape.base
            if k > 0:
                out[:0] = tape.items[max(0, k - (n - len(out))):k]
            end = tape.base
            tape = tape.parent
        return out

    def log_since(self, start: int) -> list[LogEntry]:
        """Entries from number ``start`` on (what the last action wrote: ``log_since(n_before)``)."""
        return self.recent_log(max(0, self._nlog - start))


def log(state: Any, section: str, text: str, visible_to: Iterable[str] | None = None) -> None:
    if state.log_enabled:
        entry = _new(LogEntry)  # (LogEntry(...) through its slots' setters: no Python call)
        _set_section(entry, section)
        _set_text(entry, text)
        _set_visible_to(entry, None if visible_to is None else frozenset(visible_to))
        tail = state._tail
        if tail is not None:  # (State._log_append's usual case, written out)
            tail.append(entry)
            state._nlog += 1
        else:
            state._log_append(entry)

"""Class boards: "everyone does the experiment, we pool the results on the board".

A board has a name (the teacher's: "4B coins"), a question ("how often does a new game's first
Calamity hit stress?") and, when there is one, the exact answer as a fraction. Each contribution
is one student's or group's count: ``successes`` out of ``trials``. The pooled result is the
total successes over the total trials with its 95 % Wilson interval, beside the exact answer;
each contribution's own rate gives the histogram. ``csv()`` exports every contribution.

Contributions are checked like every input (whole numbers, 0 <= successes <= trials <=
MAX_TRIALS, a name of at most 40 characters) and kept once even if the button is pressed twice
(each carries an id the page made when the experiment ran)."""
from __future__ import annotations

import csv
import io
import json
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.inputs import show
from ..probability.stats import wilson_interval
from .codes import TableError, check_board_name, check_teacher_code, new_code, secret_hash
from .store import Store

MAX_TRIALS = 10_000_000
MAX_TEXT = 200


@dataclass(frozen=True)
class Pooled:
    contributions: int
    successes: int
    trials: int
    rates: tuple[float, ...]  # each contribution's own rate, oldest first (the histogram's data)
    exact: Fraction | None

    @property
    def rate(self) -> float | None:
        return self.successes / self.trials if self.trials else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson_interval(self.successes, self.trials) if self.trials else None


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TRIALS:
        raise TableError(f"{name} {show(value, 24)}: a whole number from 0 to {MAX_TRIALS:,}")
    return value


def _text(name: str, value: Any, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise TableError(f"{name} {show(value, 40)}: text of at most {limit} characters")
    return " ".join(value.split())


class Board:
    """A class board in the store. ``Board.create(store, "4B coins", question, exact=Fraction(1, 2))``
    returns the board and its teacher code; ``Board(store, "4B coins")`` opens it."""

    def __init__(self, store: Store, name: str):
        self.store = store
        self.name = check_board_name(name)
        row = store.board_row(self.name)
        if row is None:
            raise TableError(f"board {self.name!r}: there is no class board of this name yet; the teacher "
                             "creates it first (ClassBoard(..., create=True))")
        spec = json.loads(row["spec"])
        self.question: str = spec["question"]
        self.exact: Fraction | None = Fraction(spec["exact"]) if spec.get("exact") is not None else None
        self._teacher = row["teacher"]

    @classmethod
    def create(cls, store: Store, name: str, question: str, exact: Fraction | None = None) -> tuple["Board", str]:
        name = check_board_name(name)
        question = _text("question", question)
        if exact is not None:
            exact = Fraction(exact)
            if not 0 <= exact <= 1:
                raise TableError(f"exact answer {exact}: a probability from 0 to 1")
        teacher = new_code(6)
        spec = json.dumps({"question": question, "exact": None if exact is None else str(exact)})
        if not store.insert_board(name, spec, secret_hash(teacher, "board:" + name)):
            raise TableError(f"board {name!r} exists already: open it, or choose another name")
        return cls(store, name), teacher

    @classmethod
    def open_or_create(cls, store: Store, name: str, question: str, exact: Fraction | None = None) -> "Board":
        """The board of this name, created with this question if there is none yet."""
        name = check_board_name(name)
        if store.board_row(name) is None:
            try:
                return cls.create(store, name, question, exact)[0]
            except TableError:
                pass  # created by another kernel in between
        return cls(store, name)

    def is_teacher(self, code: str) -> bool:
        return secret_hash(check_teacher_code(code), "board:" + self.name) == self._teacher

    def contribute(self, who: str, successes: int, trials: int, ident: str | None = None) -> bool:
        """Add one count; False if this contribution (same ``ident``) is on the board already."""
        who = _text("name", who, 40) or "anonymous"
        successes, trials = _count("successes", successes), _count("trials", trials)
        if trials == 0 or successes > trials:
            raise TableError(f"{successes} successes out of {trials} trials: need 1 or more trials and "
                             "no more successes than trials")
        ident = ident if isinstance(ident, str) and 8 <= len(ident) <= 40 and ident.isalnum() else secrets.token_hex(8)
        return self.store.add_contribution(self.name, ident, who,
                                           json.dumps({"successes": successes, "trials": trials}))

    def rows(self) -> list[dict[str, Any]]:
        out = []
        for ident, who, data, at in self.store.contributions(self.name):
            d = json.loads(data)
            out.append({"id": ident, "who": who, "successes": int(d["successes"]), "trials": int(d["trials"]), "at": at})
        return out

    def pooled(self) -> Pooled:
        rows = self.rows()
        return Pooled(len(rows), sum(r["successes"] for r in rows), sum(r["trials"] for r in rows),
                      tuple(r["successes"] / r["trials"] for r in rows), self.exact)

    def csv(self) -> str:
        """Every contribution, one line each (the names as typed, quoted by the csv module)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["board", "who", "successes", "trials", "rate", "time (unix seconds)"])
        for r in self.rows():
            # a name starting with = + - @ would be a formula in a spreadsheet: quote it as text
            who = "'" + r["who"] if r["who"][:1] in ("=", "+", "-", "@") else r["who"]
            w.writerow([self.name, who, r["successes"], r["trials"], f"{r['successes'] / r['trials']:.6f}", f"{r['at']:.0f}"])
        return buf.getvalue()


__all__ = ["Board", "Pooled", "MAX_TRIALS"]

from __future__ import annotations

import html
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``label`` is what a person reads and what records store; it is unique
    among the legal actions of a state. ``kind`` and ``args`` are for the rules code."""

    label: str
    kind: str = ""
    args: tuple = ()

    def __init__(self, label: str, kind: str = "", args: tuple = ()):
        # written out: the generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__, twice as slow, and rules build Actions at most decisions
        _set_label(self, label)
        _set_kind(self, kind)
        _set_args(self, args)

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        # A notebook shows a list of legal actions as their labels, not as dataclass fields.
        return f"Action({self.label!r})"

    def _repr_pretty_(self, p, cycle) -> None:  # IPython: a bare Action or a list of them
        p.text(self.label)

    def _repr_html_(self) -> str:
        return "<code>" + html.escape(self.label) + "</code>"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event in plain language, with the rulebook section it applies.
    ``visible_to`` is None when everyone may see it, else the players who may."""

    section: str
    text: str
    visible_to: frozenset[str] | None = None

    def __init__(self, section: str, text: str, visible_to: frozenset[str] | None = None):
        _set_section(self, section)  # (as Action's: a replay writes hundreds of entries)
        _set_text(self, text)
        _set_visible_to(self, visible_to)

    def __str__(self) -> str:
        return f"{self.section}: {self.text}"


# the slots' own setters: they write a field of a frozen instance without its __setattr__
_set_label, _set_kind, _set_args = (Action.__dict__[f].__set__ for f in ("label", "kind", "args"))
_set_section, _set_text, _set_visible_to = (LogEntry.__dict__[f].__set__ for f in ("section", "text", "visible_to"))


@dataclass(frozen=True, slots=True)
class Outcome:
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        if self.winners and not self.losers:
            who = "won: " + ", ".join(self.winners)
        elif self.losers and not self.winners:
            who = "lost: " + ", ".join(self.losers)
        elif not self.winners:
            who = "nobody won"
        else:
            who = f"won: {', '.join(self.winners)}; lost: {', '.join(self.losers)}"
        return f"{who} ({self.reason})"

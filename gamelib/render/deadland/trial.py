"""The Infection Trial on the table, read from the view's ``trial`` entry (the one running) or
``last_trial`` (the latest that ended), and the odds in words a student can read.

Both entries are public facts the rules keep (gamelib/rules/deadland/views.py): whose trial, its
kind and cause, the cards it needs, each card drawn with what became of it, the cards still to
draw and the Infection card that would be added now. Nothing is read back from log sentences."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

#: the view's fate of a drawn card -> the picture's word for it (a CSS class of ``vcard``)
FATES = {"discarded": "discarded", "radio contact": "radio", "about to be added": "deciding", "added": "added"}


@dataclass
class Trial:
    who: str
    kind: str                # the view's kind: "daily", "attack", "zattack", "blood" or "zdaily"
    total: int               # cards the trial needs (Radio Contacts do not count)
    cards: list[tuple[str, str]] = field(default_factory=list)  # (label, "discarded"|"radio"|"added"|"deciding")
    cause: str = ""          # what started it: the Event card, the zombie, the turned-over board
    live: bool = False       # still going at this decision
    left: int = 0            # cards still to draw
    needs: list[str] = field(default_factory=list)  # Virus card labels that would be added now

    @property
    def drawn(self) -> int:
        return sum(1 for _, how in self.cards if how != "radio")

    @property
    def added(self) -> int:
        return sum(1 for _, how in self.cards if how == "added")


def last_trial(view: dict) -> Trial | None:
    """The trial in progress (``live``), else the latest one that ended, else None; anything
    malformed in the view gives None (the box then says "no trial yet")."""
    for key, live in (("trial", True), ("last_trial", False)):
        entry = view.get(key)
        if isinstance(entry, dict):
            try:
                return _read(entry, live)
            except (TypeError, ValueError, KeyError, AttributeError):
                return None
    return None


def _read(entry: dict[str, Any], live: bool) -> Trial:
    cards = [(str(c["card"]), FATES.get(str(c["fate"]), "discarded")) for c in entry.get("drawn") or []]
    return Trial(str(entry["player"]), str(entry["kind"]), int(entry["cards"]), cards, str(entry.get("cause") or ""),
                 live, int(entry.get("to_draw") or 0), [str(x) for x in entry.get("needs") or []])


# ---- numbers for people ----------------------------------------------------------------------
def fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def is_long(p: Fraction) -> bool:
    """More than 6 digits above or below the line: shown as a decimal."""
    return len(str(abs(p.numerator))) > 6 or len(str(p.denominator)) > 6


def percent(p: Fraction) -> str:
    v = 100 * float(p)
    if 0 < v < 0.1:
        return "<0.1%"
    return f"{v:.1f}%"


def exact_text(p: Fraction, table: bool) -> str:
    """The exact value beside a percentage: the Fraction when short, else a decimal (and, in the
    table view, the Fraction too)."""
    if not is_long(p):
        return fraction_text(p)
    dec = f"≈ {float(p):.6f}"
    return f"{dec} = {fraction_text(p)}" if table else dec


def trial_odds(odds: dict) -> tuple[str, Fraction] | None:
    """(title, chance) of the 'daily trial adds a card' line of ``state.odds()``, if any."""
    for title, dist in odds.items():
        for outcome, p in dist.items():
            if "adds a card" in str(outcome):
                return str(title), Fraction(p)
    return None


def event_odds(odds: dict) -> tuple[str, Fraction, Fraction] | None:
    """(title, chance of a zombie attack, chance of an Infected Area) for the next Event card."""
    for title, dist in odds.items():
        if str(title).lower().startswith("next event"):
            attack = sum((Fraction(p) for k, p in dist.items() if "zombie" in str(k).lower()), Fraction(0))
            infected = sum((Fraction(p) for k, p in dist.items() if "infected" in str(k).lower()), Fraction(0))
            return str(title), attack, infected
    return None


def virus_counts(odds: dict, deck_size: int) -> dict[str, int] | None:
    """The Virus deck's composition from the public 'next Virus card' distribution (every card
    drawn was shown, so what is left is public; only the order is hidden)."""
    for title, dist in odds.items():
        if "virus" in str(title).lower() and deck_size:
            out = {}
            for k, p in dist.items():
                n = Fraction(p) * deck_size
                if n.denominator != 1:
                    return None
                out[str(k)] = int(n)
            return out
    return None

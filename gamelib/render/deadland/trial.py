"""The Infection Trial on the table, read back from the public log of the view, and the odds in
words a student can read.

The view says which Virus card is held and whose decision it is, but not how many cards the trial
needs or which were drawn before; the log does (one announcement line, then one line per card).
We read the LAST announcement and the lines after it. The patterns are loose on purpose: if the
rules' sentences change, the box says less, it never fails."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

_ANNOUNCE = (
    (re.compile(r"^(?P<who>\w+) \(level (?P<lv>\d+)\) draws (?P<k>\d+) Virus cards?"), "daily"),
    (re.compile(r"^(?P<who>\w+) \(a zombie\) draws (?P<k>\w+) Virus cards?"), "zombie"),
    (re.compile(r"^(?P<who>\w+) undergoes an Infection Trial of (?P<k>\d+) cards?"), "attack"),
)
_DRAW = re.compile(r"^(?P<who>\w+) draws (?P<card>a Radio Contact card|Radio Contact|Illness|\d)\b(?P<rest>.*)$")
_ADDS = re.compile(r"^(?P<who>\w+) adds ")
_THROWN = re.compile(r"the (?P<card>Illness|\d) is discarded|the (?P<card2>Illness|\d) (?:is|goes)\b.*(?:discard|away)")
# lines that mean the trial is over and play has moved on
_MOVED_ON = re.compile(r"^turn \d+:|^\w+ (moves to|stays on)\b|\b(must move|ends the exchange phase|turns over)\b|"
                       r"Zombie Infection Trial|turns into a Zombie")
_CAUSE = re.compile(r"turns over (?P<ev>.+?) on |(?P<zt>Zombie Infection Trial)|(?P<ov>faces its bloodstain)")
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


@dataclass
class Trial:
    who: str
    kind: str                # "daily", "zombie" (a zombie's two cards) or "attack"
    total: int               # cards the trial needs (Radio Contacts do not count)
    cards: list[tuple[str, str]] = field(default_factory=list)  # (label, "discarded"|"radio"|"added"|"deciding")
    cause: str = ""          # what started it: the Event card, the zombie, the overrun board
    live: bool = False       # still going at this decision

    @property
    def drawn(self) -> int:
        return sum(1 for _, how in self.cards if how != "radio")

    @property
    def left(self) -> int:
        return max(0, self.total - self.drawn)

    @property
    def added(self) -> int:
        return sum(1 for _, how in self.cards if how == "added")


def _text(line: Any) -> str:
    line = str(line)
    _, sep, rest = line.partition(": ")
    return rest if sep else line


def last_trial(view: dict) -> Trial | None:
    """The most recent trial in the view's log (``live`` when the game is waiting inside it)."""
    lines = [_text(x) for x in (view.get("log") or [])]
    for i in range(len(lines) - 1, -1, -1):
        for pattern, kind in _ANNOUNCE:
            m = pattern.match(lines[i])
            if m:
                return _read(view, lines, i, m, kind)
    return None


def _read(view: dict, lines: list[str], i: int, m: re.Match, kind: str) -> Trial:
    k = m.group("k")
    total = int(k) if k.isdigit() else _WORDS.get(k, 0)
    t = Trial(m.group("who"), kind, total)
    if kind == "attack":
        for j in range(i - 1, max(-1, i - 40), -1):
            c = _CAUSE.search(lines[j])
            if c:
                t.cause = c.group("ev") or ("the zombie's attack" if c.group("zt") else "an overrun board")
                break
    moved_on = False
    for line in lines[i + 1:]:
        d = _DRAW.match(line)
        if d and d.group("who") == t.who:
            card = d.group("card")
            if "Radio" in card:
                t.cards.append(("RC", "radio"))
            else:
                t.cards.append((card, "deciding" if "next card" in d.group("rest") else "discarded"))
            continue
        if _ADDS.match(line) and line.startswith(t.who + " "):
            _settle(t, "added")
            continue
        if _THROWN.search(line):
            _settle(t, "discarded")
            continue
        if _MOVED_ON.search(line) or any(p.match(line) for p, _ in _ANNOUNCE):
            moved_on = True
            break
    held = (view.get("virus") or {}).get("drawn") if isinstance(view.get("virus"), dict) else None
    t.live = (not view.get("is_over") and not moved_on and (bool(held) or t.left > 0))
    if not t.live:
        _settle(t, "discarded")  # a card left "deciding" when play moved on was not added
    return t


def _settle(t: Trial, how: str) -> None:
    for n in range(len(t.cards) - 1, -1, -1):
        if t.cards[n][1] == "deciding":
            t.cards[n] = (t.cards[n][0], how)
            return


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

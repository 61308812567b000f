"""The solver's compact copy of The Walking Deck's Interrogation rules: a Character as one int,
a position as a ``_Work`` (a key unpacked), and ``RulesCopy``, the rules on those codes (the
Interrogation part of ``gamelib.rules.walking_deck``; ``tests/strategy`` checks it against the
engine action by action)."""
from __future__ import annotations

import gc
from typing import Any

WON, LOST = "won", "lost"  # terminal keys
# A Character in front is one int: weaknesses (3 bits), toughness (2), damage (2), and two flags:
# SRC marks the Character whose own grey banner is being applied, HEALED one already healed by
# the heal being chosen. Equal codes are interchangeable for everything that can still happen.
_T, _D = 3, 5
SRC, HEALED = 1 << 7, 1 << 8
_FLAGS = SRC | HEALED
# One Character that nothing still to come can kill (see keys.Keys.key): no
# weaknesses (so no Calamity hits it), toughness 3, no damage, and a bit of its own so that the
# damage it takes is forgotten again by the next key.
_IMM_BIT = 1 << 9
IMM = _IMM_BIT | 3 << _T


def char_code(weak: int, toughness: int, damage: int) -> int:
    return weak | toughness << _T | damage << _D


def _weak(c: int) -> int:
    return c & 7


def _tough(c: int) -> int:
    return c >> _T & 3


def _dmg(c: int) -> int:
    return c >> _D & 3


_POP = tuple(bin(x).count("1") for x in range(8))


def _add_heals(after: tuple, effects: tuple) -> tuple:
    """``after`` (heals per weaknesses 0..7) plus the heal effects among ``effects``."""
    out = list(after)
    for x in effects:
        if x[0] == "heal":
            m = x[2]
            for wk in range(8):
                if not m or wk & m:
                    out[wk] += 1
    return tuple(out)


def _first(pair: tuple) -> Any:
    return pair[0]


def _harm_of(effects: tuple, tokens: int) -> tuple:
    """The most damage the effects ``effects`` can do to one Character, by its weaknesses 0..7:
    every damage point, and one per Calamity that some token (``tokens``: the union of their
    weaknesses) can make hit it."""
    out = [0] * 8
    for x in effects:
        if x[0] == "damage":
            for wk in range(8):
                out[wk] += x[1]
        elif x[0] == "calamity":
            u = (tokens | x[1]) & ~x[2]
            for wk in range(8):
                if u & wk:
                    out[wk] += 1
    return tuple(out)


class _GcPaused:
    """No cyclic garbage collection during a search: the memo holds hundreds of thousands of
    tuples (none in a cycle) that each collection would walk through again, for nothing."""

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self.was:
            gc.enable()


class OverBudget(Exception):
    """The search needed more positions than its budget. What was finished stays memoised,
    so a later call with a larger budget goes on from there."""


class Rules:
    """What the solver needs of a card set and a Protagonist, read once."""

    def __init__(self, game: Any):
        cs = game.cards
        prot = game.protagonist
        self.grey: dict[str, tuple] = {c: e.grey for c, e in cs.events.items()}
        self.char: dict[str, int | None] = {
            c: (char_code(e.weak, e.toughness, 0) if e.is_character else None) for c, e in cs.events.items()}
        self.kinds: dict[str, frozenset] = {c: frozenset(x[0] for x in e.grey) for c, e in cs.events.items()}
        self.limit: int = prot.burial_limit
        self.power: str = prot.power
        self.max_uses: int = prot.uses
        self.tokens = cs.tokens
        self.token_ids = cs.token_ids


class _Work:
    """A mutable Interrogation position (the fields of a key, unpacked)."""

    __slots__ = ("i", "front", "res", "resp", "aside", "buried", "uses", "pres",
                 "src", "nxt", "failed", "cur", "pending", "over")

    def copy(self) -> "_Work":
        w = _Work.__new__(_Work)
        w.i, w.front, w.res, w.resp, w.aside = self.i, self.front[:], self.res, self.resp, self.aside
        w.buried, w.uses, w.pres = self.buried, self.uses, self.pres
        w.src, w.nxt, w.failed, w.cur = self.src, self.nxt, self.failed, self.cur
        w.pending, w.over = self.pending, self.over
        return w


class RulesCopy:
    """The Interrogation's rules on codes: the legal options at a ``_Work`` and their effects.
    A mixin of ``InterrogationSolver`` (it reads ``self.rules`` and the tables of ``keys``)."""

    rules: Rules

    def legal(self, w: _Work) -> list[tuple]:
        R = self.rules
        p = w.pending
        out: list[tuple] = []
        if p is not None:
            kind = p[0]
            if kind == "damage":
                out = [("damage", c) for c in sorted(set(w.front))]
            elif kind == "heal":
                m = p[2]
                out = [("heal", c) for c in sorted(set(w.front))
                       if _dmg(c) and not c & HEALED and (not m or _weak(c) & m)]
                out.append(("stop_heal",))
            else:
                weak = (p[1] | p[2]) & ~p[3] & ~p[4]
                out = [("ignore", r) for r in range(3) if weak >> r & 1 and w.res >> r & 1]
                out.append(("apply_calamity",))
                if R.power == "redraw" and w.uses < R.max_uses:
                    out.append(("redraw",))
        else:
            out.append(("unstack",))
            if R.power == "reserve heal":
                chars = sorted(set(w.front))
                for r in range(3):
                    if not w.pres >> r & 1:
                        out.extend(("reserve_heal", r, c) for c in chars if _dmg(c) and _weak(c) >> r & 1)
        if R.power == "restore" and w.uses < R.max_uses:
            out.extend(("restore_power", r) for r in range(3) if not w.res >> r & 1)
        return out

    def _act(self, w: _Work, a: tuple) -> tuple | None:
        """Carry out ``a``; returns a Calamity draw request (add, ignore, by) or None."""
        kind = a[0]
        if kind == "unstack":
            c = self.memory[w.i]
            w.i += 1
            R = self.rules
            if not R.grey[c]:
                self._bury(w)
            else:
                code = R.char[c]
                w.src, w.nxt, w.failed = c, 0, False
                if code is not None:
                    w.front.append(code | SRC)
                    w.cur = False
                else:
                    w.cur = True
        elif kind == "damage":
            left = w.pending[1] - 1
            w.pending = ("damage", left) if left else None
            self._damage(w, a[1])
            if w.over is None and w.pending is not None and not w.front:
                w.pending = None
        elif kind == "heal":
            _, left, m = w.pending
            j = w.front.index(a[1])
            w.front[j] = (a[1] - (1 << _D)) | HEALED
            left -= 1
            if not left or not any(_dmg(c) and not c & HEALED and (not m or _weak(c) & m) for c in w.front):
                self._end_heal(w)
            else:
                w.pending = ("heal", left, m)
        elif kind == "stop_heal":
            self._end_heal(w)
        elif kind == "ignore":
            r = a[1]
            _, mask, add, ignore, by = w.pending
            w.res &= ~(1 << r)
            w.pending = ("cal", mask, add, ignore, by | 1 << r)
            self._cal_decision(w)
        elif kind == "apply_calamity":
            self._resolve(w)
        elif kind == "redraw":
            w.uses += 1
            _, _, add, ignore, by = w.pending
            w.pending = None
            return (add, ignore, by)
        elif kind == "restore_power":
            w.uses += 1
            w.res |= 1 << a[1]
        elif kind == "reserve_heal":
            r, c = a[1], a[2]
            w.pres |= 1 << r
            w.res &= ~(1 << r)
            j = w.front.index(c)
            w.front[j] = c - (1 << _D)
        else:  # pragma: no cover
            raise ValueError(f"unknown action {a!r}")
        return None

    def _end_heal(self, w: _Work) -> None:
        w.pending = None
        w.front = [c & ~HEALED for c in w.front]

    def _bury(self, w: _Work) -> None:
        w.buried += 1
        if w.buried >= self.rules.limit:
            w.over = LOST

    def _damage(self, w: _Work, c: int) -> None:
        j = w.front.index(c)
        if (c >> _D & 3) >= (c >> _T & 3):
            del w.front[j]
            w.buried += 1
            if w.buried >= self.rules.limit:
                w.over = LOST
        else:
            w.front[j] = c + (1 << _D)

    def _cal_decision(self, w: _Work) -> None:
        R = self.rules
        _, mask, add, ignore, by = w.pending
        weak = (mask | add) & ~ignore & ~by
        fm = 0
        for c in w.front:
            fm |= c
        if weak & fm & 7:  # someone would be hurt: is there a choice? (Reserve r covers weakness bit r)
            if weak & w.res:
                return
            if w.uses < R.max_uses and (R.power == "redraw" or R.power == "restore"):
                return
        self._resolve(w)

    def _resolve(self, w: _Work) -> None:
        _, mask, add, ignore, by = w.pending
        w.pending = None
        weak = (mask | add) & ~ignore & ~by
        for c in [c for c in w.front if c & weak & 7]:
            self._damage(w, c)
            if w.over is not None:
                return

    def _advance(self, w: _Work) -> tuple | None:
        """Everything automatic until a decision, the end, or a Calamity draw (returned)."""
        grey = self.rules.grey
        while w.over is None and w.pending is None:
            if w.src is not None:
                effects = grey[w.src]
                while w.nxt < len(effects):
                    x = effects[w.nxt]
                    w.nxt += 1
                    req = self._effect(w, x)
                    if req is not None:
                        return req
                    if w.over is not None or w.pending is not None:
                        return None
                self._finish(w)
            elif w.i < len(self.memory):
                return None
            else:
                w.over = WON
        return None

    def _effect(self, w: _Work, x: tuple) -> tuple | None:
        k = x[0]
        if k == "restore":
            w.res |= 1 << x[1]
        elif k == "consume":
            w.res &= ~(1 << x[1])
        elif k == "bury_self":
            if w.cur:
                w.cur = False
            else:
                j = next((j for j, c in enumerate(w.front) if c & SRC), None)
                if j is None:  # pragma: no cover - the engine raises here too
                    raise AssertionError(f"{w.src} is not where its banner applies")
                del w.front[j]
            self._bury(w)
        elif k == "respite_in":
            if w.aside:
                w.aside -= 1
                w.resp += 1
        elif k == "respite_out":
            if w.resp:
                w.resp -= 1
                w.aside += 1
        elif k == "damage":
            if not w.front:
                w.failed = True
            else:
                w.pending = ("damage", x[1])
        elif k == "calamity":
            if not w.front:
                w.failed = True
            else:
                return (x[1], x[2], 0)
        elif k == "heal":
            m = x[2]
            if any(_dmg(c) and (not m or _weak(c) & m) for c in w.front):
                w.pending = ("heal", x[1], m)
        elif k == "unbury":
            if w.buried:
                w.buried -= 1
        else:  # pragma: no cover - Journey-only effects are refused on grey banners by the loader
            raise ValueError(f"effect {x!r} cannot be on a grey banner")
        return None

    def _finish(self, w: _Work) -> None:
        failed = w.failed
        w.src, w.nxt, w.failed = None, 0, False
        if w.cur:
            w.cur = False
            if failed:
                self._bury(w)
            return
        j = next((j for j, c in enumerate(w.front) if c & SRC), None)
        if j is None:
            return
        if failed:
            del w.front[j]
            self._bury(w)
        else:
            w.front[j] &= ~SRC

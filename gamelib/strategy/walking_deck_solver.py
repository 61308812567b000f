"""The Walking Deck's Interrogation, solved exactly.

Once the Journey is over nothing is hidden any more: the player filled the Memory and knows its
order, and the only chance left is the Calamity bag. So every Interrogation position has an
exact chance of winning under best play, found by expectimax: at a decision take the best
option, at a Calamity draw average over what the token shows (with its exact probability).

The search runs on a compact copy of the rules (``_Work``) instead of the engine, so that a
position is a small tuple that can be memoised, and Characters that look alike (same
weaknesses, toughness and damage) count once. ``tests/strategy`` checks this copy against the
engine action by action (every chance outcome of every legal action lands on the same
position) and against brute-force enumeration on small positions.

Where the package was installed with a C compiler, the float and exact searches run in C
(``_wds.c``, the same search on the same keys, 30 to 40 times faster; see
``_CompiledSolver``); this module stays the reference, and the search wherever there is none.

    from gamelib.strategy.walking_deck_solver import solve, action_values
    solve(state)            # Fraction: the chance of winning with best play from here
    action_values(state)    # {label: Fraction} for each legal action
"""
from __future__ import annotations

import gc
import math
from fractions import Fraction
from typing import Any

from gamelib.core import Action

try:  # the compiled search (_wds.c), built when the package is installed with a C compiler
    from gamelib.strategy import _wds
except ImportError:  # pragma: no cover - no compiler where it was installed
    _wds = None

WON, LOST = "won", "lost"  # terminal keys
FAST = _wds is not None  # whether new solvers use the compiled search (tests switch it off)

# A Character in front is one int: weaknesses (3 bits), toughness (2), damage (2), and two flags:
# SRC marks the Character whose own grey banner is being applied, HEALED one already healed by
# the heal being chosen. Equal codes are interchangeable for everything that can still happen.
_T, _D = 3, 5
SRC, HEALED = 1 << 7, 1 << 8
_FLAGS = SRC | HEALED
# One Character that nothing still to come can kill (see InterrogationSolver.key): no
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


class _CodeMap(dict):
    """See InterrogationSolver._code_map: a dict that computes a code's entry when first asked.
    ``heals`` None: nothing can heal any more."""

    def __init__(self, heals: tuple | None, pres: int, pend: int | None, harm: tuple):
        super().__init__()
        self.heals, self.pres, self.pend, self.harm = heals, pres, pend, harm

    def __missing__(self, c: int) -> int:
        if c & _IMM_BIT:
            self[c] = IMM
            return IMM
        wk, d = c & 7, c >> _D & 3
        x = c
        if self.heals is None:  # only what a Character can still take matters
            x = (c & (7 | _FLAGS)) | ((c >> _T & 3) - d) << _T
        elif d:
            pend = self.pend
            h = self.heals[wk] + _POP[wk & ~self.pres & 7]
            if pend is not None and not c & HEALED and (not pend or wk & pend):
                h += 1
            if d > h:
                x = (c & (7 | _FLAGS)) | ((c >> _T & 3) - d + h) << _T | h << _D
        if not x & SRC and (x >> _T & 3) - (x >> _D & 3) >= self.harm[wk]:
            x = IMM
        self[c] = x
        return x


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


class InterrogationSolver:
    """Exact values for one Interrogation: one Memory (positions later in the same Memory are
    its suffixes), one Protagonist, and one set of tokens in play.

    ``value(k)`` searches with floats (fast: the best option is all an agent needs) and keeps,
    at each position, the options whose float value is within ``1e-9`` of the best (``cands``:
    the exact best is always among them); ``exact(k)`` then gives the ``Fraction``, evaluating
    exactly only those options, with integer arithmetic (see ``_exact``)."""

    TOL = 1e-9

    def __init__(self, rules: Rules, memory: tuple[str, ...], base: tuple[tuple[int, int], ...], respites: int,
                 fast: bool | None = None):
        self.rules = rules
        self.memory = memory
        self.base = base           # (mask, count) of the tokens with weaknesses, always in the bag
        self.base_total = sum(n for _, n in base)
        self.respites = respites   # Respite tokens in play (in the bag or beside it)
        self.fmemo: dict[Any, float] = {WON: 1.0, LOST: 0.0}
        self.xmemo: dict[Any, tuple[int, int]] = {WON: (1, 0), LOST: (0, 0)}  # see _exact
        self.cands: dict[Any, tuple] = {}  # see value()
        self._k0: Any = None  # see _settle
        self._redraws: dict[Any, float] = {}  # see _scan
        self._xredraws: dict[Any, tuple[int, int]] = {}
        # what a token shows, by the number of Respites in the bag: (mask, count) and the total
        self._draws = []
        for r in range(respites + 1):
            d = list(base) + ([(0, r)] if r else [])
            self._draws.append((tuple(d), self.base_total + r))
        self._l = 1  # every bag size divides L
        for _, total in self._draws:
            self._l = self._l * total // math.gcd(self._l, total)
        # the most draws one decision can lead to before the next: a redraw and every
        # Calamity of one banner
        self._dmax = 1 + max([sum(x[0] == "calamity" for x in rules.grey[c]) for c in memory] + [1])
        self._lpow = [self._l ** e for e in range(8 * self._dmax + 8)]
        self._tables()
        # power uses left open a Calamity decision (Boris's redraw, Éléonore's restore) below this
        self._power_uses = rules.max_uses if rules.power in ("redraw", "restore") else 0
        self._adrien = rules.power == "reserve heal"
        # _next_cal[i]: (add, ignore) if unstacking memory[i] draws a Calamity first, else None
        self._next_cal = []
        for c in memory:
            g = rules.grey[c]
            self._next_cal.append((g[0][1], g[0][2]) if g and g[0][0] == "calamity" else None)
        self._next_cal.append(None)
        self._kills: dict[tuple, tuple] = {}  # see _sure_death
        self.nodes = 0  # decision positions searched (for benchmarks and budgets)
        self.budget = float("inf")  # value() raises OverBudget past this many nodes
        # The compiled search, when there is one and the card set fits it: the same positions
        # (it reads these keys), the same search, in C. _value and _exact then go to it.
        self._fast = self._compiled() if (FAST if fast is None else fast) else None
        if self._fast is not None:
            self.__class__ = _CompiledSolver  # (not bound methods on the instance: no cycle to collect)

    _EFFECTS = {"restore": 0, "consume": 1, "bury_self": 2, "respite_in": 3, "respite_out": 4,
                "damage": 5, "calamity": 6, "heal": 7, "unbury": 8}
    _POWERS = {"redraw": 1, "reserve heal": 2, "restore": 3}

    def _compiled(self) -> Any:
        """The compiled solver for this Interrogation, or None if there is none or the card set
        exceeds what its packed positions hold (then the Python search runs)."""
        if _wds is None or getattr(_wds, "VERSION", None) != 2:  # none, or a stale build
            return None
        R = self.rules
        banners = []
        for c in self.memory:
            effects = []
            for x in R.grey[c]:
                kind = self._EFFECTS.get(x[0])
                args = tuple(int(v) for v in x[1:]) + (0, 0)
                if kind is None or not all(0 <= v < 8 for v in args[:2]):
                    return None
                effects.append((kind, args[0], args[1]))
            banners.append(tuple(effects))
        chars = sum(1 for v in R.char.values() if v is not None)
        if (chars > _wds.MAX_FRONT or R.limit > 15 or len(self.memory) > 250 or self._nxt_span > 15
                or self.respites > 3 or R.max_uses > 7 or len(self.base) > 15
                or self._lpow[self._dmax] >= 1 << 62):
            return None
        n = len(self.memory)
        contexts: list[tuple | None] = [None] * ((n + 1) * self._nxt_span * 2)
        for i in range(n + 1):
            spots = [(None, 0)]
            if i:
                spots += [(self.memory[i - 1], nxt) for nxt in range(len(R.grey[self.memory[i - 1]]) + 1)]
            for src, nxt in spots:
                ci = (i * self._nxt_span + nxt) * 2 + (src is not None)  # as in key()
                ctx = self._ctx[ci] = self._context(i, src, nxt)  # key() (hints, outcomes) reuses it
                fx = ctx[7]  # see _sure_losses: (checked, forced hits by weaknesses, restores)
                forced = () if fx is None else sum(fx[0] or ((0, 0, 0),) * 8, ())
                contexts[ci] = (
                    ctx[0], int(ctx[1]), int(ctx[2]), int(ctx[3]), self._ctx_heals[ctx[4]], self._harms[ctx[5]],
                    int(fx is not None), forced or (0,) * 24, (0, 0, 0) if fx is None else fx[1])
        return _wds.Solver(
            banners, [-1 if R.char[c] is None else R.char[c] for c in self.memory],
            [-1 if x is None else x for x in self._calm], list(self._next_cal), contexts, self._nxt_span,
            [tuple(b) for b in self.base], self.respites, R.limit, self._POWERS.get(R.power, 0), R.max_uses,
            self._redraw_tokens, self._power_uses, self._dmax, self._l, OverBudget)

    def _fast_value(self, k: Any) -> float:
        if k == WON or k == LOST:
            return 1.0 if k == WON else 0.0
        return self._in_c(self._fast.value, k)

    def _fast_exact(self, k: Any) -> tuple[int, int]:
        if k == WON or k == LOST:
            return (1, 0) if k == WON else (0, 0)
        return self._in_c(self._fast.exact, k)

    def _in_c(self, search: Any, k: Any) -> Any:
        """``search(k)`` in the compiled solver, within this solver's budget (-1: none); its
        position count is read back even when it stops (OverBudget, an interrupt)."""
        try:
            return search(k, -1 if self.budget == float("inf") else int(self.budget))
        finally:
            self.nodes = self._fast.nodes

    def positions(self) -> int:
        """How many positions this solver remembers (for the cache's bound), not counting the
        two end keys each memo starts with."""
        return len(self.fmemo) + len(self.xmemo) - 4 + (len(self._fast) if self._fast is not None else 0)

    def _tables(self) -> None:
        """What the rest of the Memory can still do, from each index: this lets the key forget
        what can no longer matter (toughness once nothing heals, Reserves once no Calamity can
        be drawn, Characters once nothing can hurt them) and call a position lost as soon as
        the Events that must be buried make the limit unavoidable."""
        R = self.rules
        n = len(self.memory)
        self.heal_ahead = [False] * (n + 1)
        self.cal_ahead = [False] * (n + 1)
        self.harm_ahead = [False] * (n + 1)
        # doomed[i]: the fewest buried Events before unstacking memory[i] that make losing
        # certain. Only Events with no grey banner and "bury this" must bury; only "unbury"
        # takes one back. lost[b] says it for the suffix being built, backwards.
        self.doomed = [R.limit] * (n + 1)
        # _calm[i]: None if unstacking memory[i] can hurt a Character, else the bits of the
        # Reserves it restores
        self._calm: list[int | None] = []
        for c in self.memory:
            g = R.grey[c]
            hurts = any(x[0] in ("damage", "calamity") for x in g)
            self._calm.append(None if hurts else sum(1 << x[1] for x in g if x[0] == "restore"))
        # heals[i][wk]: the heal effects in the rest of the Memory from i that can heal a
        # Character of weaknesses wk (each heals a Character at most once)
        self.heals = [(0,) * 8] * (n + 1)
        # harm[i][wk]: the most damage the rest of the Memory from i can do to one Character of
        # weaknesses wk (see _harm_of); a Character that can take that much is never buried
        self._tokens = 0
        for mask, _ in self.base:
            self._tokens |= mask
        self.harm = [(0,) * 8] * (n + 1)
        lost = [b >= R.limit for b in range(R.limit + 2)]
        for i in range(n - 1, -1, -1):
            kinds = R.kinds[self.memory[i]]
            self.heal_ahead[i] = self.heal_ahead[i + 1] or "heal" in kinds
            self.cal_ahead[i] = self.cal_ahead[i + 1] or "calamity" in kinds
            self.harm_ahead[i] = self.harm_ahead[i + 1] or "calamity" in kinds or "damage" in kinds
            self.heals[i] = _add_heals(self.heals[i + 1], R.grey[self.memory[i]])
            self.harm[i] = tuple(a + b for a, b in zip(self.harm[i + 1], _harm_of(R.grey[self.memory[i]], self._tokens)))
            new = []
            for b in range(R.limit + 2):
                if b >= R.limit:
                    new.append(True)
                    continue
                c = b
                if not kinds:
                    c += 1
                else:
                    if "unbury" in kinds and c:
                        c -= 1
                    if "bury_self" in kinds:
                        c += 1
                new.append(c >= R.limit or lost[min(c, R.limit)])
            lost = new
            self.doomed[i] = next(b for b in range(R.limit + 1) if lost[b])
        self._rest: dict[tuple, tuple[bool, bool, bool, int, tuple]] = {}
        self._nxt_span = 1 + max([len(R.grey[c]) for c in self.memory] + [0])
        self._ctx: list[tuple | None] = [None] * ((n + 1) * self._nxt_span * 2)  # see key()
        self._groups: dict[tuple, tuple] = {}
        self._ctx_heals: list[tuple] = []
        self._heal_ids: dict[tuple, int] = {}
        self._harms: list[tuple] = []
        self._harm_ids: dict[tuple, int] = {}
        self._harm_plus: dict[tuple, int] = {}
        # a drawn Calamity Boris may still redraw can become any token
        self._redraw_tokens = self._tokens if R.power == "redraw" else 0

    def _rest_of(self, src: str, nxt: int) -> tuple[bool, bool, bool, int, tuple, tuple]:
        """(heal, calamity, harm, must-bury, heals by weaknesses, harm by weaknesses) still to
        come in the banner being applied."""
        k = (src, nxt)
        r = self._rest.get(k)
        if r is None:
            rest = self.rules.grey[src][nxt:]
            kinds = [x[0] for x in rest]
            r = self._rest[k] = ("heal" in kinds, "calamity" in kinds, "calamity" in kinds or "damage" in kinds,
                                 int("bury_self" in kinds), _add_heals((0,) * 8, rest), _harm_of(rest, self._tokens))
        return r

    # ---- keys ---------------------------------------------------------------------------------
    def key(self, w: _Work) -> Any:
        """The canonical key of a position: equal keys have equal values."""
        over = w.over
        if over is not None:
            return over
        i, p, src = w.i, w.pending, w.src
        # src, when set, is memory[i - 1]: the context is indexed by (i, nxt, src set)
        ci = (i * self._nxt_span + w.nxt) * 2 + (src is not None)
        ctx = self._ctx[ci]
        if ctx is None:
            ctx = self._ctx[ci] = self._context(i, src, w.nxt)
        b = w.buried
        if b >= ctx[0]:
            return LOST
        if b + 1 >= ctx[0] and (p[0] == "cal" if p is not None else src is None and self._next_cal[i] is not None) \
                and self._sure_death(w, ctx):
            return LOST
        # A Character's damage matters only through what it can still take (toughness minus
        # damage) and how much of it can still be healed: at most one point per heal to come
        # that can reach it (none if nothing heals). Damage beyond that is merged into lower
        # toughness. A Character that can take all the harm still to come is never buried: it
        # becomes IMM, and several count as one (see _code_map). The map depends on the open
        # decision and Adrien's used Reserves; ctx[6] keeps the maps by a small int of both.
        pres = w.pres if self._adrien else 7
        if p is None:
            if not ctx[3]:
                # Nothing can hurt a Character any more, so only the Events that must be
                # buried remain, and they were not enough to lose (the doomed test above).
                return WON
            vk = pres
        else:
            kind = p[0]
            if kind == "cal":
                vk = (8 | (p[1] | p[2] | self._redraw_tokens) & ~p[3]) << 3 | pres
            elif kind == "heal":
                vk = (32 | p[2]) << 3 | pres
            else:
                vk = (64 | p[1]) << 3 | pres
        m = ctx[6].get(vk)
        if m is None:
            m = ctx[6][vk] = self._map_for(ctx, p, pres)
        front = sorted(map(m.__getitem__, w.front))
        if len(front) > 1 and front[-2] == IMM:  # IMM sorts last
            while len(front) > 1 and front[-2] == IMM:
                front.pop()
        if b + 2 >= ctx[0] and ctx[7] is not None and self._sure_losses(w, front, p, ctx[7], ctx[0] - b):
            return LOST
        if ctx[2] or (p is not None and p[0] == "cal"):
            if p is not None and p[0] == "cal":
                fm = 0
                for c in front:
                    fm |= c
                p = ("cal", (p[1] | p[2]) & ~p[3] & ~p[4] & fm & 7, p[2], p[3], p[4])
            return (i, tuple(front), w.res, w.resp, w.buried, w.uses, w.pres, src, w.nxt, w.failed, w.cur, p)
        # no Calamity can be drawn any more: the Reserves, the bag and the power uses are forgotten
        return (i, tuple(front), 0, 0, w.buried, self.rules.max_uses, w.pres, src, w.nxt, w.failed, w.cur, p)

    def _cal_key(self, w: _Work, p: tuple, fronts: dict) -> Any:
        """key(w) with ``p``, a drawn Calamity's decision, open (w itself is not changed).
        The decisions of one draw differ only by the token, so the canonical front is kept in
        ``fronts`` for the next token (by its code map).

        The context lookup, the code-map key and the canonical front repeat key()'s on purpose,
        inline: key() is the search's hottest function, and with those steps as shared methods
        (tried, 1 December 2026) the benchmark's slow Interrogations took 5-12 % longer. Change
        them in both places."""
        i, src = w.i, w.src
        ci = (i * self._nxt_span + w.nxt) * 2 + (src is not None)
        ctx = self._ctx[ci]
        if ctx is None:
            ctx = self._ctx[ci] = self._context(i, src, w.nxt)
        b = w.buried
        if b >= ctx[0]:
            return LOST
        if b + 1 >= ctx[0]:
            w.pending = p
            dead = self._sure_death(w, ctx)
            w.pending = None
            if dead:
                return LOST
        pres = w.pres if self._adrien else 7
        vk = (8 | (p[1] | p[2] | self._redraw_tokens) & ~p[3]) << 3 | pres
        fr = fronts.get(vk)
        if fr is None:
            m = ctx[6].get(vk)
            if m is None:
                m = ctx[6][vk] = self._map_for(ctx, p, pres)
            front = sorted(map(m.__getitem__, w.front))
            if len(front) > 1 and front[-2] == IMM:
                while len(front) > 1 and front[-2] == IMM:
                    front.pop()
            fm = 0
            for c in front:
                fm |= c
            fr = fronts[vk] = (tuple(front), fm & 7)
        if b + 2 >= ctx[0] and ctx[7] is not None and self._sure_losses(w, fr[0], p, ctx[7], ctx[0] - b):
            return LOST
        return (i, fr[0], w.res, w.resp, b, w.uses, w.pres, src, w.nxt, w.failed, w.cur,
                ("cal", (p[1] | p[2]) & ~p[3] & ~p[4] & fr[1], p[2], p[3], p[4]))

    def _sure_death(self, w: _Work, ctx: tuple) -> bool:
        """Whether the Calamity about to be drawn (the next effect) buries a Character whatever
        the bag gives and the player does. Called when one more buried Event loses: then the
        position is lost. A token kills when it hits a Character that can take no more damage
        (the weaknesses of those: z) on a weakness that no Reserve can cover; a redraw only
        helps if some token does not kill."""
        p = w.pending
        if p is None:
            if w.src is not None or w.resp or (self._adrien and w.pres != 7):
                return False  # a Respite in the bag can be drawn; Adrien can heal first
            nxt = self._next_cal[w.i]
            if nxt is None:
                return False
        elif p[0] != "cal":
            return False
        z = 0
        for c in w.front:
            if (c >> _T & 3) == (c >> _D & 3):
                z |= c
        z &= ~w.res & 7
        if z and self._restore_left(w):
            return False  # Éléonore can restore any Reserve
        if not z:
            return False
        if p is not None:
            if not (p[1] | p[2]) & ~p[3] & ~p[4] & z:
                return False
            if not (self._redraw_tokens and w.uses < self.rules.max_uses):
                return True
            if w.resp:
                return False
            nxt = (p[2], p[3] | p[4])
        kills = self._kills.get(nxt)
        if kills is None:
            masks = [m for m, _ in self.base]
            kills = self._kills[nxt] = tuple(all((m | nxt[0]) & ~nxt[1] & x for m in masks) for x in range(8))
        return kills[z]

    def _restore_left(self, w: _Work) -> bool:
        return self.rules.power == "restore" and w.uses < self.rules.max_uses

    def _map_for(self, ctx: tuple, p: tuple | None, pres: int) -> "_CodeMap":
        """The code map of key() for the context ``ctx``, the open decision ``p`` and Adrien's
        used Reserves ``pres`` (7 for the others)."""
        heal, hid, pend_heal = ctx[1], ctx[5], None
        if p is not None:
            kind = p[0]
            if kind == "cal":
                hid = self._harm_with(hid, "cal", (p[1] | p[2] | self._redraw_tokens) & ~p[3])
            elif kind == "heal":
                heal = True
                pend_heal = p[2]
            else:
                hid = self._harm_with(hid, "damage", p[1])
        if self._adrien and pres != 7:
            heal = True
        if not heal:
            return self._code_map(None, 7, None, self._harms[hid])
        return self._code_map(self._ctx_heals[ctx[4]], pres, pend_heal, self._harms[hid])

    def _context(self, i: int, src: str | None, nxt: int) -> tuple:
        """What key() needs of the Events still to come from (i, src, nxt), computed once:
        (buried count that makes the loss certain, heal ahead, Calamity ahead, harm ahead, id
        of the heals per weaknesses)."""
        if src is not None:
            heal, cal, harm, _, rest_heals, rest_harm = self._rest_of(src, nxt)
            heals = tuple(a + b for a, b in zip(self.heals[i], rest_heals))
            hurt = tuple(a + b for a, b in zip(self.harm[i], rest_harm))
        else:
            heal = cal = harm = False
            heals = self.heals[i]
            hurt = self.harm[i]
        heal = heal or self.heal_ahead[i]
        cal = cal or self.cal_ahead[i]
        harm = harm or cal or self.harm_ahead[i]
        cid = self._heal_ids.get(heals)  # contexts with the same heals share their code maps
        if cid is None:
            cid = self._heal_ids[heals] = len(self._ctx_heals)
            self._ctx_heals.append(heals)
        lost_at = self.doomed[i]
        if src is not None:
            # the rest of the banner, in its order: "bury this" buries, "unbury" takes one back
            # (doomed[i] says the rest for the Events from i on)
            rest = self.rules.grey[src][nxt:]
            limit = self.rules.limit

            def lost_from(b: int) -> bool:
                for x in rest:
                    if x[0] == "unbury":
                        b = b - 1 if b else 0
                    elif x[0] == "bury_self":
                        b += 1
                    if b >= limit:
                        return True
                return b >= self.doomed[i]

            lost_at = next((b for b in range(limit + 1) if lost_from(b)), limit)
        return (lost_at, heal, cal, harm, cid, self._harm_id(hurt), {}, self._forced(i, src, nxt, heals))

    def _forced(self, i: int, src: str | None, nxt: int, heals: tuple) -> tuple | None:
        """What _sure_losses needs of the Events still to come from (i, src, nxt): None if one
        of them unburies (a burial can then be taken back, and counting them bounds nothing),
        else (per weaknesses 0..7, the Calamities ahead that hit a Character of those
        weaknesses whatever the token, counted by the lowest weakness bit they add (None if
        there are none); the restores of each Reserve ahead; the heals per weaknesses)."""
        effects = list(self.rules.grey[src][nxt:]) if src is not None else []
        for c in self.memory[i:]:
            effects.extend(self.rules.grey[c])
        if any(x[0] == "unbury" for x in effects):
            return None
        table = [[0, 0, 0] for _ in range(8)]
        restores = [0, 0, 0]
        for x in effects:
            if x[0] == "calamity":
                f = x[1] & ~x[2]
                for wk in range(8):
                    g = f & wk
                    if g:
                        table[wk][(g & -g).bit_length() - 1] += 1
            elif x[0] == "restore":
                restores[x[1]] += 1
        forced = tuple(tuple(n) for n in table) if any(any(n) for n in table) else None
        return (forced, tuple(restores), heals)

    def _sure_losses(self, w: _Work, front: list, p: tuple | None, fx: tuple, need: int) -> bool:
        """Whether at least ``need`` of the Characters ``front`` (canonical codes) are buried
        whatever the bag gives and the player does; with no Event ahead unburying, the position
        is then lost (burials only add up). A Character dies for sure when no heal can reach it
        and the Calamities that hit it whatever the token (those adding one of its weaknesses,
        and the drawn one if it hits it and cannot be redrawn) are more than it can still take
        plus the Reserves that could cover them: avoiding such a hit consumes a Reserve of a
        weakness it adds, and no more of those can be had than there are now, plus the restores
        ahead, plus Éléonore's uses left. Each death is certain on its own, so two such
        Characters are two burials. (This sees the losses the one-Calamity sure-death test
        does not: on the benchmark's largest Interrogation a quarter of the positions.)"""
        forced, restores, heals = fx
        pf = 0
        if p is not None:
            if p[0] == "heal":
                return False
            if p[0] == "cal":
                pf = p[2] if self._redraw_tokens and w.uses < self.rules.max_uses else p[1] | p[2]
                pf &= ~p[3] & ~p[4]
        if forced is None and not pf:
            return False
        extra = self.rules.max_uses - w.uses if self.rules.power == "restore" else 0
        res = w.res
        s0 = (res & 1) + restores[0] + extra
        s1 = (res >> 1 & 1) + restores[1] + extra
        s2 = (res >> 2 & 1) + restores[2] + extra
        adrien = self._adrien
        dead = 0
        for c in front:
            wk = c & 7
            if not wk or heals[wk] or (adrien and _POP[wk & ~w.pres & 7]):
                continue
            n0, n1, n2 = forced[wk] if forced is not None else (0, 0, 0)
            f = pf & wk
            if f & 1:
                n0 += 1
            elif f & 2:
                n1 += 1
            elif f:
                n2 += 1
            short = (n0 - s0 if n0 > s0 else 0) + (n1 - s1 if n1 > s1 else 0) + (n2 - s2 if n2 > s2 else 0)
            if short > (c >> _T & 3) - (c >> _D & 3):
                dead += 1
                if dead >= need:
                    return True
        return False

    def _harm_id(self, hurt: tuple) -> int:
        hid = self._harm_ids.get(hurt)
        if hid is None:
            hid = self._harm_ids[hurt] = len(self._harms)
            self._harms.append(hurt)
        return hid

    def _harm_with(self, hid: int, kind: str, arg: int) -> int:
        """The harm ``hid`` plus that of the open decision: ``arg`` damage points to place, or
        a drawn Calamity whose token can hit the weaknesses ``arg``."""
        k = (hid, kind, arg)
        h = self._harm_plus.get(k)
        if h is None:
            base = self._harms[hid]
            if kind == "damage":
                hurt = tuple(x + arg for x in base)
            else:
                hurt = tuple(x + (1 if arg & wk else 0) for wk, x in enumerate(base))
            h = self._harm_plus[k] = self._harm_id(hurt)
        return h

    @staticmethod
    def _code_map(heals: tuple | None, pres: int, pend: int | None, harm: tuple) -> "_CodeMap":
        """Code -> canonical code for Character codes, given the heals to come per weaknesses
        (the Memory's and the current banner's; None if nothing heals), Adrien's unused
        Reserves (``pres``: the used ones), the mask of the open heal (None if none) and the
        most harm still to come per weaknesses; filled as codes are met.

        A Character (not the one whose banner is being applied) that can take ``harm`` more
        points is never buried, whatever happens: it becomes IMM, which no Calamity hits and
        whose damage is forgotten, and several become one. Their value is the same: such a
        Character matters only as somewhere to put damage for free (putting it there is never
        worse: less damage elsewhere is never worse) and as one in front; a Calamity that hits
        only such Characters is best applied (consuming a Reserve or a power use for it is
        never better), so it opening a decision or not changes nothing."""
        return _CodeMap(heals, pres, pend, harm)

    def _work(self, k: tuple) -> _Work:
        w = _Work.__new__(_Work)
        (w.i, front, w.res, w.resp, w.buried, w.uses, w.pres, w.src, w.nxt, w.failed, w.cur, w.pending) = k
        w.front = list(front)
        w.aside = self.respites - w.resp
        w.over = None
        return w

    # ---- values ---------------------------------------------------------------------------------
    def value(self, k: Any) -> float:
        """The chance of winning from position ``k`` with best play (a float)."""
        with _GcPaused():
            return self._value(k)

    def _value(self, k: Any) -> float:
        v = self.fmemo.get(k)  # WON and LOST are in it
        if v is not None:
            return v
        self.nodes += 1
        if self.nodes > self.budget:
            raise OverBudget(self.nodes)
        w = self._work(k)
        acts = self._search_actions(w)
        if len(acts) == 1:  # nothing to choose (often: unstack the next Event)
            best = self.fmemo[k] = self._only(w, acts[0])
            return best
        best, fv = self._scan(w, acts, k)
        self.fmemo[k] = best
        if best > 0.0:
            # The options exact() must try: only those within TOL of the best float value can
            # be the exact best (options _scan proved worse are None), best first.
            floor = best - self.TOL
            cs = [(f, a) for f, a in zip(fv, acts) if f is not None and f >= floor]
            if len(cs) > 1:
                cs.sort(key=_first, reverse=True)  # stable: equal values keep the legal order
            self.cands[k] = tuple(a for _, a in cs)
        return best

    def _only(self, w: _Work, a: tuple) -> float:
        """The value of the only option ``a`` at ``w``: _scan without its bookkeeping."""
        fm = self.fmemo
        outs = self._outs(w, a, False)
        k0 = self._k0
        if k0 is not None and self._value(k0) == 0.0:  # see _scan
            return 0.0
        total = m = 0.0
        for c, p in outs.items():
            x = fm.get(c)
            if x is None:
                x = self._value(c)
            total += p * x
            m += p
        return total / m  # see _scan: a sure win is exactly 1.0

    @staticmethod
    def _redraw_key(k: tuple) -> tuple:
        """Redrawing gives the same whatever token was drawn: its value is kept (in _redraws
        and _xredraws) under the key of the Calamity decision without the token, so the
        decisions of one draw share it."""
        return k[:-1] + k[-1][2:]

    def _scan(self, w: _Work, acts: list[tuple], k: Any = None) -> tuple[float, list[float | None]]:
        """The best float value among the options ``acts`` at a decision, and each option's
        value, or None for an option proved worse than the best by more than TOL without
        being finished (Ballard's Star1 pruning for expectimax, values in [0, 1]): an
        option's value is at most what its outcomes gave so far plus the probability of
        those not searched yet. The position's own value stays exact; only options that
        cannot be best are left unfinished. (Searching the options most promising first, and
        windowed searches with bounds memoised, were tried: fewer positions, more CPU.)"""
        values: list[float | None] = []
        best = 0.0
        floor = -1.0
        fm = self.fmemo
        value = self._value
        for a in acts:
            rk = None
            if a[0] == "redraw" and k is not None:
                rk = self._redraw_key(k)
                v = self._redraws.get(rk)
                if v is not None:
                    values.append(v)
                    if v > best:
                        best = v
                        floor = best - self.TOL
                    if best >= 1.0:
                        values += [None] * (len(acts) - len(values))
                        break
                    continue
            outs = self._outs(w, a, False)
            # The outcome where the drawn token hits no one (k0, see _settle) is worth at least
            # as much as every other outcome (each differs from it only by damage taken,
            # Reserves or power uses spent, and less damage, more Reserves and more uses are
            # never worse), so it is searched first and bounds the others; if it is lost, so
            # is the option. Then the outcomes already known (they cost nothing and tighten
            # the bound), then the others, each bounded by that value (1 without k0).
            k0 = self._k0
            cap = 1.0
            if k0 is not None:
                cap = fm.get(k0)
                if cap is None:
                    cap = value(k0)
                if cap == 0.0:
                    values.append(0.0)
                    continue
            total = m = rest = 0.0
            todo = []
            for c, p in outs.items():
                x = fm.get(c)
                if x is None:
                    todo.append((c, p))
                    rest += p
                else:
                    total += p * x
                    m += p
            mass = m + rest
            v = None
            for c, p in todo:
                if total + rest * cap < floor * mass:
                    break
                total += p * value(c)
                m += p
                rest -= p
            else:
                v = total / m  # a sure win comes out as exactly 1.0: m adds the same terms as total
                if rk is not None:
                    self._redraws[rk] = v
                if v > best:
                    best = v
                    floor = best - self.TOL
            values.append(v)
            if best >= 1.0:
                values += [None] * (len(acts) - len(values))
                break
        return best, values

    def action_value(self, w: _Work, a: tuple) -> float:
        # Divided by the sum of the probabilities as computed, so that a sure win is exactly
        # 1.0 (and the search can stop there) rather than 0.9999999999999998.
        total = mass = 0.0
        with _GcPaused():
            for p, child in self.outcomes(w, a, False):
                total += p * self._value(child)
                mass += p
        return total / mass

    def exact(self, k: Any) -> Fraction:
        """The same value as a ``Fraction``."""
        with _GcPaused():
            n, e = self._exact(k)
        return Fraction(n, self._lpow[e]) if e < len(self._lpow) else Fraction(n, self._l ** e)

    def exact_action_value(self, w: _Work, a: tuple) -> Fraction:
        """The exact value of option ``a`` at ``w``, followed by best play."""
        with _GcPaused():
            n, e = self._exact_action(w, a)
        return Fraction(n, self._l ** e)

    # Exact values are kept as integers: (n, e) stands for n / L**e, L the least common
    # multiple of the bag's possible sizes, so that every draw's probability is an integer
    # over L and sums need no gcd (Fraction's arithmetic was most of the exact pass's cost).
    def _exact(self, k: Any) -> tuple[int, int]:
        v = self.xmemo.get(k)
        if v is not None:
            return v
        # The float search first: it leaves the options that can be the exact best (cands),
        # so no option is searched again here. A float value of exactly 0 is an exact 0 (every
        # term is a positive probability times a value, and none is small enough to vanish),
        # so it needs no exact sum. The candidates are tried best first, and a sure win (1)
        # cannot be beaten, so it ends the search.
        if self._value(k) == 0.0:
            v = self.xmemo[k] = (0, 0)
            return v
        w = self._work(k)
        acts = self.cands.get(k)
        if acts is None:  # one option only
            acts = self._search_actions(w)
        best = (0, 0)
        for a in acts:
            if a[0] == "redraw":
                rk = self._redraw_key(k)
                v = self._xredraws.get(rk)
                if v is None:
                    v = self._xredraws[rk] = self._exact_action(w, a)
            else:
                v = self._exact_action(w, a)
            if v[1] >= best[1]:
                better = v[0] > best[0] * self._l ** (v[1] - best[1])
            else:
                better = v[0] * self._l ** (best[1] - v[1]) > best[0]
            if better:
                best = v
                if best == (1, 0):  # a sure win (1 / L ** 0)
                    break
        self.xmemo[k] = best
        return best

    def _exact_action(self, w: _Work, a: tuple) -> tuple[int, int]:
        parts = []
        top = 0
        for child, q in self._outs(w, a, True).items():
            n, e = self._exact(child)
            if n:
                parts.append((q * n, e))
                if e > top:
                    top = e
        lp = self._lpow
        n = 0
        for x, e in parts:
            n += x * lp[top - e] if top - e < len(lp) else x * self._l ** (top - e)
        e = top + self._dmax
        L = self._l
        while e:  # L ** e as small as it can be: most options draw less than _dmax times
            q, r = divmod(n, L)
            if r:
                break
            n, e = q, e - 1
        return (n, e)

    def outcomes(self, w: _Work, a: tuple, exact: bool = True) -> list[tuple[Any, Any]]:
        """``[(probability, key)]`` of the positions ``a`` can lead to (equal keys merged).
        Probabilities are ``Fraction``s when ``exact``, else floats."""
        if not exact:
            return [(p, k) for k, p in self._outs(w, a, False).items()]
        d = self._lpow[self._dmax]
        return [(Fraction(q, d), k) for k, q in self._outs(w, a, True).items()]

    def _outs(self, w: _Work, a: tuple, exact: bool) -> dict[Any, Any]:
        """``{key: probability}``, see outcomes; when ``exact`` each probability is an
        integer, over L ** _dmax."""
        w = w.copy()
        req = self._act(w, a)
        out: dict[Any, Any] = {}
        self._k0 = None
        if req is None:
            if w.over is None:
                req = self._advance(w)
            if req is None:
                out[self.key(w)] = self._lpow[self._dmax] if exact else 1.0
                return out
        self._settle(w, req, 1 if exact else 1.0, out, exact, 1)
        return out

    def _settle(self, w: _Work, req: tuple, p: Any, out: dict, exact: bool, d: int) -> None:
        """Draw the Calamity ``req`` for ``w`` (owned: it is changed) and follow each token
        through the automatic steps to the next decisions, adding ``p`` times their
        probabilities to ``out``. When ``exact``, ``p`` is an integer over L ** (d - 1) and
        what is added an integer over L ** _dmax (``d`` counts the draws)."""
        add, ignore, by = req
        fm = 0
        for c in w.front:
            fm |= c
        fm &= 7
        gk = (w.resp, add, ignore | by, fm, w.res, w.uses < self._power_uses)
        groups = self._groups.get(gk)
        if groups is None:
            groups = self._groups[gk] = self._group_draws(*gk)
        last = len(groups) - 1
        key = self.key
        scale = self._lpow[self._dmax - d] if exact else 1
        fronts: dict = {}
        for j, (mask, opens, hit, fp, xp) in enumerate(groups):
            q = p * xp if exact else p * fp
            if opens:  # a decision: only the key is needed, w is left as it was
                k = self._cal_key(w, ("cal", mask, add, ignore, by), fronts)
            else:
                c = w if j == last else w.copy()  # the last group may change w itself
                if hit:
                    c.pending = ("cal", mask, add, ignore, by)
                    self._resolve(c)
                if c.over is None:
                    req = self._advance(c)
                    if req is not None:
                        self._settle(c, req, q, out, exact, d + 1)
                        continue
                k = key(c)
                if not hit and d == 1:
                    # The token hits no one, and no other draw follows: every outcome of this
                    # draw is worth at most this one (see _scan). (When this one draws again,
                    # so can the others, and there is no such bound.)
                    self._k0 = k
            if exact:
                q *= scale
            r = out.get(k)
            out[k] = q if r is None else r + q

    def _group_draws(self, resp: int, add: int, off: int, fm: int, res: int, power_open: bool) -> tuple:
        """Tokens that hit the same Characters and leave the same choice lead to the same
        position: (a token's mask, how many tokens share its group, whether a decision opens)
        per group, for the bag with ``resp`` Respites, weaknesses ``add`` added and ``off``
        ignored, ``fm`` the weaknesses in front, ``res`` the Reserves available."""
        groups: dict[tuple, list] = {}
        draws, total = self._draws[resp]
        for mask, n in draws:
            weak = (mask | add) & ~off
            hit = weak & fm
            # someone would be hurt: is there a choice? (Reserve r covers weakness bit r)
            opens = bool(hit) and (bool(weak & res) or power_open)
            g = groups.get((hit, opens))
            if g is None:
                groups[(hit, opens)] = [mask, n, opens, hit]
            else:
                g[1] += n
        # (mask, opens, hit, probability as a float, as an integer over L); groups that open
        # a decision first (they leave the work state as it was)
        out = [(mask, opens, hit, n / total, n * (self._l // total)) for mask, n, opens, hit in groups.values()]
        out.sort(key=lambda g: not g[1])
        return tuple(out)

    def _search_actions(self, w: _Work) -> list[tuple]:
        """The legal actions worth searching. Less damage is never worse (whatever a more
        damaged Character can survive, a less damaged one can too), so while someone can be
        healed, "Stop healing" is never better than healing: it is left out of the search (its
        own value is still given when asked for, see ``action_values``)."""
        acts = self.legal(w)
        if len(acts) < 2:
            return acts
        p = w.pending
        if p is not None and p[0] == "heal" and acts[0][0] == "heal":
            acts = [a for a in acts if a[0] != "stop_heal"]
        elif p is not None and p[0] == "damage" and acts[-1][1] == IMM:
            return acts[-1:]  # damage on a Character that cannot be buried costs nothing
        if p is None and self.rules.power == "reserve heal":
            # Adrien's heal can wait for a harmless Event: if the next Event to unstack can
            # hurt no one (no damage, no Calamity), healing after it reaches every position
            # healing before it reaches (its own heal can go first and the power still heals
            # the same Character if it is still damaged; it may even heal a Character that
            # enters). Only a "restore" of that very Reserve rewards going first (the power
            # consumes the Reserve, the Event then restores it).
            calm = self._calm[w.i]
            if calm is not None:
                acts = [a for a in acts if a[0] != "reserve_heal" or calm >> a[1] & 1]
        if self.rules.power == "restore":
            # Restoring a Reserve only helps when it is consumed against a Calamity, and the
            # power can be used at that very decision; so using it anywhere else, or on a
            # Reserve the drawn Calamity does not concern, is never better than waiting.
            useful = 0
            if p is not None and p[0] == "cal":
                fm = 0
                for c in w.front:
                    fm |= c
                useful = (p[1] | p[2]) & ~p[3] & ~p[4] & fm & 7
            acts = [a for a in acts if a[0] != "restore_power" or useful >> a[1] & 1]
        return acts

    # ---- the rules (the Interrogation part of gamelib.rules.walking_deck, on codes) -----------
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


class _CompiledSolver(InterrogationSolver):
    """An InterrogationSolver whose float and exact searches run in C (``_wds``); everything
    else (the rules for hints, outcomes, action values) is the Python class's."""

    _value = InterrogationSolver._fast_value
    _exact = InterrogationSolver._fast_exact


# ---- from the engine to the solver and back ------------------------------------------------------

_rules: dict[tuple, Rules] = {}
_solvers: dict[tuple, InterrogationSolver] = {}
MAX_SOLVERS = 64        # solvers (Memories) kept for hints; each remembers its positions
MAX_POSITIONS = 400_000  # memoised positions across them before the oldest solver is dropped


def rules_for(game: Any) -> Rules:
    k = (id(game.cards), game.protagonist.name)
    r = _rules.get(k)
    if r is None or r.tokens is not game.cards.tokens:
        r = _rules[k] = Rules(game)
    return r


def _bag(state: Any) -> tuple[tuple[tuple[int, int], ...], int, int]:
    """(masks and counts of the tokens with weaknesses in play, Respites in play, Respites in the bag)."""
    tokens = state.game.cards.tokens
    inside = list(state.bag) + ([state.drawn] if state.drawn else [])
    counts: dict[int, int] = {}
    resp = 0
    for t in state.game.cards.token_ids:  # card-file order: the same whatever the bag's order
        if t in inside:
            if tokens[t].respite:
                resp += 1
            else:
                counts[tokens[t].weak] = counts.get(tokens[t].weak, 0) + 1
    return tuple(counts.items()), resp + len(state.aside), resp


def is_interrogation(state: Any) -> bool:
    return state.game.name == "walking-deck" and state.stage == "Interrogation"


def _memory_of(state: Any) -> tuple[str, ...]:
    """The Memory as a solver holds it: led by the Event whose banner is being applied, if any
    (it has left the Memory already), so that in every position that Event is memory[i - 1],
    the Event before the next to unstack (the search's tables are indexed so)."""
    return ((state.src,) if state.src is not None else ()) + tuple(state.memory)


def covers(solver: InterrogationSolver | None, state: Any) -> bool:
    """Whether ``solver`` was made for this Interrogation (or an earlier point of it)."""
    if solver is None or not is_interrogation(state):
        return False
    base, respites, _ = _bag(state)
    memory = _memory_of(state)
    n = len(memory)
    return (solver.rules is rules_for(state.game) and solver.base == base and solver.respites == respites
            and len(solver.memory) >= n and solver.memory[len(solver.memory) - n:] == memory)


def play_to_interrogation(state: Any, agent: Any) -> Any:
    """``state`` played on by ``agent`` until its Interrogation begins, or until the game ends
    (lost during the Journey); returns ``state``."""
    while not state.is_over and state.stage != "Interrogation":
        state.apply(agent.choose(state))
    return state


def solver_for(state: Any, cache: bool = True, fast: bool | None = None) -> InterrogationSolver:
    """The solver for this Interrogation. With ``cache``, solvers are kept (by Memory,
    Protagonist and tokens in play), so stepping through one game reuses the work. ``fast``:
    False for the Python search even where the compiled one is built (default: ``FAST``)."""
    if not is_interrogation(state):
        raise ValueError("the exact solver covers the Interrogation of The Walking Deck; this is "
                         f"{state.game.title}, {state.phase}")
    rules = rules_for(state.game)
    base, respites, _ = _bag(state)
    memory = _memory_of(state)
    if cache:
        for sv in reversed(_solvers.values()):
            if covers(sv, state):
                return sv
    solver = InterrogationSolver(rules, memory, base, respites, fast)
    if cache:
        while _solvers and (len(_solvers) >= MAX_SOLVERS
                            or sum(s.positions() for s in _solvers.values()) > MAX_POSITIONS):
            _solvers.pop(next(iter(_solvers)))
        _solvers[(id(rules), base, respites, memory)] = solver
    return solver


def work_of(solver: InterrogationSolver, state: Any) -> _Work:
    """The solver's working copy of an engine position of the same Interrogation (not over)."""
    p = state.pending
    healed = p[3] if p is not None and p[0] == "heal" else ()
    front = [_code(state, c, healed) for c in state.front]
    if p is None:
        pend = None
    elif p[0] == "damage":
        pend = ("damage", p[1])
    elif p[0] == "heal":
        pend = ("heal", p[1], p[2])
    elif p[0] == "calamity":
        pend = ("cal", state.game.cards.tokens[p[1]].weak, p[2], p[3], p[4])
    else:  # pragma: no cover - Journey decisions never happen in the Interrogation
        raise ValueError(f"unexpected decision {p!r} in the Interrogation")
    resp = _bag(state)[2]
    src = state.src
    w = _Work.__new__(_Work)
    w.i = len(solver.memory) - len(state.memory)
    w.front, w.res, w.resp, w.aside = front, sum(1 << r for r in range(3) if state.reserves[r]), resp, solver.respites - resp
    w.buried, w.uses, w.pres = len(state.buried), state.uses, state.power_reserves
    w.src, w.nxt, w.failed = src, (state.nxt if src else 0), (state.failed if src else False)
    w.cur = src is not None and state.current == src
    w.pending, w.over = pend, None
    return w


def key_of(solver: InterrogationSolver, state: Any) -> Any:
    """The solver's canonical key for an engine position of the same Interrogation."""
    if state.over is not None:
        return WON if state.over == "won" else LOST
    return solver.key(work_of(solver, state))


def _code(state: Any, c: str, healed: tuple = ()) -> int:
    e = state.game.cards.events[c]
    x = char_code(e.weak, e.toughness, state.dmg[c])
    if c == state.src:
        x |= SRC
    if c in healed:
        x |= HEALED
    return x


def model_action(state: Any, action: Action) -> tuple:
    """The solver's action for an engine action (Characters become their codes)."""
    p = state.pending
    healed = p[3] if p is not None and p[0] == "heal" else ()
    k, args = action.kind, action.args
    if k in ("damage", "heal"):
        return (k, _code(state, args[0], healed))
    if k == "reserve_heal":
        return (k, args[0], _code(state, args[1], healed))
    if k in ("ignore", "restore_power"):
        return (k, args[0])
    if k in ("unstack", "stop_heal", "apply_calamity", "redraw"):
        return (k,)
    raise ValueError(f"{action.label!r} is not an Interrogation decision")


def solve(state: Any, exact: bool = True, cache: bool = True) -> Fraction | float:
    """The chance of winning from an Interrogation position with best play: a ``Fraction``
    (or a float with ``exact=False``, faster)."""
    if state.is_over:
        won = state.over == "won"
        return Fraction(int(won)) if exact else float(won)
    solver = solver_for(state, cache)
    k = key_of(solver, state)
    return solver.exact(k) if exact else solver.value(k)


def budgeted_value(state: Any, nodes: int, solver: InterrogationSolver | None = None) -> float | None:
    """The float value of an Interrogation position if it can be found within ``nodes`` new
    positions, else None (agents use this at the leaves of their search). ``solver``: one
    made by ``solver_for(state, cache=False)`` to reuse (else a fresh one)."""
    if state.is_over:
        return float(state.over == "won")
    if solver is None:
        solver = solver_for(state, cache=False)
    solver.budget = solver.nodes + nodes
    try:
        return solver.value(key_of(solver, state))
    except OverBudget:
        return None
    finally:
        solver.budget = float("inf")


def action_values(state: Any, exact: bool = True, cache: bool = True,
                  solver: InterrogationSolver | None = None) -> dict[str, Fraction | float]:
    """``{label: chance of winning}`` for each legal action of an Interrogation position,
    each followed by best play."""
    if state.is_over:
        return {}
    if solver is None:
        solver = solver_for(state, cache)
    w = work_of(solver, state)
    out: dict[str, Any] = {}
    values: dict[tuple, Any] = {}
    for a in state.legal_actions():
        m = model_action(state, a)
        if m not in values:
            values[m] = solver.exact_action_value(w, m) if exact else solver.action_value(w, m)
        out[a.label] = values[m]
    return out


def best_action(state: Any, solver: InterrogationSolver | None = None, nodes: float = float("inf")) -> Action | None:
    """A legal action of highest value (the first in the legal order within ``1e-9`` of the
    best, by the float search), or None if that takes more than ``nodes`` new positions."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if solver is None:
        solver = solver_for(state)
    solver.budget = solver.nodes + nodes
    try:
        vals = action_values(state, exact=False, solver=solver)
    except OverBudget:
        return None
    finally:
        solver.budget = float("inf")
    best = max(vals.values()) - InterrogationSolver.TOL
    return next(a for a in legal if vals[a.label] >= best)


def clear_cache() -> None:
    _solvers.clear()


__all__ = ["InterrogationSolver", "OverBudget", "Rules", "budgeted_value", "covers", "solve", "action_values", "best_action", "solver_for", "key_of",
           "work_of", "model_action", "is_interrogation", "clear_cache", "WON", "LOST"]

"""Canonical keys: what the rest of the Memory can still do (tables built once per solver), and
the key of a position that forgets everything that can no longer matter, so that equal keys have
equal values and the memo stays small."""
from __future__ import annotations

from typing import Any

from .model import (_D, _FLAGS, _IMM_BIT, _POP, _T, HEALED, IMM, LOST, SRC, WON, _add_heals, _harm_of, _Work)


class _CodeMap(dict):
    """See Keys._code_map: a dict that computes a code's entry when first asked.
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


def _calm(grey: tuple) -> int | None:
    """None if a banner ``grey`` can hurt a Character, else the bits of the Reserves it restores."""
    if any(x[0] in ("damage", "calamity") for x in grey):
        return None
    return sum(1 << x[1] for x in grey if x[0] == "restore")


def _lost_before(lost: list[bool], kinds: frozenset, limit: int) -> list[bool]:
    """``lost`` (by Events buried, whether losing is certain) one Event earlier in the Memory: an
    Event with no grey banner must be buried, "bury this" buries it, "unbury" takes one back."""
    new = []
    for b in range(limit + 2):
        if b >= limit:
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
        new.append(c >= limit or lost[min(c, limit)])
    return new


class Keys:
    """A mixin of ``InterrogationSolver``: its tables and its keys."""

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
        self._calm: list[int | None] = [_calm(R.grey[c]) for c in self.memory]
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
            lost = _lost_before(lost, kinds, R.limit)
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

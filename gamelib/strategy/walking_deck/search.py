"""The two searches: expectimax with floats (``value``, pruned: options proved worse are left
unfinished) and the exact one on integers (``exact``, trying only the options the float search
kept); both memoised by key."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .model import IMM, OverBudget, _first, _GcPaused, _Work


class Search:
    """A mixin of ``InterrogationSolver``: values of positions and of options."""

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
        bounded = self._bounded
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
            v = bounded(w, a, floor, rk)
            if v is not None and v > best:
                best = v
                floor = best - self.TOL
            values.append(v)
            if best >= 1.0:
                values += [None] * (len(acts) - len(values))
                break
        return best, values

    def _bounded(self, w: _Work, a: tuple, floor: float, rk: tuple | None) -> float | None:
        """The float value of option ``a`` at ``w``, or None once it is proved below ``floor``
        (see _scan); kept under the redraw key ``rk`` when it was searched to the end.

        The outcome where the drawn token hits no one (k0, see _settle) is worth at least as much
        as every other outcome (each differs from it only by damage taken, Reserves or power uses
        spent, and less damage, more Reserves and more uses are never worse), so it is searched
        first and bounds the others; if it is lost, so is the option. Then the outcomes already
        known (they cost nothing and tighten the bound), then the others, each bounded by that
        value (1 without k0)."""
        fm = self.fmemo
        value = self._value
        outs = self._outs(w, a, False)
        k0 = self._k0
        cap = 1.0
        if k0 is not None:
            cap = fm.get(k0)
            if cap is None:
                cap = value(k0)
            if cap == 0.0:
                return 0.0
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
        for c, p in todo:
            if total + rest * cap < floor * mass:
                return None
            total += p * value(c)
            m += p
            rest -= p
        v = total / m  # a sure win comes out as exactly 1.0: m adds the same terms as total
        if rk is not None:
            self._redraws[rk] = v
        return v

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


"""Exact distributions of what a draw from hidden cards can give, as ``Fraction``s.
Games sample through the same object, so the odds shown are the odds used."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from math import lcm

from .rng import Rng


class Distribution(Mapping[str, Fraction]):
    """Outcome label -> exact probability. Insertion order is kept (it fixes sampling)."""

    __slots__ = ("_p", "title")

    def __init__(self, probs: Mapping[str, Fraction] | Iterable[tuple[str, Fraction]], title: str = ""):
        self._p: dict[str, Fraction] = {}
        items = probs.items() if isinstance(probs, Mapping) else probs
        for k, v in items:
            self._p[k] = self._p.get(k, Fraction(0)) + Fraction(v)
        self.title = title

    @classmethod
    def from_counts(cls, counts: Mapping[str, int], title: str = "") -> "Distribution":
        """Outcome label -> how many equally likely items give it (``{"5": 2, "7": 1}`` gives 5: 2/3)."""
        total = sum(counts.values())
        d = cls.__new__(cls)
        d._p = {k: Fraction(c, total) for k, c in counts.items()} if total else {}
        d.title = title
        return d

    @classmethod
    def uniform_counts(cls, outcomes: Iterable[str], title: str = "") -> "Distribution":
        """Each item equally likely; equal labels add up (``["5", "5", "7"]`` gives 5: 2/3)."""
        return cls.from_counts(Counter(outcomes), title)

    def __getitem__(self, key: str) -> Fraction:
        return self._p[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def total(self) -> Fraction:
        # integer arithmetic on a common denominator: summing Fractions one by one is slow
        ps = self._p.values()
        if not ps:
            return Fraction(0)
        den = lcm(*(p.denominator for p in ps))
        return Fraction(sum(p.numerator * (den // p.denominator) for p in ps), den)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._p == other._p
        return Mapping.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def sample(self, rng: Rng) -> str:
        if not self._p:
            raise ValueError(f"cannot sample from an empty distribution {self.title!r}")
        den = lcm(*(p.denominator for p in self._p.values()))
        r = rng.randbelow(den)
        acc = 0
        for k, p in self._p.items():
            acc += p.numerator * (den // p.denominator)
            if r < acc:
                return k
        raise AssertionError("probabilities do not sum to 1")  # pragma: no cover

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Distribution({self.title!r}, {{{body}}})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{k}</td><td>{v}</td><td>{float(v):.3f}</td></tr>" for k, v in self._p.items()
        )
        return f"<table><caption>{self.title}</caption><tr><th>outcome</th><th>exact</th><th>≈</th></tr>{rows}</table>"

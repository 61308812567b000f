"""A whole Interrogation unstacked exactly: the distribution of burials and of Characters
standing, with the Events' grey banners as the card set states them."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.rules.walking_deck.cards import RESERVES, CardSet, Event

from .bags import BagSpec, _cards, _shown, find_event, make_bag, standard_bag
from .memory import _memory


SUPPORTED = ("calamity", "heal", "bury_self", "unbury")


@dataclass(frozen=True)
class InterrogationOdds:
    """Exact outcome of unstacking a Memory: ``buried`` is the distribution of the number of
    buried Events at the end (capped at the limit, where the game stops), ``lost`` the chance
    of reaching the limit, ``standing`` the distribution of Characters in front at the end."""

    buried: dict[int, Fraction]
    standing: dict[int, Fraction]
    lost: Fraction
    limit: int | None

    @property
    def expected_buried(self) -> Fraction:
        return sum((k * p for k, p in self.buried.items()), Fraction(0))

    @property
    def expected_standing(self) -> Fraction:
        return sum((k * p for k, p in self.standing.items()), Fraction(0))

    @property
    def won(self) -> Fraction:
        return 1 - self.lost


def _check_supported(events: Sequence[Event]) -> None:
    for e in events:
        for x in e.grey:
            if x[0] not in SUPPORTED:
                from gamelib.rules.walking_deck.cards import effect_text

                raise GamelibError(
                    f"{e.label}: its grey banner says {effect_text(x)!r}, which needs a decision this model does not "
                    "take; it handles Events whose grey banner draws Calamities, heals, buries itself or unburies, "
                    "and Events without a grey banner")


def _heal(front: tuple, x: tuple, ev: Mapping[str, Event]) -> tuple:
    """Heal up to x[1] damaged Characters (showing x[2] if given), each once: those closest to
    burial first (least damage left to take), the earliest placed on a tie."""
    _, amount, w = x
    eligible = [i for i, (c, d) in enumerate(front) if d and (not w or ev[c].weak & w)]
    eligible.sort(key=lambda i: (ev[front[i][0]].toughness - front[i][1], i))
    chosen = set(eligible[:amount])
    return tuple((c, d - 1) if i in chosen else (c, d) for i, (c, d) in enumerate(front))


def _unstack(e: Event, front: tuple, buried: int, limit: int | None, bag: Counter, total: int,
             ev: Mapping[str, Event]) -> list[tuple[tuple, int, Fraction]]:
    """Every outcome of unstacking ``e``: (front, buried, chance). ``front`` is a tuple of
    (Character id, damage) in placement order. Stops at the limit, as the game does."""
    def over(b: int) -> bool:
        return limit is not None and b >= limit

    if not e.grey:
        return [(front, buried + 1, Fraction(1))]
    if e.is_character:
        front = front + ((e.id, 0),)
    # each branch: (front, buried, chance, failed, self_buried)
    branches = [(front, buried, Fraction(1), False, False)]
    for x in e.grey:
        nxt = []
        for fr, b, p, failed, gone in branches:
            if over(b):
                nxt.append((fr, b, p, failed, gone))
                continue
            k = x[0]
            if k == "calamity":
                if not fr:
                    nxt.append((fr, b, p, True, gone))
                    continue
                for m, n in bag.items():
                    shown = _shown(m, x[1], x[2])
                    fr2, b2 = [], b
                    for c, d in fr:
                        if ev[c].weak & shown and not over(b2):
                            if d >= ev[c].toughness:
                                b2 += 1  # upside down and hurt again: buried
                                continue
                            d += 1
                        fr2.append((c, d))
                    nxt.append((tuple(fr2), b2, p * Fraction(n, total), failed, gone))
            elif k == "heal":
                nxt.append((_heal(fr, x, ev), b, p, failed, gone))
            elif k == "bury_self":
                fr2 = tuple(cd for cd in fr if cd[0] != e.id)
                nxt.append((fr2, b + 1, p, failed, True))
            elif k == "unbury":
                nxt.append((fr, max(0, b - 1), p, failed, gone))
        branches = nxt
    out = []
    for fr, b, p, failed, gone in branches:
        if failed and not gone and not over(b):
            # the banner could not be applied: the Event is buried (a Character leaves the front)
            fr = tuple(cd for cd in fr if cd[0] != e.id)
            b += 1
        out.append((fr, b, p))
    return out


def _position(memory: Iterable[Any] | None, characters: Iterable[Any], buried: int, limit: int | None,
              bag: BagSpec, respites: int, state: Any, cards: CardSet | None) -> tuple:
    """(card set, Events to unstack, front, buried, limit, bag) from a state or from the arguments."""
    if state is not None:
        if state.stage != "Interrogation" or state.pending is not None or state.src is not None or state.over:
            raise GamelibError("the state must be at the Interrogation, between two Events, with the game not over")
        cs = state.game.cards
        limit = state.game.protagonist.burial_limit if limit is None else limit
        return (cs, [cs.events[c] for c in state.memory], tuple((c, state.dmg[c]) for c in state.front),
                len(state.buried), limit, make_bag(state=state, respites=respites))
    cs = _cards(None, cards)
    fr = []
    for item in characters:
        name, dmg = (item, 0) if isinstance(item, (str, Event)) else item
        e = find_event(name, None, cs)
        if not e.is_character:
            raise GamelibError(f"{e.label} is not a Character")
        if isinstance(dmg, bool) or not isinstance(dmg, int) or not 0 <= dmg <= e.toughness:
            raise GamelibError(f"{e.label} can have 0 to {e.toughness} damage, got {dmg!r}")
        fr.append((e.id, dmg))
    b = make_bag(bag, respites) if bag is not None else make_bag(standard_bag(cs), respites)
    return cs, _memory(memory, None, cs), tuple(fr), buried, limit, b


def interrogation(memory: Iterable[Any] | None = None, *, characters: Iterable[Any] = (), buried: int = 0,
                  limit: int | None = None, bag: BagSpec = None, respites: int = 0,
                  state: Any = None, cards: CardSet | None = None) -> InterrogationOdds:
    """Unstack a Memory (first memorised first) and give the exact distribution of burials.

    For a Memory whose grey banners draw Calamities (with their modifiers), heal, bury
    themselves or unbury, and Events without a grey banner (buried). No Reserve and no
    Protagonist power is used; a heal goes to the Characters closest to burial. ``characters``
    already in front: names or (name, damage) pairs. From a ``state`` at the Interrogation:
    its Memory, Characters, Buried, bag and the Protagonist's limit. The Events are those of
    the state's card set, or of ``cards`` (a game's ``cards``; default the shipped set)."""
    cs, events, front, buried, limit, b = _position(memory, characters, buried, limit, bag, respites, state, cards)
    ids = [e.id for e in events] + [c for c, _ in front]
    if len(set(ids)) != len(ids):
        raise GamelibError("each Event can be only once in the Memory and in front")
    if isinstance(buried, bool) or not isinstance(buried, int) or buried < 0:
        raise GamelibError(f"buried must be a whole number >= 0, got {buried!r}")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise GamelibError(f"limit must be a whole number >= 1 or None, got {limit!r}")
    _check_supported(events)
    ev = cs.events
    total = sum(b.values())
    dist: dict[tuple, Fraction] = {(front, buried): Fraction(1)}
    for e in events:
        new: dict[tuple, Fraction] = {}
        for (fr, bu), p in dist.items():
            if limit is not None and bu >= limit:
                new[(fr, bu)] = new.get((fr, bu), 0) + p
                continue
            for fr2, bu2, q in _unstack(e, fr, bu, limit, b, total, ev):
                new[(fr2, bu2)] = new.get((fr2, bu2), 0) + p * q
        dist = new
    return _summary(dist, limit)


def _summary(dist: Mapping[tuple, Fraction], limit: int | None) -> InterrogationOdds:
    by_buried: dict[int, Fraction] = {}
    standing: dict[int, Fraction] = {}
    lost = Fraction(0)
    for (fr, bu), p in dist.items():
        by_buried[bu] = by_buried.get(bu, Fraction(0)) + p
        standing[len(fr)] = standing.get(len(fr), Fraction(0)) + p
        if limit is not None and bu >= limit:
            lost += p
    return InterrogationOdds(dict(sorted(by_buried.items())), dict(sorted(standing.items())), lost, limit)


def interrogation_scenario(memory: Iterable[Any], *, characters: Iterable[Any] = (), buried: Iterable[Any] = (),
                           respites: int = 0, reserves: str = "consumed",
                           cards: CardSet | None = None) -> dict[str, Any]:
    """A scenario dict for ``game.from_scenario``: the Interrogation about to unstack this
    Memory, every Reserve ``reserves`` ("consumed" so that no Reserve decision comes up),
    ``buried`` Events (names, or a number: that many Events not used elsewhere)."""
    cs = _cards(None, cards)
    mem = [find_event(m, None, cs).id for m in memory]
    front = []
    for item in characters:
        name, dmg = (item, 0) if isinstance(item, (str, Event)) else item
        front.append({"id": find_event(name, None, cs).id, "damage": dmg})
    used = set(mem) | {f["id"] for f in front}
    if isinstance(buried, int) and not isinstance(buried, bool):
        spare = [c for c, e in cs.events.items() if c not in used and not e.is_character]
        if buried > len(spare):
            raise GamelibError(f"only {len(spare)} Events are left to bury")
        bur = spare[:buried]
    else:
        bur = [find_event(b, None, cs).id for b in buried]
    if not 0 <= respites <= len(cs.respites):
        raise GamelibError(f"respites must be 0 to {len(cs.respites)}, got {respites!r}")
    if reserves not in ("available", "consumed"):
        raise GamelibError(f"reserves must be 'available' or 'consumed', got {reserves!r}")
    return {
        "phase": "Interrogation",
        "memory": mem,
        "characters": front,
        "buried": bur,
        "respite_aside": list(cs.respites[respites:]),
        "reserves": {r: reserves for r in RESERVES},
    }

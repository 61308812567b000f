"""Exact probability for The Walking Deck, as ``Fraction``s: what a Calamity draw does to the
Characters in front, what the Memory's order decides, and how many Events an Interrogation
buries. Each function takes plain numbers (weaknesses, a bag, a list of Events) or a live
``state`` (its bag, Characters, Memory and Buried); card names, labels and ids are all accepted.

The bag is a multiset of what tokens show: ``{"malnutrition": 2, "injuries + stress": 2, ...}``
or a list with one entry per token; a Respite shows "no weakness". Without a bag, the shipped
one: the twelve Calamity tokens, two of each single weakness and of each pair. The tokens go
back after each draw, so successive draws are independent and equally likely.

Modifiers follow the rulebook: ``add`` weaknesses join the drawn token (a Respite included),
``ignore`` weaknesses leave it, and each Reserve in ``reserves`` is consumed against its
weakness (Food: malnutrition, Medical: injuries, Restorative: stress).

No widgets and no plotting here; numpy only for the vectorised simulations that check the
exact answers (a million draws in a fraction of a second)."""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, prod
from typing import Any, Union

from gamelib.core.errors import GamelibError
from gamelib.rules.walking_deck.cards import RESERVES, WEAKNESSES, CardSet, Event, cached_cards, mask_text

Weak = Union[str, int, Iterable[str]]
BagSpec = Union[Mapping[Any, int], Iterable[Any], None]

ALL = (1 << len(WEAKNESSES)) - 1


# ---- weaknesses, bags and cards ---------------------------------------------------------------

def weakness_mask(w: Weak) -> int:
    """``"stress"``, ``"malnutrition + stress"``, ``["injuries", "stress"]``, ``"no weakness"``
    or a bit mask (malnutrition 1, injuries 2, stress 4) -> the bit mask."""
    if isinstance(w, bool):
        raise GamelibError(f"not a weakness: {w!r}")
    if isinstance(w, int):
        if not 0 <= w <= ALL:
            raise GamelibError(f"a weakness mask is a number from 0 to {ALL}, got {w}")
        return w
    if isinstance(w, str):
        text = w.strip().lower()
        if text in ("", "none", "no weakness", "respite", "respite (no weakness)"):
            return 0
        for sep in (" and ", ",", "+", "&"):
            text = text.replace(sep, " ")
        parts = text.split()
    else:
        try:
            parts = [str(x).strip().lower() for x in w]
        except TypeError:
            raise GamelibError(f"not a weakness: {w!r}; use names among {', '.join(WEAKNESSES)}") from None
    mask = 0
    for part in parts:
        if part not in WEAKNESSES:
            raise GamelibError(f"{part!r} is not a weakness; the weaknesses are {', '.join(WEAKNESSES)}")
        mask |= 1 << WEAKNESSES.index(part)
    return mask


def weakness_text(mask: int) -> str:
    """The bit mask in words: "malnutrition + stress", or "no weakness"."""
    return mask_text(weakness_mask(mask))


def reserve_mask(reserves: Iterable[str] | str | None) -> int:
    """Reserves consumed against a draw -> the weaknesses they cancel."""
    if reserves is None:
        return 0
    if isinstance(reserves, str):
        reserves = [reserves]
    mask = 0
    for r in reserves:
        name = str(r).strip().capitalize()
        if name not in RESERVES:
            raise GamelibError(f"{r!r} is not a Reserve; the Reserves are {', '.join(RESERVES)}")
        mask |= 1 << RESERVES.index(name)
    return mask


_shipped: list[CardSet] = []


def _cards(state: Any = None, cards: CardSet | None = None) -> CardSet:
    if cards is not None:
        return cards
    if state is not None:
        return state.game.cards
    if not _shipped:  # read once: cached_cards checks the file's date on every call
        _shipped.append(cached_cards(None))
    return _shipped[0]


def find_event(name: str, state: Any = None, cards: CardSet | None = None) -> Event:
    """An Event by id ("R09"), label ("WALKER (Rural)") or name when it is unique ("PIERRE");
    case does not matter."""
    if isinstance(name, Event):
        return name
    if not isinstance(name, str):
        raise GamelibError(f"an Event is named by a string (its name, label or id), got {name!r}")
    cs = _cards(state, cards)
    index = _index(cs)
    key = name.strip().casefold()
    found = index.get(key)
    if isinstance(found, Event):
        return found
    if found:
        raise GamelibError(f"{name!r} names {len(found)} Events; say which: {', '.join(e.label for e in found)}")
    raise GamelibError(f"no Event is called {name!r}; the Events are {', '.join(e.label for e in cs.events.values())}")


_indexes: dict[int, tuple[CardSet, dict[str, Any]]] = {}


def _index(cs: CardSet) -> dict[str, Any]:
    """casefolded id, label or unique name -> Event; a shared name -> the list of its Events."""
    hit = _indexes.get(id(cs))
    if hit is not None and hit[0] is cs:
        return hit[1]
    index: dict[str, Any] = {}
    names: dict[str, list[Event]] = {}
    for e in cs.events.values():
        names.setdefault(e.name.casefold(), []).append(e)
    for key, same in names.items():
        index[key] = same[0] if len(same) == 1 else same
    for e in cs.events.values():
        index[e.id.casefold()] = e
        index[e.label.casefold()] = e
    _indexes[id(cs)] = (cs, index)
    return index


def standard_bag(cards: CardSet | None = None) -> Counter:
    """The Calamity tokens of the card set (shipped: 2 of each of the six combinations), no Respite."""
    cs = _cards(None, cards)
    return Counter(cs.tokens[t].weak for t in cs.calamities)


def state_bag(state: Any) -> Counter:
    """What the tokens in a state's bag show (a drawn token counts: it goes back before the next draw)."""
    tokens = state.game.cards.tokens
    inside = list(state.bag) + ([state.drawn] if state.drawn else [])
    return Counter(tokens[t].weak for t in inside)


def make_bag(bag: BagSpec = None, respites: int = 0, state: Any = None) -> Counter:
    """A bag as a Counter {weakness mask: number of tokens}: from ``state``, from ``bag`` (a
    mapping weakness -> count, or one entry per token) or the shipped bag, plus ``respites``."""
    if isinstance(respites, bool) or not isinstance(respites, int) or respites < 0:
        raise GamelibError(f"respites must be a whole number >= 0, got {respites!r}")
    if state is not None and bag is not None:
        raise GamelibError("give either a state or a bag, not both")
    if state is not None:
        out = state_bag(state)
    elif bag is None:
        out = standard_bag()
    else:
        out = Counter()
        if isinstance(bag, Mapping):
            for w, n in bag.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise GamelibError(f"the bag holds a whole number of {weakness_text(weakness_mask(w))} tokens, got {n!r}")
                out[weakness_mask(w)] += n
        else:
            for w in bag:
                out[weakness_mask(w)] += 1
    if respites:
        out[0] += respites
    out = Counter({m: n for m, n in out.items() if n})
    if not out:
        raise GamelibError("the bag is empty: nothing can be drawn")
    return out


def _characters(characters: Iterable[Any] | None, state: Any = None) -> list[int]:
    """Weakness masks of the Characters: weakness specs, Character names, or the state's front."""
    if characters is None:
        if state is None:
            raise GamelibError("give the Characters' weaknesses (or a state with Characters in front)")
        ev = state.game.cards.events
        return [ev[c].weak for c in state.front]
    if isinstance(characters, (str, int)):
        characters = [characters]
    out = []
    for c in characters:
        try:
            out.append(weakness_mask(c))
        except GamelibError:
            if not isinstance(c, (str, Event)):
                raise
            try:
                e = find_event(c, state)
            except GamelibError as err:
                raise GamelibError(f"{c!r} is not a weakness ({', '.join(WEAKNESSES)}) nor a Character: {err}") from None
            if not e.is_character:
                raise GamelibError(f"{e.label} is not a Character") from None
            out.append(e.weak)
    return out


def _shown(token: int, add: int, ignore: int) -> int:
    return (token | add) & ~ignore & ALL


def _mods(add: Weak, ignore: Weak, reserves: Any) -> tuple[int, int]:
    return weakness_mask(add), weakness_mask(ignore) | reserve_mask(reserves)


# ---- one Calamity draw ----------------------------------------------------------------------

def draw_distribution(*, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
                      reserves: Any = None, state: Any = None) -> dict[str, Fraction]:
    """The sample space of one draw: what the drawn Calamity shows after modifiers -> chance."""
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    out: Counter = Counter()
    for m, n in b.items():
        out[_shown(m, a, ig)] += n
    order = sorted(out, key=lambda m: (bin(m).count("1"), m))  # single weaknesses first, then pairs
    return {weakness_text(m): Fraction(out[m], total) for m in order}


def hit_chance(weaknesses: Weak, *, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
               reserves: Any = None, state: Any = None) -> Fraction:
    """The chance that one Calamity draw hurts a Character with these weaknesses (or this
    Character, by name): the share of tokens that show one of them after the modifiers."""
    (w,) = _characters([weaknesses], state)
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    return Fraction(sum(n for m, n in b.items() if _shown(m, a, ig) & w), total)


def hurt_distribution(characters: Iterable[Any] | None = None, *, bag: BagSpec = None, respites: int = 0,
                      add: Weak = (), ignore: Weak = (), reserves: Any = None, state: Any = None) -> dict[int, Fraction]:
    """How many of the Characters one draw hurts (each takes at most 1 damage) -> chance, for
    0 up to the number of Characters. Characters: weaknesses or names; default the state's front."""
    ws = _characters(characters, state)
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    total = sum(b.values())
    counts = Counter({k: 0 for k in range(len(ws) + 1)})
    for m, n in b.items():
        s = _shown(m, a, ig)
        counts[sum(1 for w in ws if s & w)] += n
    return {k: Fraction(counts[k], total) for k in range(len(ws) + 1)}


def expected_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """Expected number of Characters hurt by one draw. By linearity of expectation it is the
    sum of each Character's own chance, however the hits depend on each other."""
    state = kw.get("state")
    ws = _characters(characters, state)
    return sum((hit_chance(w, **kw) for w in ws), Fraction(0))


def chance_nobody_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """The chance that the draw shows none of the Characters' weaknesses."""
    ws = _characters(characters, kw.get("state"))
    union = 0
    for w in ws:
        union |= w
    return 1 - hit_chance(union, **kw) if union else Fraction(1)


def chance_anyone_hurt(characters: Iterable[Any] | None = None, **kw: Any) -> Fraction:
    """At least one Character hurt, by the complement: 1 - P(nobody is hurt)."""
    return 1 - chance_nobody_hurt(characters, **kw)


# ---- several draws --------------------------------------------------------------------------

def _p(p: Any) -> Fraction:
    q = Fraction(p)
    if not 0 <= q <= 1:
        raise GamelibError(f"a probability lies between 0 and 1, got {p!r}")
    return q


def hits_in_draws(p: Any, draws: int) -> dict[int, Fraction]:
    """Times a Character is hurt in ``draws`` independent draws, each hurting with chance
    ``p`` (the tokens go back): the binomial distribution, k -> C(n, k) p^k (1 - p)^(n - k)."""
    q = _p(p)
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise GamelibError(f"draws must be a whole number >= 0, got {draws!r}")
    return {k: comb(draws, k) * q ** k * (1 - q) ** (draws - k) for k in range(draws + 1)}


def _toughness(t: int) -> int:
    if isinstance(t, bool) or not isinstance(t, int) or t < 0:
        raise GamelibError(f"toughness must be a whole number >= 0, got {t!r}")
    return t


def burial_draw_distribution(p: Any, toughness: int, max_draws: int) -> dict[int, Fraction]:
    """The draw at which a Character that can take ``toughness`` damage is buried: it goes
    upside down after ``toughness`` hits and is buried by the next one, so the draw of hit
    number toughness + 1 (negative binomial). Draws ``toughness + 1`` to ``max_draws``."""
    q = _p(p)
    t = _toughness(toughness)
    return {k: comb(k - 1, t) * q ** (t + 1) * (1 - q) ** (k - 1 - t) for k in range(t + 1, max_draws + 1)}


def expected_draws_to_bury(p: Any, toughness: int) -> Fraction:
    """Expected number of draws until the Character is buried: (toughness + 1) / p."""
    q = _p(p)
    if q == 0:
        raise GamelibError("with a chance of 0 the Character is never buried")
    return (_toughness(toughness) + 1) / q


# ---- the Memory's order -----------------------------------------------------------------------

def _memory(memory: Iterable[Any] | None, state: Any) -> list[Event]:
    if memory is None:
        if state is None:
            raise GamelibError("give the Memory (Events, first memorised first) or a state")
        return [state.game.cards.events[c] for c in state.memory]
    return [find_event(m, state) for m in memory]


def draws_calamity(e: Event) -> bool:
    """Whether unstacking this Event draws a Calamity (its grey banner says so)."""
    return any(x[0] == "calamity" for x in e.grey)


def placed(e: Event) -> bool:
    """A Character is placed in front when unstacked, unless it has no grey banner (then it is buried)."""
    return bool(e.is_character and e.grey)


def first_calamity(memory: Iterable[Any] | None = None, *, state: Any = None) -> tuple[int | None, list[str]]:
    """For a given order (first memorised first): the position (1 = first unstacked) of the
    first Event that draws a Calamity, and the Characters placed in front by then (a Character
    whose own banner draws it counts: it is placed first). Damage on the way is not counted."""
    front: list[str] = []
    for i, e in enumerate(_memory(memory, state), start=1):
        if placed(e):
            front.append(e.label)
        if draws_calamity(e):
            return i, front
    return None, front


def chance_before_all(others: int) -> Fraction:
    """In a random order, the chance that one given item comes before ``others`` given items: 1/(others + 1)."""
    if isinstance(others, bool) or not isinstance(others, int) or others < 0:
        raise GamelibError(f"the number of other items must be a whole number >= 0, got {others!r}")
    return Fraction(1, others + 1)


def chance_character_first(characters: int, calamities: int) -> Fraction:
    """In a random order, the chance that one of ``characters`` Characters comes before all
    ``calamities`` Calamity Events: the first of these c + z cards is equally likely to be any."""
    for name, v in (("characters", characters), ("calamities", calamities)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise GamelibError(f"{name} must be a whole number >= 0, got {v!r}")
    if characters + calamities == 0:
        raise GamelibError("with neither Characters nor Calamity Events there is nothing to order")
    return Fraction(characters, characters + calamities)


def chance_in_front_at_first_calamity(memory: Iterable[Any] | None = None, character: Any = None, *,
                                      state: Any = None) -> Fraction:
    """Shuffle these Events into a random order: the chance that ``character`` (default: any
    Character) stands in front when the first Calamity is drawn. Only Characters placed and
    Events drawing Calamities matter; the others may go anywhere."""
    events = _memory(memory, state)
    if not any(draws_calamity(e) for e in events):
        raise GamelibError("no Event of this Memory draws a Calamity")
    if character is None:
        chars = sum(1 for e in events if placed(e))
        others = sum(1 for e in events if draws_calamity(e) and not placed(e))
        return chance_character_first(chars, others)
    target = find_event(character, state)
    if target not in events:
        raise GamelibError(f"{target.label} is not in this Memory")
    if not placed(target):
        return Fraction(0)
    return chance_before_all(sum(1 for e in events if draws_calamity(e) and e is not target))


def count_orders(memory: Iterable[Any] | None = None, *, by: str = "card", state: Any = None) -> int:
    """Orders of these Events: n! for distinct cards (``by="card"``); orders that differ in
    the names only (``by="name"``: two WALKERs swapped count once), n! / (m1! m2! ...)."""
    events = _memory(memory, state)
    if by == "card":
        return factorial(len(events))
    if by == "name":
        return factorial(len(events)) // prod(factorial(n) for n in Counter(e.name for e in events).values())
    raise GamelibError(f"by must be 'card' or 'name', got {by!r}")


def orders(memory: Iterable[Any] | None = None, *, state: Any = None) -> Iterable[tuple[str, ...]]:
    """Every order of these Events, as tuples of labels (n! of them: keep n small)."""
    labels = [e.label for e in _memory(memory, state)]
    if len(labels) > 9:
        raise GamelibError(f"{len(labels)} Events have {factorial(len(labels)):,} orders; enumerate at most 9")
    return itertools.permutations(labels)


# ---- a whole Interrogation ------------------------------------------------------------------

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


def interrogation(memory: Iterable[Any] | None = None, *, characters: Iterable[Any] = (), buried: int = 0,
                  limit: int | None = None, bag: BagSpec = None, respites: int = 0,
                  state: Any = None) -> InterrogationOdds:
    """Unstack a Memory (first memorised first) and give the exact distribution of burials.

    For a Memory whose grey banners draw Calamities (with their modifiers), heal, bury
    themselves or unbury, and Events without a grey banner (buried). No Reserve and no
    Protagonist power is used; a heal goes to the Characters closest to burial. ``characters``
    already in front: names or (name, damage) pairs. From a ``state`` at the Interrogation:
    its Memory, Characters, Buried, bag and the Protagonist's limit."""
    if state is not None:
        if state.stage != "Interrogation" or state.pending is not None or state.src is not None or state.over:
            raise GamelibError("the state must be at the Interrogation, between two Events, with the game not over")
        cs = state.game.cards
        events = [cs.events[c] for c in state.memory]
        front = tuple((c, state.dmg[c]) for c in state.front)
        buried = len(state.buried)
        limit = state.game.protagonist.burial_limit if limit is None else limit
        b = make_bag(state=state, respites=respites)
    else:
        cs = _cards()
        events = _memory(memory, None)
        fr = []
        for item in characters:
            name, dmg = (item, 0) if isinstance(item, (str, Event)) else item
            e = find_event(name)
            if not e.is_character:
                raise GamelibError(f"{e.label} is not a Character")
            if isinstance(dmg, bool) or not isinstance(dmg, int) or not 0 <= dmg <= e.toughness:
                raise GamelibError(f"{e.label} can have 0 to {e.toughness} damage, got {dmg!r}")
            fr.append((e.id, dmg))
        front = tuple(fr)
        b = make_bag(bag, respites)
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
                           respites: int = 0, reserves: str = "consumed") -> dict[str, Any]:
    """A scenario dict for ``game.from_scenario``: the Interrogation about to unstack this
    Memory, every Reserve ``reserves`` ("consumed" so that no Reserve decision comes up),
    ``buried`` Events (names, or a number: that many Events not used elsewhere)."""
    cs = _cards()
    mem = [find_event(m).id for m in memory]
    front = []
    for item in characters:
        name, dmg = (item, 0) if isinstance(item, (str, Event)) else item
        front.append({"id": find_event(name).id, "damage": dmg})
    used = set(mem) | {f["id"] for f in front}
    if isinstance(buried, int) and not isinstance(buried, bool):
        spare = [c for c, e in cs.events.items() if c not in used and not e.is_character]
        if buried > len(spare):
            raise GamelibError(f"only {len(spare)} Events are left to bury")
        bur = spare[:buried]
    else:
        bur = [find_event(b).id for b in buried]
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


# ---- vectorised simulation ------------------------------------------------------------------

def simulate_draws(n: int, *, bag: BagSpec = None, respites: int = 0, add: Weak = (), ignore: Weak = (),
                   reserves: Any = None, state: Any = None, seed: int = 0):
    """``n`` seeded Calamity draws at once (numpy): an array of what each drawn token shows,
    as weakness masks, after the modifiers. Compare with ``draw_distribution``."""
    import numpy as np

    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise GamelibError(f"n must be a whole number >= 0, got {n!r}")
    b = make_bag(bag, respites, state)
    a, ig = _mods(add, ignore, reserves)
    tokens = np.repeat(np.array(sorted(b), dtype=np.uint8), [b[m] for m in sorted(b)])
    drawn = tokens[np.random.default_rng(seed).integers(0, len(tokens), size=n)]
    return (drawn | np.uint8(a)) & np.uint8(~ig & ALL)


def simulate_hurt(characters: Iterable[Any] | None, n: int, *, seed: int = 0, state: Any = None, **kw: Any):
    """How many of the Characters each of ``n`` seeded draws hurts (a numpy array of ints)."""
    return count_hurt(simulate_draws(n, seed=seed, state=state, **kw), characters, state=state)


def count_hurt(shown, characters: Iterable[Any] | None, *, state: Any = None):
    """For an array of drawn tokens (what each shows, from ``simulate_draws``): how many of the
    Characters each one hurts."""
    import numpy as np

    ws = _characters(characters, state)
    hurt = np.zeros(len(shown), dtype=np.int64)
    for w in ws:
        hurt += (shown & np.uint8(w)) != 0
    return hurt


__all__ = [
    "InterrogationOdds", "burial_draw_distribution", "chance_anyone_hurt", "chance_before_all",
    "chance_character_first", "chance_in_front_at_first_calamity", "chance_nobody_hurt", "count_hurt", "count_orders",
    "draw_distribution", "draws_calamity", "expected_draws_to_bury", "expected_hurt", "find_event",
    "first_calamity", "hit_chance", "hits_in_draws", "hurt_distribution", "interrogation",
    "interrogation_scenario", "make_bag", "orders", "placed", "reserve_mask", "simulate_draws",
    "simulate_hurt", "standard_bag", "state_bag", "weakness_mask", "weakness_text",
]

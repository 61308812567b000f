"""Exact probability for Deadland, as ``Fraction``s: what an Infection Trial adds to a survivor's
Infection deck, how fast a survivor turns (the infection level as a Markov chain), and when the
Radio Contacts come (negative hypergeometric waits, and so the length of a game).

Everything works from plain numbers or from a live state, read through its public view:

* a Virus deck (and its discard pile) is a composition, label -> count, with the labels the cards
  show: ``"1"`` ... ``"8"``, ``"Illness"``, ``"Radio Contact"`` (``{"3": 8, "Illness": 4, ...}``, or a
  list of labels, one per card, as ``state.view(None)["virus"]["deck"]`` gives them);
* the trial rules are the engine's (``gamelib.rules.deadland``, ``docs/rulings.md``, Deadland):
  cards are drawn one at a time; a card showing the next level (or an Illness, a joker for any
  level but 8, at most two per deck) is added; a daily trial adds at most one card, a zombie
  attack has no such limit; a Radio Contact does not count toward the trial, moves the marker,
  ends the game when the marker reaches the target, and the second one of a cycle shuffles the
  discards (those of this very trial included) and both Radio Contacts into a new Virus deck;
  level 8 turns the survivor into a zombie and ends the trial.

How many cards a trial draws is ``trial_size`` (Base board, Ration, Survivor, Hermit, level-5
penalty, Pistol, each as the engine counts them, never below one card).

No widgets and no plotting here."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm
from typing import Any, Union

from gamelib.core.errors import GamelibError

LEVELS = tuple(str(i) for i in range(1, 9))
ILLNESS = "Illness"
RADIO = "Radio Contact"
LABELS = LEVELS + (ILLNESS, RADIO)
ZOMBIE_LEVEL = 8
MAX_ILLNESSES = 2
#: the trial kinds: the daily trial adds at most one card; the others follow the attack rules
KINDS = ("daily", "attack", "zombie", "bloodstain")

Deck = Union[Mapping[Any, int], Iterable[Any], None]


# ---- compositions --------------------------------------------------------------------------------

def _label(x: Any) -> str:
    if isinstance(x, bool):
        raise GamelibError(f"not a Virus card: {x!r}")
    if isinstance(x, int):
        x = str(x)
    if isinstance(x, str):
        t = x.strip()
        low = t.lower()
        if low in ("illness", "illness card"):
            return ILLNESS
        if low in ("radio contact", "radio", "radio contact card"):
            return RADIO
        if t in LEVELS:
            return t
    raise GamelibError(f"{x!r} is not a Virus card; the cards show {', '.join(LABELS)}")


def composition(cards: Deck) -> Counter:
    """A deck or a pile as label -> count: from a mapping (``{"3": 8, "Illness": 4}``), or from a
    list with one label per card (``view["virus"]["deck"]``). ``None``: empty."""
    out: Counter = Counter()
    if cards is None:
        return out
    if isinstance(cards, Mapping):
        for k, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise GamelibError(f"the count of {k!r} must be a whole number >= 0, got {n!r}")
            if n:
                out[_label(k)] += n
        return out
    if isinstance(cards, (str, bytes)):
        raise GamelibError(f"a deck is a list of card labels or a mapping label -> count, got {cards!r}")
    for c in cards:
        out[_label(c)] += 1
    return out


@lru_cache(maxsize=1)
def _shipped() -> tuple[tuple[str, int], ...]:
    import gamelib

    v = gamelib.load("deadland", players=2).new_state(seed=0).view(None)
    cards: list[str] = list(v["virus"]["deck"]) + list(v["virus"]["discard"]) + list(v["virus"]["drawn"])
    for p in v["players"].values():
        cards += p["infection"] or []
    radios = sum(1 for c in cards if c == RADIO)
    cards += [RADIO] * (2 - radios)  # a Radio Contact set aside is counted, not listed
    c = composition(cards)
    return tuple((k, c[k]) for k in LABELS)


def full_deck() -> Counter:
    """The shipped Virus deck, every card: eight of each level 1-8, 4 Illness, 2 Radio Contact
    (read from the game's own card file, through a new game's table view)."""
    return Counter(dict(_shipped()))


def deck_minus(deck: Deck, *piles: Deck) -> Counter:
    """``deck`` with the cards of ``piles`` taken out (e.g. the full deck minus the discards)."""
    out = composition(deck)
    for pile in piles:
        for k, n in composition(pile).items():
            if out[k] < n:
                raise GamelibError(f"cannot take {n} {k!r} out of a deck that holds {out[k]}")
            out[k] -= n
    return +out


# ---- how many cards a trial draws -------------------------------------------------------------------

def daily_base(level: int) -> int:
    """Cards of a daily trial by Infection level: 0-2: 2, 3-5: 3, 6-7: 4."""
    _check_level(level)
    return 2 if level <= 2 else 3 if level <= 5 else 4


def trial_size(level: int = 0, kind: str = "daily", cards: int | None = None, *, on_base: bool = False,
               players_on_base: int = 1, boards_turned: bool = False, ration: bool = False,
               survivor: bool = False, hermit_alone: bool = False, level5: bool = False,
               pistol: bool = False) -> int:
    """Cards a survivor at ``level`` draws, as the engine counts them (never below one).

    ``kind="daily"``: by level, one fewer on the Base (``on_base``) unless more than two markers
    are there (``players_on_base``) and no board has been turned over; one fewer for a Ration
    eaten (``ration``), for a face-up Survivor who takes one fewer (``survivor``), for a face-up
    Hermit alone on the board (``hermit_alone``). ``kind="attack"`` (an Event card's zombies) or
    ``"zombie"`` (a zombie player's trial, ``cards`` = its Resistance): ``cards``, one more when a
    survivor at level 5 shares the board (``level5``), one fewer for the Pistol (``pistol``) and
    for the Survivor. ``kind="bloodstain"`` (a turned-over board): ``cards``, one fewer for the
    Survivor only."""
    if kind not in KINDS:
        raise GamelibError(f"unknown trial kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if kind == "daily":
        n = daily_base(level)
        if on_base and not (players_on_base > 2 and not boards_turned):
            n -= 1
        n -= bool(ration) + bool(survivor) + bool(hermit_alone)
        return max(1, n)
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
        raise GamelibError(f"a {kind} trial needs the number of cards on the card (cards=2..5), got {cards!r}")
    n = cards
    if kind in ("attack", "zombie"):
        n += bool(level5) - bool(pistol)
    n -= bool(survivor)
    return max(1, n)


def _check_level(level: Any, illnesses: Any = 0) -> None:
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 7:
        raise GamelibError(f"a survivor's Infection level is 0 to 7, got {level!r}")
    if isinstance(illnesses, bool) or not isinstance(illnesses, int) or not 0 <= illnesses <= min(MAX_ILLNESSES, level):
        raise GamelibError(f"a survivor at level {level} holds 0 to {min(MAX_ILLNESSES, level)} Illness cards, "
                           f"got {illnesses!r}")


# ---- one trial, exactly ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TrialOutcome:
    """One way a trial can end: the survivor's level and Illness cards after it (level 8: a
    zombie), and whether a Radio Contact ended the game during it."""

    level: int
    illnesses: int
    game_over: bool = False


def trial_outcomes(deck: Deck, discard: Deck = None, *, level: int = 0, illnesses: int = 0, cards: int = 2,
                   kind: str = "daily", radio_aside: int | None = None,
                   radio_left: int | None = None) -> dict[TrialOutcome, Fraction]:
    """Every way a trial of ``cards`` cards (``trial_size``) can end, with its exact chance.

    ``deck``: the Virus deck's composition; ``discard``: the discard pile (it comes back at the
    second Radio Contact of a cycle); ``radio_aside``: Radio Contacts set aside this cycle
    (default: the shipped two, less those in the deck); ``radio_left``: Radio Contacts still needed
    to end the game (``None``: the game never ends, as in a model)."""
    _check_level(level, illnesses)
    if kind not in KINDS:
        raise GamelibError(f"unknown trial kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if isinstance(cards, bool) or not isinstance(cards, int) or cards < 0:
        raise GamelibError(f"cards must be a whole number >= 0, got {cards!r}")
    d, x = composition(deck), composition(discard)
    if sum(d.values()) == 0 and cards:
        raise GamelibError("the Virus deck is empty")
    if radio_aside is None:
        radio_aside = max(0, 2 - d[RADIO])
    if radio_left is not None and (isinstance(radio_left, bool) or not isinstance(radio_left, int) or radio_left < 1):
        raise GamelibError(f"radio_left must be a whole number >= 1 (or None), got {radio_left!r}")
    if x[RADIO]:
        raise GamelibError("Radio Contact cards are never in the discard pile (they are set aside or in the deck)")
    # Only the next few levels, the Illness cards and the Radio Contacts can matter: every other
    # card is "other" (the recursion then meets far fewer distinct decks).
    reach = 1 if kind == "daily" else cards
    keep = [str(v) for v in range(level + 1, min(ZOMBIE_LEVEL, level + reach) + 1)] + [ILLNESS, RADIO]
    idx = {k: i for i, k in enumerate(keep)}
    other = len(keep)

    def vec(c: Counter) -> tuple[int, ...]:
        v = [0] * (len(keep) + 1)
        for k, n in c.items():
            v[idx.get(k, other)] += n
        return tuple(v)

    levels = tuple(int(k) if k in LEVELS else 0 for k in keep) + (0,)
    out = _trial(vec(d), vec(x), radio_aside, cards, level, illnesses, kind == "daily", False,
                 -1 if radio_left is None else radio_left, levels, idx[ILLNESS], idx[RADIO])
    return {TrialOutcome(lv, ill, over): p for (lv, ill, over), p in sorted(out.items())}


@lru_cache(maxsize=200_000)
def _trial(deck: tuple, disc: tuple, aside: int, left: int, level: int, ill: int, daily: bool, added: bool,
           radio_left: int, levels: tuple, i_ill: int, i_radio: int) -> dict[tuple, Fraction]:
    if left <= 0 or level >= ZOMBIE_LEVEL:
        return {(level, ill, False): Fraction(1)}
    args = (left, level, ill, daily, added, radio_left, levels, i_ill, i_radio)
    if radio_left < 0 and aside == 0 and not any(disc) and deck[i_radio] >= 2:
        # A game that never ends can loop: two Radio Contacts in a row from a deck with no
        # discards shuffle it back into itself. Solve f = rest + q f for the loop's chance q.
        total = sum(deck)
        p1 = Fraction(deck[i_radio], total)
        y = deck[:i_radio] + (deck[i_radio] - 1,) + deck[i_radio + 1:]
        p2 = Fraction(y[i_radio], total - 1)
        out = _branches(deck, disc, aside, *args, skip_radio=True)
        for k, q in _branches(y, disc, aside + 1, *args, skip_radio=True).items():
            out[k] = out.get(k, Fraction(0)) + p1 * q
        loop = 1 - p1 * p2
        return {k: q / loop for k, q in out.items()}
    return _branches(deck, disc, aside, *args)


def _branches(deck: tuple, disc: tuple, aside: int, left: int, level: int, ill: int, daily: bool, added: bool,
              radio_left: int, levels: tuple, i_ill: int, i_radio: int, skip_radio: bool = False) -> dict[tuple, Fraction]:
    """The next card of a trial, every possibility weighted by its chance (``skip_radio``: leave
    out drawing a Radio Contact, for the loop above)."""
    total = sum(deck)
    out: dict[tuple, Fraction] = {}

    def add(sub: Mapping[tuple, Fraction], p: Fraction) -> None:
        for k, q in sub.items():
            out[k] = out.get(k, Fraction(0)) + p * q

    rec = (levels, i_ill, i_radio)
    for i, n in enumerate(deck):
        if not n:
            continue
        p = Fraction(n, total)
        rest = deck[:i] + (n - 1,) + deck[i + 1:]
        if i == i_radio:
            if skip_radio:
                continue
            if radio_left == 1:  # the marker reaches the target: the game ends at once
                out[(level, ill, True)] = out.get((level, ill, True), Fraction(0)) + p
                continue
            nleft = radio_left - 1 if radio_left > 0 else radio_left
            if aside + 1 >= 2:  # the second Radio Contact: a new deck of everything not held
                new = tuple(a + b for a, b in zip(rest, disc))
                new = new[:i_radio] + (new[i_radio] + aside + 1,) + new[i_radio + 1:]
                add(_trial(new, (0,) * len(disc), 0, left, level, ill, daily, added, nleft, *rec), p)
            else:
                add(_trial(rest, disc, aside + 1, left, level, ill, daily, added, nleft, *rec), p)
            continue
        nxt = level + 1
        fits = (levels[i] == nxt) if i != i_ill else (nxt <= 7 and ill < MAX_ILLNESSES)
        if fits and not (daily and added):
            add(_trial(rest, disc, aside, left - 1, nxt, ill + (i == i_ill), daily, True, radio_left, *rec), p)
        else:
            d2 = disc[:i] + (disc[i] + 1,) + disc[i + 1:]
            add(_trial(rest, d2, aside, left - 1, level, ill, daily, added, radio_left, *rec), p)
    return out


def added_distribution(deck: Deck, discard: Deck = None, *, level: int = 0, illnesses: int = 0, cards: int = 2,
                       kind: str = "daily", radio_aside: int | None = None,
                       radio_left: int | None = None) -> dict[int, Fraction]:
    """How many cards the trial adds to the Infection deck (0, 1, ...), exactly: the distribution
    the issue's lessons draw. Same arguments as ``trial_outcomes``."""
    out: dict[int, Fraction] = {}
    for o, p in trial_outcomes(deck, discard, level=level, illnesses=illnesses, cards=cards, kind=kind,
                               radio_aside=radio_aside, radio_left=radio_left).items():
        out[o.level - level] = out.get(o.level - level, Fraction(0)) + p
    top = max(out)
    return {k: out.get(k, Fraction(0)) for k in range(top + 1)}


def add_chance(deck: Deck, discard: Deck = None, **kw: Any) -> Fraction:
    """The chance that the trial adds at least one card (``added_distribution``'s complement of 0)."""
    return 1 - added_distribution(deck, discard, **kw)[0]


def good_cards(deck: Deck, level: int = 0, illnesses: int = 0) -> int:
    """Cards of ``deck`` that a survivor at ``level`` (holding ``illnesses`` Illness cards) would add."""
    _check_level(level, illnesses)
    d = composition(deck)
    nxt = level + 1
    return d[str(nxt)] + (d[ILLNESS] if nxt <= 7 and illnesses < MAX_ILLNESSES else 0)


# ---- the textbook pictures of a daily trial ----------------------------------------------------------

def hypergeom_at_least_one(total: int, good: int, k: int) -> Fraction:
    """P(at least one of ``good`` cards among ``k`` drawn from ``total`` without replacement):
    1 - C(total - good, k) / C(total, k)."""
    for name, v in (("total", total), ("good", good), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise GamelibError(f"{name} must be a whole number >= 0, got {v!r}")
    if good > total or k > total:
        raise GamelibError(f"cannot draw {k} cards or hold {good} good ones in a deck of {total}")
    return 1 - Fraction(comb(total - good, k), comb(total, k))


def hypergeom_pmf(total: int, good: int, k: int) -> dict[int, Fraction]:
    """The number of good cards among ``k`` drawn without replacement (hypergeometric)."""
    hypergeom_at_least_one(total, good, k)
    den = comb(total, k)
    return {j: Fraction(comb(good, j) * comb(total - good, k - j), den) for j in range(min(good, k) + 1)}


def binomial_at_least_one(p: Fraction, k: int) -> Fraction:
    """The same chance if every card went back before the next draw: 1 - (1 - p)^k."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise GamelibError(f"p must be a probability, got {p}")
    return 1 - (1 - p) ** k


# ---- a live state ------------------------------------------------------------------------------------

def _seat_of(view: Mapping[str, Any], player: str | None) -> str:
    names = list(view["players"])
    if player is None:
        pending = view.get("pending") or {}
        player = pending.get("player") or view.get("active")
    if player not in names:
        raise GamelibError(f"{player!r} is not a player; the players are {', '.join(names)}")
    return player


def position(state: Any, player: str | None = None) -> dict[str, Any]:
    """What a trial of ``player`` (default: who decides now) depends on, read from the table view:
    the deck and discards, Radio Contacts set aside and still needed, the level, Illness cards,
    and the facts that set the number of cards (Base, other markers there, turned boards, a
    face-up Survivor or Hermit, Rations)."""
    v = state.view(None)
    p = _seat_of(v, player)
    me = v["players"][p]
    if me["zombie"]:
        raise GamelibError(f"{p} is a zombie: zombies draw two cards and add none")
    inf = me["infection"] or []
    board = next(b for b in v["boards"] if b["name"] == me["board"])
    role = me["role"] or ""
    face_up = role and "face down" not in role
    base_name = next((b["name"] for b in v["boards"] if b["name"] == "Base"), v["boards"][0]["name"])
    return {
        "player": p,
        "deck": composition(v["virus"]["deck"]),
        "discard": composition(v["virus"]["discard"]),
        "radio_aside": v["virus"]["radio set aside"],
        "radio_left": v["radio"]["target"] - v["radio"]["contacts"],
        "level": me["level"],
        "illnesses": sum(1 for c in inf if c == ILLNESS),
        "on_base": me["board"] == base_name,
        "players_on_base": len(board["players"]),
        "boards_turned": any(b["turned"] for b in v["boards"]),
        "survivor": bool(face_up) and role.startswith("Survivor"),
        "hermit_alone": bool(face_up) and role.startswith("Hermit") and board["players"] == [p],
        "rations": me["rations"],
    }


def daily_size(state: Any, player: str | None = None, *, ration: bool = False, survivor_fewer: bool = True) -> int:
    """Cards of ``player``'s daily trial taken now (``ration``: one eaten first; a face-up
    Survivor takes one fewer unless ``survivor_fewer=False``)."""
    pos = position(state, player)
    return trial_size(pos["level"], "daily", on_base=pos["on_base"], players_on_base=pos["players_on_base"],
                      boards_turned=pos["boards_turned"], ration=ration,
                      survivor=pos["survivor"] and survivor_fewer, hermit_alone=pos["hermit_alone"])


def daily_distribution(state: Any, player: str | None = None, *, ration: bool = False,
                       survivor_fewer: bool = True) -> dict[int, Fraction]:
    """``added_distribution`` of ``player``'s daily trial taken now, from the live position."""
    pos = position(state, player)
    k = daily_size(state, player, ration=ration, survivor_fewer=survivor_fewer)
    return added_distribution(pos["deck"], pos["discard"], level=pos["level"], illnesses=pos["illnesses"], cards=k,
                              kind="daily", radio_aside=pos["radio_aside"], radio_left=pos["radio_left"])


def attack_distribution(state: Any, player: str | None = None, cards: int = 2, *, kind: str = "attack",
                        level5: bool | None = None, pistol: bool = False, survivor_fewer: bool = True) -> dict[int, Fraction]:
    """``added_distribution`` of an attack trial of ``cards`` cards for ``player`` now (``level5``:
    default, whether a survivor on the board is at level 5)."""
    pos = position(state, player)
    if level5 is None:
        v = state.view(None)
        here = next(b for b in v["boards"] if b["name"] == v["players"][pos["player"]]["board"])["players"]
        level5 = any(v["players"][q]["level"] == 5 and not v["players"][q]["zombie"] for q in here)
    k = trial_size(pos["level"], kind, cards, level5=level5, pistol=pistol, survivor=pos["survivor"] and survivor_fewer)
    return added_distribution(pos["deck"], pos["discard"], level=pos["level"], illnesses=pos["illnesses"], cards=k,
                              kind=kind, radio_aside=pos["radio_aside"], radio_left=pos["radio_left"])


# ---- the infection level as a Markov chain -------------------------------------------------------------

ZOMBIE = (ZOMBIE_LEVEL, -1)


@dataclass(frozen=True)
class LevelChain:
    """The infection level of one survivor as a Markov chain, one step per daily trial.

    A state is (level, Illness cards held): the number of Illness cards matters because a third
    one cannot be added, so the level alone would not be a Markov chain. ``ZOMBIE`` (level 8) is
    absorbing. ``matrix[i][j]`` is the chance of going from ``states[i]`` to ``states[j]`` in one
    turn, exactly. The model's assumption: every day the Virus deck is shuffled afresh from the
    same cards (the deck forgets); the real deck remembers what was drawn."""

    states: tuple[tuple[int, int], ...]
    matrix: tuple[tuple[Fraction, ...], ...]
    description: str = ""

    def index(self, state: tuple[int, int]) -> int:
        return self.states.index(tuple(state))

    def row(self, state: tuple[int, int]) -> dict[tuple[int, int], Fraction]:
        i = self.index(state)
        return {s: p for s, p in zip(self.states, self.matrix[i]) if p}

    def step(self, dist: Sequence[Fraction]) -> list[Fraction]:
        n = len(self.states)
        out = [Fraction(0)] * n
        for i, pi in enumerate(dist):
            if pi:
                for j, q in enumerate(self.matrix[i]):
                    if q:
                        out[j] += pi * q
        return out

    def after(self, turns: int, start: tuple[int, int] = (0, 0)) -> list[Fraction]:
        """The distribution over ``states`` after ``turns`` daily trials (a row of the matrix power)."""
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
            raise GamelibError(f"turns must be a whole number >= 0, got {turns!r}")
        dist = [Fraction(int(s == tuple(start))) for s in self.states]
        if not any(dist):
            raise GamelibError(f"{start!r} is not a state of the chain")
        for _ in range(turns):
            dist = self.step(dist)
        return dist

    def level_after(self, turns: int, start: tuple[int, int] = (0, 0)) -> dict[int, Fraction]:
        """The chance of each level (8: a zombie) after ``turns`` daily trials."""
        out = {lv: Fraction(0) for lv in range(ZOMBIE_LEVEL + 1)}
        for s, p in zip(self.states, self.after(turns, start)):
            out[s[0]] += p
        return out

    def turned_by(self, turns: int, start: tuple[int, int] = (0, 0)) -> Fraction:
        """P(a zombie within ``turns`` daily trials): the (start, zombie) entry of the matrix power."""
        return self.after(turns, start)[self.index(ZOMBIE)]

    def turned_by_curve(self, turns: int, start: tuple[int, int] = (0, 0)) -> list[Fraction]:
        """P(a zombie within n trials) for n = 0, 1, ..., ``turns``."""
        dist = [Fraction(int(s == tuple(start))) for s in self.states]
        z = self.index(ZOMBIE)
        out = [dist[z]]
        for _ in range(turns):
            dist = self.step(dist)
            out.append(dist[z])
        return out

    def expected_turns(self, start: tuple[int, int] = (0, 0)) -> Fraction:
        """Expected daily trials until the survivor turns (absorption time), by first-step analysis:
        t(s) = 1 + sum over s' of P(s, s') t(s'). Levels never go down, so the equations solve
        from level 7 back to level 0."""
        return self._times()[self.index(start)]

    def expected_turns_all(self) -> dict[tuple[int, int], Fraction]:
        return dict(zip(self.states, self._times()))

    def _times(self) -> list[Fraction]:
        n = len(self.states)
        t = [Fraction(0)] * n
        for i in sorted(range(n), key=lambda i: -self.states[i][0]):
            if self.states[i] == ZOMBIE:
                continue
            stay = self.matrix[i][i]
            if stay == 1:
                raise GamelibError(f"from {self.states[i]} the survivor can never turn: no card to add is left")
            t[i] = (1 + sum(q * t[j] for j, q in enumerate(self.matrix[i]) if j != i and q)) / (1 - stay)
        return t

    def absorbing(self) -> list[tuple[int, int]]:
        return [s for i, s in enumerate(self.states) if self.matrix[i][i] == 1]

    def level_matrix(self, illnesses: int = 0) -> list[list[Fraction]]:
        """The 9 x 9 matrix over levels 0-8 for a survivor who keeps ``illnesses`` Illness cards
        fixed (a picture for the board; the chain itself runs on (level, Illness) states)."""
        out = [[Fraction(0)] * (ZOMBIE_LEVEL + 1) for _ in range(ZOMBIE_LEVEL + 1)]
        out[ZOMBIE_LEVEL][ZOMBIE_LEVEL] = Fraction(1)
        for lv in range(ZOMBIE_LEVEL):
            s = (lv, min(illnesses, lv))
            for (l2, _), p in self.row(s).items():
                out[lv][l2] += p
        return out


def chain_states() -> tuple[tuple[int, int], ...]:
    return tuple((lv, i) for lv in range(ZOMBIE_LEVEL) for i in range(min(MAX_ILLNESSES, lv) + 1)) + (ZOMBIE,)


def level_chain(deck: Deck = None, *, on_base: bool = False, players_on_base: int = 1, survivor: bool = False,
                radio: bool = False, own_cards_out: bool = True) -> LevelChain:
    """The Markov chain of one survivor's daily trials, each from a freshly shuffled ``deck``
    (default: the shipped 70 cards).

    ``own_cards_out``: the survivor's own Infection cards are not in the deck (the others are);
    ``radio=False`` leaves the Radio Contacts out (they never count toward a trial, so they only
    matter through a reshuffle in the middle of a trial, and the game never ends in the chain);
    ``on_base``, ``players_on_base``, ``survivor``: as in ``trial_size``."""
    base = composition(full_deck() if deck is None else deck)
    if not radio:
        base[RADIO] = 0
    states = chain_states()
    rows = []
    for lv, ill in states:
        if (lv, ill) == ZOMBIE:
            rows.append(tuple(Fraction(int(s == ZOMBIE)) for s in states))
            continue
        d = Counter(base)
        if own_cards_out:
            d[ILLNESS] = max(0, d[ILLNESS] - ill)
            _take_own_levels(d, lv - ill)
        k = trial_size(lv, "daily", on_base=on_base, players_on_base=players_on_base, survivor=survivor)
        row = dict.fromkeys(states, Fraction(0))
        for o, p in trial_outcomes(+d, level=lv, illnesses=ill, cards=k, kind="daily",
                                   radio_aside=0 if radio else 2).items():
            row[ZOMBIE if o.level >= ZOMBIE_LEVEL else (o.level, o.illnesses)] += p
        rows.append(tuple(row[s] for s in states))
    where = " on the Base" if on_base else ""
    return LevelChain(states, tuple(rows), f"daily trials{where}, each from a freshly shuffled deck")


def _take_own_levels(d: Counter, n: int) -> None:
    """The survivor holds ``n`` level cards below the next level: which ones does not matter to a
    daily trial (none of them can be added again), only that they are not in the deck."""
    for lv in LEVELS:
        if n <= 0:
            return
        take = min(n, d[lv], 1)
        d[lv] -= take
        n -= take


# ---- the deck that remembers: a lone survivor's daily trials, card by card ----------------------------

def lone_survivor_turns(n: int, seed: int = 0, *, deck: Deck = None, on_base: bool = False, survivor: bool = False,
                        fresh: bool = False, max_turns: int = 1000) -> list[int]:
    """``n`` seeded runs of one survivor doing nothing but daily trials from ONE Virus deck that is
    never shuffled between turns (discards stay out until the second Radio Contact of a cycle
    shuffles them back, as in the game; the game never ends by radio): the number of daily trials
    until level 8, run by run. The same rules as ``trial_outcomes``, card by card; the lessons
    check it against the engine playing the same turns (``gamelib.lessons.deadland``).

    ``fresh=True`` is the Markov chain's world instead: before every trial the deck is shuffled
    afresh from every card the survivor does not hold, Radio Contacts left out (``level_chain``)."""
    return [_lone_run(pile, rng, on_base, survivor, fresh, max_turns) for pile, rng in _lone_decks(n, seed, deck)]


def lone_survivor_paths(n: int, seed: int = 0, *, deck: Deck = None, on_base: bool = False, survivor: bool = False,
                        fresh: bool = False, max_turns: int = 1000) -> list[list[tuple[int, int, int, bool]]]:
    """The same ``n`` runs as ``lone_survivor_turns`` (same seeds, same cards), day by day: for
    each daily trial (level, Illness cards held, cards of the next level in the discard pile,
    whether the trial added a card). A run's length is its number of days."""
    out = []
    for pile, rng in _lone_decks(n, seed, deck):
        days: list[tuple[int, int, int, bool]] = []
        _lone_run(pile, rng, on_base, survivor, fresh, max_turns, days)
        out.append(days)
    return out


def _lone_decks(n: int, seed: int, deck: Deck) -> Iterator[tuple[list[str], Any]]:
    """Run ``i``'s shuffled Virus deck and its generator (seeded ``"seed:i"``), for ``i < n``: the
    same for ``lone_survivor_turns`` and ``lone_survivor_paths``."""
    import random

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise GamelibError(f"n must be a whole number >= 1, got {n!r}")
    cards = sorted(composition(full_deck() if deck is None else deck).elements())
    for run in range(n):
        rng = random.Random(f"{seed}:{run}")
        pile = cards[:]
        rng.shuffle(pile)
        yield pile, rng


def _lone_run(pile: list[str], rng: Any, on_base: bool, survivor: bool, fresh: bool, max_turns: int,
              record: list | None = None) -> int:
    disc: list[str] = []
    aside = 0
    level = ill = 0
    held: list[str] = []
    full = [c for c in pile if c != RADIO]
    for turn in range(1, max_turns + 1):
        if fresh:  # the chain's world: a new deck every day, the survivor's own cards out
            pile = full[:]
            for c in held:
                pile.remove(c)
            rng.shuffle(pile)
        left = trial_size(level, "daily", on_base=on_base, survivor=survivor)
        added = False
        before = (level, ill, sum(1 for c in disc if c == str(level + 1)))
        while left > 0:
            card = pile.pop()
            if card == RADIO:
                aside += 1
                if aside >= 2:
                    pile += disc + [RADIO] * aside
                    disc, aside = [], 0
                    rng.shuffle(pile)
                continue
            left -= 1
            nxt = level + 1
            fits = card == str(nxt) or (card == ILLNESS and nxt <= 7 and ill < MAX_ILLNESSES)
            if fits and not added:
                added = True
                held.append(card)
                level, ill = nxt, ill + (card == ILLNESS)
                if level >= ZOMBIE_LEVEL:
                    break
            else:
                disc.append(card)
        if record is not None:
            record.append(before + (added,))
        if level >= ZOMBIE_LEVEL:
            return turn
    raise GamelibError(f"the survivor did not turn within {max_turns} trials")


# ---- Radio Contacts: waiting times and the length of a game ----------------------------------------------

def _check_deck_size(n: Any, radios: int = 2) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < radios:
        raise GamelibError(f"a Virus deck holding {radios} Radio Contacts has at least {radios} cards, got {n!r}")
    return n


def radio_wait(deck_size: int = 70, which: int = 1, radios: int = 2) -> dict[int, Fraction]:
    """P(the ``which``-th Radio Contact is the k-th card drawn from a freshly shuffled deck of
    ``deck_size`` cards holding ``radios`` of them), k = which .. deck_size: the negative
    hypergeometric, C(k - 1, which - 1) C(N - k, r - which) / C(N, r)."""
    n = _check_deck_size(deck_size, radios)
    if not 1 <= which <= radios:
        raise GamelibError(f"which must be 1 to {radios}, got {which!r}")
    den = comb(n, radios)
    return {k: Fraction(comb(k - 1, which - 1) * comb(n - k, radios - which), den) for k in range(which, n - radios + which + 1)}


def expected_radio_wait(deck_size: int = 70, which: int = 1, radios: int = 2) -> Fraction:
    """E(position of the ``which``-th Radio Contact) = which (N + 1) / (r + 1)."""
    n = _check_deck_size(deck_size, radios)
    return Fraction(which * (n + 1), radios + 1)


def _moments(dist: Mapping[int, Fraction]) -> tuple[int, int, int, int]:
    den = lcm(*(Fraction(p).denominator for p in dist.values()))
    nums = {k: Fraction(p).numerator * (den // Fraction(p).denominator) for k, p in dist.items()}
    return den, sum(nums.values()), sum(k * v for k, v in nums.items()), sum(k * k * v for k, v in nums.items())


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """E(X) of a distribution over whole numbers, exactly."""
    den, _, s1, _ = _moments(dist)
    return Fraction(s1, den)


def variance(dist: Mapping[int, Fraction]) -> Fraction:
    """Var(X) = E(X^2) - E(X)^2, exactly."""
    den, _, s1, s2 = _moments(dist)
    return Fraction(s2, den) - Fraction(s1, den) ** 2


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent counts (whole numbers on a common
    denominator: adding Fractions one by one is slow)."""
    da = lcm(*(Fraction(p).denominator for p in a.values()))
    db = lcm(*(Fraction(q).denominator for q in b.values()))
    na = {i: Fraction(p).numerator * (da // Fraction(p).denominator) for i, p in a.items()}
    nb = {j: Fraction(q).numerator * (db // Fraction(q).denominator) for j, q in b.items()}
    out: dict[int, int] = {}
    for i, p in na.items():
        for j, q in nb.items():
            out[i + j] = out.get(i + j, 0) + p * q
    den = da * db
    return {k: Fraction(v, den) for k, v in sorted(out.items())}


@lru_cache(maxsize=1)
def radio_targets() -> dict[int, int]:
    """Radio Contacts that end the game, by number of players (the game's own table)."""
    import gamelib

    return {n: gamelib.load("deadland", players=n).new_state(seed=0).view(None)["radio"]["target"]
            for n in range(2, 7)}


def cycles(target: int) -> list[int]:
    """Which Radio Contact ends each cycle of the Virus deck until the ``target``-th: 2 for every
    full cycle (the second one reshuffles), 1 for a last cycle ended by its first."""
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise GamelibError(f"the Radio Contact target is a whole number >= 1, got {target!r}")
    return [2] * (target // 2) + [1] * (target % 2)


def cards_to_target(players: int | None = None, *, target: int | None = None,
                    deck_sizes: int | Sequence[int] = 70) -> dict[int, Fraction]:
    """The distribution of the Virus cards drawn until the Radio Contact marker reaches the
    target (the game's length in cards, if no other end comes first), exactly.

    Each cycle of the deck ends at its second Radio Contact (the reshuffle), so the length is a
    sum of independent negative hypergeometric waits, one per cycle, the last one ended by its
    first Radio Contact when the target is odd. ``deck_sizes``: the deck's size at the start of
    each cycle (one number for all, or a list; the cards in survivors' Infection decks are not
    shuffled back, so real decks shrink)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for which, n in _cycles_and_sizes(players, target, deck_sizes):
        dist = convolve(dist, radio_wait(n, which))
    return dist


def expected_cards_to_target(players: int | None = None, *, target: int | None = None,
                             deck_sizes: int | Sequence[int] = 70) -> Fraction:
    """E(Virus cards until the target): by linearity, the sum of the cycles' expected waits."""
    return sum((expected_radio_wait(n, which) for which, n in _cycles_and_sizes(players, target, deck_sizes)),
               Fraction(0))


def _cycles_and_sizes(players: int | None, target: int | None,
                      deck_sizes: int | Sequence[int]) -> list[tuple[int, int]]:
    """(the Radio Contact that ends the cycle, the deck's size) for each cycle until the target
    (the players' target when ``target`` is None); too few deck sizes is an error, never a
    shorter game."""
    if target is None:
        if players not in radio_targets():
            raise GamelibError(f"Deadland seats 2 to 6 players, got {players!r}")
        target = radio_targets()[players]
    ends = cycles(target)
    sizes = [deck_sizes] * len(ends) if isinstance(deck_sizes, int) else list(deck_sizes)
    if len(sizes) < len(ends):
        raise GamelibError(f"{len(ends)} cycles need {len(ends)} deck sizes, got {len(sizes)}")
    return list(zip(ends, sizes))


def quantile(dist: Mapping[int, Fraction], q: Fraction | float) -> int:
    """The smallest k with P(X <= k) >= q."""
    acc = Fraction(0)
    q = Fraction(q)
    for k in sorted(dist):
        acc += dist[k]
        if acc >= q:
            return k
    return max(dist)


def cdf(dist: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for j, p in dist.items() if j <= k), Fraction(0))


__all__ = [
    "ILLNESS", "KINDS", "LABELS", "LEVELS", "LevelChain", "RADIO", "TrialOutcome", "ZOMBIE", "add_chance",
    "added_distribution", "attack_distribution", "binomial_at_least_one", "cards_to_target", "cdf", "chain_states",
    "composition", "convolve", "cycles", "daily_base", "daily_distribution", "daily_size", "deck_minus",
    "expected_cards_to_target", "expected_radio_wait", "full_deck", "good_cards", "hypergeom_at_least_one",
    "hypergeom_pmf", "level_chain", "lone_survivor_paths", "lone_survivor_turns", "mean", "position", "quantile", "radio_targets", "radio_wait", "trial_outcomes",
    "trial_size", "variance",
]

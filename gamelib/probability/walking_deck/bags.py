"""Weaknesses, bags of Calamity tokens and the card set's Events, read from the game's card
set (a state's, a card set passed in, or the shipped one)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Union

from gamelib.core.errors import GamelibError
from gamelib.rules.walking_deck.cards import RESERVES, WEAKNESSES, CardSet, Event, cached_cards, mask_text


Weak = Union[str, int, Iterable[str]]


BagSpec = Union[Mapping[Any, int], Iterable[Any], None]


ALL = (1 << len(WEAKNESSES)) - 1


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

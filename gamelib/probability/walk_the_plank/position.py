"""The position a round starts from: an ``Endgame`` read from a scenario dict, with the card set
of the game it belongs to (the engine's own card definitions: an edited card file changes every
answer), and the programmes each seat may place."""
from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamelib.core.errors import GamelibError
from gamelib.rules.walk_the_plank.cards import MAX_PLANKS, CardDef

DEAD = -1
PLACES = {"ship": 0, "the ship": 0, "plank 1": 1, "plank 2": 2, "plank 3": 3, "dead": DEAD}

Programme = tuple  # (card 1, card 2, card 3); a Ghost's: None except at its declared position
#: one card as a round needs it: (name, effect, Skull?, positions allowed)
CardRow = tuple[str, str, bool, tuple[int, ...]]


def card_set(cards: Any = None) -> tuple[CardDef, ...]:
    """The card definitions of a colour set, as the engine reads them: ``None`` for the shipped
    set, a Walk the Plank game (``gamelib.load("walk-the-plank", cards=...)``), a tuple of its
    ``CardDef``s, or anything the game's ``cards`` option takes (a path or a card table)."""
    if isinstance(cards, tuple) and all(isinstance(c, CardDef) for c in cards):
        return cards
    game_cards = getattr(cards, "cards", None)
    if getattr(cards, "name", None) == "walk-the-plank" and game_cards is not None:
        return game_cards
    from gamelib.core import load  # the engine validates the card set (CardDataError names the file or field)

    return load("walk-the-plank", cards=cards).cards


def card_table(cards: Any = None) -> dict[str, tuple[str, bool, tuple[int, ...]]]:
    """name -> (effect, Skull?, positions allowed) for every card of the set (``card_set``)."""
    return {c.name: (c.effect, c.skull, c.slots) for c in card_set(cards)}


@dataclass(frozen=True)
class Endgame:
    """A position at the start of a round with two rivals (the players who still have pirates)."""

    colours: tuple[str, ...]
    counts: tuple[tuple[int, ...], ...]   # per seat: living pirates on the ship, plank 1, 2, 3
    planks: int
    captain: int
    ghosts: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]    # per seat: the cards that may be programmed this round
    scenario: dict = field(compare=False, hash=False, default_factory=dict)
    deck: tuple[CardRow, ...] = ()        # the colour set, from the game's card set

    @property
    def rivals(self) -> tuple[int, int]:
        alive = [s for s, c in enumerate(self.counts) if sum(c)]
        return alive[0], alive[1]

    def name(self, seat: int) -> str:
        return self.colours[seat]

    def card(self, name: str) -> CardRow:
        """The card named ``name`` in this endgame's card set."""
        for row in self.deck:
            if row[0] == name:
                return row
        raise GamelibError(f"{name!r} is not a card of this set; the cards are {', '.join(r[0] for r in self.deck)}")


def _counts(scenario: Mapping[str, Any], colours: tuple[str, ...], planks: int) -> list[tuple[int, ...]]:
    pirates = scenario.get("pirates")
    if not isinstance(pirates, Mapping) or set(pirates) != set(colours):
        raise GamelibError("pirates must give 3 places for every colour, e.g. {'red': ['ship', 'plank 1', 'dead']}")
    counts = []
    for c in colours:
        places = pirates[c]
        if not isinstance(places, list) or len(places) != 3 or any(p not in PLACES for p in places):
            raise GamelibError(f"{c}: 3 places among 'ship', 'plank 1', 'plank 2', 'plank 3', 'dead', got {places!r}")
        row = [0, 0, 0, 0]
        for p in places:
            if PLACES[p] > planks:
                raise GamelibError(f"{c} has a pirate on {p} but only {planks} plank piece(s) are in play")
            if PLACES[p] >= 0:
                row[PLACES[p]] += 1
        counts.append(tuple(row))
    alive = [i for i, c in enumerate(counts) if sum(c)]
    if len(alive) != 2:
        raise GamelibError(f"an endgame has exactly two players with pirates, got {len(alive)}")
    if sum(sum(c) for c in counts) <= 2:
        raise GamelibError("with two pirates or fewer the game is already over")
    return counts


def endgame(scenario: Mapping[str, Any], cards: Any = None) -> Endgame:
    """An ``Endgame`` from a scenario dict (only the fields a round needs; the engine checks the
    rest when the lessons load the same dict with ``game.from_scenario``), played with the card
    set ``cards`` (``card_set``: default the shipped one; pass the game for an edited set)."""
    if not isinstance(scenario, Mapping):
        raise GamelibError(f"an endgame is a scenario dict, got {type(scenario).__name__}")
    colours = tuple(scenario.get("players") or ())
    if not 3 <= len(colours) <= 5:
        raise GamelibError("the scenario must list its players (3 to 5 colours), e.g. players=['red', 'blue', 'green']")
    planks = scenario.get("planks", MAX_PLANKS)
    if planks not in (1, 2, 3):
        raise GamelibError(f"planks must be 1, 2 or 3, got {planks!r}")
    counts = _counts(scenario, colours, planks)
    captain = scenario.get("captain", colours[0])
    if captain not in colours or not sum(counts[colours.index(captain)]):
        raise GamelibError(f"the Captain must be a player with pirates, got {captain!r}")
    eliminated = list(scenario.get("eliminated", []))
    n_ghosts = 2 if len(colours) == 5 else 1
    ghosts = tuple(colours.index(c) for c in eliminated[:n_ghosts])
    aside = scenario.get("set_aside", {}) or {}
    defs = card_set(cards)
    deck = tuple((c.name, c.effect, c.skull, c.slots) for c in defs)
    shoves = tuple(c.name for c in defs if c.is_shove)
    hands = []
    for s, c in enumerate(colours):
        own = shoves if s in ghosts else tuple(r[0] for r in deck)
        out = [x for x in own if x not in aside.get(c, [])]
        hands.append(tuple(out) if (sum(counts[s]) or s in ghosts) else ())
    return Endgame(colours, tuple(counts), planks, colours.index(captain), ghosts, tuple(hands), dict(scenario), deck)


def programmes(game: Endgame, seat: int) -> list[Programme]:
    """Every programme ``seat`` may place: three different cards of the hand in order, each only
    in a position its card allows (so Charge! never first), or for a Ghost one Shove card at a
    declared position."""
    hand = game.hands[seat]
    slots = {r[0]: r[3] for r in game.deck}
    if seat in game.ghosts:
        return [tuple(card if k == j else None for k in (1, 2, 3)) for card in hand for j in slots[card]]
    return [p for p in itertools.permutations(hand, 3) if all(k in slots[c] for k, c in zip((1, 2, 3), p))]


def programme_text(p: Programme) -> str:
    cards = [c for c in p if c is not None]
    if len(cards) == 1:
        return f"{cards[0]} as card {p.index(cards[0]) + 1}"
    return " → ".join(cards)

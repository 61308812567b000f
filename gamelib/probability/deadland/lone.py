"""The deck that remembers: a lone survivor's daily trials, card by card (simulated)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gamelib.core.errors import GamelibError

from .decks import Deck, ILLNESS, MAX_ILLNESSES, RADIO, ZOMBIE_LEVEL, composition, full_deck
from .trials import trial_size


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

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

The Virus deck and the Radio Contact targets are read from the card set the engine plays with
(``full_deck(cards=...)``, ``radio_targets(cards=...)``: a game, a card table or a path; the
shipped one by default), and the rulebook's numbers (the daily trial's size by level, the
zombie level, the Illness limit) are the engine's own constants.

The modules: ``decks`` (compositions, the card set's deck), ``trials`` (one trial exactly),
``live`` (a live state), ``chain`` (the Markov chain), ``lone`` (a lone survivor's deck),
``radio`` (waits and a game's length). No widgets and no plotting here."""
from __future__ import annotations

from .decks import (Deck, ILLNESS, KINDS, LABELS, LEVELS, MAX_ILLNESSES, RADIO, card_data, composition, deck_minus, full_deck,
                    ZOMBIE_LEVEL)
from .trials import (TrialOutcome, _check_level, add_chance, added_distribution, binomial_at_least_one, daily_base, good_cards,
                     hypergeom_at_least_one, hypergeom_pmf, trial_outcomes, trial_size)
from .live import (attack_distribution, daily_distribution, daily_size, position)
from .chain import (LevelChain, ZOMBIE, chain_states, level_chain)
from .lone import (lone_survivor_paths, lone_survivor_turns)
from .radio import (cards_to_target, cdf, convolve, cycles, expected_cards_to_target, expected_radio_wait, mean, quantile,
                    radio_targets, radio_wait, variance)

__all__ = [
    'Deck', 'ILLNESS', 'KINDS', 'LABELS', 'LEVELS', 'LevelChain', 'MAX_ILLNESSES', 'RADIO', 'TrialOutcome',
    'ZOMBIE', 'add_chance', 'added_distribution', 'attack_distribution', 'binomial_at_least_one', 'card_data',
    'cards_to_target', 'cdf', 'chain_states', 'composition', 'convolve', 'cycles', 'daily_base',
    'daily_distribution', 'daily_size', 'deck_minus', 'expected_cards_to_target', 'expected_radio_wait',
    'full_deck', 'good_cards', 'hypergeom_at_least_one', 'hypergeom_pmf', 'level_chain', 'lone_survivor_paths',
    'lone_survivor_turns', 'mean', 'position', 'quantile', 'radio_targets', 'radio_wait', 'trial_outcomes',
    'trial_size', 'variance', 'ZOMBIE_LEVEL'
]

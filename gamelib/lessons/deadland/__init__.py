"""The Deadland lessons' pieces: the positions they show (scenario dicts, loaded by the engine with
``game.from_scenario``), the engine's own trials and games played many times with a progress bar,
their exercises (answers computed by ``gamelib.probability.deadland``, never typed) and their
linked widgets.

One module per lesson, re-exported here (the notebooks write ``from gamelib.lessons import
deadland as lesson``):

* ``common``: the positions, the engine's trials and whole games;
4. ``virus_deck``: drawing without replacement, the Virus deck;
5. ``markov``: Markov chains, how fast does a survivor turn?
6. ``waiting``: waiting times, how long does a game last with 2 to 6 players?

Only public things are used: ``gamelib.load``, ``from_scenario``, ``view``, ``odds``, the log."""
from __future__ import annotations

from .common import (  # noqa: F401 (re-exported)
    BOARD, DEAD_ZOMBIE, before_trial, daily_scenario, engine_daily, first_deck_radios, game,
    infection_cards, level_of, lone_survivor_engine, lone_survivor_levels, play_games, reshuffle_radios,
    scene,
)
from .virus_deck import (  # noqa: F401 (re-exported)
    LESSON4_DISCARD, chance_by_discards, deck_of, numpy_daily, plot_discards, plot_with_and_without,
    virus_deck_exercises, virus_deck_widget,
)
from .markov import (  # noqa: F401 (re-exported)
    advance_rates, chain_against_odds, chain_exercises, chain_widget, level_matrix_table, plot_memory,
    plot_turn_curves, rate_by_memory, state_name,
)
from .waiting import (  # noqa: F401 (re-exported)
    length_summary, plot_clocks, plot_lengths, plot_radio_wait, radio_rows, radio_widget,
    waiting_exercises,
)

__all__ = [
    "BOARD", "DEAD_ZOMBIE", "LESSON4_DISCARD", "before_trial", "chain_exercises", "chain_widget",
    "chance_by_discards", "deck_of", "numpy_daily", "plot_discards", "plot_with_and_without",
    "radio_widget", "virus_deck_exercises", "virus_deck_widget", "waiting_exercises", "daily_scenario",
    "engine_daily", "first_deck_radios", "game", "infection_cards", "level_of", "lone_survivor_engine",
    "lone_survivor_levels", "play_games", "reshuffle_radios", "scene", "radio_rows", "length_summary",
    "plot_radio_wait", "plot_lengths", "plot_clocks", "chain_against_odds", "state_name",
    "level_matrix_table", "advance_rates", "rate_by_memory", "plot_memory", "plot_turn_curves",
]

"""Exact probability for the lessons and the dashboards: answers as ``Fraction``s, plus the
statistics that put a simulated number next to them. No widgets and no plotting here (the
notebooks' helpers are in ``gamelib.lessons``).

One subpackage per game, each working from plain numbers or from a live state, and each reading
the game's own card set (the shipped one, or ``cards=`` an edited one) and the rules engine's
constants, never a copy of them:

* ``walking_deck``: a Calamity draw (who is hurt, the complement, expectation and its
  distribution), repeated draws (binomial, negative binomial), the Memory's order, and the
  exact burials of an Interrogation;
* ``deadland``: what an Infection Trial adds (daily, attacks, every reduction), the infection
  level as a Markov chain, Radio Contact waits and the length of a game;
* ``walk_the_plank``: one round played out exactly, an endgame's payoff matrix and its optimal
  mixed programme, the chi-square test of the seats;
* ``stats`` (shared by every game): standard errors, Wilson intervals, games needed to
  measure a rate or to tell two rates apart, the row that reconciles exact and simulated.

For example::

    from gamelib.probability import walking_deck as wd, stats
    wd.hit_chance("stress")                 # Fraction(1, 2)
    stats.wilson_interval(26, 100)
"""
from . import deadland, stats, walk_the_plank, walking_deck
from .stats import (
    Estimate,
    estimate_mean,
    estimate_rate,
    games_for_margin,
    games_needed,
    normal_interval,
    power_of_comparison,
    reconcile,
    standard_error,
    standard_error_of_mean,
    two_proportion_test,
    wilson_interval,
    z_value,
)

__all__ = ["deadland", "stats", "walk_the_plank", "walking_deck", *stats.__all__]

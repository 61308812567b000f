"""What the probability lessons (``notebooks/lessons/``) need, so that the notebooks stay thin.

* ``text``: ``say`` (a sentence computed from results, as Markdown: numbers in the text come
  from outputs), ``Exercise`` (checked when the student runs a cell, feedback in words, an
  answer box for Voilà) and ``solution`` (a worked solution hidden until opened, in JupyterLab,
  Voilà and static pages alike);
* ``tables``: the table that reconciles exact and simulated answers, win rates;
* ``simulation``: seeded experiments with a progress bar (numpy batches, Interrogations played
  by the engine, whole games through ``gamelib.simulate``);
* ``predict``: prediction widgets (slider, number box, choice) locked in before the answer
  is shown, and the live table that compares them with the answers;
* ``numbers``: typed answers read exactly (``read_number``: ``1/4*1/2``, ``0.125``, ``12.5%``,
  through a closed ``ast`` grammar, no ``eval``) and long fractions shown as decimals;
* ``progress``: the progress line of the simulations (plain output, no widget model to lose);
* ``widgets``: ``linked_answers``, the control that moves the exact and simulated answers together;
* ``plots``: matplotlib helpers (imported here, never in the rules), drawn as gamelib's own SVG
  (``svgplot``) where matplotlib cannot be imported; ``frames``: the lessons' tables as DataFrames,
  or as PlainTables with the same cells where pandas cannot be (the static site's browser Python:
  this package imports numpy, pandas, matplotlib and scipy only inside the helpers that use them);
* one module per game with its lessons' exercises and widgets (``walking_deck``; Deadland and
  Walk the Plank join the same way).

The maths itself lives in ``gamelib.probability``."""
from .plots import plot_convergence, plot_distribution, plot_estimates, plot_running_rates
from .numbers import AnswerError, exact_html, read_number, readable
from .predict import Predictions
from .simulation import (
    InterrogationPlayer,
    NoPowerAgent,
    compare_protagonists,
    in_batches,
    play_interrogations,
    progress,
    strategies,
)
from .pictures import picture
from .tables import (all_inside_sentence, compare_predictions, first_course_sentence, first_course_table,
                     reconcile_table, win_rates)
from .text import Exercise, Feedback, Solution, exact_text, fraction_text, markdown_html, parse_answer, pct, say, solution
from .widgets import answers_html, linked_answers

__all__ = [
    "AnswerError", "Predictions", "first_course_sentence", "first_course_table", "picture", "exact_html", "read_number", "readable",
    "Exercise", "Feedback", "InterrogationPlayer", "NoPowerAgent", "Solution", "all_inside_sentence", "answers_html",
    "compare_predictions", "compare_protagonists", "exact_text", "fraction_text", "in_batches", "linked_answers", "markdown_html",
    "parse_answer", "pct", "play_interrogations", "plot_convergence", "plot_distribution", "plot_estimates",
    "plot_running_rates", "progress", "reconcile_table", "say", "solution", "strategies", "win_rates",
]

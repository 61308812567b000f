"""Widgets to play any gamelib game in Jupyter or Voila (built only on the engine contract).

``Stepper(game, seed)`` in a notebook; ``dashboard("walking-deck")`` in a dashboard notebook
(it reads the page's URL: seed, large, view, options, seats). The models under the widgets,
``Screen`` (the game on screen) and ``Timeline`` (its lines of play), import no widget library."""
from .dashboard import dashboard, parse_parameters
from .screen import Screen
from .stepper import PERSON, PLAYER_VIEW, TABLE_VIEW, Stepper
from .timeline import Timeline

__all__ = ["Stepper", "PLAYER_VIEW", "TABLE_VIEW", "PERSON", "Screen", "Timeline", "dashboard", "parse_parameters"]

"""Widgets to play any gamelib game in Jupyter or Voila (built only on the engine contract).

``Stepper(game, seed)`` in a notebook; ``dashboard("walking-deck")`` in a dashboard notebook
(it reads the page's URL: seed, large, view, options, seats)."""
from .dashboard import dashboard, parse_parameters
from .stepper import PERSON, PLAYER_VIEW, TABLE_VIEW, Stepper
from .timeline import Timeline

__all__ = ["Stepper", "PLAYER_VIEW", "TABLE_VIEW", "PERSON", "Timeline", "dashboard", "parse_parameters"]

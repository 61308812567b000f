"""Widgets to play any gamelib game in Jupyter or Voila (built only on the engine contract)."""
from .stepper import PLAYER_VIEW, TABLE_VIEW, Stepper

__all__ = ["Stepper", "PLAYER_VIEW", "TABLE_VIEW"]

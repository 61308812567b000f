"""Walk the Plank (3-5 players): program three cards a round, then shove, drag and charge
the other colours' pirates off the plank to the Kraken. ``load("walk-the-plank", players=4)``."""
from .game import WalkThePlank

__all__ = ["WalkThePlank"]

"""Deadland: survive the epidemic until the Radio Contacts bring help, or, as a zombie, infect
everyone else. The rules follow the Deadland rulebook (each test names its section); where it is
silent, docs/rulings.md (section "Deadland") says what we do and why."""
from .game import Deadland, DeadlandState

__all__ = ["Deadland", "DeadlandState"]

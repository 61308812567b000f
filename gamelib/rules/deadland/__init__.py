"""Deadland: survive the epidemic until the Radio Contacts bring help, or, as a zombie, infect
everyone else. Rules in /work/shared/rules/deadland.txt; rulings in docs/_rulings_deadland.md."""
from .game import Deadland
from .state import DeadlandState

__all__ = ["Deadland", "DeadlandState"]

"""``WalkThePlank``: options, card data and the starting position."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamelib.core import Action, Game, Option, log
from gamelib.core.cards import CardsOption

from .cards import CardDef, cached_cards
from .codes import PROGRAMMING
from .state import PlankState

COLOURS = ("red", "blue", "green", "yellow", "purple")


def _rounds_option(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise ValueError("must be a whole number of rounds from 1 to 100000")
    return value


class WalkThePlank(Game):
    name = "walk-the-plank"
    title = "Walk the Plank"
    rulebook = "Walk the Plank: Deluxe Edition Rulebook"  # cited by title: the rulebook text is not part of the package
    renderer = "gamelib.render.walk_the_plank:render_walk_the_plank"
    min_players = 3
    max_players = 5
    option_specs = (
        Option("players", 4, "number of pirates' colours at the table, seated in this order: "
               + ", ".join(COLOURS), choices=(3, 4, 5)),
        CardsOption("cards", None, "None for the shipped card set, or the path of a TOML copy to use instead"),
        Option("max_rounds", 100, "house rule: after this round the game stops and nobody wins "
               "(the rulebook has no limit; random play could otherwise go on and on)", check=_rounds_option),
    )
    agent_classes = {"heuristic": "gamelib.rules.walk_the_plank.agents:HeuristicAgent"}

    cards: tuple[CardDef, ...]

    def _setup(self) -> None:
        self.cards = cached_cards(self.options["cards"])
        self._players = COLOURS[: self.options["players"]]
        self.max_rounds: int = self.options["max_rounds"]
        # In a five-player game the second player eliminated also plays the Ghost.
        self.ghost_players = 2 if len(self._players) == 5 else 1
        # Actions are immutable, so the programming choices are built once and shared.
        self.slot_masks = tuple(sum(1 << k for k in c.slots) for c in self.cards)
        self.program_actions = tuple(
            {k: Action(f"Program {c.name} as card {k}", "program", (c.index, k)) for k in c.slots}
            for c in self.cards
        )
        self.ghost_actions = tuple(
            tuple(Action(f"Ghost plays {c.name} on card {k}", "ghost", (c.index, k)) for k in c.slots)
            for c in self.cards
        )

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def new_state(self, seed: int = 0) -> PlankState:
        n = len(self._players)
        s = PlankState.__new__(PlankState)
        s._init_base(self, seed)
        s.pos = [0] * (3 * n)
        s.planks = 3
        s.loc = [0] * (n * len(self.cards))
        s.captain = s.rng.randbelow(n)
        s.round = 1
        s.eliminated, s.ghosts = [], []
        s.final, s.result = False, None
        s.stage, s.card_no, s.off, s.pending = PROGRAMMING, 0, 0, -1
        s.turn, s.slot = s.captain, 1
        log(s, "Setup", f"the plank has 3 pieces; every pirate is on the ship; "
            f"{self._players[s.captain]} is chosen at random to hold the Captain's Token")
        log(s, "How to Play", f"round 1: {self._players[s.captain]} holds the Captain's Token")
        return s

    def from_scenario(self, scenario: Mapping[str, Any], seed: int = 0) -> PlankState:
        from .scenario import from_scenario

        return from_scenario(self, scenario, seed)

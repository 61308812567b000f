"""``Deadland``: the Game (options, card data loaded once) and the set-up of a new game.

The last module of the package but agents.py: it binds the State's engine hooks to the modules
below the state (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from typing import Any

from gamelib.core import Game, Option
from gamelib.core.cards import CardsOption

from . import ids, odds, rules, views
from .cards import PLAYER_NAMES, CardData, cached_cards
from .scenario import from_scenario, to_scenario
from .state import DeadlandState, blank


DeadlandState._legal_actions = rules.legal_actions
DeadlandState._apply = rules.apply
DeadlandState.phase = property(rules.phase, doc="The phase shown to players ('over' at the end).")
DeadlandState.zones = views.zones
DeadlandState._view = views.view
DeadlandState._redeal_hidden = views.redeal_hidden
DeadlandState.odds = odds.odds
DeadlandState.odds_for = odds.odds_for
DeadlandState._next_outcomes = odds.next_outcomes
DeadlandState.to_scenario = to_scenario
DeadlandState._action_key = ids.action_key


class Deadland(Game):
    name = "deadland"
    title = "Deadland"
    rulebook = "deadland.txt"
    min_players = 2
    max_players = 6
    option_specs = (
        Option("players", 4, "number of survivors, 2 to 6 (red, blue, green, yellow, white, black)",
               choices=(2, 3, 4, 5, 6)),
        CardsOption("cards", None, "None for the shipped cards, or the path of a teacher's TOML copy"),
    )
    agent_classes = {"heuristic": "gamelib.rules.deadland.agents:HeuristicAgent"}
    renderer = "gamelib.render.deadland:render_deadland"
    _action_keys = ids.action_keys
    action_keys_static = True  # keys name cards and seats from the Action's own arguments
    chance_labels = ids.chance_labels

    def max_game_length(self) -> int:
        return ids.MAX_GAME_LENGTH

    data: CardData

    def _setup(self) -> None:
        self.data = cached_cards(self.options["cards"])

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYER_NAMES[: self.options["players"]]

    def new_state(self, seed: int = 0) -> DeadlandState:
        s = blank(self, seed)
        rules.deal(s)
        return s

    def from_scenario(self, scenario: Any, seed: int = 0) -> DeadlandState:
        return from_scenario(self, scenario, seed)

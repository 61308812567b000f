"""``WalkThePlank``: options, card data and the starting position. The bottom of the package:
it binds the State's engine hooks to the modules that implement them (``state.py`` cannot
import them: they import it)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamelib.core import Action, Distribution, Game, Option, chance, log
from gamelib.core.cards import CardsOption

from . import ids, odds, rules, views
from .cards import CARD_NUMBERS, COLOURS, HAND, MAX_PLANKS, NO_CARD, PIRATES, PROGRAMMING, SHIP, CardDef, cached_cards
from .scenario import from_scenario, to_scenario
from .state import PlankState

# the engine hooks (see state.py)
PlankState._legal_actions = rules.legal_actions
PlankState._apply = rules.apply
PlankState._explain_illegal = rules.explain_illegal
PlankState._view = views.view
PlankState.zones = views.zones
PlankState._redeal_hidden = views.redeal_hidden
PlankState.odds = odds.odds
PlankState._next_outcomes = odds.next_outcomes
PlankState._odds_viewer = odds.odds_viewer
PlankState.odds_for = odds.odds_for
PlankState.to_scenario = to_scenario
PlankState._action_key = ids.action_key
# the round limit is a house rule: a game it stops is truncated, not ended by the rulebook
PlankState._truncated = lambda s: s.result is not None and s.result == rules.draw_outcome(s)


def _rounds_option(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise ValueError("must be a whole number of rounds from 1 to 100000")
    return value


#: the title of the Captain draw (explicit chance: the root of a game is a chance node)
CAPTAIN = "Captain's Token"


def captain_odds(colours) -> Distribution:
    return Distribution.uniform_counts(colours, CAPTAIN)


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
    _action_keys = ids.action_keys
    chance_labels = ids.chance_labels

    def max_game_length(self) -> int:
        # a round: each seat places at most 3 cards and chooses at most once per revealed card
        return 6 * len(self.players) * self.max_rounds

    cards: tuple[CardDef, ...]

    def _setup(self) -> None:
        self.cards = cached_cards(self.options["cards"])
        self.n_cards = len(self.cards)
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
        #: (a seat's slice of ``loc``, the position to fill or 0 for a Ghost) -> its legal Actions
        self.programming_choices: dict[tuple, list[Action]] = {}

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def new_state(self, seed: int = 0) -> PlankState:
        n = len(self._players)
        s = PlankState.__new__(PlankState)
        s._init_base(self, seed)
        s.pos = [SHIP] * (PIRATES * n)
        s.planks = MAX_PLANKS
        s.loc = [HAND] * (n * len(self.cards))
        # (sample from a uniform Distribution draws rng.randbelow(n): the seeded games are unchanged)
        s.captain = self._players.index(chance.sample(CAPTAIN, captain_odds(self._players), s.rng))
        s.round = 1
        s.eliminated, s.ghosts = [], []
        s.final, s.result = False, None
        s.stage, s.card_no, s.off, s.pending = PROGRAMMING, 0, 0, NO_CARD
        s.turn, s.slot = s.captain, CARD_NUMBERS[0]
        s.choices = None
        log(s, "Setup", f"the plank has 3 pieces; every pirate is on the ship; "
            f"{self._players[s.captain]} is chosen at random to hold the Captain's Token")
        log(s, "How to Play", f"round 1: {self._players[s.captain]} holds the Captain's Token")
        return s

    def from_scenario(self, scenario: Mapping[str, Any], seed: int = 0) -> PlankState:
        return from_scenario(self, scenario, seed)

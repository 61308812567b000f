"""``WalkingDeck``: the Game (options, card set, new positions). The bottom of the package: it
binds the State's engine hooks to the modules that implement them (``state.py`` cannot import
them: they import it)."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from gamelib.core import Game, Option, OptionError, log
from gamelib.core.cards import CardsOption

from . import ids, odds, rules, scenario, views
from .cards import JOURNEY, PILES, PROTAGONISTS, RESERVES, SETUP, cached_cards
from .state import DRAW, WalkingDeckState, clear_banner

# the engine hooks (see state.py)
WalkingDeckState._legal_actions = rules.legal_actions
WalkingDeckState._apply = rules.apply
WalkingDeckState._view = views.view
WalkingDeckState.zones = views.zones
WalkingDeckState._redeal_hidden = views.redeal_hidden
WalkingDeckState.odds = odds.odds
WalkingDeckState._next_outcomes = odds.next_outcomes
WalkingDeckState.to_scenario = scenario.to_scenario
WalkingDeckState._action_key = ids.action_key


def _plain(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).casefold()


class _ProtagonistOption(Option):
    """Offers the four accented names, and also accepts them typed without accents."""

    def validate(self, game: str, value: Any) -> Any:
        self.check_length(game, value)  # before normalising: its cost grows with the text
        if isinstance(value, str):
            plain = _plain(value)
            for name in PROTAGONISTS:
                if plain == _plain(name):
                    value = name
        return super().validate(game, value)


class WalkingDeck(Game):
    name = "walking-deck"
    title = "The Walking Deck"
    rulebook = "The Walking Deck Rulebook"  # cited by title: the rulebook text is not part of the package
    min_players = max_players = 1
    option_specs = (
        _ProtagonistOption("protagonist", "Aénor", "the Protagonist you play (difficulty, burial limit, power)",
                           choices=PROTAGONISTS),
        CardsOption("cards", None, "None for the shipped card set, or the path of your own copy of walking_deck.toml"),
    )
    renderer = "gamelib.render.walking_deck:render_html"
    agent_classes = {"heuristic": "gamelib.rules.walking_deck.agents:HeuristicAgent"}
    _action_keys = ids.action_keys
    action_keys_static = True  # keys name cards and seats from the Action's own arguments
    chance_labels = ids.chance_labels
    private_view_keys = ("hand", "legal_actions")

    def max_game_length(self) -> int:
        return ids.MAX_GAME_LENGTH

    def _setup(self) -> None:
        self.cards = cached_cards(self.options["cards"])
        self.protagonist = self.cards.protagonists[self.options["protagonist"]]
        self.actions = rules.action_table(self.cards)

    def new_state(self, seed: int = 0) -> WalkingDeckState:
        cs = self.cards
        s = WalkingDeckState.__new__(WalkingDeckState)
        s._init_base(self, seed)
        s.rural = list(cs.piles["Rural"])
        s.urban = list(cs.piles["Urban"])
        s.rng.shuffle(s.rural)
        s.rng.shuffle(s.urban)
        s.hand, s.memory, s.avoided, s.buried, s.front, s.removed = [], [], [], [], [], []
        s.dmg = {}
        s.current = None
        s.reserves = (True,) * len(RESERVES)
        s.bag = list(cs.calamities)
        s.aside = list(cs.respites)
        s.drawn = None
        s.out = ()
        s.stage, s.step = JOURNEY, DRAW
        clear_banner(s)
        s.pending = None
        s.uses = s.power_reserves = 0
        s.over = None
        s._odds = None
        prot = self.protagonist
        log(s, SETUP, f"shuffle the {' and '.join(PILES)} piles ({len(s.rural)} and {len(s.urban)} Events)")
        log(s, SETUP, f"Protagonist: {prot.name} ({'*' * prot.stars}, buried limit {prot.burial_limit}). {prot.text}")
        log(s, SETUP, f"three Reserves available; {len(s.bag)} Calamity tokens in the bag, {len(s.aside)} Respite tokens beside it")
        return s

    def from_scenario(self, d: Mapping[str, Any], seed: int = 0) -> WalkingDeckState:
        return scenario.from_scenario(self, d, seed)


__all__ = ["WalkingDeck", "OptionError"]

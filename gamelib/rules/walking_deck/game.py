"""``WalkingDeck``: the Game (options, card set, new positions)."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from gamelib.core import Game, Option, OptionError, log
from gamelib.core.cards import CardsOption

from . import rules, scenario
from .cards import PILES, PROTAGONISTS, cached_cards
from .state import WalkingDeckState


def _plain(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)).casefold()


class _ProtagonistOption(Option):
    """Offers the four accented names, and also accepts them typed without accents."""

    def validate(self, game: str, value: Any) -> Any:
        if isinstance(value, str):
            for name in PROTAGONISTS:
                if _plain(value) == _plain(name):
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

    def _setup(self) -> None:
        self.cards = cached_cards(self.options["cards"])
        self.protagonist = self.cards.protagonists[self.options["protagonist"]]
        self.actions = self.cards.actions

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
        s.reserves = (True, True, True)
        s.bag = list(cs.calamities)
        s.aside = list(cs.respites)
        s.drawn = None
        s.out = ()
        s.stage, s.step = rules.JOURNEY, "draw"
        s.src, s.banner, s.nxt, s.failed = None, "grey", 0, False
        s.pending = None
        s.uses = s.power_reserves = 0
        s.over = None
        s._odds = None
        prot = self.protagonist
        log(s, "Setup", f"shuffle the {' and '.join(PILES)} piles ({len(s.rural)} and {len(s.urban)} Events)")
        log(s, "Setup", f"Protagonist: {prot.name} ({'*' * prot.stars}, buried limit {prot.burial_limit}). {prot.text}")
        log(s, "Setup", f"three Reserves available; {len(s.bag)} Calamity tokens in the bag, {len(s.aside)} Respite tokens beside it")
        return s

    def from_scenario(self, d: Mapping[str, Any], seed: int = 0) -> WalkingDeckState:
        return scenario.from_scenario(self, d, seed)


__all__ = ["WalkingDeck", "OptionError"]

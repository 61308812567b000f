"""The Walking Deck in one place: ``WalkingDeckState`` (its fields declared once, with their
start values and scenario names, and its engine hooks named in its body) and ``WalkingDeck``
(options, card set, the deal). The bottom of the package: the hooks live in the modules above
it (``rules``, ``views``, ``odds``, ``scenario``, ``ids``), which cannot import the State class
(they import ``state``, its queries), so the class is written here where all of them are
complete (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from gamelib.core import Game, Option, OptionError, Outcome, State, log
from gamelib.core.cards import CardsOption
from gamelib.core.fields import CACHE, DICT, LIST, TUPLE, VALUE, Fields

from . import ids, odds, rules, scenario, views
from .cards import END, INTERROGATION, JOURNEY, PILES, PROTAGONISTS, RESERVES, SETUP, cached_cards
from .state import DRAW, NO_BANNER, PLAYER, WON, WalkingDeckQueries


class WalkingDeckState(WalkingDeckQueries, State):
    """One position of The Walking Deck, as plain lists, tuples and ints."""

    fields = Fields(
        rural=LIST([]), urban=LIST([]),  # draw piles, top = last item (scenarios list them top first)
        hand=LIST([], scenario="hand"),
        memory=LIST([], scenario="memory"),    # first memorised first (the Interrogation unstacks index 0)
        avoided=LIST([], scenario="avoided"),
        buried=LIST([], scenario="buried"),    # first buried first
        front=LIST([]),          # Characters in front of you, in placement order (scenario: "characters")
        dmg=DICT({}),            # Character in front -> its damage (scenario: "characters")
        removed=LIST([], scenario="removed"),  # removed from the game
        current=VALUE(None, scenario="being_unstacked"),  # the non-Character Event being unstacked, or None
        reserves=VALUE((True,) * len(RESERVES)),  # (Food, Medical, Restorative): True = available side
        bag=LIST(lambda game: list(game.cards.calamities), scenario="bag"),  # in card-file order
        aside=LIST(lambda game: list(game.cards.respites), scenario="respite_aside"),  # beside the bag
        drawn=VALUE(None, scenario="drawn_calamity"),  # the drawn Calamity token, or None
        out=TUPLE((), scenario="tokens_out_of_play"),  # tokens out of play (scenarios); never changes in a game
        stage=VALUE(JOURNEY, scenario="phase"),  # JOURNEY or INTERROGATION
        step=VALUE(DRAW, scenario="step"),       # DRAW or PLAY (Journey), UNSTACK (Interrogation)
        src=VALUE(None),         # the Event whose banner is being applied, or None (scenario: "resolving")
        banner=VALUE(NO_BANNER),  # that banner's colour (NO_BANNER when src is None)
        nxt=VALUE(0),            # index of the next effect of that banner (0 when src is None)
        failed=VALUE(False),     # a negative effect of that banner failed (False when src is None)
        pending=VALUE(None),     # the open sub-decision (a *Pending of state.py), or None
        uses=VALUE(0, scenario="power_uses"),  # Protagonist power: uses so far
        power_reserves=VALUE(0),  # Reserves already used by "reserve heal" (bits)
        over=VALUE(None),        # None, WON or LOST
        _odds=CACHE(None),       # a DrawOdds, valid while pile sizes and the Respites aside are unchanged
    )

    # ---- the engine hooks (docs/engine.md) ------------------------------------------------
    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _view = views.view
    zones = views.zones
    resample_hidden = views.redeal_hidden
    _next_outcomes = odds.next_outcomes
    odds = odds.odds  # (last of the two: from here on ``odds`` in this body is the method)
    to_scenario = scenario.to_scenario
    _action_key = ids.action_key

    def _info_key(self, me: int) -> tuple:
        """What the player sees, compactly (``GameAINumbers.info_key``): everything but the
        order of the piles and the contents of the Memory and the Buried Events (counts only)."""
        return (len(self.rural), len(self.urban), tuple(self.hand), len(self.memory), tuple(self.avoided),
                len(self.buried), tuple(self.front), tuple(self.dmg[c] for c in self.front), tuple(self.removed),
                self.current, self.reserves, tuple(self.bag), tuple(self.aside), self.drawn, self.stage, self.step,
                self.src, self.banner, self.nxt, self.pending, self.uses, self.power_reserves, self.over)

    @property
    def to_move(self) -> str | None:
        return None if self.over is not None else PLAYER

    @property
    def phase(self) -> str:
        return END if self.over is not None else self.stage

    @property
    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        prot = self.game.protagonist
        if self.over == WON:
            return Outcome((PLAYER,), (), f"the Memory is entirely unstacked ({len(self.buried)}/{prot.burial_limit} buried)")
        return Outcome((), (PLAYER,), f"{len(self.buried)} Events buried, {prot.name}'s limit")

    def summary(self) -> dict[str, Any]:
        return {
            "protagonist": self.game.protagonist.name,
            "buried": len(self.buried),
            "memory_size": len(self.memory),
            "characters_alive": len(self.front),
            "avoided": len(self.avoided),
            "reached_interrogation": self.stage == INTERROGATION,
            "reserves_available": sum(self.reserves),
            "power_uses": self.uses,
        }


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
    state_class = WalkingDeckState
    information = "imperfect"  # the order of the piles and the Memory
    has_chance = True
    solver = "gamelib.strategy.walking_deck"  # exact values in the Interrogation
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
        s = self.blank(seed)
        s.rural = list(cs.piles["Rural"])
        s.urban = list(cs.piles["Urban"])
        s.rng.shuffle(s.rural)
        s.rng.shuffle(s.urban)
        prot = self.protagonist
        log(s, SETUP, f"shuffle the {' and '.join(PILES)} piles ({len(s.rural)} and {len(s.urban)} Events)")
        log(s, SETUP, f"Protagonist: {prot.name} ({'*' * prot.stars}, buried limit {prot.burial_limit}). {prot.text}")
        log(s, SETUP, f"three Reserves available; {len(s.bag)} Calamity tokens in the bag, {len(s.aside)} Respite tokens beside it")
        return s

    def from_scenario(self, d: Mapping[str, Any], seed: int = 0) -> WalkingDeckState:
        return scenario.from_scenario(self, d, seed)


__all__ = ["WalkingDeck", "WalkingDeckState", "OptionError"]

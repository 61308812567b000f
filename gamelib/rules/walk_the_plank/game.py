"""Walk the Plank in one place: ``PlankState`` (its fields declared once, with their start
values and the scenario fields they come from, and its engine hooks named in its body) and
``WalkThePlank`` (options, card data, the Captain's draw). The bottom of the package: the hooks
live in the modules above it, which cannot import the State class (they import ``state``, its
queries), so the class is written here (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamelib.core import Action, Distribution, Game, Option, Outcome, State, chance
from gamelib.core.cards import CardsOption
from gamelib.core.fields import CACHE, LIST, VALUE, Fields

from . import fastplay, ids, odds, rules, views
from .cards import (CARD_NUMBERS, COLOURS, HAND, MAX_PLANKS, NO_CARD, PIRATES, PROGRAMMING, RESOLUTION, SHIP,
                    CardDef, cached_cards)
from .scenario import from_scenario, to_scenario
from .state import PlankQueries
from .texts import Texts, put


class PlankState(PlankQueries, State):
    """One position of Walk the Plank, as plain lists and ints. Where a scenario gives a field
    (``scenario.py``) is said beside it; the others follow from those by the rules."""

    fields = Fields(
        # pirate PIRATES * seat + i -> its Place (SHIP, plank 1..3, DEAD); scenario: "pirates"
        pos=LIST(lambda game: [SHIP] * (PIRATES * len(game.players))),
        planks=VALUE(MAX_PLANKS, scenario="planks"),  # plank pieces in play, 1..MAX_PLANKS
        # card i of seat s at [s * len(cards) + i] -> Where it is (HAND, k, ...); scenario:
        # "set_aside", "programs" (and, for a Ghost, its discarded cards)
        loc=LIST(lambda game: [HAND] * (len(game.players) * len(game.cards))),
        captain=VALUE(0),       # seat holding the Captain's Token; scenario: "captain"
        round=VALUE(1, scenario="round"),  # round number, from 1
        stage=VALUE(PROGRAMMING),  # a Stage (as a plain int); scenario: "phase"
        turn=VALUE(0),          # PROGRAMMING: the seat placing a card; else the Captain (canonical)
        slot=VALUE(CARD_NUMBERS[0]),  # PROGRAMMING: the card number being placed; else 0
        card_no=VALUE(0),       # RESOLUTION: the card number being revealed; else 0 (scenario: "next")
        off=VALUE(0),           # RESOLUTION: the revealer's seat counted from the Captain; else 0
        pending=VALUE(NO_CARD),  # RESOLUTION: the revealed card waiting for its player's choice, or NO_CARD
        eliminated=LIST([]),    # seats without a living pirate, in elimination order; scenario: "eliminated"
        ghosts=LIST([]),        # the eliminated seats that play the Ghost Pirate (the first ones)
        final=VALUE(False),     # an end condition holds: this round is the last
        result=VALUE(None),     # the Outcome once the game is over, else None (scenario: phase "over")
        # RESOLUTION with a pending card: its Actions, made when it was revealed (derived from
        # the fields above, so never compared; a list nothing changes in place), else None
        choices=CACHE(None),
    )

    # ---- the engine hooks (docs/engine.md) ------------------------------------------------
    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _explain_illegal = rules.explain_illegal
    _view = views.view
    zones = views.zones
    resample_hidden = views.redeal_hidden
    _next_outcomes = odds.next_outcomes
    _odds_viewer = odds.odds_viewer
    odds_for = odds.odds_for
    odds = odds.odds  # (last of the odds hooks: from here on ``odds`` in this body is the method)
    to_scenario = to_scenario
    _action_key = ids.action_key
    # random players finishing a world at once, the hint's playouts (gamelib.strategy.playouts)
    _play_randomly = fastplay.play_randomly

    def _info_key(self, me: int) -> tuple:
        """What seat ``me`` sees, compactly (``GameAINumbers.info_key``): another seat's cards in
        hand and face down are one "unplayed" pool, with only where face-down cards lie (a
        Ghost's, before it is declared: how many); pirates count per place, not one by one."""
        nc, loc, pos = len(self.game.cards), self.loc, self.pos
        seats = []
        for q in range(len(self.game.players)):
            mine = loc[q * nc:(q + 1) * nc]
            if q != me:
                down = tuple(k in mine for k in CARD_NUMBERS)
                if self.stage == PROGRAMMING and q in self.ghosts:
                    down = sum(down)
                mine = (tuple(HAND if w in CARD_NUMBERS else w for w in mine), down)
            seats.append((tuple(mine), tuple(sorted(pos[q * PIRATES:(q + 1) * PIRATES]))))
        return (tuple(seats), self.planks, self.captain, self.round, self.stage, self.turn, self.slot, self.card_no,
                self.off, self.pending, tuple(self.eliminated), tuple(self.ghosts), self.final, self.result)

    def _truncated(self) -> bool:
        # the round limit is a house rule: a game it stops is truncated, not ended by the rulebook
        return self.result is not None and self.result == rules.draw_outcome(self)

    @property
    def to_move(self) -> str | None:
        if self.stage == PROGRAMMING:
            return self.game.players[self.turn]
        if self.stage == RESOLUTION:
            return self.game.players[(self.captain + self.off) % len(self.game.players)]
        return None

    @property
    def phase(self) -> str:
        if self.stage == PROGRAMMING:
            return "programming"
        return f"revealing card {self.card_no}" if self.stage == RESOLUTION else "over"

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rounds": self.round, "pirates_left": sum(1 for p in self.pos if p >= 0)}
        for seat, c in enumerate(self.game.players):
            out[f"survivors:{c}"] = sum(1 for p in self.pos[PIRATES * seat:PIRATES * (seat + 1)] if p >= 0)
        out["ghosts"] = ",".join(self.game.players[g] for g in self.ghosts)
        return out


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
    state_class = PlankState
    information = "imperfect"  # the other pirates' face-down programmes
    has_chance = True  # the Captain's Token, drawn at random (the only chance in the game)
    _action_keys = ids.action_keys
    action_keys_static = ids.STATIC_KINDS  # a card's programming keys name the card (not the pirates' places)
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
        #: the log's frequent entries, built once and shared by every state of this game
        self.texts = Texts(self._players, self.cards)

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    def new_state(self, seed: int = 0) -> PlankState:
        s = self.blank(seed)
        # (sample from a uniform Distribution draws rng.randbelow(n): the seeded games are unchanged)
        s.captain = self._players.index(chance.sample(CAPTAIN, captain_odds(self._players), s.rng))
        s.turn = s.captain
        if s.log_enabled:
            for entry in self.texts.setup[s.captain]:
                put(s, entry)
        return s

    def from_scenario(self, scenario: Mapping[str, Any], seed: int = 0) -> PlankState:
        return from_scenario(self, scenario, seed)

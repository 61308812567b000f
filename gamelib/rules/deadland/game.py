"""``Deadland``: the Game (options, card data loaded once) and the set-up of a new game."""
from __future__ import annotations

from typing import Any

from gamelib.core import Game, Option
from gamelib.core.cards import CardsOption

# importing the rule modules registers their steps and decisions
from . import effects, flow, reactions, roles, trials  # noqa: F401
from .data import CardData, cached_cards
from .state import DeadlandState
from .tasks import advance, push

PLAYER_NAMES = ("red", "blue", "green", "yellow", "white", "black")


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

    data: CardData

    def _setup(self) -> None:
        self.data = cached_cards(self.options["cards"])

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYER_NAMES[: self.options["players"]]

    def new_state(self, seed: int = 0) -> DeadlandState:
        s = DeadlandState.__new__(DeadlandState)
        s._init_base(self, seed)
        empty_state(s, self)
        data = self.data
        for deck, boards in data.deck_boards.items():
            ids = list(data.decks[deck])
            s.rng.shuffle(ids)
            size = len(ids) // len(boards)
            for i, b in enumerate(boards):
                s.edeck[b] = ids[i * size:(i + 1) * size]
        s.vdeck = list(data.virus_ids)
        s.rng.shuffle(s.vdeck)
        s.rdeck = list(data.roles)
        s.rng.shuffle(s.rdeck)
        push(s, ("turn_start",))
        advance(s)
        return s

    def from_scenario(self, scenario: Any, seed: int = 0) -> DeadlandState:
        from .scenarios import from_scenario
        return from_scenario(self, scenario, seed)


def empty_state(s: DeadlandState, game: Deadland) -> None:
    """Every field at its start-of-game value, with all piles empty."""
    n = game.options["players"]
    nb = len(game.data.boards)
    s.pos = [game.data.base] * n
    s.zombie = [False] * n
    s.dead = [False] * n
    s.resist = [0] * n
    s.mun = [0] * n
    s.rat = [0] * n
    s.objs = [[] for _ in range(n)]
    s.fresh = []
    s.inf = [[] for _ in range(n)]
    s.role = [None] * n
    s.shown = [False] * n
    s.edeck = [[] for _ in range(nb)]
    s.edisc = [[] for _ in range(nb)]
    s.turned = [False] * nb
    s.known = [[] for _ in range(nb)]
    s.box = []
    s.vdeck = []
    s.vdisc = []
    s.vradio = []
    s.held = []
    s.ev = []
    s.rdeck = []
    s.radio = 0
    s.active = 0
    s.turn = 1
    s.stack = []
    s.cut = False
    s.shot_used = [False] * n
    s.pistol_used = [False] * n
    s.medic_used = False
    s.zorder = []
    s.traitor_known = -1
    s.not_traitor = [False] * n
    s.result = None

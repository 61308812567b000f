"""Deadland in one place: ``DeadlandState`` (its fields declared once, with their start values,
and its engine hooks named in its body) and ``Deadland`` (options, card data loaded once, the
deal). The last module of the package but agents.py: the hooks live in the modules above it,
which cannot import the State class (they import ``state``, its queries), so the class is
written here (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamelib.core import Game, Option, Outcome, State
from gamelib.core.cards import CardsOption
from gamelib.core.fields import CACHE, LIST, VALUE, Fields

from . import ids, odds, rules, views
from .cards import NOBODY, PLAYER_NAMES, CardData, cached_cards
from .scenario import from_scenario, to_scenario
from .state import DeadlandQueries

# Start values: lists to fill in (a new game's deal, a scenario), which ``state.freeze`` turns
# into the tuples the rules use; made per position, sized by the options.


def _seats(value: Any) -> Callable[[Any], list]:
    """One ``value`` per seat (``value`` may be a function of the game)."""
    if callable(value):
        return lambda game: [value(game)] * game.options["players"]
    return lambda game: [value] * game.options["players"]


def _seat_lists(game: Any) -> list[list]:
    return [[] for _ in range(game.options["players"])]


def _boards(value: Any) -> Callable[[Any], list]:
    return lambda game: [value] * len(game.data.boards)


def _board_lists(game: Any) -> list[list]:
    return [[] for _ in game.data.boards]


def _empty(game: Any) -> list:
    return []


_NAMES: dict[int, tuple] = {}


def _shown_names(data: CardData) -> tuple[dict, dict, dict, dict]:
    """Per card id, what a view shows of it: Virus labels, Event labels, Event (object) names,
    Role names (made once per card set)."""
    got = _NAMES.get(id(data))
    if got is None or got[0] is not data:
        got = _NAMES[id(data)] = (data, {c: v.label for c, v in data.virus.items()},
                                 {c: e.label for c, e in data.events.items()},
                                 {c: e.name for c, e in data.events.items()},
                                 {r: x.name for r, x in data.roles.items()})
    return got[1:]


class DeadlandState(DeadlandQueries, State):
    """One position of Deadland. Seats are indices 0..n-1 into the game's players (turn order =
    seat order, clockwise); piles hold card ids with the top card LAST (``state.py``)."""

    # The declaration order is the order of _key() (kept from the hand-written key, so keys of
    # positions saved before are unchanged).
    fields = Fields(
        # per seat
        pos=VALUE(_seats(lambda game: game.data.base)),  # board index
        zombie=VALUE(_seats(False)),
        dead=VALUE(_seats(False)),            # a zombie out of Resistance: off the table
        resist=VALUE(_seats(0)),              # Resistance tokens (zombies)
        mun=VALUE(_seats(0)),                 # Munitions tokens
        rat=VALUE(_seats(0)),                 # Rations tokens
        objs=VALUE(_seat_lists),              # object cards held (Event card ids), per seat
        fresh=VALUE(_empty),  # objects drawn this turn by their holder: not usable until their next turn
        inf=VALUE(_seat_lists),               # Infection deck, level 1 first, per seat
        role=VALUE(_seats(None)),             # Role card id, or None
        shown=VALUE(_seats(False)),           # the Role card is face up
        # per board
        edeck=VALUE(_board_lists),            # Event deck, per board
        edisc=VALUE(_board_lists),            # Event discards, per board
        turned=VALUE(_boards(False)),         # turned over (no Event cards left)
        # piles
        box=VALUE(_empty),                    # out of the game
        vdeck=LIST(_empty),                   # Virus deck (a list: drawn from at almost every action)
        vdisc=LIST(_empty),                   # Virus discards (a list, for the same reason)
        vradio=VALUE(_empty),                 # Radio Contact cards set aside
        held=VALUE(_empty),                   # the Virus card drawn and about to be added (reactions pending)
        ev=VALUE(_empty),                     # Event card(s) being resolved (or offered to the Looter)
        rdeck=VALUE(_empty),                  # Role cards not drawn yet
        # the turn
        radio=VALUE(0),                       # Radio Contacts so far
        active=VALUE(0),                      # the seat whose turn it is
        turn=VALUE(1),                        # turn number, from 1
        stack=LIST(_empty),                   # the pending work (tasks.py), the last entry next: the one list
        cut=VALUE(False),                     # the active player's turn has ended early (turned into a zombie...)
        shot_used=VALUE(_seats(False)),       # per seat: fired a Shotgun this turn
        pistol_used=VALUE(_seats(False)),     # per seat: shot a zombie with the Pistol this turn
        medic_used=VALUE(False),              # the Medic's power was used this turn
        zorder=VALUE(_empty),                 # seats in the order they became zombies
        traitor_known=VALUE(NOBODY),  # seat publicly shown to hold the face-down Traitor (refused a gift), or NOBODY
        not_traitor=VALUE(_seats(False)),  # per seat: accepted a gift while holding a face-down card, so not the Traitor
        known=VALUE(_board_lists),            # per board: cards publicly known to be in its shared (Road) deck
        result=VALUE(None),                   # the Outcome, once over
        # Not part of the position (never compared, not in scenarios): the latest Infection Trial as
        # the table saw it, (seat, mode, cards needed, ((Virus card, what became of it), ...),
        # source), for the view; source is the attack's Event card, the zombie or the board.
        # Like the log, it is history: equal positions may have been reached through other trials.
        trial=CACHE(None),
        data=CACHE(lambda game: game.data),   # the game's CardData (a field, not a property: read everywhere)
    )

    # ---- the engine hooks (docs/engine.md) ------------------------------------------------------
    def _info_key(self, me: int) -> tuple:
        """What seat ``me`` sees, compactly (``GameAINumbers.info_key``): cards by the label the
        view shows (not the physical copy), decks as counts, another seat's Infection deck as its
        level and top card, its Role only once shown; of the pending work, what the view shows."""
        vl, el, en, rn = _shown_names(self.data)
        v, e, n = vl.__getitem__, el.__getitem__, en.__getitem__
        over = self.result is not None
        inf = tuple(tuple(map(v, d)) if q == me else (len(d), vl[d[-1]] if d else None)
                    for q, d in enumerate(self.inf))
        role = tuple(rn[r] if r is not None and (q == me or over or self.shown[q]) else r is None
                     for q, r in enumerate(self.role))
        fresh = self.fresh
        objs = tuple(tuple(map(n, o)) for o in self.objs) if not fresh else \
            tuple(tuple((en[c], c in fresh) for c in o) for o in self.objs)
        trial = self.trial
        if trial is not None:
            seat, mode, total, cards, source = trial
            trial = (seat, mode, total, tuple((vl[c], f) for c, f in cards), el.get(source, source))
        stack = self.stack
        running = next((t for t in reversed(stack) if t[0] == "trial"), None)
        top = stack[-1] if stack and not over else ()
        asked = tuple(a.label for a in self.legal_list()) if self.to_move == self.game.players[me] else top[1:2]
        return (self.pos, self.zombie, self.dead, self.resist, self.mun, self.rat, objs, inf, role, self.shown,
                tuple(map(len, self.edeck)), tuple(tuple(map(e, d)) for d in self.edisc), self.turned,
                len(self.box), len(self.vdeck), tuple(map(v, self.vdisc)), len(self.vradio), tuple(map(v, self.held)),
                tuple(map(e, self.ev)), len(self.rdeck), self.radio, self.active, self.turn, self.traitor_known,
                trial, running, asked, self.result)

    _legal_actions = rules.legal_actions
    _apply = rules.apply
    phase = property(rules.phase, doc="The phase shown to players ('over' at the end).")
    zones = views.zones
    _view = views.view
    resample_hidden = views.redeal_hidden
    odds_for = odds.odds_for
    _next_outcomes = odds.next_outcomes
    odds = odds.odds  # (last of the odds hooks: from here on ``odds`` in this body is the method)
    to_scenario = to_scenario
    _action_key = ids.action_key

    @property
    def to_move(self) -> str | None:
        if self.result is not None:
            return None
        return PLAYER_NAMES[self.stack[-1][1]]

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def summary(self) -> dict[str, Any]:
        return {
            "radio_contacts": self.radio,
            "zombies": sum(self.zombie),
            "dead_zombies": sum(self.dead),
            "turns": self.turn,
            "boards_turned": sum(self.turned),
        }


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
    state_class = DeadlandState
    information = "imperfect"  # face-down Role cards, the decks' order
    has_chance = True
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
        s = self.blank(seed)
        rules.deal(s)
        return s

    def from_scenario(self, scenario: Any, seed: int = 0) -> DeadlandState:
        return from_scenario(self, scenario, seed)

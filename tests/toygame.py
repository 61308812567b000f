"""A tiny two-player game used only to test the engine contract itself.

"Twenty": a face-down deck of numbered cards. On your turn draw a card into your secret hand or
stop. The game ends when both players have stopped or the deck is empty; the highest hand total
of at most 20 wins.

It is also the smallest example of a game (``docs/engine.md``), in the order a game package
keeps: data, the State class (fields declared once with start values and scenario names, then
its hooks: legal actions and their effect, a view that hides the hands, exact odds with the
outcome they predict, a re-deal of what a player cannot see, scenarios), then the Game."""
from __future__ import annotations

from typing import Any

from gamelib.core import Action, Distribution, Game, Option, Outcome, Rng, ScenarioError, State, log
from gamelib.core.fields import DICT_OF_LISTS, LIST, SET, VALUE, Fields, fields_from_dict, fields_to_dict

VALUES = {f"c{i}": v for i, v in enumerate([2, 3, 5, 5, 7, 8, 9, 10], start=1)}
PLAYERS = ("north", "south")


class TwentyState(State):
    # Each field: how it is copied and compared, its start value (a function of the Game when
    # it depends on the options) and its name in scenarios when a scenario gives it as is.
    fields = Fields(
        deck=LIST([], scenario="deck"),          # face down, top = last
        hands=DICT_OF_LISTS(lambda game: {p: [] for p in PLAYERS}, scenario="hands"),  # secret hands
        turn=VALUE(0, scenario="turn"),          # index into PLAYERS of the player to move
        stopped=SET(set()),                      # players who have stopped (scenario: a sorted list)
    )

    @property
    def to_move(self) -> str | None:
        return None if self.is_over else PLAYERS[self.turn]

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "drawing"

    @property
    def outcome(self) -> Outcome | None:
        if not (len(self.stopped) == 2 or not self.deck):
            return None
        limit = self.game.options["limit"]
        totals = {p: sum(VALUES[c] for c in self.hands[p]) for p in PLAYERS}
        ok = {p: t for p, t in totals.items() if t <= limit}
        if not ok:
            return Outcome((), PLAYERS, "both went over the limit")
        best = max(ok.values())
        winners = tuple(p for p in PLAYERS if ok.get(p) == best)
        return Outcome(winners, tuple(p for p in PLAYERS if p not in winners), f"totals {totals}")

    def _legal_actions(self) -> list[Action]:
        return [Action("Draw a card", "draw"), Action("Stop", "stop")]

    def _apply(self, action: Action) -> None:
        p = PLAYERS[self.turn]
        if action.kind == "draw":
            c = self.deck.pop()
            self.hands[p].append(c)
            log(self, "Turn", f"{p} draws a card")
            log(self, "Turn", f"{p} draws {c} ({VALUES[c]})", visible_to=[p])
        else:
            self.stopped.add(p)
            log(self, "Turn", f"{p} stops")
        other = 1 - self.turn
        if PLAYERS[other] not in self.stopped:
            self.turn = other

    def zones(self) -> dict[str, list[str]]:
        return {"deck": list(self.deck), **{f"hand:{p}": list(h) for p, h in self.hands.items()}}

    def _view(self, player: str | None) -> dict[str, Any]:
        return {
            "deck": len(self.deck),
            # hands are shown down at the end, so then nothing is hidden
            "hands": {p: (list(h) if player in (None, p) or self.is_over else len(h)) for p, h in self.hands.items()},
            "stopped": sorted(self.stopped),
        }

    def odds(self) -> dict[str, Distribution]:
        # The odds of the player to move, who knows their own hand: the next card is any card
        # they have not seen, equally likely (the deck and the other hand are both unseen).
        if self.is_over or not self.deck:
            return {}
        me = PLAYERS[self.turn]
        unseen = self.deck + [c for p in PLAYERS if p != me for c in self.hands[p]]
        return {"next card value": Distribution.uniform_counts([str(VALUES[c]) for c in unseen], "next card value")}

    def _next_outcomes(self) -> dict[str, object]:
        return {"next card value": str(VALUES[self.deck[-1]])} if self.deck and not self.is_over else {}

    def to_scenario(self) -> dict[str, Any]:
        d = fields_to_dict(self)
        d["stopped"] = sorted(self.stopped)
        return d

    def resample_hidden(self, player: str, rng: Rng) -> State:
        # the re-deal only: the engine checks the seat, gives the world a fresh generator drawn
        # from rng afterwards and drops its history
        other = self.clone()
        if self.is_over:
            return other
        opp = [p for p in PLAYERS if p != player][0]
        pool = other.deck + other.hands[opp]
        rng.shuffle(pool)
        n = len(other.hands[opp])
        other.hands[opp] = pool[:n]
        other.deck = pool[n:]
        return other


class Twenty(Game):
    name = "toy-twenty"
    title = "Twenty (test game)"
    min_players = max_players = 2
    option_specs = (Option("limit", 20, "the highest total that still counts", check=lambda v: int(v) if 10 <= int(v) <= 40 else (_ for _ in ()).throw(ValueError("must be 10 to 40"))),)

    state_class = TwentyState
    information = "imperfect"  # the other player's hand
    has_chance = True          # the shuffle

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    def new_state(self, seed: int = 0) -> TwentyState:
        s = self.blank(seed)  # every field at its start value
        s.deck = list(VALUES)
        s.rng.shuffle(s.deck)
        return s

    def from_scenario(self, scenario: dict[str, Any], seed: int = 0) -> TwentyState:
        s = self.blank(seed, scenario)
        for f in ("deck", "hands", "turn"):
            if f not in scenario:
                raise ScenarioError(f, "is missing")
        seen = list(scenario["deck"]) + [c for p in PLAYERS for c in scenario["hands"].get(p, [])]
        for c in seen:
            if c not in VALUES:
                raise ScenarioError("deck", f"unknown card {c!r}")
        if sorted(seen) != sorted(VALUES):
            raise ScenarioError("deck", "every card must be in exactly one place")
        if scenario["turn"] not in (0, 1):
            raise ScenarioError("turn", "must be 0 or 1")
        fields_from_dict(s, {"deck": scenario["deck"], "turn": scenario["turn"],
                             "hands": {p: scenario["hands"].get(p, []) for p in PLAYERS},
                             "stopped": scenario.get("stopped", [])})
        return s

"""A sensible player for The Walking Deck, for lessons that ask "does strategy matter?".

It scores each legal action with a rough cost in "burials" and picks the cheapest. The ideas:
memorise Characters early (they will stand in front when the Zombies behind them are
unstacked), hold back a Zombie while no Character is in the Memory, avoid when the black banner
is cheap, spend a Reserve against a Calamity only when it saves a Character, and never stop a
heal early. It only reads what the player may know (the Memory it filled itself, the piles'
contents but not their order)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.agents import Agent
from gamelib.core import Action

from .cards import JOURNEY, WEAKNESS_BITS, Event
from .effects import can_avoid, effect_possible
from .state import PLAY, calamity_weak, next_token_odds, pile_of

if TYPE_CHECKING:
    from .game import WalkingDeckState

RESERVE_VALUE = 0.45  # what keeping a Reserve available is worth, in burials
KEEP_COST = 0.3       # holding an Event back one round


class HeuristicAgent(Agent):
    name = "heuristic"
    _ahead: int | None = None  # chars_ahead of the position being chosen for, while choose() runs

    def choose(self, state: WalkingDeckState) -> Action:  # type: ignore[override]
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best, best_cost = legal[0], float("inf")
        # Scoring a draw asks chars_ahead once per card in the pile; it reads the whole Memory
        # and does not change while the position does not: counted once per decision.
        self._ahead = self.chars_ahead(state)  # (None here: choose() clears it when it returns)
        try:
            for a in legal:
                c = self.cost(state, a)
                if c < best_cost:
                    best, best_cost = a, c
        finally:
            self._ahead = None
        return best

    # ---- scoring ------------------------------------------------------------------------------
    def cost(self, s: WalkingDeckState, a: Action) -> float:
        ev = s.game.cards.events
        k = a.kind
        if k == "draw" or k == "replace":
            return self.pile_cost(s, a.args[0])
        if k == "memorise":
            return self.memorise_cost(s, ev[a.args[0]])
        if k == "avoid":
            return self.avoid_cost(s, ev[a.args[0]])
        if k == "bury_stuck":
            return 1.0
        if k == "keep":
            return KEEP_COST
        if k == "bury_hand":
            return -self.best_play_cost(s, ev[a.args[0]])  # bury the Event that would cost most
        if k == "damage":
            c = a.args[0]
            left = ev[c].toughness - s.dmg[c]
            return -left + (0.01 * ev[c].toughness)
        if k == "heal":
            c = a.args[0]
            return -10 + (ev[c].toughness - s.dmg[c])
        if k == "stop_heal":
            return 0.0
        if k in ("ignore", "apply_calamity", "redraw"):
            return self.calamity_cost(s, a)
        if k == "unstack":
            return 0.0
        if k == "reserve_heal":
            r, c = a.args
            free = not s.reserves[r]
            urgent = ev[c].toughness - s.dmg[c] == 0
            return -1.0 if urgent else (-0.2 if free else 0.5)
        if k == "restore_power":
            return self.restore_cost(s, a.args[0])
        return 0.0

    def chars_ahead(self, s: WalkingDeckState) -> int:
        if self._ahead is not None:
            return self._ahead
        ev = s.game.cards.events
        return len(s.front) + sum(1 for c in s.memory if ev[c].is_character and ev[c].grey)

    def effects_cost(self, s: WalkingDeckState, e: Event, effects: tuple, nested: bool = False) -> float:
        total = 0.0
        for x in effects:
            k = x.kind
            if k == "restore":
                total -= 0.3 if not s.reserves[x.reserve] else 0.0
            elif k == "consume":
                total += RESERVE_VALUE if s.reserves[x.reserve] else 0.0
            elif k in ("bury_self",):
                total += 1.0
            elif k == "bury_hand":
                # the buried Event no longer has to be played: worth what playing it would cost
                others = [s.game.cards.events[c] for c in s.hand if c != e.id]
                if others and not nested:
                    total += 1.0 - max(0.0, max(min(1.0, self.best_play_cost(s, o, True)) for o in others))
                else:
                    total += 1.0
            elif k == "respite_in":
                total -= 0.15 if s.aside else 0.0
            elif k == "respite_out":
                total += 0.15 if effect_possible(s, x, e.id) else 0.0
            elif k in ("memorise_top", "avoid_top"):
                total += 0.1
        return total

    def grey_cost(self, s: WalkingDeckState, e: Event, ahead: int) -> float:
        if not e.grey:
            return 1.0
        total = 0.0
        if e.is_character:
            total -= 1.3 if ahead < 3 else 0.6
            ahead += 1
        for x in e.grey:
            k = x.kind
            if k == "damage":
                total += 1.0 if ahead == 0 else 0.3 * x.amount
            elif k == "calamity":
                total += 1.0 if ahead == 0 else 0.35
            elif k == "heal":
                total -= 0.2 if ahead else 0.0
            elif k == "unbury":
                total -= 0.8
            elif k == "restore":
                total -= 0.1
            elif k == "bury_self":
                total += 1.0
        return total

    def memorise_cost(self, s: WalkingDeckState, e: Event, nested: bool = False) -> float:
        return self.effects_cost(s, e, e.white, nested) + self.grey_cost(s, e, self.chars_ahead(s))

    def avoid_cost(self, s: WalkingDeckState, e: Event, nested: bool = False) -> float:
        return self.effects_cost(s, e, e.black, nested)

    def best_play_cost(self, s: WalkingDeckState, e: Event, nested: bool = False) -> float:
        options = []
        if e.immediate:
            return self.grey_cost(s, e, self.chars_ahead(s))
        if e.white or e.grey:
            options.append(self.memorise_cost(s, e, nested))
        if e.black and any(effect_possible(s, x, None) for x in e.black):
            options.append(self.avoid_cost(s, e, nested))
        return min(options) if options else 1.0

    def pile_cost(self, s: WalkingDeckState, pile: str) -> float:
        ev = s.game.cards.events
        cards = pile_of(s, pile)
        return sum(self.best_play_cost(s, ev[c]) for c in cards) / len(cards)  # contents only, not order

    # ---- Calamities ---------------------------------------------------------------------------
    def loss(self, s: WalkingDeckState, weak: int) -> float:
        ev = s.game.cards.events
        return sum(1.0 if s.dmg[c] >= ev[c].toughness else 0.3 for c in s.front if ev[c].weak & weak)

    def calamity_cost(self, s: WalkingDeckState, a: Action) -> float:
        p = s.pending
        weak = calamity_weak(s, p)
        if a.kind == "apply_calamity":
            return self.loss(s, weak)
        if a.kind == "ignore":
            r = a.args[0]
            return self.loss(s, weak & ~WEAKNESS_BITS[r]) + RESERVE_VALUE
        # redraw: the expected loss of a fresh token from the bag (the drawn one goes back)
        weak_of = {t.text: t.weak for t in s.game.cards.tokens.values()}  # the odds are by what a token shows
        expected = sum(float(pr) * self.loss(s, (weak_of[shows] | p.add) & ~p.ignore & ~p.by_reserve)
                       for shows, pr in next_token_odds(s).items())
        return expected + 0.3

    def restore_cost(self, s: WalkingDeckState, r: int) -> float:
        p = s.pending
        if p is not None and p.kind == "calamity":
            weak = calamity_weak(s, p)
            if weak & WEAKNESS_BITS[r]:
                saved = self.loss(s, weak) - self.loss(s, weak & ~WEAKNESS_BITS[r])
                return 0.6 - saved
        if p is None and s.stage == JOURNEY and s.step == PLAY:
            ev = s.game.cards.events
            for c in s.hand:
                e = ev[c]
                if not (e.white or e.grey) and ("consume", r) in e.black and not can_avoid(s, e):
                    return -0.5  # lets a stuck Event be avoided instead of buried
        return 2.0


__all__ = ["HeuristicAgent"]

"""A simple heuristic player: it looks one card ahead on the board it can see."""
from __future__ import annotations

from gamelib.agents import Agent
from gamelib.core import Action, State

from .cards import CardDef
from .cards import DEAD, PIRATES
from .effects import options, perform


def board_score(pos: list[int], planks: int, seat: int, n: int) -> float:
    """Own pirates' safety minus the average safety of the other colours' pirates.
    A pirate's safety grows with its distance from the Kraken; a dead one is worth nothing."""
    mine = theirs = 0.0
    for pid, p in enumerate(pos):
        if p == DEAD:
            continue
        value = 10.0 + (planks + 1 - p)
        if pid // PIRATES == seat:
            mine += value
        else:
            theirs += value
    return mine - theirs / max(1, n - 1)


def card_value(state, seat: int, card: CardDef, slot: int) -> float:
    """How much the best way of playing ``card`` now would change ``board_score``."""
    n = len(state.game.players)
    now = board_score(state.pos, state.planks, seat, n)
    opts = options(state.pos, state.planks, state.game.players, seat, seat in state.ghosts, card.effect, slot)
    if not opts:
        return 0.0
    best = float("-inf")
    for _, args in opts:
        pos = list(state.pos)
        planks, _ = perform(pos, state.planks, args)
        best = max(best, board_score(pos, planks, seat, n) - now)
    return best


class HeuristicAgent(Agent):
    """Programs the cards that would help most on the current board (greedy, slot by slot) and
    resolves each revealed card the way that leaves the best board. It never looks at hidden cards."""

    name = "heuristic"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        seat = state.game.players.index(state.to_move)
        n = len(state.game.players)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            if a.kind in ("program", "ghost"):
                card = state.game.cards[a.args[0]]
                v = card_value(state, seat, card, a.args[1])
                if card.skull:
                    v -= 0.5  # keep Skull cards for when they matter: they sit out a round
            else:
                pos = list(state.pos)
                planks, _ = perform(pos, state.planks, a.args)
                v = board_score(pos, planks, seat, n)
            v += self.rng.randbelow(1000) / 1e6  # break ties without favouring list order
            if v > best_v:
                best, best_v = a, v
        return best

"""A simple heuristic player: it looks one card ahead on the board it can see, and plays to win.

Only players with a living pirate at the end win, and a game stopped by the round limit has no
winner, so hiding helps nobody: the board is scored as the player's own pirates minus every other
colour's pirates, each pirate counting the same whoever owns it (a pirate is worth more alive,
and more the farther it stands from the Kraken). A player who counted the others' pirates at less
than its own (their average, say) would rather step back than shove, and a table of such players
never ends a game (every 4-player game reached the 100-round limit that way)."""
from __future__ import annotations

from gamelib.agents import Agent
from gamelib.core import Action, State

from .cards import DEAD, PIRATES, CardDef
from .effects import options, perform

#: what a living pirate is worth, beside one point per step it stands from the Kraken
ALIVE = 10.0
#: what playing a Skull card costs: it sits out the next round
SKULL = 0.5


def board_score(pos: list[int], planks: int, seat: int, n: int) -> float:
    """``seat``'s pirates' worth minus all the other colours' pirates' worth. A pirate is worth
    ALIVE plus its distance from the Kraken (the last plank piece in play is 1 step away, the
    ship ``planks + 1``); a dead one is worth nothing. ``n`` (the number of seats) is unused:
    each other pirate counts the same however many colours share the table."""
    mine = theirs = 0.0
    for pid, p in enumerate(pos):
        if p == DEAD:
            continue
        value = ALIVE + (planks + 1 - p)
        if pid // PIRATES == seat:
            mine += value
        else:
            theirs += value
    return mine - theirs


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
    resolves each revealed card the way that leaves the best board (``board_score``: its own
    pirates against everyone else's, one for one). It never looks at hidden cards. Tables of
    heuristic players end by the rules (docs/rulings.md, Walk the Plank, "The heuristic player")."""

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
                    v -= SKULL  # keep Skull cards for when they matter: they sit out a round
            else:
                pos = list(state.pos)
                planks, _ = perform(pos, state.planks, a.args)
                v = board_score(pos, planks, seat, n)
            v += self.rng.randbelow(1000) / 1e6  # break ties without favouring list order
            if v > best_v:
                best, best_v = a, v
        return best

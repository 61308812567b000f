"""A simple rule-of-thumb Deadland player: eat Rations, use weapons when offered, avoid boards
with zombies and heavy attack decks, hunt survivors as a zombie, never waste a turn giving."""
from __future__ import annotations

from typing import Any

from gamelib.agents import Agent
from gamelib.core import Action

from .common import radio_end_possible

# objects worth keeping, best first (the last ones go first when something must be discarded)
KEEP = ("shotgun", "pistol", "chainsaw", "hatchet", "medications", "stolen-resources")


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state: Any) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.game.players.index(state.to_move)
        steal = [a for a in legal if a.kind == "traitor"]  # offered at every decision of the Traitor's turn
        if steal:
            target = max(steal, key=lambda a: len(state.objs[a.args[0]]) + state.mun[a.args[0]] + state.rat[a.args[0]])
            q = target.args[0]
            if len(state.objs[q]) + state.mun[q] + state.rat[q] >= 3:
                return target
            legal = [a for a in legal if a.kind != "traitor"]
            if len(legal) == 1:
                return legal[0]
        kinds = {a.kind for a in legal}
        decision = state.stack[-1][0]
        if decision in ("ask_move", "ask_zmove"):
            return self._move(state, me, legal)
        if decision == "ask_use":
            return self._use(state, me, legal)
        if decision in ("ask_drop", "ask_excess"):
            return self._discard(state, me, legal)
        if decision == "ask_role_add":
            # the Contagious gladly discards; an Infectee without Medications cannot win alive anyway
            give_in = state.object_of(me, "medications") is None or state.level(me) >= 7
            for a in legal:
                if a.args == ("contagious",) or (a.args == ("infectee",) and give_in):
                    return a
            return next(a for a in legal if a.kind == "pass")
        if decision == "ask_loot":
            return self._loot(state, legal)
        if decision == "ask_cmun":
            return next(a for a in legal if a.kind == ("use" if state.mun[me] >= 2 else "pass"))
        if decision == "ask_ctarget":
            return max(legal, key=lambda a: state.level(a.args[0]))
        if decision in ("ask_daily", "ask_survivor"):
            return self._trial(state, me, legal)
        for pref in ("use", "wound", "reveal", "keep"):
            if pref in kinds:
                return next(a for a in legal if a.kind == pref)
        return legal[self.rng.randbelow(len(legal))]

    def _move(self, s: Any, me: int, legal: list[Action]) -> Action:
        def score(a: Action) -> float:
            b = a.args[0]
            here = [q for q in s.here(b) if q != me]
            if s.zombie[me]:
                return sum(1 for q in here if not s.zombie[q]) * 10
            zombies = sum(1 for q in here if s.zombie[q])
            deck = s.edeck[b]
            events = s.data.events
            attacks = sum(1 for c in deck if events[c].kind in ("zombie", "infected"))
            danger = attacks / len(deck) if deck else s.data.boards[b].bloodstain / 4
            return -zombies * 5 - danger * 3 + (0.2 if a.kind == "stay" else 0)
        best = max(score(a) for a in legal)
        top = [a for a in legal if score(a) == best]
        return top[self.rng.randbelow(len(top))]

    def _use(self, s: Any, me: int, legal: list[Action]) -> Action:
        for a in legal:
            if a.kind in ("scavenger", "medic", "stolen"):
                return a
        return next(a for a in legal if a.kind == "end")

    def _trial(self, s: Any, me: int, legal: list[Action]) -> Action:
        """Reveal, eat, then draw: the fewest cards, unless a face-up Survivor holding a Ration could
        bring the rescue (a Radio Contact that ends the game) with the full number."""
        for pref in ("reveal", "ration"):
            for a in legal:
                if a.kind == pref:
                    return a
        draws = [a for a in legal if a.kind in ("draw", "pass")]
        count = (lambda a: a.args[0]) if draws[0].kind == "draw" else (lambda a: -a.args[0])  # pass: 1 = fewer
        full = s.rat[me] > 0 and radio_end_possible(s)
        return (max if full else min)(draws, key=count)

    def _discard(self, s: Any, me: int, legal: list[Action]) -> Action:
        if legal[0].kind == "token":
            kind = "munitions" if s.mun[me] > s.rat[me] else "rations"
            return next(a for a in legal if a.args[0] == kind)
        events = s.data.events
        return max(legal, key=lambda a: KEEP.index(events[a.args[0]].object))

    def _loot(self, s: Any, legal: list[Action]) -> Action:
        events = s.data.events

        def value(a: Action) -> int:
            c = events[a.args[0]]
            if c.kind == "zombie":
                return -c.attack
            if c.kind == "infected":
                return -3
            return c.rations + c.munitions + (3 if c.kind == "object" else 0)
        return max(legal, key=value)

"""A simple rule-of-thumb Deadland player: eat Rations, use weapons when offered, avoid boards
with zombies and heavy attack decks, hunt survivors as a zombie, never waste a turn giving."""
from __future__ import annotations

from typing import Any

from gamelib.agents import Agent
from gamelib.core import Action

from .common import radio_end_possible

# objects worth keeping, best first (the last ones go first when something must be discarded)
KEEP = ("shotgun", "pistol", "chainsaw", "hatchet", "medications", "stolen-resources")


def _attack_cards(data: Any) -> frozenset[str]:
    """The Event cards that attack (zombies, Infected Areas), found once per card set."""
    got = data.made.get(ATTACKS_KEY)
    if got is None:
        got = data.made[ATTACKS_KEY] = frozenset(c for c, e in data.events.items() if e.kind in ("zombie", "infected"))
    return got


#: the key of ``_attack_cards`` in the card data's cache of things made once (``CardData.made``)
ATTACKS_KEY = ("heuristic", "attack cards")


class HeuristicAgent(Agent):
    name = "heuristic"

    def choose(self, state: Any) -> Action:
        legal = state.legal_list()  # (read only: the state's own list, no copy)
        if len(legal) == 1:
            return legal[0]
        decision, me = state.stack[-1][:2]  # (the decision on top names the seat to move)
        # the Traitor's reveals come first in the list (rules.legal_actions puts the anytime
        # powers before the decision's own actions), at every decision of the Traitor's turn
        if legal[0].kind == "traitor":
            steal = [a for a in legal if a.kind == "traitor"]
            target = max(steal, key=lambda a: len(state.objs[a.args[0]]) + state.mun[a.args[0]] + state.rat[a.args[0]])
            q = target.args[0]
            if len(state.objs[q]) + state.mun[q] + state.rat[q] >= 3:
                return target
            legal = [a for a in legal if a.kind != "traitor"]
            if len(legal) == 1:
                return legal[0]
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
        kinds = {a.kind for a in legal}
        for pref in ("use", "wound", "reveal", "keep"):
            if pref in kinds:
                return next(a for a in legal if a.kind == pref)
        return legal[self.rng.randbelow(len(legal))]

    def _move(self, s: Any, me: int, legal: list[Action]) -> Action:
        """A zombie goes where most survivors are; a survivor avoids zombies and boards whose
        Event deck holds many attacks (a turned-over board: its bloodstain trial), and slightly
        prefers to stay. The best scores' ties are broken at random."""
        pos, dead, zombie = s.pos, s.dead, s.zombie
        # the others on each board, by what they are (``s.here`` leaves out dead zombies)
        others: dict[int, int] = {}
        hunting = zombie[me]
        for q in range(len(pos)):
            if q != me and not dead[q] and zombie[q] != hunting:  # survivors for a zombie, zombies for a survivor
                b = pos[q]
                others[b] = others.get(b, 0) + 1
        if hunting:
            scores = [others.get(a.args[0], 0) * 10 for a in legal]
        else:
            attacks = _attack_cards(s.data)
            edeck, boards = s.edeck, s.data.boards
            scores = []
            for a in legal:
                b = a.args[0]
                deck = edeck[b]
                # (the same arithmetic, in the same order, as ever: equal scores stay equal)
                danger = sum(map(attacks.__contains__, deck)) / len(deck) if deck else boards[b].bloodstain / 4
                scores.append(-others.get(b, 0) * 5 - danger * 3 + (0.2 if a.kind == "stay" else 0))
        best = max(scores)
        top = [a for a, sc in zip(legal, scores) if sc == best]
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

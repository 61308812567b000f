"""``WalkingDeckState``: one position of The Walking Deck, as plain lists, tuples and ints."""
from __future__ import annotations

from typing import Any

from gamelib.core import Action, Distribution, Outcome, Rng, State

from . import rules, scenario, view
from .cards import RESERVES

PLAYER = "you"


class WalkingDeckState(State):
    __slots__ = (
        "rural", "urban",      # draw piles, top = last item
        "hand", "memory",      # memory: first memorised first (the Interrogation unstacks index 0)
        "avoided", "buried",   # buried: last buried last
        "front", "dmg",        # Characters in front of you (in placement order) and their damage
        "removed", "current",  # removed from the game; the non-Character Event being unstacked
        "reserves",            # (Food, Medical, Restorative): True = available side
        "bag", "aside", "drawn", "out",  # Calamity bag, Respites beside it, drawn token, tokens out of play
        "stage", "step",       # "Journey"/"Interrogation"; "draw"/"play"/"unstack"
        "src", "banner", "nxt", "failed",  # the banner being applied: Event, colour, next effect, a negative effect failed
        "pending",             # the open sub-decision, a tuple (see rules.py), or None
        "uses", "power_reserves",  # Protagonist power: uses so far; Reserves already used by "reserve heal" (bits)
        "over",                # None, "won" or "lost"
        "_odds",               # cached odds, valid while pile sizes and bag contents are unchanged
    )

    # ---- contract -------------------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        return None if self.over is not None else PLAYER

    @property
    def phase(self) -> str:
        return "End of the Game" if self.over is not None else self.stage

    @property
    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        prot = self.game.protagonist
        if self.over == "won":
            return Outcome((PLAYER,), (), f"the Memory is entirely unstacked ({len(self.buried)}/{prot.burial_limit} buried)")
        return Outcome((), (PLAYER,), f"{len(self.buried)} Events buried, {prot.name}'s limit")

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def _copy_into(self, o: State) -> None:
        o.rural = self.rural[:]
        o.urban = self.urban[:]
        o.hand = self.hand[:]
        o.memory = self.memory[:]
        o.avoided = self.avoided[:]
        o.buried = self.buried[:]
        o.front = self.front[:]
        o.dmg = self.dmg.copy()
        o.removed = self.removed[:]
        o.current = self.current
        o.reserves = self.reserves
        o.bag = self.bag[:]
        o.aside = self.aside[:]
        o.drawn = self.drawn
        o.out = self.out  # never changes during a game (scenario tokens out of play)
        o.stage = self.stage
        o.step = self.step
        o.src = self.src
        o.banner = self.banner
        o.nxt = self.nxt
        o.failed = self.failed
        o.pending = self.pending
        o.uses = self.uses
        o.power_reserves = self.power_reserves
        o.over = self.over
        o._odds = self._odds

    def _key(self) -> tuple:
        return (
            tuple(self.rural), tuple(self.urban), tuple(self.hand), tuple(self.memory), tuple(self.avoided),
            tuple(self.buried), tuple(self.front), tuple(self.dmg[c] for c in self.front), tuple(self.removed),
            self.current, self.reserves, tuple(self.bag), tuple(self.aside), self.drawn, self.out,
            self.stage, self.step, self.src, self.banner if self.src else None, self.nxt if self.src else 0,
            self.failed if self.src else False, self.pending, self.uses, self.power_reserves, self.over,
        )

    def zones(self) -> dict[str, list[str]]:
        """Every Event and token in exactly one zone. The three holding spots that are usually
        empty ("being unstacked", "drawn Calamity", "tokens out of play") appear only when used."""
        z = {
            "Rural pile": self.rural[:],
            "Urban pile": self.urban[:],
            "hand": self.hand[:],
            "Memory": self.memory[:],
            "Avoided": self.avoided[:],
            "Buried": self.buried[:],
            "Characters in front": self.front[:],
            "removed from the game": self.removed[:],
            "Calamity bag": self.bag[:],
            "Respite aside": self.aside[:],
        }
        if self.current:
            z["being unstacked"] = [self.current]
        if self.drawn:
            z["drawn Calamity"] = [self.drawn]
        if self.out:
            z["tokens out of play"] = list(self.out)
        return z

    def _view(self, player: str | None) -> dict[str, Any]:
        return view.view(self, player)

    def odds(self) -> dict[str, Distribution]:
        return view.odds(self)

    def _next_outcomes(self) -> dict[str, object]:
        return view.next_outcomes(self)

    def to_scenario(self) -> dict[str, Any]:
        return scenario.to_scenario(self)

    def _redeal_hidden(self, player: str, rng: Rng) -> "WalkingDeckState":
        # The player knows which Events are left in each pile (every card that left one was
        # seen), only not their order. The Memory is known from history and never shown.
        other = self.clone()
        rng.shuffle(other.rural)
        rng.shuffle(other.urban)
        other._odds = None  # the cache remembers the top cards
        return other

    def summary(self) -> dict[str, Any]:
        return {
            "protagonist": self.game.protagonist.name,
            "buried": len(self.buried),
            "memory_size": len(self.memory),
            "characters_alive": len(self.front),
            "avoided": len(self.avoided),
            "reached_interrogation": self.stage == rules.INTERROGATION,
            "reserves_available": sum(self.reserves),
            "power_uses": self.uses,
        }

    # ---- helpers for views and agents ------------------------------------------------------
    def reserve_states(self) -> dict[str, str]:
        return {name: ("available" if ok else "consumed") for name, ok in zip(RESERVES, self.reserves)}

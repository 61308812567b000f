"""``State``: one position of a game, mutated in place by ``apply`` and restored by ``undo``.

Games subclass it and implement a handful of hooks (names starting with ``_``). The base class
owns everything the contract promises for every game: legality checking with a typed error,
undo, clone, replay records, the log, and views."""
from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from .action import Action, LogEntry, Outcome
from .errors import IllegalAction, PlyError, UnknownPlayer
from .inputs import show
from .odds import Distribution
from .rng import Rng, check_seed


class _Frame:
    """One undo step: the state just before ``action`` (an untouched clone) and the frame below."""

    __slots__ = ("before", "action", "below", "depth")

    def __init__(self, before: "State", action: Action, below: "_Frame | None"):
        self.before = before
        self.action = action
        self.below = below
        self.depth = 1 if below is None else below.depth + 1


class State:
    __slots__ = ("game", "seed", "rng", "log", "scenario", "_frames", "_legal")

    # ---- hooks a game implements -------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (randomness only through ``self.rng``)."""
        raise NotImplementedError

    def _copy_into(self, other: "State") -> None:
        """Copy every game-specific field into ``other``, copying mutable containers."""
        raise NotImplementedError

    def _key(self) -> tuple:
        """Everything that defines the position, hashable; equal keys mean equal states."""
        raise NotImplementedError

    @property
    def to_move(self) -> str | None:
        raise NotImplementedError

    @property
    def phase(self) -> str:
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def zones(self) -> dict[str, list[str]]:
        """Every physical card and token, by zone, as unique ids (for conservation checks)."""
        raise NotImplementedError

    def _view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see; ``None`` means the whole table (for teaching)."""
        raise NotImplementedError

    def odds(self) -> dict[str, Distribution]:
        """Exact distribution of every draw from hidden cards that could happen next, from what is public."""
        return {}

    def to_scenario(self) -> dict[str, Any]:
        raise NotImplementedError

    def _redeal_hidden(self, player: str, rng: Rng) -> "State":
        """A clone in which everything ``player`` cannot see is re-randomised consistently
        with what they can see. Used to prove views leak nothing."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """A few game-specific numbers for simulation tables."""
        return {}

    # ---- the contract -------------------------------------------------------------------
    def _init_base(self, game: Any, seed: int, scenario: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = check_seed(seed)
        self.rng = Rng(self.seed)
        self.log: list[LogEntry] = []
        self.scenario = dict(scenario) if scenario is not None else None
        self._frames: _Frame | None = None
        self._legal: list[Action] | None = None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_actions()
        return list(self._legal)

    def legal_labels(self) -> list[str]:
        return [a.label for a in self.legal_actions()]

    def _find(self, action: Action | str) -> Action:
        legal = self._legal if self._legal is not None else self.legal_actions()
        assert self._legal is not None
        if isinstance(action, Action):
            for a in legal:
                if a == action:
                    return a
            why = ""
        elif isinstance(action, str):
            for a in legal:
                if a.label == action:
                    return a
            why = ""
        else:
            why = f"expected an Action or its label, got {type(action).__name__}"
        if self.is_over:
            why = why or "the game is over"
        raise IllegalAction(action, self.to_move, self.phase, [a.label for a in legal], why)

    def apply(self, action: Action | str) -> Action:
        """Check ``action`` (an Action or its label) is legal, then carry it out.
        Raises ``IllegalAction`` and leaves the state unchanged otherwise."""
        chosen = self._find(action)
        before = self._bare_clone()
        try:
            self._apply(chosen)
        except BaseException:
            before._copy_into(self)  # nothing is ever half-applied
            self.rng.state = before.rng.state
            self.log = list(before.log)
            self._legal = None
            raise
        self._frames = _Frame(before, chosen, self._frames)
        self._legal = None
        return chosen

    def undo(self) -> Action:
        """Take back the last action and return it."""
        frame = self._frames
        if frame is None:
            raise IllegalAction("undo", self.to_move, self.phase, self.legal_labels(), "nothing to undo")
        frame.before._copy_into(self)
        self.rng = frame.before.rng.copy()
        self.log = list(frame.before.log)
        self._frames = frame.below
        self._legal = None
        return frame.action

    @property
    def history(self) -> list[Action]:
        out: list[Action] = []
        f = self._frames
        while f is not None:
            out.append(f.action)
            f = f.below
        out.reverse()
        return out

    @property
    def ply(self) -> int:
        """Number of actions taken so far."""
        return 0 if self._frames is None else self._frames.depth

    def _bare_clone(self) -> "State":
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng.copy()
        new.log = list(self.log)
        new.scenario = self.scenario
        new._frames = None
        new._legal = self._legal  # lists are never mutated in place, only replaced
        self._copy_into(new)
        return new

    def clone(self) -> "State":
        """An independent copy, history included (card definitions are shared)."""
        new = self._bare_clone()
        new._frames = self._frames  # frames are immutable, so sharing them is safe
        return new

    def at_ply(self, n: int) -> "State":
        """A copy of this game as it was after its first ``n`` actions (for history sliders)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.ply:
            raise PlyError(f"at_ply: ply must be a whole number from 0 to {self.ply}, got {show(n)}")
        f = self._frames
        while f is not None and f.depth > n:
            if f.depth == n + 1:
                new = f.before._bare_clone()
                new._frames = f.below
                return new
            f = f.below
        return self.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return (
            self.game.name == other.game.name
            and self.game.options == other.game.options
            and self.rng.state == other.rng.state
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ---- views, records, display -----------------------------------------------------------
    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` may see, with a legal-action mask when it is their decision.
        ``view(None)`` is the table view: everything, for teaching."""
        if player is not None and player not in self.players:
            raise UnknownPlayer(player, self.players)
        out = {
            "game": self.game.name,
            "player": player,
            "to_move": self.to_move,
            "phase": self.phase,
            "is_over": self.is_over,
            "outcome": None if self.outcome is None else str(self.outcome),
            "legal_actions": self.legal_labels() if (player is None or player == self.to_move) else [],
            "log": [str(e) for e in self.log if player is None or e.visible_to is None or player in e.visible_to],
        }
        out.update(self._view(player))
        return out

    def to_record(self) -> str:
        """The save format: game, options, seed and the actions, as JSON (a replay, like a PGN)."""
        rec: dict[str, Any] = {
            "format": "gamelib-record",
            "version": 1,
            "game": self.game.name,
            "options": self.game.options,
            "seed": self.seed,
        }
        if self.scenario is not None:
            rec["scenario"] = self.scenario
        rec["actions"] = [a.label for a in self.history]
        return json.dumps(rec, ensure_ascii=False, indent=1)

    def recent_log(self, n: int = 10) -> list[LogEntry]:
        return self.log[-n:]

    def __str__(self) -> str:
        v = self.view(None)
        return f"{self.game.title}: {v['phase']} (to move: {v['to_move']})"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} seed={self.seed} ply={self.ply} phase={self.phase!r}>"

    def _repr_html_(self) -> str | None:
        if not self.game.renderer:
            return None
        module, _, func = self.game.renderer.partition(":")
        return getattr(importlib.import_module(module), func)(self)


def log(state: State, section: str, text: str, visible_to: Iterable[str] | None = None) -> None:
    state.log.append(LogEntry(section, text, None if visible_to is None else frozenset(visible_to)))

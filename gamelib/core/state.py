"""``State``: one position of a game, mutated in place by ``apply`` and restored by ``undo``.

Games subclass it: fields declared once and hooks named in the class body (docs/engine.md).
The base class owns everything the contract promises for every game: legality checking with a
typed error, undo, clone, replay records, the log (``tape.py``) and views. Costs do not grow
with the length of a game: the log is a shared append-only tape; each undo frame keeps a
snapshot of the game's fields (never the log) and the frames form an immutable linked list
that clones share; ``apply_fast`` is the simulators' path (no check beyond identity, no snapshot).
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from itertools import count, islice
from typing import Any

from .action import Action, Outcome
from . import ids as _action_ids
from .ecosystem import GameAINumbers
from .errors import IllegalAction, PlyError, UnknownPlayer
from .stateclass import StateType
from .tape import LogTape, _Frame, _Tape, _tape_at, log  # (log: the rules write entries with it)
from .inputs import MAX_LABEL_LENGTH, show
from .scenarios import plain_scenario
from .odds import Distribution
from .rng import Rng, check_seed

_ids = count(1)
_new = object.__new__


class State(LogTape, GameAINumbers, metaclass=StateType):
    __slots__ = ("game", "seed", "rng", "scenario", "_frames", "_legal", "_tape", "_nlog", "_tail", "_id",
                 "log_enabled")

    # ---- hooks a game implements -------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (randomness only through ``self.rng``)."""
        raise NotImplementedError

    def _copy_into(self, other: "State") -> None:
        """Copy every game-specific field into ``other``, copying mutable containers.
        Generated from ``fields = Fields(...)`` when the game declares its fields."""
        raise NotImplementedError

    def _key(self) -> tuple:
        """Everything that defines the position, hashable; equal keys mean equal states.
        Generated from ``fields = Fields(...)`` when the game declares its fields."""
        raise NotImplementedError

    def _snapshot(self) -> Any:
        """The game's fields as undo keeps them (never changed afterwards), for
        ``_restore_snapshot``. Generated from ``fields = Fields(...)`` (one tuple); without a
        declaration, a bare state holding a copy."""
        snap = _new(type(self))
        self._copy_into(snap)
        return snap

    def _restore_snapshot(self, snap: Any) -> None:
        """Write a ``_snapshot`` back into the fields, copying its containers (the snapshot
        stays as it was: clones share the undo frames)."""
        snap._copy_into(self)

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
        """Exact distribution of every draw from hidden cards that could happen next, as
        ``_odds_viewer()`` would reckon it (see ``docs/engine.md``)."""
        return {}

    def odds_for(self, player: str | None) -> dict[str, Distribution]:
        """The odds as ``player`` reckons them, from everything that seat knows (its own hidden
        cards included); ``None``: ``odds()``. Default: ``odds()`` for the seat whose knowledge
        ``odds()`` uses, nothing for the others. A game whose odds use public information only,
        or that reckons them per seat, overrides this (``check_game`` tests each seat's)."""
        if player is None or player == self._odds_viewer():
            return self.odds()
        return {}

    def _next_outcomes(self) -> dict[str, object]:
        """For titles of ``odds()``: the outcome the hidden state will actually give (the top
        card of the pile; for a draw made with the RNG, the draw simulated on a copy of
        ``self.rng``). Titles whose outcome is not fixed yet (it waits on a decision) are left
        out. ``check_game`` checks these outcomes against ``odds()`` over re-deals."""
        return {}

    def _odds_viewer(self) -> str | None:
        """The player whose knowledge ``odds()`` uses: ``check_game`` re-deals what this player
        cannot see to test the odds. Default: the player to move."""
        return self.to_move

    def _explain_illegal(self, label: str) -> str:
        """Why ``label`` is refused now, in one sentence, when the game can say more than
        "not legal" (e.g. a card set aside this round). Included in ``IllegalAction``."""
        return ""

    def to_scenario(self) -> dict[str, Any]:
        raise NotImplementedError

    def resample_hidden(self, seat: str, rng: Rng) -> "State":
        """A clone in which everything ``seat`` cannot see is re-dealt (drawn from ``rng``)
        consistently with what it can see, with the probabilities ``odds()`` assume. A game
        writes the re-deal; the engine adds the rest (``gamelib.core.stateclass``): an unknown seat is an
        ``UnknownPlayer``, the world's random generator (future draws) is drawn from ``rng``
        after the re-deal, and the world has no history (its undo goes nowhere). Used to prove
        views leak nothing, to test the odds, and by the agents that sample worlds."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """A few game-specific numbers for simulation tables."""
        return {}

    # ---- the contract -------------------------------------------------------------------
    @classmethod
    def blank(cls, game: Any, seed: int = 0, scenario: Mapping[str, Any] | None = None) -> "State":
        """A position of ``game`` with every declared field at its start value (``fields``),
        before any card is dealt: what a game's ``new_state`` deals into and its
        ``from_scenario`` fills in (``Game.blank`` asks the Game's own State class)."""
        s = _new(cls)
        s._init_base(game, seed, scenario)
        s._start(game)
        return s

    def _start(self, game: Any) -> None:
        """Generated from ``fields = Fields(...)``: every field with a start value set to it."""

    def _init_base(self, game: Any, seed: int, scenario: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.seed = check_seed(seed)
        self.rng = Rng(self.seed)
        # a private copy as plain data: nothing the caller keeps can change this game's record,
        # undo or at_ply (a game's from_scenario reads its own copy too, before anything else)
        self.scenario = plain_scenario(scenario) if scenario is not None else None
        self._frames: _Frame | None = None
        self._legal: list[Action] | None = None
        self._id = next(_ids)
        self._tape = _Tape([], None, 0, self._id)
        self._nlog = 0
        self._tail: list | None = self._tape.items
        self.log_enabled = True

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def legal_actions(self) -> list[Action]:
        return list(self.legal_list())

    def legal_list(self) -> list[Action]:
        """The legal actions, worked out once per position and kept: the list itself, shared, for
        callers that only read it (agents, simulators: no copy per decision); ``legal_actions``
        hands out a copy to keep or change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_actions()
        return legal

    def legal_labels(self) -> list[str]:
        return [a.label for a in self.legal_actions()]

    def find_action(self, action: Action | str | int) -> Action:
        """The legal Action that ``action`` names (an Action, its label, or its stable id), or
        ``IllegalAction`` saying why not (with the closest legal labels)."""
        if type(action) is int and _action_ids.has_universe(self.game):  # (the by-id path, first)
            return _action_ids.action_of_id(self, action)  # a stable action id (gamelib.core.ids)
        legal = self.legal_list()
        if isinstance(action, Action):
            for a in legal:
                if a is action:
                    return a
            for a in legal:
                if a == action:
                    return a
            why = ""
        elif isinstance(action, str):
            for a in legal:
                if a.label == action:
                    return a
            why = ""
        elif isinstance(action, int) and not isinstance(action, bool) and _action_ids.has_universe(self.game):
            return _action_ids.action_of_id(self, action)  # a stable action id (gamelib.core.ids)
        else:
            why = f"expected an Action or its label, got {type(action).__name__}"
        explain = ""
        if not why and not self.is_over and len(str(action)) <= MAX_LABEL_LENGTH:  # (no work on a huge label)
            try:
                explain = self._explain_illegal(str(action))
            except Exception:  # an explanation must never hide the real error
                explain = ""
        raise IllegalAction(action, self.to_move, self.phase, [a.label for a in legal], why,
                            explanation=explain, over=self.is_over)

    def apply(self, action: Action | str) -> Action:
        """Check ``action`` (an Action or its label) is legal, then carry it out.
        Raises ``IllegalAction`` and leaves the state unchanged otherwise.

        Atomic: whatever exception lands wherever (a ``KeyboardInterrupt`` from a cell's time
        limit included), the state is either the one before (fields, RNG, log, ply, legal list)
        or the one after, with ply, legal list, log and record in step."""
        legal = self._legal
        if legal is None:
            legal = self.legal_list()
        if type(action) is int:  # a stable action id (gamelib.core.ids; raises if the game takes none)
            chosen = _action_ids.action_of_id(self, action)
        else:
            for chosen in legal:  # an Action taken from legal_list(): found by identity, no call
                if chosen is action:
                    break
            else:
                chosen = self.find_action(action)
        # nothing of self changes before the try below (the legal list is only worked out)
        frame = _new(_Frame)  # (_Frame(...) written out: no Python call for each action)
        frame.action = chosen
        frame.below = below = self._frames
        frame.depth = 1 if below is None else below.depth + 1
        frame.snap = self._snapshot()
        frame.rng = self.rng.state
        frame.nlog = self._nlog
        frame.legal = legal
        tape = self._tape
        try:
            self._apply(chosen)
            # inside the try: an interrupt between the rules and this bookkeeping must roll the
            # move back too, or the position would be moved with ply and legal list not
            self._frames = frame
            self._legal = None
        except BaseException:
            self._restore(frame)  # nothing is ever half-applied
            self._tape = tape  # (_restore left _tail None)
            self._frames = below
            raise
        return chosen

    def apply_fast(self, action: Action) -> Action:
        """The simulators' ``apply``: ``action`` must be one of the Actions this state's
        ``legal_actions()`` returned (checked by identity, so it costs almost nothing; anything
        else goes through the full ``apply``). No undo snapshot is kept: a later ``undo`` or
        ``at_ply`` into these actions replays the game from its start. Same game, same log."""
        legal = self._legal
        if legal is None:
            return self.apply(action)
        for a in legal:
            if a is action:
                break
        else:
            return self.apply(action)
        frame = _new(_Frame)  # (_Frame(...) written out, as in apply)
        frame.action = action
        frame.below = below = self._frames
        frame.depth = 1 if below is None else below.depth + 1
        frame.snap = frame.legal = None
        frame.rng = 0
        frame.nlog = self._nlog
        self._frames = frame
        self._apply(action)
        self._legal = None
        return action

    def _replay_step(self, label: str, keep: bool) -> Action:
        """``apply(label)`` for ``load_record``: the same legality check and the same game and
        log, but the undo snapshot is kept only when ``keep`` (a checkpoint); ``undo`` and
        ``at_ply`` into the other actions restore the checkpoint below and play on from it.
        Without a snapshot a failing action is not rolled back: only for a state that is
        thrown away when anything fails (a record that does not replay)."""
        legal = self._legal
        if legal is None:  # (legal_list)
            legal = self._legal = [] if self.outcome is not None else self._legal_actions()
        for chosen in legal:  # (_find, for a label)
            if chosen.label == label:
                break
        else:
            chosen = self.find_action(label)  # raises IllegalAction
        frame = _new(_Frame)  # (_Frame(...) written out: no Python call for each action)
        frame.action = chosen
        frame.below = below = self._frames
        frame.depth = 1 if below is None else below.depth + 1
        frame.snap = self._snapshot() if keep else None
        frame.rng = self.rng.state
        frame.nlog = self._nlog
        frame.legal = legal
        self._frames = frame
        self._apply(chosen)
        self._legal = None
        return chosen

    def _restore(self, frame: _Frame) -> None:
        self._restore_snapshot(frame.snap)
        self.rng.state = frame.rng
        self._nlog = frame.nlog
        self._tape = _tape_at(self._tape, frame.nlog)
        self._tail = None  # (the next entry finds out whether it may go in place)
        self._legal = frame.legal

    def undo(self) -> Action:
        """Take back the last action and return it. Atomic, as ``apply`` is: an exception
        landing anywhere leaves the state before the undo or after it."""
        frame = self._frames
        if frame is None:
            raise IllegalAction("undo", self.to_move, self.phase, self.legal_labels(), "nothing to undo")
        if frame.snap is None:
            earlier = self._rebuilt(frame, frame.depth - 1)  # (a new state: self is not touched yet)
        now = self._snapshot()  # undo is not on the simulators' path: a copy to go back to costs little
        rng, rng_state, legal, tape, nlog, tail = self.rng, self.rng.state, self._legal, self._tape, self._nlog, self._tail
        try:
            if frame.snap is None:
                self._become(earlier)
            else:
                self._restore(frame)
                self._frames = frame.below
        except BaseException:
            self._restore_snapshot(now)
            self.rng = rng
            rng.state = rng_state
            self._frames, self._legal, self._tape, self._nlog = frame, legal, tape, nlog
            self._tail = None  # (the next log entry finds out where it goes)
            raise
        return frame.action

    def _replayed(self, n: int) -> "State":
        """This game rebuilt from its start through its first ``n`` actions (for positions
        reached with ``apply_fast``, which keeps no snapshots)."""
        start = (self.game.from_scenario(self.scenario, seed=self.seed) if self.scenario is not None
                 else self.game.new_state(seed=self.seed))
        start.log_enabled = self.log_enabled
        for action in islice(self.history, n):
            start.apply(action.label)
        return start

    def _rebuilt(self, f: _Frame, n: int) -> "State":
        """This game after its first ``n`` actions, where ``f`` is the frame of action ``n + 1``:
        from the nearest snapshot at or below ``f`` (``load_record`` keeps one every few actions),
        playing the actions after it again; from the start when there is none (``apply_fast``)."""
        g = f
        while g is not None and g.snap is None:
            g = g.below
        if g is None:
            return self._replayed(n)
        new = self._from_frame(g)  # the game just before g's action
        again: list[Action] = []  # g's action and those above it, up to action n, newest first
        h = f
        while h is not g.below:
            if h.depth <= n:
                again.append(h.action)
            h = h.below
        for action in reversed(again):
            new.apply(action)
        return new

    def _from_frame(self, f: _Frame) -> "State":
        """A new state as this game was just before the action of frame ``f`` (which has a snapshot)."""
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new.rng = Rng.__new__(Rng)
        new.rng.state = f.rng
        new.scenario = self.scenario
        new._frames = f.below
        new._legal = f.legal
        new._id = next(_ids)
        new._tape = _tape_at(self._tape, f.nlog)
        new._nlog = f.nlog
        new._tail = None
        new.log_enabled = self.log_enabled
        new._pin()
        new._restore_snapshot(f.snap)
        return new

    def _become(self, other: "State") -> None:
        other._copy_into(self)
        self.rng = other.rng.copy()
        self._frames = other._frames
        self._legal = other._legal
        self._tape = other._tape
        self._nlog = other._nlog
        self._tail = None
        self._pin()

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

    # ---- copies -----------------------------------------------------------------------------
    def _bare_clone(self) -> "State":
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng.copy()
        new.scenario = self.scenario
        new._frames = None
        new._legal = self._legal  # lists are never mutated in place, only replaced
        new._id = next(_ids)
        new._tape = self._tape
        new._nlog = self._nlog
        new._tail = None  # not the owner (self's own tail stays good: it appends past the pin)
        new.log_enabled = self.log_enabled
        self._pin()
        self._copy_into(new)
        return new

    def clone(self) -> "State":
        """An independent copy, history and log included (card definitions are shared).
        Its cost does not depend on how long the game has been going."""
        new = self._bare_clone()
        new._frames = self._frames  # frames are immutable, so sharing them is safe
        return new

    def at_ply(self, n: int) -> "State":
        """A copy of this game as it was after its first ``n`` actions (for history sliders)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.ply:
            raise PlyError(f"at_ply: ply must be a whole number from 0 to {self.ply}, got {show(n)}")
        if n == self.ply:
            return self.clone()
        f = self._frames
        while f.depth > n + 1:
            f = f.below
        if f.snap is None:
            return self._rebuilt(f, n)
        return self._from_frame(f)

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
    def view(self, player: str | None = None, log: bool = True) -> dict[str, Any]:
        """What ``player`` may see, with a legal-action mask when it is their decision.
        ``view(None)`` is the table view: everything, for teaching. ``log=False`` leaves the
        log out (its cost grows with the game; ``recent_log`` gives the last lines)."""
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
        }
        if log:
            out["log"] = [str(e) for e in self.log if player is None or e.visible_to is None or player in e.visible_to]
        out.update(self._view(player))
        return out

    def to_record(self) -> str:
        """The save format: game, options, seed and the actions, as JSON (a replay, like a PGN)."""
        return importlib.import_module("gamelib.core.records").record_text(self)  # versions: records.py

    def __str__(self) -> str:
        return f"{self.game.title}: {self.phase} (to move: {self.to_move})"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} seed={self.seed} ply={self.ply} phase={self.phase!r}>"

    def _repr_html_(self) -> str:
        # a game without a picture of its own gets the generic table (named by path: no import)
        module, _, func = (self.game.renderer or "gamelib.render.generic:render_html").partition(":")
        return getattr(importlib.import_module(module), func)(self)

    def to_html(self, **kw: Any) -> str:
        """The game so far as one self-contained HTML page that replays it with a slider (no
        server, no network). ``reveal=True`` for the table view, else ``player=``'s view; see
        ``gamelib.render.export.to_html`` (loaded only when called: rules never import renderers)."""
        return importlib.import_module("gamelib.render.export").to_html(self, **kw)

"""Issue 23, defect 10: a move is atomic under interrupts. A ``KeyboardInterrupt`` (a cell's time
limit, a user's interrupt) can land at any bytecode of ``State.apply`` or of anything it calls;
afterwards the state must be the one before the move or the one after it, with ply, legal list,
log and record in step (the probes found 5 of 456 interrupt points leaving the position moved,
``ply`` not, the legal list stale and the record not replaying it).

The interrupt is raised from a trace function (``sys.settrace`` with ``f_trace_opcodes``) at the
k-th opcode: every opcode of ``apply``'s own frame, for every move, and a spread of opcodes over
everything ``apply`` calls (the rules, the log, the copies)."""
from __future__ import annotations

import random
import sys
import time
from typing import Any

import pytest

import gamelib
from gamelib.core import State, load_record

from .hostile_kit import GAMES

APPLY = State.apply.__code__
UNDO = State.undo.__code__
#: moves per game (random games, several seeds), and interrupt points per move inside the callees
MOVES = {"walking-deck": 90, "walk-the-plank": 90, "deadland": 70}
DEEP_POINTS = 5


class _Interrupter:
    """Raises KeyboardInterrupt at opcode event ``k`` (1-based) of the first call of
    ``State.apply``: counting only its own frame (``deep=False``) or every Python frame it runs
    (``deep=True``). With ``k=None`` it only counts."""

    def __init__(self, k: int | None, deep: bool, code=APPLY):
        self.code = code
        self.k = k
        self.deep = deep
        self.count = 0
        self.depth = 0  # frames of apply and below, while inside it
        self.fired = False
        self.done = False

    def __call__(self, frame, event, arg):  # the global tracer: 'call' events only
        if self.done or self.fired:
            return None
        if self.depth == 0:
            if frame.f_code is not self.code:
                return None
        elif not self.deep:
            return None
        frame.f_trace_opcodes = True
        self.depth += 1
        return self._local

    def _local(self, frame, event, arg):
        if event == "opcode":
            self.count += 1
            if self.k is not None and self.count == self.k and not self.fired:
                self.fired = True
                raise KeyboardInterrupt(f"test interrupt at opcode {self.k}")
        elif event == "return":
            self.depth -= 1
            if self.depth == 0:
                self.done = True
        return self._local


def _traced(state: State, label: str | None, k: int | None, deep: bool) -> _Interrupter:
    """``state.apply(label)`` (``state.undo()`` when ``label`` is None), interrupted at opcode ``k``."""
    tracer = _Interrupter(k, deep, APPLY if label is not None else UNDO)
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        if label is None:
            state.undo()
        else:
            state.apply(label)
    except KeyboardInterrupt:
        assert tracer.fired
    finally:
        sys.settrace(previous)
    return tracer


def _snapshot(s: State) -> dict[str, Any]:
    return {"key": s._key(), "rng": s.rng.state, "ply": s.ply, "legal": s.legal_labels(),
            "record": s.to_record(), "log": list(s.log), "over": s.is_over}


def _moves(game: str, n: int):
    """(state before a move, its label), for ``n`` moves of random games of ``game``."""
    rng = random.Random(23)
    out = []
    seed = 0
    while len(out) < n:
        players = {"walk-the-plank": [3, 4, 5], "deadland": [2, 4, 6]}.get(game)
        g = gamelib.load(game, players=players[seed % 3]) if players else gamelib.load(game)
        s = g.new_state(seed=seed)
        seed += 1
        while not s.is_over and len(out) < n:
            label = rng.choice(s.legal_labels())
            out.append((s.clone(), label))
            s.apply(label)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_an_interrupt_anywhere_in_apply_leaves_the_state_before_or_after(game):
    t0 = time.process_time()
    trials = interrupted = landed_after = 0
    replayed = 0
    for before_state, label in _moves(game, MOVES[game]):
        before = _snapshot(before_state)
        after_state = before_state.clone()
        after_state.apply(label)
        after = _snapshot(after_state)
        own = _traced(before_state.clone(), label, None, deep=False).count
        every = _traced(before_state.clone(), label, None, deep=True).count
        rng = random.Random(len(label) + own + every)
        points = [(k, False) for k in range(1, own + 1)]
        points += [(rng.randint(1, every), True) for _ in range(DEEP_POINTS)]
        for k, deep in points:
            s = before_state.clone()
            fired = _traced(s, label, k, deep).fired
            trials += 1
            interrupted += fired
            got = _snapshot(s)
            assert got in (before, after), (game, label, k, deep, {f: (got[f], before[f], after[f])
                                                                    for f in got if got[f] not in (before[f], after[f])})
            landed_after += got == after and fired
            if fired and replayed < 3 and got == after:  # the record of a completed move replays it
                assert load_record(got["record"]) == after_state
                replayed += 1
            if got == before:  # and the move can then be made as if nothing happened
                s.apply(label)
                assert _snapshot(s) == after
    took = time.process_time() - t0
    assert interrupted > 0.9 * trials
    print(f"{game}: {trials} interrupt points over {MOVES[game]} moves, {interrupted} interrupted, "
          f"{landed_after} of them after the move was complete; {took:.2f} s of CPU")


UNDO_MOVES = 25


@pytest.mark.parametrize("game", GAMES)
def test_an_interrupt_anywhere_in_undo_leaves_the_state_before_or_after(game):
    """The same for ``undo``, from positions reached by ``apply`` (an undo snapshot) and by
    ``apply_fast`` (undo rebuilds the game from its start)."""
    t0 = time.process_time()
    trials = 0
    for i, (state, label) in enumerate(_moves(game, UNDO_MOVES)):
        state = state.clone()
        (state.apply_fast if i % 2 and label in (a.label for a in state.legal_list()) else state.apply)(
            next((a for a in state.legal_list() if a.label == label), label))
        before = _snapshot(state)
        done = state.clone()
        done.undo()
        after = _snapshot(done)
        own = _traced(state.clone(), None, None, deep=False).count
        every = _traced(state.clone(), None, None, deep=True).count
        rng = random.Random(own + every)
        points = [(k, False) for k in range(1, own + 1)] + [(rng.randint(1, every), True) for _ in range(DEEP_POINTS)]
        for k, deep in points:
            s = state.clone()
            assert _traced(s, None, k, deep).fired
            trials += 1
            got = _snapshot(s)
            assert got in (before, after), (game, label, k, deep)
            if got == before:  # the undo can then be made as if nothing happened
                s.undo()
                assert _snapshot(s) == after
    print(f"{game}: undo interrupted at {trials} points over {UNDO_MOVES} positions; "
          f"{time.process_time() - t0:.2f} s of CPU")

"""The pending-work stack that drives a Deadland turn.

The state keeps ``stack``: a list of plain tuples, the last one runs next. A *step* runs by itself
(draw a card, resolve an Event...) and may push more tuples; a *decision* waits for a player:
its tuple is ``(name, seat, ...)`` and the seat is ``to_move``. Tuples are immutable, so copying
the list copies the whole future of the turn, and undo/clone stay exact.

A few actions belong to no decision in particular: a power its holder may use at *any* decision
(the Traitor's reveal, during their own turn). They are registered with ``anytime``: every
decision offers them before its own actions when their ``legal`` says so, and taking one leaves
the decision pending, to be answered afterwards."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamelib.core import Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

Step = Callable[["DeadlandState", tuple], None]
Legal = Callable[["DeadlandState", tuple], "list[Action]"]
Apply = Callable[["DeadlandState", tuple, Action], None]

STEPS: dict[str, Step] = {}
#: action kind -> (extra actions for the decision on top, what taking one does); see ``anytime``
ANYTIME: dict[str, tuple[Legal, Apply]] = {}
#: decision name -> (its own legal actions, apply, phase name shown to players); rules.py adds the
#: ``anytime`` actions on top and hands those to their own apply
DECISIONS: dict[str, tuple[Legal, Apply, str]] = {}
#: step name -> phase name shown while it waits (steps never wait, but a phase is shown between them)
PHASE_OF_STEP: dict[str, str] = {}


def step(name: str, phase: str = "") -> Callable[[Step], Step]:
    def deco(fn: Step) -> Step:
        STEPS[name] = fn
        if phase:
            PHASE_OF_STEP[name] = phase
        return fn
    return deco


def decision(name: str, phase: str, legal: Legal) -> Callable[[Apply], Apply]:
    def deco(fn: Apply) -> Apply:
        DECISIONS[name] = (legal, fn, phase)
        return fn
    return deco


def anytime(kind: str, legal: Legal) -> Callable[[Apply], Apply]:
    """Register actions of ``kind`` that any decision ``t`` offers when ``legal(s, t)`` lists them."""
    def deco(fn: Apply) -> Apply:
        ANYTIME[kind] = (legal, fn)
        return fn
    return deco


def push(s: "DeadlandState", *tasks: tuple) -> None:
    """Schedule ``tasks`` to run in the order given (before anything already pending). The rules
    schedule a single task with ``s.stack.append(task)`` itself (a replay schedules hundreds)."""
    if len(tasks) == 1:
        s.stack.append(tasks[0])
    else:
        s.stack.extend(tasks[::-1])


def advance(s: "DeadlandState") -> None:
    """Run steps until a player must decide or the game is over."""
    stack, steps = s.stack, STEPS.get
    while s.result is None:
        if not stack:
            raise AssertionError("deadland: the turn stack ran dry")  # turn_end always pushes the next turn
        top = stack.pop()
        run = steps(top[0])
        if run is None:
            stack.append(top)  # (steps are about five times as many as decisions: pop first)
            if top[0] in DECISIONS:
                return
            raise KeyError(top[0])  # (neither a step nor a decision: a bug)
        run(s, top)
    stack.clear()


def known_task(name: Any) -> bool:
    return name in STEPS or name in DECISIONS

"""A scenario's ``pending`` field: the work left in the turn, checked step by step with its arguments.

``pending`` is the state's task stack (see tasks.py) as lists, bottom first: ``[["turn_end"],
["excess"], ["event"], ["use"], ["ask_move", 0]]`` is red about to move. Every step and decision of
the rules is listed in ``ARGS`` with the shape of its arguments, and ``check`` accepts only stacks of
the shape the engine itself builds, so that whatever is accepted can be played on to the end:

- the bottom is ``turn_end`` (or ``turn_start``: the next turn begins), and nowhere else;
- above ``turn_end`` come the phases still to play in the active player's turn, in turn order
  (a survivor's: daily, move, use, event, excess; a zombie's: zdaily, zmove, zevent, zattack);
- then the work in progress; at most one decision, and only on top (the engine always stops
  there), whose player can take it now;
- a Virus card is ``drawn`` exactly while the step that adds it is on top, and Event cards are
  ``resolving`` exactly while their Event is pending."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamelib.core import ScenarioError
from gamelib.core.inputs import show

from .cards import WEAPON_SIZES
from .common import fits
from .reactions import can_aim, can_shoot
from .tasks import DECISIONS, STEPS

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

MAX_CARDS = 12  # no trial draws more (8 at most from a bloodstain, 5 + 1 from an attack)
TRIAL_MODES = ("daily", "attack", "zattack", "blood", "zdaily")
ADD_MODES = ("daily", "attack", "zattack", "blood", "infected")  # trials that add a card, and Infected Area
VICTIM_MODES = ("attack", "zattack", "blood")
ATTACK_MODES = ("attack", "zattack")


class Arg:
    """One argument: a name for messages, a test on the value (JSON form), and how it is stored."""

    __slots__ = ("name", "ok", "store")

    def __init__(self, name: str, ok: Callable[["DeadlandState", Any], bool], store: Callable[[Any], Any] = lambda v: v):
        self.name = name
        self.ok = ok
        self.store = store


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seat_ok(s: "DeadlandState", v: Any) -> bool:
    return _int(v) and 0 <= v < s.n


def _seats_ok(s: "DeadlandState", v: Any) -> bool:
    return isinstance(v, list) and all(_seat_ok(s, x) for x in v) and len(set(v)) == len(v)


def _one_of(values: tuple) -> Callable[["DeadlandState", Any], bool]:
    return lambda s, v: isinstance(v, str) and v in values


def _range(lo: int, hi: int) -> Callable[["DeadlandState", Any], bool]:
    return lambda s, v: _int(v) and lo <= v <= hi


SEAT = Arg("a seat number 0 to players-1", _seat_ok)
SEATS = Arg("a list of different seat numbers", _seats_ok, tuple)
BOARD = Arg("a board number", lambda s, v: _int(v) and 0 <= v < len(s.data.boards))
COUNT = Arg(f"a number of cards 0 to {MAX_CARDS}", _range(0, MAX_CARDS))
ATTACK = Arg(f"a number of cards 1 to {MAX_CARDS}", _range(1, MAX_CARDS))
LEVEL = Arg("an Infection level 0 to 7", _range(0, 7))
FLAG = Arg("0 or 1", _range(0, 1))
SEEOFF = Arg(f"one of {', '.join(WEAPON_SIZES)}", _one_of(tuple(WEAPON_SIZES)))
WEAPON = Arg(f"'' or one of {', '.join(WEAPON_SIZES)}", _one_of(("",) + tuple(WEAPON_SIZES)))


def _mode(modes: tuple[str, ...]) -> Arg:
    return Arg(f"one of {', '.join(modes)}", _one_of(modes))


TRIAL, ADD, VICTIM, ATTACKING = _mode(TRIAL_MODES), _mode(ADD_MODES), _mode(VICTIM_MODES), _mode(ATTACK_MODES)

#: every step and decision with its arguments (after the name)
ARGS: dict[str, tuple[Arg, ...]] = {
    "turn_start": (), "turn_end": (),
    "daily": (), "move": (), "use": (), "event": (), "excess": (),
    "zdaily": (), "zmove": (), "zevent": (), "zattack": (),
    "contagious": (SEAT,), "ctarget": (SEAT, SEATS),
    "trial": (SEAT, COUNT, LEVEL, TRIAL), "react": (SEAT, ADD), "role_react": (SEAT, ADD),
    "event_done": (BOARD, SEAT, FLAG), "attack": (BOARD, ATTACK, WEAPON),
    "victims": (BOARD, ATTACK, FLAG, VICTIM), "victim": (SEAT, BOARD, ATTACK, FLAG, VICTIM),
    "victim_go": (SEAT, BOARD, ATTACK, FLAG, VICTIM, FLAG), "pistol": (BOARD, ATTACK, ATTACKING),
    "infected": (BOARD,), "ia": (SEAT,), "ia_zombies": (BOARD,), "wound": (SEAT, SEATS),
    # decisions: the first argument is the seat who decides
    "ask_move": (SEAT,), "ask_zmove": (SEAT,), "ask_use": (SEAT,), "ask_excess": (SEAT,),
    "ask_drop": (SEAT,), "ask_daily": (SEAT, FLAG), "ask_role_add": (SEAT, ADD),
    "ask_survivor": (SEAT, BOARD, ATTACK, FLAG, VICTIM), "ask_looter": (SEAT, BOARD), "ask_loot": (SEAT, BOARD),
    "ask_seeoff": (SEAT, BOARD, ATTACK, SEEOFF, SEATS), "ask_cmun": (SEAT, SEAT, SEATS, SEATS),
    "ask_ctarget": (SEAT, SEATS), "ask_shotgun": (SEAT, SEAT, ATTACKING, SEATS),
    "ask_pistol": (SEAT, BOARD, ATTACK, ATTACKING, SEATS), "ask_wound": (SEAT, SEAT, SEATS),
}
SURVIVOR_PHASES = ("daily", "move", "use", "event", "excess")
ZOMBIE_PHASES = ("zdaily", "zmove", "zevent", "zattack")
#: the steps that add the ``drawn`` Virus card, and the decisions of the active player's own turn
ADDING = ("react", "role_react", "ask_shotgun", "ask_role_add")
OWN_TURN = ("ask_move", "ask_zmove", "ask_use", "ask_excess", "ask_daily", "ask_looter", "ask_loot")


def parse(s: "DeadlandState", pending: Any) -> list[tuple]:
    """The stack from a ``pending`` list, each entry checked for its shape (``ScenarioError`` otherwise)."""
    if not isinstance(pending, list):
        raise ScenarioError("pending", f"must be a list of steps such as [\"turn_end\"], got {show(pending)}")
    out = []
    for i, entry in enumerate(pending):
        f = f"pending[{i}]"
        if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) or entry[0] not in ARGS:
            raise ScenarioError(f, f"{show(entry)} is not a pending step; a step is a list: a name "
                                   f"({', '.join(sorted(ARGS))}) and its arguments")
        name, args = entry[0], entry[1:]
        shape = ARGS[name]
        if len(args) != len(shape):
            wants = "no arguments" if not shape else "arguments: " + "; ".join(a.name for a in shape)
            raise ScenarioError(f, f"{show(name)} takes {len(shape)} argument(s) ({wants}), got {len(args)}")
        for j, (arg, v) in enumerate(zip(shape, args)):
            if not arg.ok(s, v):
                raise ScenarioError(f"{f}[{j + 1}]", f"{show(name)} needs {arg.name} here, got {show(v)}")
        out.append((name,) + tuple(a.store(v) for a, v in zip(shape, args)))
    return out


def check(s: "DeadlandState", stack: list[tuple]) -> None:
    """Whether ``stack`` can be played on from the position ``s`` (cards, tokens, roles in place)."""
    if s.result is not None:
        if stack:
            raise ScenarioError("pending", "a finished game has nothing pending: give []")
        return  # (it may have ended with cards still in play: an Event card, a Virus card drawn)
    if not stack:
        raise ScenarioError("pending", "an unfinished game has something pending: at least [\"turn_end\"]")
    names = [t[0] for t in stack]
    if names[0] not in ("turn_end", "turn_start") or "turn_end" in names[1:] or "turn_start" in names[1:]:
        raise ScenarioError("pending[0]", "the bottom of the pending work is [\"turn_end\"] (or [\"turn_start\"]), "
                                          "and only the bottom")
    _check_phases(s, names)
    for i, t in enumerate(stack[:-1]):
        if t[0] in DECISIONS:
            raise ScenarioError(f"pending[{i}]", f"a decision ({show(t[0])}) can only be the last entry: "
                                                 "the game stops at the first decision it meets")
    adding = [i for i, n in enumerate(names) if n in ADDING]
    if len(s.held) != len(adding) or adding not in ([], [len(stack) - 1]):
        raise ScenarioError("drawn", "a Virus card is drawn exactly while the step that adds it "
                                     f"({', '.join(ADDING)}) is the last pending entry")
    if adding:
        _check_held(s, stack[-1])
    _check_resolving(s, stack)
    for i, t in enumerate(stack):
        problem = _task_problem(s, t)
        if problem:
            raise ScenarioError(f"pending[{i}]", f"{show(list(t))}: {problem}")


def _check_phases(s: "DeadlandState", names: list[str]) -> None:
    phases = [n for n in names if n in SURVIVOR_PHASES + ZOMBIE_PHASES]
    if not phases:
        return
    own = ZOMBIE_PHASES if s.zombie[s.active] else SURVIVOR_PHASES
    if s.cut and phases[0] not in own:  # the active player turned into a zombie this turn: they are skipped
        own = SURVIVOR_PHASES if own is ZOMBIE_PHASES else ZOMBIE_PHASES
    kind = "zombie" if own is ZOMBIE_PHASES else "survivor"
    if names[0] != "turn_end" or any(n not in own for n in phases):
        raise ScenarioError("pending", f"the phases left in a {kind}'s turn come just above [\"turn_end\"]: "
                                       f"{', '.join(own)}")
    order = [own.index(n) for n in phases]
    if names[1:1 + len(phases)] != phases or order != sorted(order, reverse=True) or len(set(order)) != len(order):
        raise ScenarioError("pending", f"the phases left in a {kind}'s turn come just above [\"turn_end\"], "
                                       f"each once, the next one last: [\"turn_end\"], "
                                       + ", ".join(f'["{n}"]' for n in reversed(own)))


def _check_held(s: "DeadlandState", t: tuple) -> None:
    seat = t[2] if t[0] == "ask_shotgun" else t[1]
    if s.zombie[seat] or s.dead[seat]:
        raise ScenarioError("drawn", f"the drawn card would go to {s.name(seat)}, who is no survivor")
    card = s.held[0]
    if not fits(s, seat, card):
        raise ScenarioError("drawn", f"{s.data.virus[card].label} is not the next card for {s.name(seat)}'s "
                                     f"Infection deck (level {s.level(seat)})")


def _check_resolving(s: "DeadlandState", stack: list[tuple]) -> None:
    events = [t for t in stack if t[0] in ("event_done", "ask_loot")]
    if len(events) > 1:
        raise ScenarioError("pending", "one Event is resolved at a time (event_done, ask_loot)")
    if s.ev and not events:
        raise ScenarioError("resolving", "Event cards are resolving only while their Event is pending "
                                         "([\"event_done\", board, player, 0] or an ask_loot decision)")
    if events:
        t = events[0]
        b = t[1] if t[0] == "event_done" else t[2]
        if t[0] == "ask_loot" and not s.ev:
            raise ScenarioError("resolving", "the Looter chooses among the Event cards resolving: there are none")
        deck = s.data.boards[b].deck
        for cid in s.ev:
            if s.data.events[cid].deck != deck:
                raise ScenarioError("resolving", f"card {show(cid)} comes from the {show(s.data.events[cid].deck)} deck, "
                                                 f"not from {s.the(b)}")


def _task_problem(s: "DeadlandState", t: tuple) -> str:
    """What makes task ``t`` impossible now (empty: nothing)."""
    name = t[0]
    if name == "trial":
        seat, mode = t[1], t[4]
        if s.dead[seat] or s.zombie[seat] != (mode == "zdaily"):
            return "a zombie's own trial is 'zdaily'; every other trial is a survivor's"
    if name == "ctarget" and (not t[2] or t[1] in t[2]):
        return "the Contagious player infects one of the other players listed"
    if name not in DECISIONS:
        return ""
    seat = t[1]
    if s.dead[seat]:
        return f"{s.name(seat)} is out of the game"
    if name in OWN_TURN and seat != s.active:
        return f"only the active player ({s.name(s.active)}) takes this decision"
    if s.zombie[seat] != (name == "ask_zmove"):
        return "only a zombie moves with ask_zmove; every other decision is a survivor's"
    check = _DECISION_CHECKS.get(name)
    return check(s, t) if check else ""


def _excess(s: "DeadlandState", t: tuple) -> str:
    p = t[1]
    tok_cap, obj_cap = s.limits(p)
    if s.mun[p] + s.rat[p] > tok_cap:
        return "" if s.mun[p] and s.rat[p] else "with one kind of token only, the excess is discarded without a question"
    return "" if len(s.objs[p]) > obj_cap else f"{s.name(p)} carries nothing in excess"


def _looter(s: "DeadlandState", t: tuple) -> str:
    p, b = t[1], t[2]
    if b != s.pos[p]:
        return f"{s.name(p)} draws Event cards on their own board"
    if t[0] == "ask_looter" and (s.turned[b] or not s.edeck[b]):
        return f"{s.the(b)} has no Event card left to draw"
    return ""


def _seeoff(s: "DeadlandState", t: tuple) -> str:
    return "" if s.usable(t[1], t[4]) else f"{s.name(t[1])} cannot use a {t[4]} now"


def _cmun(s: "DeadlandState", t: tuple) -> str:
    _, q, p, targets, agreed = t
    if not targets or p in targets or tuple(targets[:len(agreed)]) != agreed or len(agreed) >= len(targets) \
            or targets[len(agreed)] != q:
        return "the players asked are the targets (not the Contagious player), in order, the next one deciding"
    if any(s.mun[o] < 1 or s.zombie[o] for o in targets):
        return "every target is a survivor holding a Munitions token"
    return ""


def _shotgun(s: "DeadlandState", t: tuple) -> str:
    return "" if can_shoot(s, t[1]) else f"{s.name(t[1])} cannot fire a Shotgun now (3 Munitions, once a turn)"


def _pistol(s: "DeadlandState", t: tuple) -> str:
    return "" if can_aim(s, t[1]) else f"{s.name(t[1])} cannot use a Pistol now (1 Munitions)"


def _wound(s: "DeadlandState", t: tuple) -> str:
    z = t[2]
    return "" if s.zombie[z] and not s.dead[z] else f"{s.name(z)} is no zombie in the game"


_DECISION_CHECKS: dict[str, Callable[["DeadlandState", tuple], str]] = {
    "ask_excess": _excess,
    "ask_drop": lambda s, t: "" if s.objs[t[1]] else f"{s.name(t[1])} has no object to discard",
    "ask_looter": _looter, "ask_loot": _looter,
    "ask_seeoff": _seeoff,
    "ask_cmun": _cmun,
    "ask_ctarget": lambda s, t: "" if t[2] and t[1] not in t[2] else "the targets are other players",
    "ask_shotgun": _shotgun,
    "ask_pistol": _pistol,
    "ask_wound": _wound,
}


def declared() -> set[str]:
    """Every task name the rules define (a test keeps ``ARGS`` in step with it)."""
    return set(STEPS) | set(DECISIONS)

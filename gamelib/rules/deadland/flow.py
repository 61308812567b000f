"""The turn: its five phases for a survivor (trial, movement, using/exchanging, Event, discarding
excess) and for a zombie (two cards, forced move, Event, Zombie Infection Trial)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .common import S_EXCESS, S_MOVE, S_TURN, S_USE, S_ZOMBIE, drop_object, take_tokens
from .roles import apply_role_use, role_use_actions, role_use_moment
from .tasks import decision, push, step

if TYPE_CHECKING:  # pragma: no cover
    from .state import DeadlandState


@step("turn_start")
def turn_start(s: "DeadlandState", t: tuple) -> None:
    p = s.active
    s.cut = False
    s.medic_used = False
    s.shot_used = [False] * s.n
    s.pistol_used = [False] * s.n
    if s.fresh:  # what p drew last turn is usable from now on
        s.fresh = [c for c in s.fresh if c not in s.objs[p]]
    kind = "zombie" if s.zombie[p] else "survivor"
    log(s, S_TURN, f"turn {s.turn}: {s.name(p)} ({kind}) on {s.the(s.pos[p])}")
    if s.zombie[p]:
        push(s, ("zdaily",), ("zmove",), ("zevent",), ("zattack",), ("turn_end",))
    else:
        push(s, ("daily",), ("move",), ("use",), ("event",), ("excess",), ("turn_end",))


@step("turn_end")
def turn_end(s: "DeadlandState", t: tuple) -> None:
    n = s.n
    nxt = s.active
    for i in range(1, n + 1):
        nxt = (s.active + i) % n
        if not s.dead[nxt]:
            break
    s.active = nxt
    s.turn += 1
    push(s, ("turn_start",))


# ---- Movement ------------------------------------------------------------------------------------
def destinations(s: "DeadlandState", p: int) -> list[int]:
    links = s.data.links[s.pos[p]]
    if s.zombie[p] and not s.any_turned():
        return [b for b in links if b != s.data.base]
    return list(links)


@step("move", "Movement")
def move(s: "DeadlandState", t: tuple) -> None:
    if not s.cut:
        push(s, ("ask_move", s.active))


def _move_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    p = t[1]
    out = [Action(f"Stay on {s.the(s.pos[p])}", "stay", (s.pos[p],))]
    out += [Action(f"Move to {s.the(b)}", "move", (b,)) for b in destinations(s, p)]
    return out


@decision("ask_move", "Movement", _move_legal)
def _ask_move(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    if a.kind == "stay":
        log(s, S_MOVE, f"{s.name(p)} stays on {s.the(s.pos[p])}")
        return
    s.pos[p] = a.args[0]
    log(s, S_MOVE, f"{s.name(p)} moves to {s.the(s.pos[p])}")
    if s.role_is(p, "contagious", True):
        push(s, ("contagious", p))


@step("zmove", "Movement")
def zmove(s: "DeadlandState", t: tuple) -> None:
    if s.cut:
        return
    z = s.active
    dests = destinations(s, z)
    if len(dests) == 1:
        _zombie_moves(s, z, dests[0])
    else:
        push(s, ("ask_zmove", z))


def _zmove_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    return [Action(f"Move to {s.the(b)}", "move", (b,)) for b in destinations(s, t[1])]


@decision("ask_zmove", "Movement", _zmove_legal)
def _ask_zmove(s: "DeadlandState", t: tuple, a: Action) -> None:
    _zombie_moves(s, t[1], a.args[0])


def _zombie_moves(s: "DeadlandState", z: int, b: int) -> None:
    s.pos[z] = b
    log(s, S_ZOMBIE, f"the zombie {s.name(z)} must move: it goes to {s.the(b)}")
    push(s, ("wound", z, ()))


# ---- Using / Exchanging objects ---------------------------------------------------------------------
def use_actions(s: "DeadlandState", p: int, private: bool = True) -> list[Action]:
    """``p``'s Using phase choices; ``private=False`` leaves out revealing a face-down card."""
    events = s.data.events
    out: list[Action] = []
    for q in s.survivors_here(s.pos[p]):
        if q == p or (q == s.traitor_known and not s.shown[q]):
            continue
        tok_cap, obj_cap = s.limits(q)
        qn = s.name(q)
        room = s.mun[q] + s.rat[q] < tok_cap
        if s.mun[p] and room:
            out.append(Action(f"Give 1 Munitions to {qn}", "give", ("munitions", q)))
        if s.rat[p] and room:
            out.append(Action(f"Give 1 Rations to {qn}", "give", ("rations", q)))
        if len(s.objs[q]) < obj_cap:
            for cid in s.objs[p]:
                card = events[cid]
                if cid not in s.fresh and s.object_of(q, card.object) is None:
                    out.append(Action(f"Give the {card.name} to {qn}", "give", (cid, q)))
    stolen = s.usable(p, "stolen-resources")
    if stolen is not None:
        out.append(Action("Use the Stolen Resources: discard it and take 2 Rations", "stolen", (stolen,)))
    out += [a for a in role_use_actions(s, p) if private or s.shown[p]]
    out.append(Action("End the exchange phase", "end"))
    return out


@step("use", "Using / Exchanging Objects")
def use(s: "DeadlandState", t: tuple) -> None:
    p = s.active
    if not s.cut and (len(use_actions(s, p, private=False)) > 1 or role_use_moment(s, p)):
        push(s, ("ask_use", p))


@decision("ask_use", "Using / Exchanging Objects", lambda s, t: use_actions(s, t[1]))
def _ask_use(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    if a.kind == "end":
        log(s, S_USE, f"{s.name(p)} ends the exchange phase")
        return
    if a.kind == "give":
        _give(s, p, a.args[0], a.args[1])
    elif a.kind == "stolen":
        drop_object(s, p, a.args[0])
        log(s, S_USE, f"{s.name(p)} uses the Stolen Resources")
        take_tokens(s, p, 2, 0, S_USE)
    else:
        apply_role_use(s, p, a)
    push(s, ("use",))


def _give(s: "DeadlandState", p: int, what: str, q: int) -> None:
    if s.role_is(q, "traitor", False):
        # Only a face-down Traitor refuses, so the refusal tells the whole table.
        s.traitor_known = q
        log(s, S_USE, f"{s.name(q)} cannot accept anything from {s.name(p)}: nobody may pass objects "
                      f"or tokens to a face-down Traitor")
        return
    if s.role[q] is not None and not s.shown[q]:
        s.not_traitor[q] = True
    if what == "munitions":
        s.mun[p] -= 1
        s.mun[q] += 1
        shown = "1 Munitions"
    elif what == "rations":
        s.rat[p] -= 1
        s.rat[q] += 1
        shown = "1 Rations"
    else:
        s.objs[p].remove(what)
        s.objs[q].append(what)
        shown = f"the {s.data.events[what].name}"
    log(s, S_USE, f"{s.name(p)} gives {shown} to {s.name(q)}")


# ---- Discarding excess ---------------------------------------------------------------------------
@step("excess", "Discarding Excess Objects/Tokens")
def excess(s: "DeadlandState", t: tuple) -> None:
    p = s.active
    if s.cut or s.zombie[p]:
        return
    tok_cap, obj_cap = s.limits(p)
    over = s.mun[p] + s.rat[p] - tok_cap
    if over > 0:
        if s.mun[p] and s.rat[p]:
            push(s, ("ask_excess", p))
            return
        kind = "munitions" if s.mun[p] else "rations"
        if kind == "munitions":
            s.mun[p] -= over
        else:
            s.rat[p] -= over
        log(s, S_EXCESS, f"{s.name(p)} may carry {tok_cap} tokens: discards {over} {kind.capitalize()}")
    if len(s.objs[p]) > obj_cap:
        push(s, ("ask_excess", p))


def _excess_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    p = t[1]
    tok_cap, _ = s.limits(p)
    if s.mun[p] + s.rat[p] > tok_cap:
        return [Action("Discard 1 Munitions", "token", ("munitions",)), Action("Discard 1 Rations", "token", ("rations",))]
    return [Action(f"Discard the {s.data.events[c].name}", "object", (c,)) for c in s.objs[p]]


@decision("ask_excess", "Discarding Excess Objects/Tokens", _excess_legal)
def _ask_excess(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    if a.kind == "token":
        if a.args[0] == "munitions":
            s.mun[p] -= 1
        else:
            s.rat[p] -= 1
        log(s, S_EXCESS, f"{s.name(p)} discards 1 {a.args[0].capitalize()}")
    else:
        drop_object(s, p, a.args[0])
        log(s, S_EXCESS, f"{s.name(p)} discards the {s.data.events[a.args[0]].name}")
    push(s, ("excess",))

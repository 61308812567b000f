"""Role card powers: the Traitor's reveal (at any decision of their own turn), the Using phase
powers (Scavenger, Medic), the Contagious survivor's movement, and every role's condition for
winning as a living survivor. Reveals that happen at other moments live where the moment is
(trials.py: Infectee, Contagious, Survivor, Hermit; effects.py: Looter)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import SCAVENGER_TOKENS
from .common import S_ROLES, drop_object, take_tokens
from .state import put, without
from .tasks import anytime, decision, step

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

MEDIC_LEVEL = 2  # the Medic takes a card off an Infection deck of at least this level


# ---- the Traitor: at any decision of their own turn ------------------------------------------------
def traitor_victims(s: "DeadlandState", p: int) -> list[int]:
    """The other survivors sharing ``p``'s board (a zombie holds no objects, Rations or Munitions)."""
    return [q for q in s.survivors_here(s.pos[p]) if q != p]


def _traitor_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    p = t[1]
    if p != s.active or s.role[p] != "traitor" or not s.role_is(p, "traitor", False):
        return []
    return [Action(f"Reveal Traitor: take every object and token of {s.name(q)}", "traitor", (q,))
            for q in traitor_victims(s, p)]


def traitor_moment(s: "DeadlandState", p: int) -> bool:
    """Whether, for all the table knows, active player ``p`` might now reveal a face-down Traitor."""
    return s.role[p] is not None and s.may_hold(p, "traitor") and bool(traitor_victims(s, p))


@anytime("traitor", _traitor_legal)
def _traitor_reveal(s: "DeadlandState", t: tuple, a: Action) -> None:
    p, q = t[1], a.args[0]
    s.shown = put(s.shown, p, True)
    events = s.data.events
    taken = []
    for cid in s.objs[q]:
        s.objs = put(s.objs, q, without(s.objs[q], cid))
        if s.object_of(p, events[cid].object) is not None:
            s.box += (cid,)
            if cid in s.fresh:
                s.fresh = without(s.fresh, cid)
            taken.append(f"the {events[cid].name} (a duplicate, discarded)")
        else:
            s.objs = put(s.objs, p, s.objs[p] + (cid,))
            taken.append(f"the {events[cid].name}")
    if s.mun[q]:
        taken.append(f"{s.mun[q]} Munitions")
    if s.rat[q]:
        taken.append(f"{s.rat[q]} Rations")
    s.mun = put(put(s.mun, p, s.mun[p] + s.mun[q]), q, 0)
    s.rat = put(put(s.rat, p, s.rat[p] + s.rat[q]), q, 0)
    if s.log_enabled:
        log(s, S_ROLES, f"{s.name(p)} reveals the Traitor card and takes from {s.name(q)}: "
                        f"{', '.join(taken) or 'nothing'}")


# ---- Using phase powers -----------------------------------------------------------------------------
REVEAL_SCAVENGER = Action("Reveal Scavenger: take 2 Rations and 2 Munitions", "scavenger")


def role_use_actions(s: "DeadlandState", p: int) -> list[Action]:
    role = s.role[p]
    if role is None:
        return []
    out = []
    if role == "scavenger" and s.role_is(p, "scavenger", False):
        out.append(REVEAL_SCAVENGER)
    lv = len(s.inf[p])
    if role == "medic" and s.role_is(p, "medic") and not s.medic_used and lv >= MEDIC_LEVEL and s.usable(p, "medications"):
        verb = "Use the Medic" if s.shown[p] else "Reveal Medic"
        out.append(Action(f"{verb}: discard Medications, level {lv} -> {lv - 1}", "medic"))
    return out


def role_use_moment(s: "DeadlandState", p: int) -> bool:
    """Whether, for all the table knows, ``p`` might now reveal a face-down Traitor, Scavenger or
    Medic. The Using phase then waits for ``p`` even with nothing else to do, so that its pause
    never shows who holds one of these cards."""
    if s.role[p] is None or s.zombie[p] or s.shown[p]:  # (may_hold's first test: no to every role)
        return False
    return (s.may_hold(p, "scavenger") or traitor_moment(s, p)
            or (s.may_hold(p, "medic") and len(s.inf[p]) >= MEDIC_LEVEL and s.usable(p, "medications") is not None))


def apply_role_use(s: "DeadlandState", p: int, a: Action) -> None:
    if a.kind == "scavenger":
        s.shown = put(s.shown, p, True)
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(p)} reveals the Scavenger card")
        take_tokens(s, p, SCAVENGER_TOKENS, SCAVENGER_TOKENS, S_ROLES)
    elif a.kind == "medic":
        s.shown = put(s.shown, p, True)
        s.medic_used = True
        cid = s.usable(p, "medications")
        assert cid is not None
        drop_object(s, p, cid)
        top = s.inf[p][-1]
        s.inf = put(s.inf, p, s.inf[p][:-1])
        s.vdisc.append(top)
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(p)} uses the Medic card: Medications discarded, the {s.data.virus[top].label} "
                            f"goes to the Virus discards, level {s.level(p)}")


# ---- Contagious: moving onto other survivors ---------------------------------------------------------
@step("contagious")
def contagious(s: "DeadlandState", t: tuple) -> None:
    p = t[1]
    targets = tuple(q for q in s.survivors_here(s.pos[p], p) if q != p)
    if not targets:
        return
    if s.log_enabled:
        log(s, S_ROLES, f"the Contagious {s.name(p)} arrives among " + ", ".join(s.name(q) for q in targets))
    if all(s.mun[q] >= 1 for q in targets):
        s.stack.append(("ask_cmun", targets[0], p, targets, ()))
    else:
        s.stack.append(("ctarget", p, targets))


def _cmun_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    return [Action(f"Discard 1 Munitions to keep {s.name(t[2])}'s contagion away", "use"),
            Action(f"Keep your Munitions: {s.name(t[2])} may infect one of you", "pass")]


@decision("ask_cmun", "Contagious", _cmun_legal)
def _ask_cmun(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, q, p, targets, agreed = t
    if a.kind == "pass":
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(q)} will not give up a Munitions token")
        s.stack.append(("ctarget", p, targets))
        return
    agreed = agreed + (q,)
    if len(agreed) < len(targets):
        s.stack.append(("ask_cmun", targets[len(agreed)], p, targets, agreed))
        return
    for o in targets:
        s.mun = put(s.mun, o, s.mun[o] - 1)
    log(s, S_ROLES, "each of them discards a Munitions token: the contagion is kept away")


@step("ctarget")
def ctarget(s: "DeadlandState", t: tuple) -> None:
    _, p, targets = t
    if len(targets) == 1:
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(p)} infects {s.name(targets[0])} (Infected Area effect)")
        s.stack.append(("ia", targets[0]))
    else:
        s.stack.append(("ask_ctarget", p, targets))


def _ctarget_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    return [Action(f"Infect {s.name(q)}", "infect", (q,)) for q in t[2]]


@decision("ask_ctarget", "Contagious", _ctarget_legal)
def _ask_ctarget(s: "DeadlandState", t: tuple, a: Action) -> None:
    q = a.args[0]
    if s.log_enabled:
        log(s, S_ROLES, f"{s.name(t[1])} infects {s.name(q)} (Infected Area effect)")
    s.stack.append(("ia", q))

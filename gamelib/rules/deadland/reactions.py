"""Weapons used at someone else's moment: the Pistol before an attack's trials, the Shotgun when a
Virus card is about to be added, and every weapon against a zombie that ends its movement on
the holder's board. Prompts exist only when the weapon can actually be used."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import DISCARDED, SHOTGUN_COST
from .common import S_OBJ, S_ZOMBIE, drop_object, kept, settle_held
from .state import put
from .tasks import decision, step

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

PISTOL_COST = 1         # Munitions to make an attack one card shorter, or to shoot a zombie
CHAINSAW_WOUNDS = 2     # Resistance a Chainsaw strike takes (a Hatchet, a Pistol shot: one)


# ---- Shotgun: discard the Virus card about to be added ----------------------------------------------
def can_shoot(s: "DeadlandState", q: int) -> bool:
    return not s.shot_used[q] and s.mun[q] >= SHOTGUN_COST and s.usable(q, "shotgun") is not None


def shotgun_queue(s: "DeadlandState", victim: int) -> list[int]:
    return [q for q in s.survivors_here(s.pos[victim]) if can_shoot(s, q)]


def _shotgun_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    victim = t[2]
    label = s.data.virus[s.held[-1]].label
    whose = "your" if victim == t[1] else f"{s.name(victim)}'s"
    return [Action(f"Use the Shotgun to discard the {label} ({s.name(victim)})", "use", ("shotgun", victim)),
            Action(f"Do not fire the Shotgun: the {label} goes into {whose} deck", "pass")]


@decision("ask_shotgun", "Zombie attack", _shotgun_legal)
def _ask_shotgun(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, q, victim, mode, rest = t
    if a.kind == "use":
        s.mun = put(s.mun, q, s.mun[q] - SHOTGUN_COST)
        s.shot_used = put(s.shot_used, q, True)
        card = s.held[-1]
        s.held = s.held[:-1]
        s.vdisc.append(card)
        settle_held(s, card, DISCARDED)
        if s.log_enabled:
            log(s, S_OBJ, f"{s.name(q)} fires the Shotgun (3 Munitions): the {s.data.virus[card].label} "
                          f"meant for {s.name(victim)} is discarded")
        return
    rest = tuple(o for o in rest if can_shoot(s, o))  # someone may have lost the means meanwhile
    if rest:
        s.stack.append(("ask_shotgun", rest[0], victim, mode, rest[1:]))
    else:
        s.stack.append(("role_react", victim, mode))


# ---- Pistol: one card fewer for everyone in the attack ------------------------------------------------
@step("pistol")
def pistol(s: "DeadlandState", t: tuple) -> None:
    _, b, n, mode = t
    queue = [q for q in s.survivors_here(b) if can_aim(s, q)]
    if queue:
        s.stack.append(("ask_pistol", queue[0], b, n, mode, tuple(queue[1:])))
    else:
        s.stack.append(("victims", b, n, 0, mode))


def can_aim(s: "DeadlandState", q: int) -> bool:
    return s.mun[q] >= PISTOL_COST and s.usable(q, "pistol") is not None


PISTOL_CHOICES = (Action("Spend 1 Munitions with the Pistol: one card fewer for everyone here", "use", ("pistol",)),
                  Action("Do not use the Pistol: keep the Munitions", "pass"))


def _pistol_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    return list(PISTOL_CHOICES)


@decision("ask_pistol", "Zombie attack", _pistol_legal)
def _ask_pistol(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, q, b, n, mode, rest = t
    if a.kind == "use":
        s.mun = put(s.mun, q, s.mun[q] - PISTOL_COST)
        if s.log_enabled:
            log(s, S_OBJ, f"{s.name(q)} spends a Munitions token with the Pistol: everyone on "
                          f"{s.the(b)} draws one card fewer in this attack")
        s.stack.append(("victims", b, n, 1, mode))
        return
    rest = tuple(o for o in rest if can_aim(s, o))
    if rest:
        s.stack.append(("ask_pistol", rest[0], b, n, mode, rest[1:]))
    else:
        s.stack.append(("victims", b, n, 0, mode))


# ---- wounding a zombie that ends its movement here ------------------------------------------------------
def _wound(s: "DeadlandState", z: int, weapon: str, k: int, text: str) -> Action:
    cache = s.data.made
    key = ("wound", z, weapon, k)
    return cache.get(key) or kept(cache, key, Action(text.format(zn=s.name(z), k=k), "wound", (weapon, k)))


def wound_options(s: "DeadlandState", q: int, z: int) -> list[Action]:
    r = s.resist[z]
    out: list[Action] = []
    if r <= 0:
        return out
    mun = s.mun[q]
    if mun >= PISTOL_COST and not s.pistol_used[q] and s.usable(q, "pistol"):
        out.append(_wound(s, z, "pistol", 1, "Shoot {zn} with the Pistol (1 Munitions)"))
    if mun >= 1 and not s.shot_used[q] and s.usable(q, "shotgun"):
        out.append(_wound(s, z, "shotgun", 1, "Fire the Shotgun at {zn} (1 Munitions)"))
        if mun >= 2 and r >= 2:
            out.append(_wound(s, z, "shotgun", 2, "Fire the Shotgun at {zn} (2 Munitions)"))
    if s.usable(q, "hatchet"):
        out.append(_wound(s, z, "hatchet", 1, "Strike {zn} with the Hatchet (discard it)"))
    if s.usable(q, "chainsaw"):
        k = min(CHAINSAW_WOUNDS, r)
        out.append(_wound(s, z, "chainsaw", k, "Strike {zn} with the Chainsaw (discard it, {k} Resistance)"))
    return out


@step("wound")
def wound(s: "DeadlandState", t: tuple) -> None:
    _, z, done = t
    if s.dead[z]:
        return
    for q in s.survivors_here(s.pos[z]):
        if q not in done and wound_options(s, q, z):
            s.stack.append(("ask_wound", q, z, done))
            return


def _wound_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    cache = s.data.made
    key = ("let pass", t[2])
    return wound_options(s, t[1], t[2]) + [
        cache.get(key) or kept(cache, key, Action(f"Let {s.name(t[2])} pass", "pass"))]


@decision("ask_wound", "Zombie movement", _wound_legal)
def _ask_wound(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, q, z, done = t
    if a.kind == "pass":
        s.stack.append(("wound", z, done + (q,)))
        return
    weapon, k = a.args
    if weapon == "pistol":
        s.mun = put(s.mun, q, s.mun[q] - PISTOL_COST)
        s.pistol_used = put(s.pistol_used, q, True)
    elif weapon == "shotgun":
        s.mun = put(s.mun, q, s.mun[q] - k)
        s.shot_used = put(s.shot_used, q, True)
    else:
        cid = s.usable(q, weapon)
        assert cid is not None
        drop_object(s, q, cid)
    k = min(k, s.resist[z])
    s.resist = put(s.resist, z, s.resist[z] - k)
    if s.log_enabled:
        log(s, S_OBJ, f"{s.name(q)} wounds {s.name(z)} with the {weapon.capitalize()}: -{k} Resistance, "
                      f"{s.resist[z]} left")
    if s.resist[z] == 0:
        s.dead = put(s.dead, z, True)
        if s.log_enabled:
            log(s, S_ZOMBIE, f"{s.name(z)} has no Resistance tokens left: dead and out of the game")
        if z == s.active:
            s.cut = True
        return
    s.stack.append(("wound", z, done))

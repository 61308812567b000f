"""The Event phase: drawing Event cards and applying them (tokens, objects, zombie attacks,
Infected Area), turned-over boards, the Looter, and a zombie player's Event and trial."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import ATTACK, BLOOD, INFECTED, LOOTER_CARDS, OBJECT_NAMES, PLAYER_NAMES, ZATTACK
from .common import (
    S_ATTACK, S_EVENT, S_OBJ, S_ROLES, S_TYPES, S_ZOMBIE, article, discard_event, drop_object,
    gain_resistance, kept, log_same, pop_event, take_tokens, turnover,
)
from .state import put, without
from .tasks import decision, push, step

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState


# ---- survivors' Event phase -----------------------------------------------------------------------
@step("event", "Event")
def event(s: "DeadlandState", t: tuple) -> None:
    if s.cut:
        return
    p = s.active
    b = s.pos[p]
    if s.turned[b]:
        if s.log_enabled:
            log(s, S_EVENT, f"{s.the(b)} is turned over: {s.name(p)} faces its bloodstain instead of an Event")
        s.stack.append(("victim", p, b, s.data.boards[b].bloodstain, 0, BLOOD))
        return
    if s.role[p] is not None and not s.shown[p] and s.may_hold(p, "looter"):
        # asked whatever their face-down card is, so that the question gives nothing away
        s.stack.append(("ask_looter", p, b))
        return
    draw_event(s, p, b, s.role[p] == "looter" and s.role_is(p, "looter", True))


def draw_event(s: "DeadlandState", p: int, b: int, extra: bool) -> None:
    cid = pop_event(s, b)
    s.ev += (cid,)
    s.stack.append(("event_done", b, p, 1 if extra else 0))
    apply_event(s, p, b, cid)


def apply_event(s: "DeadlandState", p: int, b: int, cid: str) -> None:
    card = s.data.events[cid]
    logging = s.log_enabled
    if logging:
        log_same(s, S_EVENT, "{} turns over an Event card on {}: {}", PLAYER_NAMES[p], s.data.boards[b].called,
                 card.label)  # (s.the(b))
    if card.rations or card.munitions:
        take_tokens(s, p, card.rations, card.munitions, S_TYPES)
    if card.kind == "object":
        if s.object_of(p, card.object) is not None:
            if logging:
                log(s, S_TYPES, f"{s.name(p)} already has a {card.name}: the new one is discarded")
        else:
            s.ev = without(s.ev, cid)
            s.objs = put(s.objs, p, s.objs[p] + (cid,))
            s.fresh += (cid,)
            if logging:
                log_same(s, S_TYPES, "{} keeps the {} (usable from their next turn)", PLAYER_NAMES[p], card.name)
    elif card.kind == "zombie":
        s.stack.append(("attack", b, card.attack, card.weapon))
    elif card.kind == "infected":
        s.stack.append(("infected", b))


@step("event_done")
def event_done(s: "DeadlandState", t: tuple) -> None:
    _, b, p, extra = t
    for cid in s.ev:
        discard_event(s, b, cid)
    s.ev = ()
    if not s.edeck[b]:  # (turnover does nothing while cards are left)
        turnover(s, b)
    if extra and s.role_is(p, "looter", True) and s.edeck[b]:
        cid = pop_event(s, b)
        card = s.data.events[cid]
        if card.kind == "infected":
            deck = list(s.edeck[b])
            deck.insert(s.rng.randbelow(len(deck) + 1), cid)
            s.edeck = put(s.edeck, b, tuple(deck))
            if len(s.data.deck_boards[card.deck]) > 1:
                s.known = put(s.known, b, s.known[b] + (cid,))  # everyone saw it go back into this Road's deck
            if s.log_enabled:
                log(s, S_ROLES, f"the Looter's extra card is an Infected Area: shuffled back into the deck of {s.the(b)}")
        else:
            discard_event(s, b, cid)
            if s.log_enabled:
                log(s, S_ROLES, f"the Looter's extra card ({card.label}) is discarded without effect")
            turnover(s, b)


# ---- the Looter -----------------------------------------------------------------------------------
DRAW_ONE = Action("Draw one Event card", "pass")
REVEAL_LOOTER = Action("Reveal Looter: draw five Event cards and keep one", "reveal", ("looter",))


def _looter_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    if s.role_is(t[1], "looter", False):
        return [REVEAL_LOOTER, DRAW_ONE]
    return [DRAW_ONE]


@decision("ask_looter", "Event", _looter_legal)
def _ask_looter(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, p, b = t
    if a.kind == "pass":
        draw_event(s, p, b, False)
        return
    s.shown = put(s.shown, p, True)
    k = min(LOOTER_CARDS, len(s.edeck[b]))
    for _ in range(k):
        s.ev += (pop_event(s, b),)
    if s.log_enabled:
        log(s, S_ROLES, f"{s.name(p)} reveals the Looter card and draws {k} Event cards: "
                        + ", ".join(s.data.events[c].label for c in s.ev))
    if len(_loot_legal(s, ("ask_loot", p, b))) == 1:
        _keep(s, p, b, s.ev[0])
    else:
        s.stack.append(("ask_loot", p, b))


def _loot_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    out: dict[str, Action] = {}
    for cid in s.ev:
        label = f"Keep {s.data.events[cid].label}"
        if label not in out:
            out[label] = Action(label, "keep", (cid,))
    return list(out.values())


@decision("ask_loot", "Event", _loot_legal)
def _ask_loot(s: "DeadlandState", t: tuple, a: Action) -> None:
    _keep(s, t[1], t[2], a.args[0])


def _keep(s: "DeadlandState", p: int, b: int, cid: str) -> None:
    for other in s.ev:
        if other != cid:
            discard_event(s, b, other)
    s.ev = (cid,)
    s.stack.append(("event_done", b, p, 0))
    apply_event(s, p, b, cid)


# ---- zombie attacks from Event cards -----------------------------------------------------------------
@step("attack")
def attack(s: "DeadlandState", t: tuple) -> None:
    _, b, n, weapon = t
    if weapon:
        queue = [q for q in s.survivors_here(b) if s.usable(q, weapon)]
        if queue:
            s.stack.append(("ask_seeoff", queue[0], b, n, weapon, tuple(queue[1:])))
            return
    s.stack.append(("pistol", b, n, ATTACK))


def _seeoff_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    cache = s.data.made
    key = ("seeoff", t[4])
    got = cache.get(key)
    if got is None:
        weapon = OBJECT_NAMES[t[4]]
        got = kept(cache, key, (Action(f"Use the {weapon} to see off the attack", "use", (t[4],)),
                                Action(f"Keep the {weapon}: everyone here faces the attack", "pass")))
    return list(got)


@decision("ask_seeoff", "Zombie attack", _seeoff_legal)
def _ask_seeoff(s: "DeadlandState", t: tuple, a: Action) -> None:
    _, q, b, n, weapon, rest = t
    if a.kind == "use":
        cid = s.usable(q, weapon)
        assert cid is not None
        drop_object(s, q, cid)
        if s.log_enabled:
            log(s, S_OBJ, f"{s.name(q)} plays and discards the {s.data.events[cid].name}: nobody on {s.the(b)} "
                          "undergoes that trial")
        return
    rest = tuple(o for o in rest if s.usable(o, weapon))
    if rest:
        s.stack.append(("ask_seeoff", rest[0], b, n, weapon, rest[1:]))
    else:
        s.stack.append(("pistol", b, n, ATTACK))


@step("victims")
def victims(s: "DeadlandState", t: tuple) -> None:
    _, b, n, pistol, mode = t
    who = s.survivors_here(b)
    if not who:
        if s.log_enabled:
            log(s, S_ATTACK, f"no survivor on {s.the(b)} to attack")
        return
    push(s, *[("victim", q, b, n, pistol, mode) for q in who])


# ---- Infected Area ---------------------------------------------------------------------------------
@step("infected")
def infected(s: "DeadlandState", t: tuple) -> None:
    b = t[1]
    if s.log_enabled:
        log(s, S_OBJ, f"Infected Area on {s.the(b)}")
    push(s, *[("ia", q) for q in s.survivors_here(b)], ("ia_zombies", b))


@step("ia")
def ia(s: "DeadlandState", t: tuple) -> None:
    q = t[1]
    if s.zombie[q] or s.dead[q]:
        return
    need = len(s.inf[q]) + 1
    virus = s.data.virus
    disc = s.vdisc
    for i in range(len(disc) - 1, -1, -1):
        vc = virus[disc[i]]
        if vc.kind == "level" and vc.level == need:
            s.held += (disc.pop(i),)
            if s.log_enabled:
                log(s, S_OBJ, f"{s.name(q)} finds {article(need)} {need} in the Virus discards")
            s.stack.append(("role_react", q, INFECTED))
            return
    if s.log_enabled:
        log(s, S_OBJ, f"{s.name(q)}: no {need} in the Virus discards")


@step("ia_zombies")
def ia_zombies(s: "DeadlandState", t: tuple) -> None:
    for z in s.here(t[1]):
        if s.zombie[z]:
            gain_resistance(s, z, "Infected Area")


# ---- a zombie player's Event and Infection Trial -------------------------------------------------------
@step("zevent", "Event")
def zevent(s: "DeadlandState", t: tuple) -> None:
    if s.cut:
        return
    z = s.active
    b = s.pos[z]
    if s.turned[b]:
        if s.log_enabled:
            log(s, S_ZOMBIE, f"{s.the(b)} is turned over: no Event for the zombie {s.name(z)}")
        return
    cid = pop_event(s, b)
    s.ev += (cid,)
    card = s.data.events[cid]
    if s.log_enabled:
        log_same(s, S_ZOMBIE, "the zombie {} turns over an Event card on {}: {}", PLAYER_NAMES[z], s.the(b), card.label)
    s.stack.append(("event_done", b, z, 0))
    if card.kind == "infected":
        s.stack.append(("infected", b))
    elif card.hand:
        gain_resistance(s, z, "hand symbol")
    else:
        log_same(s, S_ZOMBIE, "discarded without effect")


@step("zattack", "Zombie Infection Trial")
def zattack(s: "DeadlandState", t: tuple) -> None:
    if s.cut:
        return
    z = s.active
    b = s.pos[z]
    n = s.resist[z]
    if n <= 0 or not s.survivors_here(b):
        return
    if s.log_enabled:
        log(s, S_ZOMBIE, f"Zombie Infection Trial: every survivor on {s.the(b)} draws {n} (the zombie's Resistance)")
    s.stack.append(("pistol", b, n, ZATTACK))

"""Banner effects, one at a time: Reserves, burials, moving top cards, Respites, damage,
healing and Calamity draws. Each either changes the position at once or opens a ``pending``
sub-decision that ``rules.py`` offers as actions."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import log

from .cards import RESERVES, Event, mask_text
from .common import (BANNERS_S, DAMAGE_S, END, FAQ, GREY_S, Ended, calamity_weak, can_take, effect_possible,
                     pile_of, return_token, with_reserve)

if TYPE_CHECKING:
    from .state import WalkingDeckState


def leave_front(s: WalkingDeckState, c: str) -> None:
    s.front.remove(c)
    del s.dmg[c]


def bury(s: WalkingDeckState, c: str, section: str, why: str = "") -> None:
    """Place ``c`` face down next to the Protagonist; the game ends at once at the limit."""
    s.buried.append(c)
    prot = s.game.protagonist
    log(s, section, f"bury {s.game.cards.events[c].label}{why} ({len(s.buried)}/{prot.burial_limit} buried)")
    if len(s.buried) >= prot.burial_limit:
        s.over = "lost"
        log(s, END, f"{len(s.buried)} Events are buried, {prot.name}'s limit: you have lost!")
        raise Ended


def do_effect(s: WalkingDeckState, e: Event, x: tuple) -> None:
    ev = s.game.cards.events
    k = x[0]
    nothing = f"{e.label}: nothing happens"
    if k in ("restore", "consume"):
        want = k == "restore"
        name = RESERVES[x[1]]
        if s.reserves[x[1]] != want:
            s.reserves = with_reserve(s.reserves, x[1], want)
            log(s, BANNERS_S, f"{e.label}: {k} the {name} Reserve (now {'available' if want else 'consumed'})")
        else:
            log(s, FAQ, f"{nothing}, the {name} Reserve is already {'available' if want else 'consumed'}")
    elif k == "bury_self":
        c = e.id
        if s.current == c:
            s.current = None
        elif c in s.front:
            leave_front(s, c)
        elif c in s.memory:
            s.memory.remove(c)
        elif c in s.avoided:
            s.avoided.remove(c)
        else:  # pragma: no cover - an Event applies its banner only from these places
            raise AssertionError(f"{c} is not where its banner applies")
        bury(s, c, BANNERS_S, " (\"this Event\" is the Event that carries the effect)")
    elif k == "bury_hand":
        if s.hand:
            s.pending = ("bury_hand",)
        else:
            log(s, FAQ, f"{nothing}: there is no Event in your hand to bury")
    elif k in ("memorise_top", "avoid_top"):
        pile = pile_of(s, x[1])
        if not pile:
            log(s, FAQ, f"{nothing}: the {x[1]} pile is empty")
            return
        c = pile.pop()
        (s.memory if k == "memorise_top" else s.avoided).append(c)
        where = "memorise" if k == "memorise_top" else "avoid"
        log(s, BANNERS_S, f"{e.label}: {where} {ev[c].label} from the top of the {x[1]} pile, without applying its effects")
        if ev[c].immediate:
            log(s, FAQ, f"{ev[c].label} was never in your hand: its immediate effect does not apply")
    elif k == "respite_in":
        if s.aside:
            t = s.aside.pop(0)
            s.bag.append(t)
            s.bag.sort(key=s.game.cards.order.__getitem__)
            log(s, BANNERS_S, f"{e.label}: put a Respite Calamity into the bag")
        else:
            log(s, FAQ, f"{nothing}: no Respite Calamity is left beside the bag")
    elif k == "respite_out":
        tokens = s.game.cards.tokens
        inside = [t for t in s.bag if tokens[t].respite]
        if inside:
            s.bag.remove(inside[0])
            s.aside.append(inside[0])
            s.aside.sort(key=s.game.cards.order.__getitem__)
            log(s, BANNERS_S, f"{e.label}: take a Respite Calamity out of the bag")
        else:
            log(s, FAQ, f"{nothing}: there is no Respite Calamity in the bag")
    elif k == "damage":
        if not s.front:
            _fail(s, e, f"{e.label} must inflict {x[1]} damage but you have no Character")
        else:
            s.pending = ("damage", x[1])
            log(s, GREY_S, f"{e.label}: inflict {x[1]} damage, distributed as you wish")
    elif k == "calamity":
        if not s.front:
            _fail(s, e, f"{e.label} must draw a Calamity but you have no Character")
        else:
            draw_token(s, x[1], x[2], 0)
    elif k == "heal":
        if effect_possible(s, x, None):
            s.pending = ("heal", x[1], x[2], ())
            who = f" showing {mask_text(x[2])}" if x[2] else ""
            log(s, GREY_S, f"{e.label}: heal up to {x[1]} Character(s){who}")
        else:
            log(s, FAQ, f"{nothing}: no Character{' showing ' + mask_text(x[2]) if x[2] else ''} can be healed")
    elif k == "unbury":
        if s.buried:
            c = s.buried.pop()
            s.removed.append(c)
            log(s, GREY_S, f"{e.label}: remove the last buried Event, {ev[c].label}, from the game ({len(s.buried)} buried)")
        else:
            log(s, FAQ, f"{e.label}: no Event is buried, so it is removed from the game without its effect")
    else:  # pragma: no cover
        raise ValueError(f"unknown effect {x!r}")


def _fail(s: WalkingDeckState, e: Event, why: str) -> None:
    s.failed = True
    log(s, GREY_S, f"{why}: the effect cannot be applied, so {e.label} will be buried")


# ---- damage, healing and Calamities ----------------------------------------------------------

def damage(s: WalkingDeckState, c: str) -> None:
    e = s.game.cards.events[c]
    if s.dmg[c] >= e.toughness:
        leave_front(s, c)
        bury(s, c, DAMAGE_S, ": it was upside down and took damage")
    else:
        s.dmg[c] += 1
        log(s, DAMAGE_S, f"{e.label} takes 1 damage and is now {can_take(e, s.dmg[c])}")


def heal(s: WalkingDeckState, c: str) -> None:
    e = s.game.cards.events[c]
    s.dmg[c] -= 1
    log(s, DAMAGE_S, f"heal {e.label}: it is now {can_take(e, s.dmg[c])}")


def draw_token(s: WalkingDeckState, add: int, ignore: int, by_reserve: int) -> None:
    from .view import next_token_odds  # view imports rules

    # The draw samples the very distribution odds() shows: what the token shows. Tokens that
    # show the same thing are interchangeable, so the first such token of the bag is taken.
    shows = next_token_odds(s).sample(s.rng)
    tokens = s.game.cards.tokens
    t = next(x for x in s.bag if tokens[x].text == shows)
    s.bag.remove(t)
    s.drawn = t
    log(s, GREY_S, f"draw a Calamity from the bag: {s.game.cards.tokens[t].text}")
    s.pending = ("calamity", t, add, ignore, by_reserve)
    calamity_decision(s)


def calamity_decision(s: WalkingDeckState) -> None:
    """Keep the Calamity open for a decision only when there is a real one to make."""
    ev = s.game.cards.events
    weak = calamity_weak(s, s.pending)
    if any(ev[c].weak & weak for c in s.front):
        prot = s.game.protagonist
        if any(weak >> r & 1 and s.reserves[r] for r in range(3)):
            return
        if s.uses < prot.uses and prot.power == "redraw":
            return
        if s.uses < prot.uses and prot.power == "restore" and any(weak >> r & 1 for r in range(3)):
            return
    resolve_calamity(s)


def resolve_calamity(s: WalkingDeckState) -> None:
    ev = s.game.cards.events
    p = s.pending
    s.pending = None
    weak = calamity_weak(s, p)
    _, token, add, ignore, by_reserve = p
    mods = []
    if add:
        mods.append(f"adding {mask_text(add)}")
    if ignore:
        mods.append(f"ignoring {mask_text(ignore)}")
    if by_reserve:
        mods.append(f"{mask_text(by_reserve)} ignored by Reserves")
    hit = [c for c in s.front if ev[c].weak & weak]
    extra = f" ({'; '.join(mods)})" if mods else ""
    if hit:
        log(s, GREY_S, f"the Calamity shows {mask_text(weak)}{extra}: 1 damage to {', '.join(ev[c].label for c in hit)}")
    else:
        log(s, GREY_S, f"the Calamity shows {mask_text(weak)}{extra}: no Character shows it")
    try:
        for c in hit:
            damage(s, c)
    finally:
        return_token(s)
        log(s, GREY_S, "return the Calamity to the bag")

"""Banner effects, one at a time: Reserves, burials, moving top cards, Respites, damage,
healing and Calamity draws. Each either changes the position at once or opens a ``pending``
sub-decision that ``rules.py`` offers as actions. Part of the rules (``rules.py`` imports it);
imports only ``cards`` and ``state``."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gamelib.core import chance, log

from .cards import BANNERS_S, DAMAGE_S, END, FAQ, GREY_S, RESERVE_BITS, RESERVES, Event, can_take, mask_text
from .state import (BURY_HAND, LOST, CalamityPending, DamagePending, HealPending, calamity_weak, draw_top,
                    next_token_odds, pile_of, with_reserve)

if TYPE_CHECKING:
    from .game import WalkingDeckState


class Ended(Exception):
    """The game ended in the middle of an action (a burial reached the limit)."""


# ---- questions about an effect --------------------------------------------------------------

def _healable(s: WalkingDeckState, w: int) -> bool:
    ev = s.game.cards.events
    dmg = s.dmg
    return any(dmg[c] and (not w or ev[c].weak & w) for c in s.front)


_POSSIBLE: dict[str, Callable[[WalkingDeckState, tuple, str | None], bool]] = {
    "restore": lambda s, e, played: not s.reserves[e.reserve],
    "consume": lambda s, e, played: s.reserves[e.reserve],
    "bury_self": lambda s, e, played: True,
    "bury_hand": lambda s, e, played: len(s.hand) - (played in s.hand) > 0,
    "memorise_top": lambda s, e, played: bool(pile_of(s, e.pile)),
    "avoid_top": lambda s, e, played: bool(pile_of(s, e.pile)),
    "respite_in": lambda s, e, played: bool(s.aside),
    "respite_out": lambda s, e, played: any(s.game.cards.tokens[t].respite for t in s.bag),
    "damage": lambda s, e, played: bool(s.front),
    "calamity": lambda s, e, played: bool(s.front),
    "heal": lambda s, e, played: _healable(s, e.weakness),
    "unbury": lambda s, e, played: bool(s.buried),
}


def effect_possible(s: WalkingDeckState, e: tuple, played: str | None) -> bool:
    """Whether applying ``e`` would change anything (``played`` is the Event leaving the hand)."""
    return _POSSIBLE[e.kind](s, e, played)


def can_avoid(s: WalkingDeckState, e: Event) -> bool:
    """A black banner can be applied when at least one of its effects can (F.A.Q.: apply it as
    far as possible); otherwise avoiding would cost nothing, which the rule forbids."""
    return any(_POSSIBLE[x.kind](s, x, e.id) for x in e.black)


# ---- moving cards ----------------------------------------------------------------------------

def leave_front(s: WalkingDeckState, c: str) -> None:
    s.front.remove(c)
    del s.dmg[c]


def bury(s: WalkingDeckState, c: str, section: str, why: str = "") -> None:
    """Place ``c`` face down next to the Protagonist; the game ends at once at the limit."""
    s.buried.append(c)
    prot = s.game.protagonist
    log(s, section, f"bury {s.game.cards.events[c].label}{why} ({len(s.buried)}/{prot.burial_limit} buried)")
    if len(s.buried) >= prot.burial_limit:
        s.over = LOST
        log(s, END, f"{len(s.buried)} Events are buried, {prot.name}'s limit: you have lost!")
        raise Ended


def return_token(s: WalkingDeckState) -> None:
    order = s.game.cards.order
    s.bag.append(s.drawn)
    s.bag.sort(key=order.__getitem__)
    s.drawn = None


# ---- one effect of a banner ------------------------------------------------------------------

def _reserve(s: WalkingDeckState, e: Event, x: tuple) -> None:
    k = x.kind
    want = k == "restore"
    name = RESERVES[x.reserve]
    if s.reserves[x.reserve] != want:
        s.reserves = with_reserve(s.reserves, x.reserve, want)
        log(s, BANNERS_S, f"{e.label}: {k} the {name} Reserve (now {'available' if want else 'consumed'})")
    else:
        log(s, FAQ, f"{e.label}: nothing happens, the {name} Reserve is already {'available' if want else 'consumed'}")


def _bury_self(s: WalkingDeckState, e: Event, x: tuple) -> None:
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


def _bury_hand(s: WalkingDeckState, e: Event, x: tuple) -> None:
    if s.hand:
        s.pending = BURY_HAND
    else:
        log(s, FAQ, f"{e.label}: nothing happens: there is no Event in your hand to bury")


def _top_card(s: WalkingDeckState, e: Event, x: tuple) -> None:
    ev = s.game.cards.events
    pile = pile_of(s, x.pile)
    if not pile:
        log(s, FAQ, f"{e.label}: nothing happens: the {x.pile} pile is empty")
        return
    c = draw_top(s, x.pile)
    memorise = x.kind == "memorise_top"
    (s.memory if memorise else s.avoided).append(c)
    log(s, BANNERS_S, f"{e.label}: {'memorise' if memorise else 'avoid'} {ev[c].label} from the top of the {x.pile} pile, "
                      "without applying its effects")
    if ev[c].immediate:
        log(s, FAQ, f"{ev[c].label} was never in your hand: its immediate effect does not apply")


def _respite_in(s: WalkingDeckState, e: Event, x: tuple) -> None:
    if s.aside:
        t = s.aside.pop(0)
        s.bag.append(t)
        s.bag.sort(key=s.game.cards.order.__getitem__)
        log(s, BANNERS_S, f"{e.label}: put a Respite Calamity into the bag")
    else:
        log(s, FAQ, f"{e.label}: nothing happens: no Respite Calamity is left beside the bag")


def _respite_out(s: WalkingDeckState, e: Event, x: tuple) -> None:
    tokens = s.game.cards.tokens
    inside = [t for t in s.bag if tokens[t].respite]
    if inside:
        s.bag.remove(inside[0])
        s.aside.append(inside[0])
        s.aside.sort(key=s.game.cards.order.__getitem__)
        log(s, BANNERS_S, f"{e.label}: take a Respite Calamity out of the bag")
    else:
        log(s, FAQ, f"{e.label}: nothing happens: there is no Respite Calamity in the bag")


def _damage(s: WalkingDeckState, e: Event, x: tuple) -> None:
    if not s.front:
        _fail(s, e, f"{e.label} must inflict {x.amount} damage but you have no Character")
    else:
        s.pending = DamagePending("damage", x.amount)
        log(s, GREY_S, f"{e.label}: inflict {x.amount} damage, distributed as you wish")


def _calamity(s: WalkingDeckState, e: Event, x: tuple) -> None:
    if not s.front:
        _fail(s, e, f"{e.label} must draw a Calamity but you have no Character")
    else:
        draw_token(s, x.add, x.ignore, 0)


def _heal(s: WalkingDeckState, e: Event, x: tuple) -> None:
    who = f" showing {mask_text(x.weakness)}" if x.weakness else ""
    if _healable(s, x.weakness):
        s.pending = HealPending("heal", x.amount, x.weakness, ())
        log(s, GREY_S, f"{e.label}: heal up to {x.amount} Character(s){who}")
    else:
        log(s, FAQ, f"{e.label}: nothing happens: no Character{who} can be healed")


def _unbury(s: WalkingDeckState, e: Event, x: tuple) -> None:
    if s.buried:
        c = s.buried.pop()
        s.removed.append(c)
        log(s, GREY_S, f"{e.label}: remove the last buried Event, {s.game.cards.events[c].label}, from the game "
                       f"({len(s.buried)} buried)")
    else:
        log(s, FAQ, f"{e.label}: no Event is buried, so it is removed from the game without its effect")


_EFFECTS: dict[str, Callable[[WalkingDeckState, Event, tuple], None]] = {
    "restore": _reserve, "consume": _reserve, "bury_self": _bury_self, "bury_hand": _bury_hand,
    "memorise_top": _top_card, "avoid_top": _top_card, "respite_in": _respite_in, "respite_out": _respite_out,
    "damage": _damage, "calamity": _calamity, "heal": _heal, "unbury": _unbury,
}


def do_effect(s: WalkingDeckState, e: Event, x: tuple) -> None:
    """Apply effect ``x`` of a banner of ``e``."""
    _EFFECTS[x.kind](s, e, x)


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
    # The draw samples the very distribution odds() shows: what the token shows. Tokens that
    # show the same thing are interchangeable, so the first such token of the bag is taken.
    shows = chance.sample("next Calamity weaknesses", next_token_odds(s), s.rng)
    tokens = s.game.cards.tokens
    t = next(x for x in s.bag if tokens[x].text == shows)
    s.bag.remove(t)
    s.drawn = t
    log(s, GREY_S, f"draw a Calamity from the bag: {tokens[t].text}")
    s.pending = CalamityPending("calamity", t, add, ignore, by_reserve)
    calamity_decision(s)


def calamity_decision(s: WalkingDeckState) -> None:
    """Keep the Calamity open for a decision only when there is a real one to make."""
    ev = s.game.cards.events
    weak = calamity_weak(s, s.pending)
    if any(ev[c].weak & weak for c in s.front):
        prot = s.game.protagonist
        if any(weak & b and s.reserves[r] for r, b in RESERVE_BITS):
            return
        if s.uses < prot.uses and prot.power == "redraw":
            return
        if s.uses < prot.uses and prot.power == "restore" and weak:
            return
    resolve_calamity(s)


def resolve_calamity(s: WalkingDeckState) -> None:
    ev = s.game.cards.events
    p = s.pending
    s.pending = None
    weak = calamity_weak(s, p)
    mods = []
    if p.add:
        mods.append(f"adding {mask_text(p.add)}")
    if p.ignore:
        mods.append(f"ignoring {mask_text(p.ignore)}")
    if p.by_reserve:
        mods.append(f"{mask_text(p.by_reserve)} ignored by Reserves")
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

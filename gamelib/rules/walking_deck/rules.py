"""The rules of The Walking Deck: which decisions are open, and what each one does.

Everything automatic (placing an Event, applying a banner effect by effect, burying, the end of
a phase, the end of the game) happens in ``advance``, which stops at the next decision. A banner
being applied is remembered as ``src``/``banner``/``nxt`` (the next effect to apply), and a
sub-decision inside it (damage to distribute, Characters to heal, Reserves to consume against a
drawn Calamity, an Event to bury from the hand, the pile for a replacement) as ``pending``: both
are plain values, so undo, clone, records and scenarios see every step. The banner effects
themselves are in ``effects.py``."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import (BANNERS_S, END, FAQ, GREY_S, HAND_SIZE, INTERROGATION, JOURNEY, PILES, POWER_S, RESERVE_BITS,
                    RESERVES, WEAKNESS_BITS, WEAKNESSES, CardSet)
from .effects import (Ended, bury, calamity_decision, can_avoid, damage, do_effect, draw_token, heal, leave_front,
                      resolve_calamity, return_token)
from .state import (DRAW, PLAY, REPLACEMENT, UNSTACK, WON, CalamityPending, DamagePending, HealPending,
                    calamity_weak, clear_banner, draw_top, keep_limit, pile_of, with_reserve)

if TYPE_CHECKING:
    from .game import WalkingDeckState

__all__ = ["legal_actions", "apply", "advance", "settle", "action_table"]


# ---- legal actions --------------------------------------------------------------------------

def action_table(cards: CardSet) -> dict[tuple, Action]:
    """The Actions that depend on one card or pile only, made once per card set and shared
    (Actions are immutable), so listing the legal actions formats no strings. The "keep"
    Actions are added as hands are kept."""
    t = cards.actions
    if t:
        return t
    t[("unstack",)] = Action("Unstack the next Event", "unstack")
    for pile in PILES:
        t[("draw", pile)] = Action(f"Draw from the {pile} pile", "draw", (pile,))
        t[("replace", pile)] = Action(f"Draw the replacement from the {pile} pile", "replace", (pile,))
    for c, e in cards.events.items():
        t[("memorise", c)] = Action(f"Memorise {e.label}", "memorise", (c,))
        t[("avoid", c)] = Action(f"Avoid {e.label}", "avoid", (c,))
        t[("bury_stuck", c)] = Action(f"Bury {e.label} (it can be neither memorised nor avoided)", "bury_stuck", (c,))
        t[("bury_hand", c)] = Action(f"Bury {e.label} from your hand", "bury_hand", (c,))
        t[("damage", c)] = Action(f"Deal 1 damage to {e.label}", "damage", (c,))
    return t


def _pending_actions(s: WalkingDeckState) -> list[Action]:
    game = s.game
    acts = game.actions
    p = s.pending
    kind = p.kind
    if kind == "damage":
        return [acts[("damage", c)] for c in s.front]
    if kind == "heal":
        ev = game.cards.events
        w, healed = p.weakness, p.healed
        out = [Action(f"Heal {ev[c].label}", "heal", (c,)) for c in s.front
               if s.dmg[c] and c not in healed and (not w or ev[c].weak & w)]
        out.append(Action("Stop healing", "stop_heal"))
        return out
    if kind == "calamity":
        prot = game.protagonist
        weak = calamity_weak(s, p)
        out = [Action(f"Consume the {RESERVES[r]} Reserve to ignore {WEAKNESSES[r]}", "ignore", (r,))
               for r, b in RESERVE_BITS if weak & b and s.reserves[r]]
        out.append(Action("Do not consume a Reserve", "apply_calamity"))
        if prot.power == "redraw" and s.uses < prot.uses:
            out.append(Action(f"Use {prot.name}'s power: return the Calamity and draw again", "redraw"))
        return out
    if kind == "bury_hand":
        return [acts[("bury_hand", c)] for c in s.hand]
    return [acts[("replace", pile)] for pile in PILES if pile_of(s, pile)]  # replacement


def _play_actions(s: WalkingDeckState) -> list[Action]:
    """The play step of the Journey: memorise or avoid an Event of the hand, or keep."""
    game = s.game
    acts = game.actions
    ev = game.cards.events
    out: list[Action] = []
    stuck = []
    for c in s.hand:
        e = ev[c]
        playable = False
        if e.white or e.grey:
            out.append(acts[("memorise", c)])
            playable = True
        if e.black and can_avoid(s, e):
            out.append(acts[("avoid", c)])
            playable = True
        if not playable:
            stuck.append(acts[("bury_stuck", c)])
    may_keep = len(s.hand) <= keep_limit(s) and (s.rural or s.urban)
    # Ruling: an Event that can be neither memorised nor avoided is buried only when the
    # play step cannot go on otherwise: no other Event of the hand can be played and
    # keeping is not allowed. Playing the others first may make it avoidable.
    if stuck and not out and not may_keep:
        out = stuck
    if may_keep:
        key = ("keep", *s.hand)
        keep = acts.get(key)
        if keep is None:  # one per hand ever kept, shared like the others
            keep = acts[key] = Action("Keep " + " and ".join(ev[c].label for c in s.hand), "keep")
        out.append(keep)
    return out


def _unstack_actions(s: WalkingDeckState) -> list[Action]:
    game = s.game
    out = [game.actions[("unstack",)]]
    prot = game.protagonist
    if prot.power == "reserve heal":
        ev = game.cards.events
        for r, b in RESERVE_BITS:
            if not s.power_reserves & b:
                for c in s.front:
                    if s.dmg[c] and ev[c].weak & b:
                        out.append(Action(f"Use {prot.name}'s power: use the {RESERVES[r]} Reserve to heal {ev[c].label}",
                                          "reserve_heal", (r, c)))
    return out


def legal_actions(s: WalkingDeckState) -> list[Action]:
    if s.pending is not None:
        out = _pending_actions(s)
    elif s.stage == JOURNEY:
        if s.step == DRAW:
            acts = s.game.actions
            out = [acts[("draw", pile)] for pile in PILES if pile_of(s, pile)]
        else:
            out = _play_actions(s)
    else:
        out = _unstack_actions(s)
    prot = s.game.protagonist
    if prot.power == "restore" and s.uses < prot.uses:
        out.extend(Action(f"Use {prot.name}'s power: restore the {RESERVES[r]} Reserve", "restore_power", (r,))
                   for r in range(len(RESERVES)) if not s.reserves[r])
    return out


# ---- carrying out a decision ---------------------------------------------------------------

def apply(s: WalkingDeckState, action: Action) -> None:
    try:
        _DO[action.kind](s, action.args)
        advance(s)
    except Ended:
        _ended(s)


def settle(s: WalkingDeckState) -> None:
    """``advance`` from a position made by hand (a scenario), ending the game if it ends."""
    try:
        advance(s)
    except Ended:
        _ended(s)


def _ended(s: WalkingDeckState) -> None:
    # the game ended in the middle of an action: nothing is still being applied or decided
    s.pending = None
    clear_banner(s)


def _draw(s: WalkingDeckState, args: tuple) -> None:
    draw_into_hand(s, args[0], JOURNEY)


def _replace(s: WalkingDeckState, args: tuple) -> None:
    s.pending = None
    log(s, FAQ, f"replacement for the Horde or Brigade: you choose the {args[0]} pile")
    draw_into_hand(s, args[0], FAQ)


def _memorise(s: WalkingDeckState, args: tuple) -> None:
    c = args[0]
    s.hand.remove(c)
    s.memory.append(c)
    log(s, JOURNEY, f"memorise {s.game.cards.events[c].label} (face up on the Memory, {len(s.memory)} there now)")
    start_effects(s, c, "white")


def _avoid(s: WalkingDeckState, args: tuple) -> None:
    c = args[0]
    s.hand.remove(c)
    s.avoided.append(c)
    log(s, JOURNEY, f"avoid {s.game.cards.events[c].label} (face up on the Avoided)")
    start_effects(s, c, "black")


def _bury_stuck(s: WalkingDeckState, args: tuple) -> None:
    c = args[0]
    s.hand.remove(c)
    bury(s, c, FAQ, " from your hand: it can be neither memorised nor avoided (when in doubt, bury the Event)")


def _keep(s: WalkingDeckState, args: tuple) -> None:
    s.step = DRAW
    ev = s.game.cards.events
    kept = " and ".join(ev[c].label for c in s.hand)
    log(s, JOURNEY, f"keep {kept} in hand: the play step ends")


def _unstack(s: WalkingDeckState, args: tuple) -> None:
    unstack(s)


def _bury_hand(s: WalkingDeckState, args: tuple) -> None:
    s.pending = None
    c = args[0]
    s.hand.remove(c)
    bury(s, c, BANNERS_S, " from your hand (without its effects)")


def _damage(s: WalkingDeckState, args: tuple) -> None:
    left = s.pending.left - 1
    s.pending = DamagePending("damage", left) if left else None
    damage(s, args[0])
    if s.pending is not None and not s.front:
        s.pending = None
        log(s, GREY_S, f"no Character left in front of you: the remaining {left} damage is ignored")


def _heal(s: WalkingDeckState, args: tuple) -> None:
    ev = s.game.cards.events
    _, left, w, healed = s.pending
    c = args[0]
    heal(s, c)
    healed = healed + (c,)
    left -= 1
    s.pending = HealPending("heal", left, w, healed)
    if not left or not any(s.dmg[x] and x not in healed and (not w or ev[x].weak & w) for x in s.front):
        s.pending = None


def _stop_heal(s: WalkingDeckState, args: tuple) -> None:
    s.pending = None
    log(s, GREY_S, "stop healing")


def _ignore(s: WalkingDeckState, args: tuple) -> None:
    r = args[0]
    p = s.pending
    s.reserves = with_reserve(s.reserves, r, False)
    s.pending = p._replace(by_reserve=p.by_reserve | WEAKNESS_BITS[r])
    log(s, GREY_S, f"consume the {RESERVES[r]} Reserve to ignore {WEAKNESSES[r]} on the drawn Calamity")
    calamity_decision(s)


def _apply_calamity(s: WalkingDeckState, args: tuple) -> None:
    resolve_calamity(s)


def _redraw(s: WalkingDeckState, args: tuple) -> None:
    s.uses += 1
    prot = s.game.protagonist
    log(s, POWER_S, f"{prot.name}'s power ({s.uses}/{prot.uses}): return the drawn Calamity "
        f"({s.game.cards.tokens[s.drawn].text}) to the bag and draw again")
    return_token(s)
    p = s.pending
    draw_token(s, p.add, p.ignore, p.by_reserve)


def _restore_power(s: WalkingDeckState, args: tuple) -> None:
    r = args[0]
    s.uses += 1
    s.reserves = with_reserve(s.reserves, r, True)
    prot = s.game.protagonist
    log(s, POWER_S, f"{prot.name}'s power ({s.uses}/{prot.uses}): restore the {RESERVES[r]} Reserve")


def _reserve_heal(s: WalkingDeckState, args: tuple) -> None:
    r, c = args
    s.power_reserves |= WEAKNESS_BITS[r]
    was = "available" if s.reserves[r] else "already consumed (allowed, F.A.Q.)"
    s.reserves = with_reserve(s.reserves, r, False)
    log(s, POWER_S, f"{s.game.protagonist.name}'s power: use the {RESERVES[r]} Reserve ({was}) to heal "
                    f"{s.game.cards.events[c].label}")
    heal(s, c)


#: action kind -> what it does (``legal_actions`` makes only these kinds)
_DO: dict[str, Callable[[WalkingDeckState, tuple], None]] = {
    "draw": _draw, "replace": _replace, "memorise": _memorise, "avoid": _avoid, "bury_stuck": _bury_stuck,
    "keep": _keep, "unstack": _unstack, "bury_hand": _bury_hand, "damage": _damage, "heal": _heal,
    "stop_heal": _stop_heal, "ignore": _ignore, "apply_calamity": _apply_calamity, "redraw": _redraw,
    "restore_power": _restore_power, "reserve_heal": _reserve_heal,
}


# ---- the flow -----------------------------------------------------------------------------

def advance(s: WalkingDeckState) -> None:
    """Carry out everything automatic until a decision is needed or the game is over."""
    while s.over is None and s.pending is None:
        if s.src is not None:
            continue_effects(s)
        elif s.stage == JOURNEY:
            if s.step == DRAW:
                if len(s.hand) < HAND_SIZE and (s.rural or s.urban):
                    return
                s.step = PLAY
            if s.hand:
                return
            if s.rural or s.urban:
                s.step = DRAW
                continue
            s.stage, s.step = INTERROGATION, UNSTACK
            log(s, INTERROGATION, f"both piles and your hand are empty: turn the Memory face down ({len(s.memory)} Events) "
                                  "and unstack it, first memorised first")
        else:
            if s.memory:
                return
            s.over = WON
            log(s, END, "the Memory is entirely unstacked and its effects applied: you have won!")


def draw_into_hand(s: WalkingDeckState, pile: str, section: str) -> None:
    ev = s.game.cards.events
    c = draw_top(s, pile)
    s.hand.append(c)
    log(s, section, f"draw {ev[c].label} from the {pile} pile ({len(s.hand)} in hand)")
    if ev[c].immediate:
        s.hand.remove(c)
        s.memory.append(c)
        log(s, FAQ, f"{ev[c].label} is in your hand: it is memorised at once (without its effects) and must be replaced")
        if s.rural or s.urban:
            s.pending = REPLACEMENT
        else:
            log(s, FAQ, "both piles are empty: there is no replacement")


def unstack(s: WalkingDeckState) -> None:
    ev = s.game.cards.events
    c = s.memory.pop(0)
    e = ev[c]
    log(s, INTERROGATION, f"unstack {e.label} ({len(s.memory)} left in the Memory)")
    if not e.grey:
        bury(s, c, INTERROGATION, ": it has no grey banner")
    elif e.is_character:
        s.front.append(c)
        s.dmg[c] = 0
        log(s, INTERROGATION, f"place {e.label} face up in front of you (head up), then apply its grey banner")
        start_effects(s, c, "grey")
    else:
        s.current = c
        start_effects(s, c, "grey")


def start_effects(s: WalkingDeckState, c: str, banner: str) -> None:
    if getattr(s.game.cards.events[c], banner):
        s.src, s.banner, s.nxt, s.failed = c, banner, 0, False
    elif banner == "grey":  # pragma: no cover - unstack buries Events without a grey banner first
        raise AssertionError("grey banner expected")


def continue_effects(s: WalkingDeckState) -> None:
    e = s.game.cards.events[s.src]
    effects = getattr(e, s.banner)
    while s.nxt < len(effects):
        x = effects[s.nxt]
        s.nxt += 1
        do_effect(s, e, x)
        if s.pending is not None:
            return
    finish_event(s)


def finish_event(s: WalkingDeckState) -> None:
    c, failed, banner = s.src, s.failed, s.banner
    clear_banner(s)
    if banner != "grey":
        return
    label = s.game.cards.events[c].label
    if s.current == c:
        s.current = None
        if failed:
            bury(s, c, FAQ, ": its effect could not be applied")
        else:
            s.removed.append(c)
            log(s, INTERROGATION, f"remove {label} from the game")
    elif failed and c in s.front:
        leave_front(s, c)
        bury(s, c, FAQ, ": its effect could not be applied")

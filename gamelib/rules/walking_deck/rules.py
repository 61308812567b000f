"""The rules of The Walking Deck: which decisions are open, and what each one does.

Everything automatic (placing an Event, applying a banner effect by effect, burying, the end of
a phase, the end of the game) happens in ``advance``, which stops at the next decision. A banner
being applied is remembered as ``src``/``banner``/``nxt`` (the next effect to apply), and a
sub-decision inside it (damage to distribute, Characters to heal, Reserves to consume against a
drawn Calamity, an Event to bury from the hand, the pile for a replacement) as ``pending``: both
are plain values, so undo, clone, records and scenarios see every step."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import PILES, RESERVES, WEAKNESSES, Event
from .common import (BANNERS_S, END, FAQ, GREY_S, HAND_SIZE, INTERROGATION, JOURNEY, POWER_S, Ended,
                     calamity_weak, can_avoid, effect_possible, keep_limit, orientation, pile_of, return_token,
                     with_reserve)
from .effects import (bury, calamity_decision, damage, do_effect, draw_token, heal, leave_front,
                      resolve_calamity)

if TYPE_CHECKING:
    from .state import WalkingDeckState

__all__ = ["legal_actions", "apply", "advance", "action_table", "JOURNEY", "INTERROGATION", "END", "HAND_SIZE",
           "Ended", "calamity_weak", "can_avoid", "effect_possible", "orientation", "pile_of", "log"]


# ---- legal actions --------------------------------------------------------------------------

def action_table(events: dict[str, Event]) -> dict[tuple, Action]:
    """The Actions that depend on one card or pile only, made once per card set and shared
    (Actions are immutable), so listing the legal actions formats no strings."""
    t: dict[tuple, Action] = {("unstack",): Action("Unstack the next Event", "unstack")}
    for pile in PILES:
        t[("draw", pile)] = Action(f"Draw from the {pile} pile", "draw", (pile,))
        t[("replace", pile)] = Action(f"Draw the replacement from the {pile} pile", "replace", (pile,))
    for c, e in events.items():
        t[("memorise", c)] = Action(f"Memorise {e.label}", "memorise", (c,))
        t[("avoid", c)] = Action(f"Avoid {e.label}", "avoid", (c,))
        t[("bury_stuck", c)] = Action(f"Bury {e.label} (it can be neither memorised nor avoided)", "bury_stuck", (c,))
        t[("bury_hand", c)] = Action(f"Bury {e.label} from your hand", "bury_hand", (c,))
        t[("damage", c)] = Action(f"Deal 1 damage to {e.label}", "damage", (c,))
    return t


def legal_actions(s: WalkingDeckState) -> list[Action]:
    game = s.game
    ev = game.cards.events
    prot = game.protagonist
    out: list[Action] = []
    p = s.pending
    if p is not None:
        kind = p[0]
        if kind == "damage":
            acts = game.actions
            out = [acts[("damage", c)] for c in s.front]
        elif kind == "heal":
            w, healed = p[2], p[3]
            out = [Action(f"Heal {ev[c].label}", "heal", (c,)) for c in s.front
                   if s.dmg[c] and c not in healed and (not w or ev[c].weak & w)]
            out.append(Action("Stop healing", "stop_heal"))
        elif kind == "calamity":
            weak = calamity_weak(s, p)
            out = [Action(f"Consume the {RESERVES[r]} Reserve to ignore {WEAKNESSES[r]}", "ignore", (r,))
                   for r in range(3) if weak >> r & 1 and s.reserves[r]]
            out.append(Action("Do not consume a Reserve", "apply_calamity"))
            if prot.power == "redraw" and s.uses < prot.uses:
                out.append(Action(f"Use {prot.name}'s power: return the Calamity and draw again", "redraw"))
        elif kind == "bury_hand":
            acts = game.actions
            out = [acts[("bury_hand", c)] for c in s.hand]
        else:  # replacement
            acts = game.actions
            out = [acts[("replace", pile)] for pile in PILES if pile_of(s, pile)]
    elif s.stage == JOURNEY:
        acts = game.actions
        if s.step == "draw":
            out = [acts[("draw", pile)] for pile in PILES if pile_of(s, pile)]
        else:
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
    else:
        out.append(game.actions[("unstack",)])
        if prot.power == "reserve heal":
            for r in range(3):
                if not s.power_reserves >> r & 1:
                    for c in s.front:
                        if s.dmg[c] and ev[c].weak >> r & 1:
                            out.append(Action(f"Use {prot.name}'s power: use the {RESERVES[r]} Reserve to heal {ev[c].label}",
                                              "reserve_heal", (r, c)))
    if prot.power == "restore" and s.uses < prot.uses:
        out.extend(Action(f"Use {prot.name}'s power: restore the {RESERVES[r]} Reserve", "restore_power", (r,))
                   for r in range(3) if not s.reserves[r])
    return out


# ---- carrying out a decision ---------------------------------------------------------------

def apply(s: WalkingDeckState, action: Action) -> None:
    try:
        _dispatch(s, action)
        advance(s)
    except Ended:
        s.pending = None
        s.src = None


def _dispatch(s: WalkingDeckState, a: Action) -> None:
    ev = s.game.cards.events
    kind, args = a.kind, a.args
    if kind == "draw":
        draw_into_hand(s, args[0], JOURNEY)
    elif kind == "replace":
        s.pending = None
        log(s, FAQ, f"replacement for the Horde or Brigade: you choose the {args[0]} pile")
        draw_into_hand(s, args[0], FAQ)
    elif kind == "memorise":
        c = args[0]
        s.hand.remove(c)
        s.memory.append(c)
        log(s, JOURNEY, f"memorise {ev[c].label} (face up on the Memory, {len(s.memory)} there now)")
        start_effects(s, c, "white")
    elif kind == "avoid":
        c = args[0]
        s.hand.remove(c)
        s.avoided.append(c)
        log(s, JOURNEY, f"avoid {ev[c].label} (face up on the Avoided)")
        start_effects(s, c, "black")
    elif kind == "bury_stuck":
        c = args[0]
        s.hand.remove(c)
        bury(s, c, FAQ, " from your hand: it can be neither memorised nor avoided (when in doubt, bury the Event)")
    elif kind == "keep":
        s.step = "draw"
        kept = " and ".join(ev[c].label for c in s.hand)
        log(s, JOURNEY, f"keep {kept} in hand: the play step ends")
    elif kind == "unstack":
        unstack(s)
    elif kind == "bury_hand":
        s.pending = None
        c = args[0]
        s.hand.remove(c)
        bury(s, c, BANNERS_S, " from your hand (without its effects)")
    elif kind == "damage":
        left = s.pending[1] - 1
        s.pending = ("damage", left) if left else None
        damage(s, args[0])
        if s.pending is not None and not s.front:
            s.pending = None
            log(s, GREY_S, f"no Character left in front of you: the remaining {left} damage is ignored")
    elif kind == "heal":
        _, left, w, healed = s.pending
        c = args[0]
        heal(s, c)
        healed = healed + (c,)
        left -= 1
        s.pending = ("heal", left, w, healed)
        if not left or not any(s.dmg[x] and x not in healed and (not w or ev[x].weak & w) for x in s.front):
            s.pending = None
    elif kind == "stop_heal":
        s.pending = None
        log(s, GREY_S, "stop healing")
    elif kind == "ignore":
        r = args[0]
        _, token, add, ignore, by_reserve = s.pending
        s.reserves = with_reserve(s.reserves, r, False)
        s.pending = ("calamity", token, add, ignore, by_reserve | 1 << r)
        log(s, GREY_S, f"consume the {RESERVES[r]} Reserve to ignore {WEAKNESSES[r]} on the drawn Calamity")
        calamity_decision(s)
    elif kind == "apply_calamity":
        resolve_calamity(s)
    elif kind == "redraw":
        s.uses += 1
        prot = s.game.protagonist
        log(s, POWER_S, f"{prot.name}'s power ({s.uses}/{prot.uses}): return the drawn Calamity "
            f"({s.game.cards.tokens[s.drawn].text}) to the bag and draw again")
        return_token(s)
        _, _, add, ignore, by_reserve = s.pending
        draw_token(s, add, ignore, by_reserve)
    elif kind == "restore_power":
        r = args[0]
        s.uses += 1
        s.reserves = with_reserve(s.reserves, r, True)
        prot = s.game.protagonist
        log(s, POWER_S, f"{prot.name}'s power ({s.uses}/{prot.uses}): restore the {RESERVES[r]} Reserve")
    elif kind == "reserve_heal":
        r, c = args
        s.power_reserves |= 1 << r
        was = "available" if s.reserves[r] else "already consumed (allowed, F.A.Q.)"
        s.reserves = with_reserve(s.reserves, r, False)
        log(s, POWER_S, f"{s.game.protagonist.name}'s power: use the {RESERVES[r]} Reserve ({was}) to heal {ev[c].label}")
        heal(s, c)
    else:  # pragma: no cover - legal_actions only makes the kinds above
        raise ValueError(f"unknown action kind {kind!r}")


# ---- the flow -----------------------------------------------------------------------------

def advance(s: WalkingDeckState) -> None:
    """Carry out everything automatic until a decision is needed or the game is over."""
    while s.over is None and s.pending is None:
        if s.src is not None:
            continue_effects(s)
        elif s.stage == JOURNEY:
            if s.step == "draw":
                if len(s.hand) < HAND_SIZE and (s.rural or s.urban):
                    return
                s.step = "play"
            if s.hand:
                return
            if s.rural or s.urban:
                s.step = "draw"
                continue
            s.stage, s.step = INTERROGATION, "unstack"
            log(s, INTERROGATION, f"both piles and your hand are empty: turn the Memory face down ({len(s.memory)} Events) and unstack it, first memorised first")
        else:
            if s.memory:
                return
            s.over = "won"
            log(s, END, "the Memory is entirely unstacked and its effects applied: you have won!")


def draw_into_hand(s: WalkingDeckState, pile: str, section: str) -> None:
    ev = s.game.cards.events
    c = pile_of(s, pile).pop()
    s.hand.append(c)
    log(s, section, f"draw {ev[c].label} from the {pile} pile ({len(s.hand)} in hand)")
    if ev[c].immediate:
        s.hand.remove(c)
        s.memory.append(c)
        log(s, FAQ, f"{ev[c].label} is in your hand: it is memorised at once (without its effects) and must be replaced")
        if s.rural or s.urban:
            s.pending = ("replacement",)
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
    c, failed = s.src, s.failed
    s.src = None
    if s.banner != "grey":
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

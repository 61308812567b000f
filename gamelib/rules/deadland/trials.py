"""Infection Trials: drawing Virus cards one at a time, Radio Contacts, adding a card to an
Infection deck (with the reactions that may stop it) and the effects of each Infection level.

Trial modes: "daily" (at most one card added), "attack" (an Event card's zombies), "zattack" (a
zombie player's trial), "blood" (a turned-over board), "zdaily" (a zombie's own two cards)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import ATTACK, ATTACK_MODES, BLOOD, DAILY, ZATTACK, ZDAILY
from .common import (
    S_ATTACK, S_LEVEL, S_ROLES, S_TRIAL, S_ZOMBIE, a_card, discard_top_event, drop_object, fits,
    gain_resistance, radio_contact, radio_end_possible, zombify,
)
from .reactions import shotgun_queue
from .roles import traitor_moment, traitor_victims
from .tasks import decision, push, step

if TYPE_CHECKING:  # pragma: no cover
    from .state import DeadlandState

ATTACKS = ATTACK_MODES
#: the rulebook section a trial of each mode is logged under: its announcement, draws and Radio Contacts
SECTION = {DAILY: S_TRIAL, ATTACK: S_ATTACK, ZATTACK: S_ZOMBIE, BLOOD: S_ATTACK, ZDAILY: S_ZOMBIE}
MODES = tuple(SECTION)


# ---- counting ------------------------------------------------------------------------------------
def base_size(level: int) -> int:
    """Cards in a daily trial by Infection level (0-2: 2, 3-5: 3, 6-7: 4)."""
    return 2 if level <= 2 else 3 if level <= 5 else 4


def base_reduction(s: "DeadlandState", seat: int) -> bool:
    """On the Base board the daily trial is one card smaller, unless more than two players are
    there and no board has been turned over."""
    b = s.pos[seat]
    if b != s.data.base:
        return False
    return not (len(s.here(b)) > 2 and not s.any_turned())


def alone(s: "DeadlandState", seat: int) -> bool:
    return s.here(s.pos[seat]) == [seat]


def daily_count(s: "DeadlandState", seat: int, ate: bool, survivor: bool = True) -> int:
    """Cards of ``seat``'s daily trial; ``survivor=False``: a face-up Survivor takes the full number."""
    n = base_size(s.level(seat))
    if base_reduction(s, seat):
        n -= 1
    if ate:
        n -= 1
    if survivor and s.role_is(seat, "survivor", True):
        n -= 1
    if s.role_is(seat, "hermit", True) and alone(s, seat):
        n -= 1
    return max(1, n)


def level5_here(s: "DeadlandState", b: int) -> bool:
    """Someone on board ``b`` is exactly at level 5: zombie attacks there cost one more card."""
    return any(s.level(q) == 5 for q in s.survivors_here(b))


def survivor_can_reveal(s: "DeadlandState", seat: int) -> bool:
    return s.role_is(seat, "survivor", False) and any(s.zombie[q] for q in range(s.n) if q != seat)


# ---- the trial itself ----------------------------------------------------------------------------
@step("trial")
def trial(s: "DeadlandState", t: tuple) -> None:
    _, seat, left, start, mode = t
    if left <= 0 or s.dead[seat] or (mode != "zdaily" and s.zombie[seat]):
        return
    card = s.vdeck.pop()
    vc = s.data.virus[card]
    who = s.name(seat)
    sec = SECTION[mode]
    if vc.kind == "radio":
        log(s, sec, f"{who} draws a Radio Contact card")
        radio_contact(s, card, sec)
        if s.result is None:
            push(s, t)  # a Radio Contact does not count toward the cards the trial needs
        return
    nxt = ("trial", seat, left - 1, start, mode)
    if mode == "zdaily":
        s.vdisc.append(card)
        log(s, S_ZOMBIE, f"{who} draws {a_card(s, card)}: discarded")
        if vc.kind == "illness":
            gain_resistance(s, seat, "an Illness card")
        push(s, nxt)
        return
    if fits(s, seat, card) and (mode != "daily" or s.level(seat) == start):
        s.held.append(card)
        log(s, sec, f"{who} draws {a_card(s, card)}: the next card for their Infection deck (level {s.level(seat)})")
        push(s, ("react", seat, mode), nxt)
        return
    s.vdisc.append(card)
    extra = " (a card was already added in this daily trial)" if mode == "daily" and fits(s, seat, card) else ""
    log(s, sec, f"{who} draws {a_card(s, card)}: discarded{extra}")
    push(s, nxt)


@step("react")
def react(s: "DeadlandState", t: tuple) -> None:
    """A Virus card is about to be added: Shotgun holders first (zombie attacks only), then the
    target's own Role card."""
    _, seat, mode = t
    if mode in ATTACKS:
        queue = shotgun_queue(s, seat)
        if queue:
            push(s, ("ask_shotgun", queue[0], seat, mode, tuple(queue[1:])))
            return
    push(s, ("role_react", seat, mode))


@step("role_react")
def role_react(s: "DeadlandState", t: tuple) -> None:
    """Everyone who might, for all the table knows, hold a face-down Infectee or Contagious is
    asked, so that being asked reveals nothing; only the real holder sees a reveal action."""
    _, seat, mode = t
    if s.may_hold(seat, "infectee") or s.may_hold(seat, "contagious"):
        push(s, ("ask_role_add", seat, mode))
    else:
        add_held(s, seat)


def _role_add_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    seat = t[1]
    label = s.data.virus[s.held[-1]].label
    out = []
    if s.role_is(seat, "infectee", False):
        out.append(Action("Reveal Infectee: become a Zombie", "reveal", ("infectee",)))
    elif s.role_is(seat, "contagious", False):
        out.append(Action(f"Reveal Contagious: discard the {label}", "reveal", ("contagious",)))
    out.append(Action(f"Add the {label} to your Infection deck", "pass"))
    return out


@decision("ask_role_add", "Virus card about to be added", _role_add_legal)
def _role_add(s: "DeadlandState", t: tuple, a: Action) -> None:
    seat = t[1]
    if a.kind == "pass":
        add_held(s, seat)
        return
    card = s.held.pop()
    s.vdisc.append(card)
    s.shown[seat] = True
    role = s.role[seat]
    assert role is not None
    log(s, S_ROLES, f"{s.name(seat)} reveals the {s.data.roles[role].name} card: the {s.data.virus[card].label} is discarded")
    if role == "infectee":
        zombify(s, seat, "chooses to give in to the infection")


def add_held(s: "DeadlandState", seat: int) -> None:
    card = s.held.pop()
    s.inf[seat].append(card)
    lv = s.level(seat)
    vc = s.data.virus[card]
    shown = f"the {vc.label}" if vc.kind == "level" else f"an Illness card (as level {lv})"
    log(s, S_LEVEL, f"{s.name(seat)} adds {shown} to their Infection deck: level {lv}")
    level_effect(s, seat, lv)


def level_effect(s: "DeadlandState", seat: int, lv: int) -> None:
    if lv == 1 and s.role[seat] is None and s.rdeck:
        s.role[seat] = s.rdeck.pop()
        log(s, S_LEVEL, f"{s.name(seat)} draws a Role card and keeps it face down")
        log(s, S_ROLES, f"{s.name(seat)} draws the {s.data.roles[s.role[seat]].name} card",
            visible_to=[s.name(seat)])
    elif lv == 2:
        boards = range(len(s.data.boards)) if s.n == 2 else (s.pos[seat],)
        for b in boards:
            discard_top_event(s, b, f"{s.name(seat)} reached level 2")
    elif lv == 4 and s.objs[seat]:
        if len(s.objs[seat]) == 1:
            cid = s.objs[seat][0]
            drop_object(s, seat, cid)
            log(s, S_LEVEL, f"{s.name(seat)} must discard an object: the {s.data.events[cid].name}")
        else:
            push(s, ("ask_drop", seat))
    elif lv >= 8:
        zombify(s, seat, "reaches Infection level 8")


def _drop_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    events = s.data.events
    return [Action(f"Discard the {events[c].name}", "drop", (c,)) for c in s.objs[t[1]]]


@decision("ask_drop", "Level 4: discard an object", _drop_legal)
def _drop(s: "DeadlandState", t: tuple, a: Action) -> None:
    cid = a.args[0]
    drop_object(s, t[1], cid)
    log(s, S_LEVEL, f"{s.name(t[1])} discards the {s.data.events[cid].name} (level 4)")


# ---- the daily trial -----------------------------------------------------------------------------
@step("daily", "Daily Infection Trial")
def daily(s: "DeadlandState", t: tuple) -> None:
    seat = s.active
    if _daily_asks(s, seat, 0):
        push(s, ("ask_daily", seat, 0))
    else:
        _start_daily(s, seat, 0, daily_count(s, seat, False))


def _can_eat(s: "DeadlandState", seat: int, ate: int) -> bool:
    """A Ration is offered when it can lower the trial (a face-up Survivor may take the full number)."""
    return not ate and s.rat[seat] > 0 and daily_count(s, seat, False, survivor=False) > 1


def survivor_moment(s: "DeadlandState", seat: int) -> bool:
    """A trial starts for someone who might hold a face-down Survivor, once another player is a zombie."""
    return s.may_hold(seat, "survivor") and any(s.zombie[q] for q in range(s.n) if q != seat)


def survivor_chooses(s: "DeadlandState", seat: int, fewer: int, full: int) -> bool:
    """A face-up Survivor chooses between one card fewer and the full number whenever they differ:
    more cards mean more chances of a Radio Contact, and so of an earlier end."""
    return fewer != full and s.role_is(seat, "survivor", True)


def traitor_before_daily(s: "DeadlandState", seat: int, ate: int) -> bool:
    """Whether, for all the table knows, a face-down Traitor could gain by revealing before the daily
    trial rather than at the Movement that follows (where the reveal is offered anyway): to eat a
    Ration taken from the other player, or to hold what they hold should a Radio Contact of this
    trial end the game. Public facts only, so the pause tells nothing."""
    if not traitor_moment(s, seat):
        return False
    victims = traitor_victims(s, seat)
    if not ate and daily_count(s, seat, False, survivor=False) > 1 and any(s.rat[q] for q in victims):
        return True
    return radio_end_possible(s) and any(s.objs[q] or s.mun[q] or s.rat[q] for q in victims)


def _daily_asks(s: "DeadlandState", seat: int, ate: int) -> bool:
    """Whether the daily trial waits for a choice, from public facts only (see ``may_hold``)."""
    return (_can_eat(s, seat, ate) or survivor_moment(s, seat)
            or (s.may_hold(seat, "hermit") and alone(s, seat))
            or survivor_chooses(s, seat, daily_count(s, seat, bool(ate)), daily_count(s, seat, bool(ate), False))
            or traitor_before_daily(s, seat, ate))


def _cards(k: int) -> str:
    return f"{k} Virus card{'s' if k > 1 else ''}"


def _daily_options(s: "DeadlandState", seat: int, ate: int) -> list[Action]:
    out = []
    if _can_eat(s, seat, ate):
        out.append(Action("Eat a Ration before the trial", "ration"))
    if survivor_can_reveal(s, seat):
        out.append(Action(SURVIVOR_REVEAL, "reveal", ("survivor",)))
    if s.role_is(seat, "hermit", False) and alone(s, seat):
        out.append(Action("Reveal Hermit: one card fewer in daily trials while alone", "reveal", ("hermit",)))
    k = daily_count(s, seat, bool(ate))
    full = daily_count(s, seat, bool(ate), survivor=False)
    if survivor_chooses(s, seat, k, full):
        out.append(Action(f"Draw {_cards(k)} (Survivor: one fewer)", "draw", (k,)))
        out.append(Action(f"Draw {_cards(full)} (Survivor: the full number)", "draw", (full,)))
    else:
        out.append(Action(f"Draw {_cards(k)}", "draw", (k,)))
    return out


SURVIVOR_REVEAL = "Reveal Survivor: you may take one card fewer in every trial"


@decision("ask_daily", "Daily Infection Trial", lambda s, t: _daily_options(s, t[1], t[2]))
def _ask_daily(s: "DeadlandState", t: tuple, a: Action) -> None:
    seat, ate = t[1], t[2]
    if a.kind == "draw":
        _start_daily(s, seat, ate, a.args[0])
        return
    if a.kind == "ration":
        s.rat[seat] -= 1
        ate = 1
        log(s, S_TRIAL, f"{s.name(seat)} eats a Ration: one card fewer in this trial")
    else:
        s.shown[seat] = True
        log(s, S_ROLES, f"{s.name(seat)} reveals the {s.data.roles[a.args[0]].name} card")
    if _daily_asks(s, seat, ate):
        push(s, ("ask_daily", seat, ate))
    else:
        _start_daily(s, seat, ate, daily_count(s, seat, bool(ate)))


def _start_daily(s: "DeadlandState", seat: int, ate: int, k: int) -> None:
    notes = []
    if base_reduction(s, seat):
        notes.append("one fewer on the Base")
    if s.role_is(seat, "survivor", True):
        full = daily_count(s, seat, bool(ate), survivor=False)
        if k < full:
            notes.append("one fewer: Survivor")
        elif k > daily_count(s, seat, bool(ate)):
            notes.append("the Survivor takes the full number")
    log(s, S_TRIAL, f"{s.name(seat)} (level {s.level(seat)}) draws {_cards(k)}"
                    + (f" ({', '.join(notes)})" if notes else ""))
    push(s, ("trial", seat, k, s.level(seat), "daily"))


@step("zdaily", "Daily Infection Trial")
def zdaily(s: "DeadlandState", t: tuple) -> None:
    log(s, S_ZOMBIE, f"{s.name(s.active)} (a zombie) draws two Virus cards")
    push(s, ("trial", s.active, 2, 0, "zdaily"))


# ---- one survivor's trial in an attack (or on a turned board) ---------------------------------------
def trial_size(s: "DeadlandState", q: int, b: int, n: int, pistol: int, mode: str, fewer: int) -> tuple[int, list[str]]:
    """Cards of ``q``'s trial in an attack (or on a turned board) of ``n`` cards, with the notes that
    explain the count; ``fewer``: a face-up Survivor takes one card fewer."""
    k = n
    notes = []
    if mode in ATTACKS:
        if level5_here(s, b):
            k += 1
            notes.append("+1: level 5 on the board")
        if pistol:
            k -= 1
            notes.append("-1: Pistol")
    if fewer and s.role_is(q, "survivor", True):
        k -= 1
        notes.append("-1: Survivor")
    return max(1, k), notes


@step("victim")
def victim(s: "DeadlandState", t: tuple) -> None:
    _, q, b, n, pistol, mode = t
    if s.zombie[q] or s.dead[q] or s.pos[q] != b:
        return
    fewer, full = trial_size(s, q, b, n, pistol, mode, 1)[0], trial_size(s, q, b, n, pistol, mode, 0)[0]
    if survivor_moment(s, q) or survivor_chooses(s, q, fewer, full):
        push(s, ("ask_survivor", q, b, n, pistol, mode))
    else:
        push(s, ("victim_go", q, b, n, pistol, mode, 1))


def _survivor_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    _, q, b, n, pistol, mode = t
    if survivor_can_reveal(s, q):
        return [Action(SURVIVOR_REVEAL, "reveal", ("survivor",)), Action("Undergo the Infection Trial", "pass", (1,))]
    fewer, full = trial_size(s, q, b, n, pistol, mode, 1)[0], trial_size(s, q, b, n, pistol, mode, 0)[0]
    if survivor_chooses(s, q, fewer, full):
        return [Action(f"Undergo the trial with {_cards(fewer)} (Survivor: one fewer)", "pass", (1,)),
                Action(f"Undergo the trial with {_cards(full)} (Survivor: the full number)", "pass", (0,))]
    return [Action("Undergo the Infection Trial", "pass", (1,))]


@decision("ask_survivor", "Infection Trial", _survivor_legal)
def _ask_survivor(s: "DeadlandState", t: tuple, a: Action) -> None:
    if a.kind == "reveal":
        s.shown[t[1]] = True
        log(s, S_ROLES, f"{s.name(t[1])} reveals the Survivor card")
        push(s, ("victim",) + t[1:])  # asks again if the count is now a choice
        return
    push(s, ("victim_go",) + t[1:] + (a.args[0],))


@step("victim_go")
def victim_go(s: "DeadlandState", t: tuple) -> None:
    _, q, b, n, pistol, mode, fewer = t
    k, notes = trial_size(s, q, b, n, pistol, mode, fewer)
    if not fewer and s.role_is(q, "survivor", True):
        notes.append("the Survivor takes the full number")
    log(s, SECTION[mode], f"{s.name(q)} undergoes an Infection Trial of {k} card{'s' if k > 1 else ''}"
        + (f" ({', '.join(notes)})" if notes else ""))
    push(s, ("trial", q, k, s.level(q), mode))

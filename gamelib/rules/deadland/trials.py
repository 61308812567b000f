"""Infection Trials: drawing Virus cards one at a time, Radio Contacts, adding a card to an
Infection deck (with the reactions that may stop it) and the effects of each Infection level.

Trial modes: "daily" (at most one card added), "attack" (an Event card's zombies), "zattack" (a
zombie player's trial), "blood" (a turned-over board), "zdaily" (a zombie's own two cards)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, chance, log

from .cards import (
    ADDED, ATTACK, ATTACK_MODES, BLOOD, DAILY, DECIDING, DISCARDED, DROP_LEVEL, HEAVY_LEVEL, LOSS_LEVEL,
    PLAYER_NAMES, RADIO_CONTACT, ROLE_LEVEL, ZATTACK, ZDAILY, ZOMBIE_DRAW, ZOMBIE_LEVEL, daily_size,
)
from .common import (
    S_ATTACK, S_LEVEL, S_ROLES, S_TRIAL, S_ZOMBIE, discard_top_event, draw_role, draw_virus, drop_object, fits,
    gain_resistance, kept, log_same, radio_contact, radio_end_possible, settle_held, zombify,
)
from .reactions import shotgun_queue
from .roles import traitor_moment, traitor_victims
from .state import put
from .tasks import decision, push, step

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

ATTACKS = ATTACK_MODES
#: daily_size(level) for every level a survivor can be at (looked up: it is asked at every decision
#: of a daily trial)
DAILY_SIZES = tuple(daily_size(lv) for lv in range(ZOMBIE_LEVEL + 1))
#: the rulebook section a trial of each mode is logged under: its announcement, draws and Radio Contacts
SECTION = {DAILY: S_TRIAL, ATTACK: S_ATTACK, ZATTACK: S_ZOMBIE, BLOOD: S_ATTACK, ZDAILY: S_ZOMBIE}
MODES = tuple(SECTION)


# ---- counting ------------------------------------------------------------------------------------
def base_reduction(s: "DeadlandState", seat: int) -> bool:
    """On the Base board the daily trial is one card smaller, unless more than two players are
    there and no board has been turned over."""
    b = s.pos[seat]
    if b != s.data.base:
        return False
    return True in s.turned or s.count_here(b) <= 2


def alone(s: "DeadlandState", seat: int) -> bool:
    """``seat`` is the only one on its board (``here`` would be ``[seat]``)."""
    return not s.dead[seat] and s.count_here(s.pos[seat]) == 1


def daily_count(s: "DeadlandState", seat: int, ate: bool, survivor: bool = True) -> int:
    """Cards of ``seat``'s daily trial; ``survivor=False``: a face-up Survivor takes the full number."""
    lv = len(s.inf[seat])
    n = DAILY_SIZES[lv] if lv < len(DAILY_SIZES) else daily_size(lv)
    if s.pos[seat] == s.data.base and base_reduction(s, seat):
        n -= 1
    if ate:
        n -= 1
    role = s.role[seat]
    if role is not None and s.shown[seat] and not s.zombie[seat]:  # a face-up role
        if survivor and role == "survivor":
            n -= 1
        if role == "hermit" and alone(s, seat):
            n -= 1
    return n if n > 1 else 1


def level5_here(s: "DeadlandState", b: int) -> bool:
    """Someone on board ``b`` is exactly at level 5: zombie attacks there cost one more card."""
    pos, zombie, inf = s.pos, s.zombie, s.inf  # (survivors_here, in any order)
    for q in range(len(pos)):
        if pos[q] == b and not zombie[q] and len(inf[q]) == HEAVY_LEVEL:
            return True
    return False


def survivor_can_reveal(s: "DeadlandState", seat: int) -> bool:
    return s.role_is(seat, "survivor", False) and any(s.zombie[q] for q in range(s.n) if q != seat)


# ---- the trial itself ----------------------------------------------------------------------------
@step("trial")
def trial(s: "DeadlandState", t: tuple) -> None:
    """Draw the trial's cards one by one; stop at a card that fits (reactions come first) or at the end.

    Each card drawn goes into ``s.trial``, the record the view shows (a trial a scenario started
    has no record: it begins with the next card)."""
    _, seat, left, start, mode = t
    if left <= 0 or s.dead[seat] or (mode != ZDAILY and s.zombie[seat]):
        return
    virus = s.data.virus
    rec = s.trial
    if rec is None or rec[0] != seat or rec[1] != mode:
        rec = (seat, mode, left, (), None)
    # The cards drawn, with what became of each, gathered here and written into ``s.trial`` once,
    # as the step ends (nothing the loop calls reads the record).
    drawn = list(rec[3])
    # (the Virus deck and discards are lists changed in place, never replaced: a reshuffle after a
    # Radio Contact refills the same list)
    vdeck, vdisc, who, sec = s.vdeck, s.vdisc, PLAYER_NAMES[seat], SECTION[mode]
    seeded = not chance.active()  # (explicit chance draws through draw_virus; the mode holds for the step)
    logging = s.log_enabled
    try:
        while left > 0:
            card = vdeck.pop() if seeded else draw_virus(s)
            vc = virus[card]
            kind = vc.kind
            if kind == "radio":
                drawn.append((card, RADIO_CONTACT))
                if logging:
                    log_same(s, sec, "{} draws a Radio Contact card", who)
                radio_contact(s, card, sec)
                if s.result is not None:
                    return
                continue  # a Radio Contact does not count toward the cards the trial needs
            left -= 1
            if mode == ZDAILY:
                drawn.append((card, DISCARDED))
                vdisc.append(card)
                if logging:
                    log_same(s, S_ZOMBIE, "{} draws {}: discarded", who, vc.called)
                if kind == "illness":
                    gain_resistance(s, seat, "an Illness card")
                continue
            level = len(s.inf[seat])
            fit = vc.level == level + 1 if kind == "level" else fits(s, seat, card)
            if fit and (mode != DAILY or level == start):
                drawn.append((card, DECIDING))
                s.held += (card,)
                if logging:
                    log_same(s, sec, "{} draws {}: the next card for their Infection deck (level {})",
                             who, vc.called, level)
                push(s, ("react", seat, mode), ("trial", seat, left, start, mode))
                return
            drawn.append((card, DISCARDED))
            vdisc.append(card)
            if logging:
                log_same(s, sec, "{} draws {}: discarded{}", who, vc.called,
                         " (a card was already added in this daily trial)" if fit else "")
    finally:
        s.trial = (seat, mode, rec[2], tuple(drawn), rec[4])


@step("react")
def react(s: "DeadlandState", t: tuple) -> None:
    """A Virus card is about to be added: Shotgun holders first (zombie attacks only), then the
    target's own Role card."""
    _, seat, mode = t
    if mode in ATTACKS:
        queue = shotgun_queue(s, seat)
        if queue:
            s.stack.append(("ask_shotgun", queue[0], seat, mode, tuple(queue[1:])))
            return
    s.stack.append(("role_react", seat, mode))


@step("role_react")
def role_react(s: "DeadlandState", t: tuple) -> None:
    """Everyone who might, for all the table knows, hold a face-down Infectee or Contagious is
    asked, so that being asked reveals nothing; only the real holder sees a reveal action."""
    _, seat, mode = t
    if (s.role[seat] is not None and not s.shown[seat]  # (may_hold's first test, for both roles)
            and (s.may_hold(seat, "infectee") or s.may_hold(seat, "contagious"))):
        s.stack.append(("ask_role_add", seat, mode))
    else:
        add_held(s, seat)


def _role_add_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    seat = t[1]
    label = s.data.virus[s.held[-1]].label
    cache = s.data.made
    out = []
    if s.role_is(seat, "infectee", False):
        out.append(Action("Reveal Infectee: become a Zombie", "reveal", ("infectee",)))
    elif s.role_is(seat, "contagious", False):
        out.append(Action(f"Reveal Contagious: discard the {label}", "reveal", ("contagious",)))
    key = ("add", label)
    out.append(cache.get(key) or kept(cache, key, Action(f"Add the {label} to your Infection deck", "pass")))
    return out


@decision("ask_role_add", "Virus card about to be added", _role_add_legal)
def _role_add(s: "DeadlandState", t: tuple, a: Action) -> None:
    seat = t[1]
    if a.kind == "pass":
        add_held(s, seat)
        return
    card = s.held[-1]
    s.held = s.held[:-1]
    s.vdisc.append(card)
    settle_held(s, card, DISCARDED)
    s.shown = put(s.shown, seat, True)
    role = s.role[seat]
    assert role is not None
    if s.log_enabled:
        log(s, S_ROLES, f"{s.name(seat)} reveals the {s.data.roles[role].name} card: the {s.data.virus[card].label} "
                        "is discarded")
    if role == "infectee":
        zombify(s, seat, "chooses to give in to the infection")


def add_held(s: "DeadlandState", seat: int) -> None:
    card = s.held[-1]
    s.held = s.held[:-1]
    s.inf = put(s.inf, seat, s.inf[seat] + (card,))
    settle_held(s, card, ADDED)
    lv = len(s.inf[seat])
    if s.log_enabled:
        vc = s.data.virus[card]
        shown = f"the {vc.label}" if vc.kind == "level" else f"an Illness card (as level {lv})"
        log_same(s, S_LEVEL, "{} adds {} to their Infection deck: level {}", PLAYER_NAMES[seat], shown, lv)
    level_effect(s, seat, lv)


def level_effect(s: "DeadlandState", seat: int, lv: int) -> None:
    if lv == ROLE_LEVEL and s.role[seat] is None and s.rdeck:
        s.role = put(s.role, seat, draw_role(s, seat))
        if s.log_enabled:
            log(s, S_LEVEL, f"{s.name(seat)} draws a Role card and keeps it face down")
            log(s, S_ROLES, f"{s.name(seat)} draws the {s.data.roles[s.role[seat]].name} card",
                visible_to=[s.name(seat)])
    elif lv == LOSS_LEVEL:
        boards = range(len(s.data.boards)) if s.n == 2 else (s.pos[seat],)
        for b in boards:
            discard_top_event(s, b, f"{s.name(seat)} reached level 2")
    elif lv == DROP_LEVEL and s.objs[seat]:
        if len(s.objs[seat]) == 1:
            cid = s.objs[seat][0]
            drop_object(s, seat, cid)
            if s.log_enabled:
                log(s, S_LEVEL, f"{s.name(seat)} must discard an object: the {s.data.events[cid].name}")
        else:
            s.stack.append(("ask_drop", seat))
    elif lv >= ZOMBIE_LEVEL:
        zombify(s, seat, "reaches Infection level 8")


def _drop_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    events = s.data.events
    return [Action(f"Discard the {events[c].name}", "drop", (c,)) for c in s.objs[t[1]]]


@decision("ask_drop", "Level 4: discard an object", _drop_legal)
def _drop(s: "DeadlandState", t: tuple, a: Action) -> None:
    cid = a.args[0]
    drop_object(s, t[1], cid)
    if s.log_enabled:
        log(s, S_LEVEL, f"{s.name(t[1])} discards the {s.data.events[cid].name} (level 4)")


# ---- the daily trial -----------------------------------------------------------------------------
@step("daily", "Daily Infection Trial")
def daily(s: "DeadlandState", t: tuple) -> None:
    seat = s.active
    if s.role[seat] is None:  # (most trials: no Role card, so only a Ration can make it wait)
        k = daily_count(s, seat, False)  # (with no role, the count a Ration could lower: ``_can_eat``)
        if s.rat[seat] > 0 and k > 1:
            s.stack.append(("ask_daily", seat, 0))
        else:
            _start_daily(s, seat, 0, k)
        return
    if _daily_asks(s, seat, 0):
        s.stack.append(("ask_daily", seat, 0))
    else:
        _start_daily(s, seat, 0, daily_count(s, seat, False))


def _can_eat(s: "DeadlandState", seat: int, ate: int) -> bool:
    """A Ration is offered when it can lower the trial (a face-up Survivor may take the full number)."""
    return not ate and s.rat[seat] > 0 and daily_count(s, seat, False, survivor=False) > 1


def survivor_moment(s: "DeadlandState", seat: int) -> bool:
    """A trial starts for someone who might hold a face-down Survivor, once another player is a zombie."""
    return (s.role[seat] is not None and not s.shown[seat] and s.may_hold(seat, "survivor")
            and any(s.zombie[q] for q in range(len(s.pos)) if q != seat))


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
    if s.role[seat] is None:  # (no Role card yet: only a Ration can make it wait)
        return _can_eat(s, seat, ate)
    return (_can_eat(s, seat, ate) or survivor_moment(s, seat)
            or (s.may_hold(seat, "hermit") and alone(s, seat))
            or (s.role[seat] == "survivor"
                and survivor_chooses(s, seat, daily_count(s, seat, bool(ate)), daily_count(s, seat, bool(ate), False)))
            or traitor_before_daily(s, seat, ate))


def _cards(k: int) -> str:
    return f"{k} Virus card{'s' if k > 1 else ''}"


def _draw(s: "DeadlandState", k: int, note: str = "") -> Action:
    cache = s.data.made
    key = ("draw", k, note)
    return cache.get(key) or kept(cache, key, Action(f"Draw {_cards(k)}{note}", "draw", (k,)))


def _daily_options(s: "DeadlandState", seat: int, ate: int) -> list[Action]:
    if s.role[seat] is None:  # (no Role card yet: no reveal, no Survivor's choice of counts)
        k = daily_count(s, seat, bool(ate))  # (with no role, also the count ``_can_eat`` asks about)
        draw = _draw(s, k)
        return [EAT, draw] if not ate and s.rat[seat] > 0 and k > 1 else [draw]
    out = []
    if _can_eat(s, seat, ate):
        out.append(EAT)
    if survivor_can_reveal(s, seat):
        out.append(REVEAL_SURVIVOR)
    if s.role_is(seat, "hermit", False) and alone(s, seat):
        out.append(REVEAL_HERMIT)
    k = daily_count(s, seat, bool(ate))
    full = daily_count(s, seat, bool(ate), survivor=False)
    if survivor_chooses(s, seat, k, full):
        out.append(_draw(s, k, " (Survivor: one fewer)"))
        out.append(_draw(s, full, " (Survivor: the full number)"))
    else:
        out.append(_draw(s, k))
    return out


SURVIVOR_REVEAL = "Reveal Survivor: you may take one card fewer in every trial"
EAT = Action("Eat a Ration before the trial", "ration")
REVEAL_SURVIVOR = Action(SURVIVOR_REVEAL, "reveal", ("survivor",))
REVEAL_HERMIT = Action("Reveal Hermit: one card fewer in daily trials while alone", "reveal", ("hermit",))
UNDERGO = Action("Undergo the Infection Trial", "pass", (1,))


@decision("ask_daily", "Daily Infection Trial", lambda s, t: _daily_options(s, t[1], t[2]))
def _ask_daily(s: "DeadlandState", t: tuple, a: Action) -> None:
    seat, ate = t[1], t[2]
    if a.kind == "draw":
        _start_daily(s, seat, ate, a.args[0])
        return
    if a.kind == "ration":
        s.rat = put(s.rat, seat, s.rat[seat] - 1)
        ate = 1
        log_same(s, S_TRIAL, "{} eats a Ration: one card fewer in this trial", PLAYER_NAMES[seat])
    else:
        s.shown = put(s.shown, seat, True)
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(seat)} reveals the {s.data.roles[a.args[0]].name} card")
    if _daily_asks(s, seat, ate):
        s.stack.append(("ask_daily", seat, ate))
    else:
        _start_daily(s, seat, ate, daily_count(s, seat, bool(ate)))


def _start_daily(s: "DeadlandState", seat: int, ate: int, k: int) -> None:
    lv = len(s.inf[seat])
    if s.log_enabled:
        notes = []
        if base_reduction(s, seat):
            notes.append("one fewer on the Base")
        if s.role[seat] == "survivor" and s.role_is(seat, "survivor", True):
            full = daily_count(s, seat, bool(ate), survivor=False)
            if k < full:
                notes.append("one fewer: Survivor")
            elif k > daily_count(s, seat, bool(ate)):
                notes.append("the Survivor takes the full number")
        log_same(s, S_TRIAL, "{} (level {}) draws {}{}", PLAYER_NAMES[seat], lv, _cards(k),
                 f" ({', '.join(notes)})" if notes else "")
    s.trial = (seat, DAILY, k, (), None)
    s.stack.append(("trial", seat, k, lv, DAILY))


@step("zdaily", "Daily Infection Trial")
def zdaily(s: "DeadlandState", t: tuple) -> None:
    z = s.active
    if s.log_enabled:
        log_same(s, S_ZOMBIE, "{} (a zombie) draws two Virus cards", PLAYER_NAMES[z])
    s.trial = (z, ZDAILY, ZOMBIE_DRAW, (), None)
    s.stack.append(("trial", z, ZOMBIE_DRAW, 0, ZDAILY))


# ---- one survivor's trial in an attack (or on a turned board) ---------------------------------------
def trial_size(s: "DeadlandState", q: int, b: int, n: int, pistol: int, mode: str, fewer: int,
               notes: list[str] | None = None) -> int:
    """Cards of ``q``'s trial in an attack (or on a turned board) of ``n`` cards; ``fewer``: a
    face-up Survivor takes one card fewer. ``notes`` gets what explains the count."""
    k = n
    if mode in ATTACKS:
        if level5_here(s, b):
            k += 1
            if notes is not None:
                notes.append("+1: level 5 on the board")
        if pistol:
            k -= 1
            if notes is not None:
                notes.append("-1: Pistol")
    if fewer and s.role[q] == "survivor" and s.role_is(q, "survivor", True):
        k -= 1
        if notes is not None:
            notes.append("-1: Survivor")
    return max(1, k)


@step("victim")
def victim(s: "DeadlandState", t: tuple) -> None:
    _, q, b, n, pistol, mode = t
    if s.zombie[q] or s.dead[q] or s.pos[q] != b:
        return
    if s.role[q] is None:  # (most victims: no Role card, so nothing to reveal and no count to choose)
        s.stack.append(("victim_go", q, b, n, pistol, mode, 1))
        return
    if survivor_moment(s, q) or survivor_chooses(s, q, trial_size(s, q, b, n, pistol, mode, 1),
                                                 trial_size(s, q, b, n, pistol, mode, 0)):
        s.stack.append(("ask_survivor", q, b, n, pistol, mode))
    else:
        s.stack.append(("victim_go", q, b, n, pistol, mode, 1))


def _survivor_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    _, q, b, n, pistol, mode = t
    if survivor_can_reveal(s, q):
        return [REVEAL_SURVIVOR, UNDERGO]
    fewer, full = trial_size(s, q, b, n, pistol, mode, 1), trial_size(s, q, b, n, pistol, mode, 0)
    if survivor_chooses(s, q, fewer, full):
        return [Action(f"Undergo the trial with {_cards(fewer)} (Survivor: one fewer)", "pass", (1,)),
                Action(f"Undergo the trial with {_cards(full)} (Survivor: the full number)", "pass", (0,))]
    return [UNDERGO]


@decision("ask_survivor", "Infection Trial", _survivor_legal)
def _ask_survivor(s: "DeadlandState", t: tuple, a: Action) -> None:
    if a.kind == "reveal":
        s.shown = put(s.shown, t[1], True)
        if s.log_enabled:
            log(s, S_ROLES, f"{s.name(t[1])} reveals the Survivor card")
        s.stack.append(("victim",) + t[1:])  # asks again if the count is now a choice
        return
    s.stack.append(("victim_go",) + t[1:] + (a.args[0],))


@step("victim_go")
def victim_go(s: "DeadlandState", t: tuple) -> None:
    _, q, b, n, pistol, mode, fewer = t
    notes: list[str] | None = [] if s.log_enabled else None
    k = trial_size(s, q, b, n, pistol, mode, fewer, notes)
    if notes is not None:
        if not fewer and s.role_is(q, "survivor", True):
            notes.append("the Survivor takes the full number")
        log_same(s, SECTION[mode], "{} undergoes an Infection Trial of {} card{}{}", PLAYER_NAMES[q], k,
                 "s" if k > 1 else "", f" ({', '.join(notes)})" if notes else "")
    # what brought the trial: the attack's Event card, the zombie player, or the turned-over board
    source = (s.ev[-1] if s.ev else None) if mode == ATTACK else s.active if mode == ZATTACK else b
    s.trial = (q, mode, k, (), source)
    s.stack.append(("trial", q, k, len(s.inf[q]), mode))

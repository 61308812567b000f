"""The turn: its five phases for a survivor (trial, movement, using/exchanging, Event, discarding
excess) and for a zombie (two cards, forced move, Event, Zombie Infection Trial)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Action, log

from .cards import BURDEN_LEVEL, BURDENED_LIMITS, LIMITS, PLAYER_NAMES, STOLEN_RATIONS
from .common import S_EXCESS, S_MOVE, S_TURN, S_USE, S_ZOMBIE, drop_object, kept, log_same, take_tokens
from .roles import apply_role_use, role_use_actions, role_use_moment
from .state import put
from .tasks import decision, step

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

#: the phases of a turn, the last one first (as they go on the pending stack)
SURVIVOR_TURN = (("turn_end",), ("excess",), ("event",), ("use",), ("move",), ("daily",))
ZOMBIE_TURN = (("turn_end",), ("zattack",), ("zevent",), ("zmove",), ("zdaily",))


@step("turn_start")
def turn_start(s: "DeadlandState", t: tuple) -> None:
    p = s.active
    s.cut = False
    s.medic_used = False
    s.shot_used = s.pistol_used = (False,) * len(s.pos)
    if s.fresh:  # what p drew last turn is usable from now on
        mine = s.objs[p]
        s.fresh = tuple(c for c in s.fresh if c not in mine)
    zombie = s.zombie[p]
    if s.log_enabled:
        log(s, S_TURN, f"turn {s.turn}: {PLAYER_NAMES[p]} ({'zombie' if zombie else 'survivor'}) "
                       f"on {s.data.boards[s.pos[p]].called}")  # (s.name, s.the)
    s.stack.extend(ZOMBIE_TURN if zombie else SURVIVOR_TURN)


@step("turn_end")
def turn_end(s: "DeadlandState", t: tuple) -> None:
    n = len(s.pos)  # (s.n)
    nxt = s.active
    for i in range(1, n + 1):
        nxt = (s.active + i) % n
        if not s.dead[nxt]:
            break
    s.active = nxt
    s.turn += 1
    turn_start(s, TURN_START)  # (at once: nothing else is pending)


TURN_START = ("turn_start",)


# ---- Movement ------------------------------------------------------------------------------------
def _base_closed(s: "DeadlandState", p: int) -> bool:
    """Whether ``p`` may not enter the Base: a zombie, while nobody has turned."""
    return s.zombie[p] and not s.any_turned()


def destinations(s: "DeadlandState", p: int) -> list[int]:
    links = s.data.links[s.pos[p]]
    if _base_closed(s, p):
        return [b for b in links if b != s.data.base]
    return list(links)


@step("move", "Movement")
def move(s: "DeadlandState", t: tuple) -> None:
    if not s.cut:
        s.stack.append(("ask_move", s.active))


def _move_to(s: "DeadlandState", b: int) -> Action:
    cache = s.data.made
    key = ("move", b)
    return cache.get(key) or kept(cache, key, Action(f"Move to {s.the(b)}", "move", (b,)))


def _moves(s: "DeadlandState", p: int) -> tuple[Action, ...]:
    """``p``'s "Move to" actions, made once per board and per Base open or closed to ``p``
    (all that ``destinations`` depends on) and kept with the card data."""
    cache = s.data.made
    key = ("moves", s.pos[p], _base_closed(s, p))
    got = cache.get(key)
    if got is None:
        got = kept(cache, key, tuple(_move_to(s, d) for d in destinations(s, p)))
    return got


def _move_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    p = t[1]
    b = s.pos[p]
    cache = s.data.made
    key = ("stay", b)
    return [cache.get(key) or kept(cache, key, Action(f"Stay on {s.the(b)}", "stay", (b,))), *_moves(s, p)]


@decision("ask_move", "Movement", _move_legal)
def _ask_move(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    boards = s.data.boards  # (s.the(b) is boards[b].called)
    if a.kind == "stay":
        if s.log_enabled:
            log_same(s, S_MOVE, "{} stays on {}", PLAYER_NAMES[p], boards[s.pos[p]].called)
        return
    b = a.args[0]
    pos = s.pos
    s.pos = pos[:p] + (b,) + pos[p + 1:]  # (put, written out: nearly every turn)
    if s.log_enabled:
        log_same(s, S_MOVE, "{} moves to {}", PLAYER_NAMES[p], boards[b].called)
    if s.role[p] == "contagious" and s.role_is(p, "contagious", True):
        s.stack.append(("contagious", p))


@step("zmove", "Movement")
def zmove(s: "DeadlandState", t: tuple) -> None:
    if s.cut:
        return
    z = s.active
    dests = destinations(s, z)
    if len(dests) == 1:
        _zombie_moves(s, z, dests[0])
    else:
        s.stack.append(("ask_zmove", z))


def _zmove_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    return list(_moves(s, t[1]))


@decision("ask_zmove", "Movement", _zmove_legal)
def _ask_zmove(s: "DeadlandState", t: tuple, a: Action) -> None:
    _zombie_moves(s, t[1], a.args[0])


def _zombie_moves(s: "DeadlandState", z: int, b: int) -> None:
    s.pos = put(s.pos, z, b)
    if s.log_enabled:
        log_same(s, S_ZOMBIE, "the zombie {} must move: it goes to {}", PLAYER_NAMES[z], s.the(b))
    s.stack.append(("wound", z, ()))


# ---- Using / Exchanging objects ---------------------------------------------------------------------
END_EXCHANGE = Action("End the exchange phase", "end")


def _give(s: "DeadlandState", what: str, q: int) -> Action:
    """The Action giving ``what`` (a kind of token or an object's card id) to ``q``."""
    cache = s.data.made
    key = ("give", what, q)
    got = cache.get(key)
    if got is None:
        shown = "1 Munitions" if what == "munitions" else "1 Rations" if what == "rations" \
            else f"the {s.data.events[what].name}"
        got = kept(cache, key, Action(f"Give {shown} to {s.name(q)}", "give", (what, q)))
    return got


def _use_choices(s: "DeadlandState", p: int, private: bool):
    """``p``'s Using phase choices but the end, one by one (so a caller may stop at the first)."""
    events = s.data.events
    mine, fresh = s.objs[p], s.fresh
    for q in (s.survivors_here(s.pos[p]) if mine or s.mun[p] or s.rat[p] else ()):  # (nothing to give: no one)
        if q == p or (q == s.traitor_known and not s.shown[q]):
            continue
        tok_cap, obj_cap = BURDENED_LIMITS if len(s.inf[q]) >= BURDEN_LEVEL else LIMITS  # (s.limits(q))
        room = s.mun[q] + s.rat[q] < tok_cap
        if s.mun[p] and room:
            yield _give(s, "munitions", q)
        if s.rat[p] and room:
            yield _give(s, "rations", q)
        if mine and len(s.objs[q]) < obj_cap:
            for cid in mine:
                if cid not in fresh and s.object_of(q, events[cid].object) is None:
                    yield _give(s, cid, q)
    stolen = s.usable(p, "stolen-resources")
    if stolen is not None:
        yield Action("Use the Stolen Resources: discard it and take 2 Rations", "stolen", (stolen,))
    if s.role[p] is not None and (private or s.shown[p]):
        yield from role_use_actions(s, p)


def use_actions(s: "DeadlandState", p: int, private: bool = True) -> list[Action]:
    """``p``'s Using phase choices; ``private=False`` leaves out revealing a face-down card."""
    out = list(_use_choices(s, p, private))
    out.append(END_EXCHANGE)
    return out


@step("use", "Using / Exchanging Objects")
def use(s: "DeadlandState", t: tuple) -> None:
    p = s.active
    if not s.cut and (next(_use_choices(s, p, False), None) is not None or role_use_moment(s, p)):
        s.stack.append(("ask_use", p))


@decision("ask_use", "Using / Exchanging Objects", lambda s, t: use_actions(s, t[1]))
def _ask_use(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    if a.kind == "end":
        if s.log_enabled:
            log_same(s, S_USE, "{} ends the exchange phase", PLAYER_NAMES[p])
        return
    if a.kind == "give":
        _hand_over(s, p, a.args[0], a.args[1])
    elif a.kind == "stolen":
        drop_object(s, p, a.args[0])
        if s.log_enabled:
            log(s, S_USE, f"{s.name(p)} uses the Stolen Resources")
        take_tokens(s, p, STOLEN_RATIONS, 0, S_USE)
    else:
        apply_role_use(s, p, a)
    s.stack.append(("use",))


def _hand_over(s: "DeadlandState", p: int, what: str, q: int) -> None:
    if s.role_is(q, "traitor", False):
        # Only a face-down Traitor refuses, so the refusal tells the whole table.
        s.traitor_known = q
        if s.log_enabled:
            log(s, S_USE, f"{s.name(q)} cannot accept anything from {s.name(p)}: nobody may pass objects "
                          f"or tokens to a face-down Traitor")
        return
    if s.role[q] is not None and not s.shown[q]:
        s.not_traitor = put(s.not_traitor, q, True)
    if what == "munitions":
        s.mun = put(put(s.mun, p, s.mun[p] - 1), q, s.mun[q] + 1)
        shown = "1 Munitions"
    elif what == "rations":
        s.rat = put(put(s.rat, p, s.rat[p] - 1), q, s.rat[q] + 1)
        shown = "1 Rations"
    else:
        objs = s.objs
        i = objs[p].index(what)
        objs = put(objs, p, objs[p][:i] + objs[p][i + 1:])
        s.objs = put(objs, q, objs[q] + (what,))
        shown = f"the {s.data.events[what].name}"
    log_same(s, S_USE, "{} gives {} to {}", PLAYER_NAMES[p], shown, PLAYER_NAMES[q])


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
            s.stack.append(("ask_excess", p))
            return
        kind = "munitions" if s.mun[p] else "rations"
        if kind == "munitions":
            s.mun = put(s.mun, p, s.mun[p] - over)
        else:
            s.rat = put(s.rat, p, s.rat[p] - over)
        if s.log_enabled:
            log(s, S_EXCESS, f"{s.name(p)} may carry {tok_cap} tokens: discards {over} {kind.capitalize()}")
    if len(s.objs[p]) > obj_cap:
        s.stack.append(("ask_excess", p))


DISCARD_TOKENS = [Action("Discard 1 Munitions", "token", ("munitions",)), Action("Discard 1 Rations", "token", ("rations",))]


def _excess_legal(s: "DeadlandState", t: tuple) -> list[Action]:
    p = t[1]
    tok_cap, _ = s.limits(p)
    if s.mun[p] + s.rat[p] > tok_cap:
        return list(DISCARD_TOKENS)
    cache = s.data.made
    out = []
    for c in s.objs[p]:
        key = ("discard", c)
        out.append(cache.get(key) or kept(cache, key, Action(f"Discard the {s.data.events[c].name}", "object", (c,))))
    return out


@decision("ask_excess", "Discarding Excess Objects/Tokens", _excess_legal)
def _ask_excess(s: "DeadlandState", t: tuple, a: Action) -> None:
    p = t[1]
    if a.kind == "token":
        if a.args[0] == "munitions":
            s.mun = put(s.mun, p, s.mun[p] - 1)
        else:
            s.rat = put(s.rat, p, s.rat[p] - 1)
        log_same(s, S_EXCESS, "{} discards 1 {}", PLAYER_NAMES[p], a.args[0].capitalize())
    else:
        drop_object(s, p, a.args[0])
        if s.log_enabled:
            log(s, S_EXCESS, f"{s.name(p)} discards the {s.data.events[a.args[0]].name}")
    s.stack.append(("excess",))

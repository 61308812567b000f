"""What every rule module does to the table: the rulebook sections the log names, tokens and
objects taken and discarded, the Event piles, Virus cards named in sentences, whether a card fits
an Infection deck, turning into a zombie, and the two ends of the game (Radio Contacts, everyone a
zombie). The first of the rules' modules: it imports only cards and state."""
from __future__ import annotations

from typing import TYPE_CHECKING

from gamelib.core import Outcome, log

from .cards import MAX_ILLNESS, MAX_RESISTANCE, RADIO_CARDS, TRAITOR_OBJECTS, ZOMBIE_LEVEL

if TYPE_CHECKING:  # pragma: no cover
    from .state import DeadlandState

# the rulebook sections log entries are filed under
S_TURN = "Turn Sequence"
S_MOVE = "Movement"
S_USE = "Using / Exchanging Objects"
S_EXCESS = "Discarding Excess Objects/Tokens"
S_TRIAL = "Daily Infection Trial"
S_LEVEL = "Effects Due to the Infection Level"
S_EVENT = "Event"
S_TYPES = "Event Card Types"
S_ATTACK = "Zombie Attacks"
S_OBJ = "Objects, Event Symbols and Effects"
S_ZOMBIE = "Life as a Zombie"
S_ROLES = "Role Cards"
S_END = "End of the Game"


# ---- Virus cards in sentences and in Infection decks --------------------------------------------------
def a_card(s: "DeadlandState", card: str) -> str:
    """A Virus card as a sentence names it: "a 5", "an 8", "an Illness card", "a Radio Contact card"."""
    vc = s.data.virus[card]
    if vc.kind == "level":
        return f"{article(vc.level)} {vc.level}"
    return "an Illness card" if vc.kind == "illness" else "a Radio Contact card"


def article(n: int) -> str:
    return "an" if n in (8, 11, 18) else "a"


def illnesses(s: "DeadlandState", seat: int) -> int:
    virus = s.data.virus
    return sum(1 for c in s.inf[seat] if virus[c].kind == "illness")


def fits(s: "DeadlandState", seat: int, card: str) -> bool:
    """Whether ``card`` is the next card for ``seat``'s Infection deck. An Illness is a joker for
    any level but 8, and nobody holds more than two."""
    vc = s.data.virus[card]
    nxt = s.level(seat) + 1
    if vc.kind == "level":
        return vc.level == nxt
    if vc.kind == "illness":
        return nxt < ZOMBIE_LEVEL and illnesses(s, seat) < MAX_ILLNESS
    return False


# ---- tokens and objects --------------------------------------------------------------------------
def gain_resistance(s: "DeadlandState", z: int, why: str) -> None:
    if s.resist[z] < MAX_RESISTANCE and s.supply("resistance") > 0:
        s.resist[z] += 1
        log(s, S_ZOMBIE, f"{s.name(z)} takes back a Resistance token ({why}): {s.resist[z]}")


def take_tokens(s: "DeadlandState", seat: int, rations: int, munitions: int, section: str) -> None:
    r = min(rations, s.supply("rations"))
    m = min(munitions, s.supply("munitions"))
    s.rat[seat] += r
    s.mun[seat] += m
    if r or m:
        got = " and ".join(t for t in (f"{r} Rations" if r else "", f"{m} Munitions" if m else "") if t)
        short = "" if (r, m) == (rations, munitions) else " (the supply ran short)"
        log(s, section, f"{s.name(seat)} takes {got}{short}")


def drop_object(s: "DeadlandState", seat: int, cid: str) -> None:
    """An object leaves the game (discarded from a survivor: it goes back in the box)."""
    s.objs[seat].remove(cid)
    if cid in s.fresh:
        s.fresh.remove(cid)
    s.box.append(cid)


# ---- Event piles -------------------------------------------------------------------------------------
def pop_event(s: "DeadlandState", b: int) -> str:
    cid = s.edeck[b].pop()
    if cid in s.known[b]:
        s.known[b].remove(cid)
    return cid


def discard_event(s: "DeadlandState", b: int, cid: str) -> None:
    """Discarded next to its board; once the board is turned over its discards are in the box."""
    (s.box if s.turned[b] else s.edisc[b]).append(cid)


def turnover(s: "DeadlandState", b: int) -> None:
    if s.turned[b] or s.edeck[b]:
        return
    s.turned[b] = True
    s.box.extend(s.edisc[b])
    s.edisc[b] = []
    s.known[b] = []
    log(s, S_ATTACK, f"{s.the(b)} has no Event cards left: its discards go back in the box "
                     f"and the board is turned over (bloodstain trial: {s.data.boards[b].bloodstain} cards)")


def discard_top_event(s: "DeadlandState", b: int, why: str) -> None:
    if s.turned[b] or not s.edeck[b]:
        return
    cid = pop_event(s, b)
    discard_event(s, b, cid)
    log(s, S_LEVEL, f"{why}: the top Event card of {s.the(b)} ({s.data.events[cid].label}) is discarded without effect")
    turnover(s, b)


# ---- turning into a zombie, and the end ---------------------------------------------------------------
def zombify(s: "DeadlandState", seat: int, why: str) -> None:
    """Turn ``seat`` into a zombie: Infection deck to the Virus discards, objects back in the box,
    tokens to the supply, role shown, five Resistance tokens (as many as the supply has)."""
    s.vdisc.extend(s.inf[seat])
    s.inf[seat] = []
    for cid in list(s.objs[seat]):
        drop_object(s, seat, cid)
    s.mun[seat] = 0
    s.rat[seat] = 0
    s.zombie[seat] = True
    s.resist[seat] = min(MAX_RESISTANCE, s.supply("resistance"))
    s.zorder.append(seat)
    log(s, S_ZOMBIE, f"{s.name(seat)} {why} and turns into a Zombie on {s.the(s.pos[seat])} "
                     f"with {s.resist[seat]} Resistance tokens")
    if s.role[seat] is not None and not s.shown[seat]:
        s.shown[seat] = True
        log(s, S_ROLES, f"{s.name(seat)}'s Role card is turned face up: {s.data.roles[s.role[seat]].name}")
    if seat == s.active:
        s.cut = True
    check_all_zombies(s, seat)


def check_all_zombies(s: "DeadlandState", last: int) -> None:
    if any(not s.zombie[q] for q in range(s.n)):
        return
    losers = [last] + [q for q in range(s.n) if s.dead[q] and q != last]
    winners = [q for q in range(s.n) if q not in losers]
    reason = f"every survivor became a zombie; {s.name(last)} was the last to turn"
    if any(s.dead[q] for q in range(s.n)):
        reason += " (zombies out of Resistance lose too)"
    s.result = Outcome(tuple(s.name(q) for q in winners), tuple(s.name(q) for q in sorted(losers)), reason)
    log(s, S_END, reason)


def role_condition(s: "DeadlandState", q: int) -> tuple[bool, str]:
    """Whether living survivor ``q`` may win, face-down role or not, and why not."""
    role = s.role[q]
    who = s.name(q)
    if role == "infectee" and s.object_of(q, "medications") is None:
        return False, f"{who} is the Infectee without Medications"
    if role == "traitor" and len(s.objs[q]) < TRAITOR_OBJECTS:
        return False, f"{who} is the Traitor with fewer than two objects"
    if role == "survivor" and s.rat[q] < 1:
        return False, f"{who} is the Survivor without a Rations token"
    if role == "scavenger" and s.mun[q] < 1:
        return False, f"{who} is the Scavenger without a Munitions token"
    if role == "hermit" and any(not s.zombie[o] for o in s.here(s.pos[q]) if o != q):
        return False, f"{who} is the Hermit and not alone among survivors"
    return True, ""


def radio_contact(s: "DeadlandState", card: str, section: str) -> None:
    """A Radio Contact drawn in a trial, logged in that trial's ``section``."""
    s.vradio.append(card)
    s.radio += 1
    log(s, section, f"a Radio Contact! The marker moves to {s.radio} of {s.target()}")
    if s.radio >= s.target():
        end_by_radio(s)
        return
    if len(s.vradio) >= RADIO_CARDS:
        s.vdeck.extend(s.vdisc)
        s.vdeck.extend(s.vradio)
        s.vdisc.clear()
        s.vradio.clear()
        s.rng.shuffle(s.vdeck)
        log(s, section, "second Radio Contact: the discards and both Radio Contacts are shuffled into a new "
                        f"Virus deck of {len(s.vdeck)} cards")


def end_by_radio(s: "DeadlandState") -> None:
    winners, losers, notes = [], [], []
    for q in range(s.n):
        if s.zombie[q]:
            losers.append(s.name(q))
            continue
        ok, why = role_condition(s, q)
        (winners if ok else losers).append(s.name(q))
        if why:
            notes.append(why)
    reason = f"the Radio Contact marker reached {s.target()}: the living survivors are rescued"
    if notes:
        reason += " (" + "; ".join(notes) + ")"
    s.result = Outcome(tuple(winners), tuple(losers), reason)
    log(s, S_END, reason)


def radio_end_possible(s: "DeadlandState") -> bool:
    """Whether the Radio Contacts left in the Virus deck could end the game in the next trial."""
    left = sum(1 for c in s.vdeck if s.data.virus[c].kind == "radio")
    return left >= s.target() - s.radio


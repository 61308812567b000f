"""What every rule module does to the table: the rulebook sections the log names, tokens and
objects taken and discarded, the Event piles, Virus cards named in sentences, whether a card fits
an Infection deck, turning into a zombie, and the two ends of the game (Radio Contacts, everyone a
zombie). The first of the rules' modules: it imports only cards and state."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from collections import Counter
from fractions import Fraction

from gamelib.core import Action, Distribution, LogEntry, Outcome, chance, log

from .cards import DECIDING, MAX_ILLNESS, MAX_RESISTANCE, PLAYER_NAMES, RADIO_CARDS, TRAITOR_OBJECTS, ZOMBIE_LEVEL
from .state import put, without

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

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


def kept(cache: dict, key: tuple, made: Any) -> Any:
    """Keep an Action or a LogEntry in the card data's cache (``CardData.made``) and return it:
    ``cache.get(key) or kept(cache, key, Action(...))`` builds each label once per card set."""
    cache[key] = made
    return made


def log_same(s: "DeadlandState", section: str, template: str, *args: Any) -> None:
    """Log ``template.format(*args)`` as one LogEntry shared by every game with these cards that
    writes the same sentence (a card drawn and discarded, a move...): entries are immutable, and
    most of a replay's log is such sentences, so a replay makes each of them once."""
    if s.log_enabled:
        key = (section, template, args)  # (no other key of the cache holds a tuple third)
        cache = s.data.made
        entry = cache.get(key)
        if entry is None:
            entry = cache[key] = LogEntry(section, template.format(*args))
        # onto the state's own tape (gamelib.core.log would make a new entry): State._log_append,
        # with its usual case written out, as a replay logs hundreds of these
        tail = s._tail
        if tail is not None:
            tail.append(entry)
            s._nlog += 1
        else:
            s._log_append(entry)


# ---- Virus cards in sentences and in Infection decks --------------------------------------------------
def a_card(s: "DeadlandState", card: str) -> str:
    """A Virus card as a sentence names it: "a 5", "an 8", "an Illness card", "a Radio Contact card"."""
    return s.data.virus[card].called


def article(n: int) -> str:
    return "an" if n in (8, 11, 18) else "a"


def settle_held(s: "DeadlandState", card: str, fate: str) -> None:
    """What became of the Virus card about to be added, in the record of the trial that drew it."""
    rec = s.trial
    if rec is not None and rec[3] and rec[3][-1] == (card, DECIDING):
        s.trial = (rec[0], rec[1], rec[2], rec[3][:-1] + ((card, fate),), rec[4])


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
        s.resist = put(s.resist, z, s.resist[z] + 1)
        if s.log_enabled:
            log(s, S_ZOMBIE, f"{s.name(z)} takes back a Resistance token ({why}): {s.resist[z]}")


def take_tokens(s: "DeadlandState", seat: int, rations: int, munitions: int, section: str) -> None:
    r = min(rations, s.supply("rations"))
    m = min(munitions, s.supply("munitions"))
    if r:
        s.rat = put(s.rat, seat, s.rat[seat] + r)
    if m:
        s.mun = put(s.mun, seat, s.mun[seat] + m)
    if (r or m) and s.log_enabled:
        got = f"{r} Rations and {m} Munitions" if r and m else f"{r} Rations" if r else f"{m} Munitions"
        short = "" if (r, m) == (rations, munitions) else " (the supply ran short)"
        log_same(s, section, "{} takes {}{}", PLAYER_NAMES[seat], got, short)


def drop_object(s: "DeadlandState", seat: int, cid: str) -> None:
    """An object leaves the game (discarded from a survivor: it goes back in the box)."""
    s.objs = put(s.objs, seat, without(s.objs[seat], cid))
    if cid in s.fresh:
        s.fresh = without(s.fresh, cid)
    s.box += (cid,)


# ---- Event piles -------------------------------------------------------------------------------------
VIRUS_ORDER = tuple(str(i) for i in range(1, 9)) + ("Illness", "Radio Contact")
VIRUS_TITLE = "next Virus card"


def virus_odds(s: "DeadlandState") -> Distribution:
    """The next Virus card by label (what ``odds()`` shows and explicit chance draws from)."""
    virus = s.data.virus
    counts = Counter(virus[c].label for c in s.vdeck)
    return Distribution([(k, Fraction(counts[k], len(s.vdeck))) for k in VIRUS_ORDER if counts[k]], VIRUS_TITLE)


def draw_virus(s: "DeadlandState") -> str:
    """The top Virus card (explicit chance: the card of the chosen label nearest the top)."""
    if not chance.active():
        return s.vdeck.pop()
    virus = s.data.virus
    return chance.take_top(s.vdeck, VIRUS_TITLE, lambda: virus_odds(s), lambda c: virus[c].label)


def role_label(data: Any, rid: str) -> str:
    """A Role card as an explicit-chance outcome: its name (with its id, should a teacher's cards
    give two roles one name: the outcome must tell the cards apart, unlike two 5s)."""
    name = data.roles[rid].name
    if sum(1 for r in data.roles.values() if r.name == name) > 1:
        return f"{name} ({rid})"
    return name


def role_title(s: "DeadlandState", seat: int) -> str:
    return f"{PLAYER_NAMES[seat]}'s Role card"


def role_odds(s: "DeadlandState", seat: int) -> Distribution:
    """The Role card ``seat`` is about to draw: any card of the Role deck, alike (explicit chance;
    the deck's order is unseen, as the Virus deck's). The table does not see it, so ``odds()``
    shows no such line; the drawer reads it off the Role cards not yet seen."""
    deck, data = s.rdeck, s.data
    order = {r: i for i, r in enumerate(data.roles)}
    return Distribution([(role_label(data, r), Fraction(1, len(deck))) for r in sorted(deck, key=order.__getitem__)],
                        role_title(s, seat))


def draw_role(s: "DeadlandState", seat: int) -> str:
    """The top Role card, taken off the Role deck (explicit chance: the card chosen)."""
    if not chance.active():
        rid = s.rdeck[-1]
        s.rdeck = s.rdeck[:-1]
        return rid
    deck = list(s.rdeck)
    data = s.data
    rid = chance.take_top(deck, role_title(s, seat), lambda: role_odds(s, seat), lambda r: role_label(data, r))
    s.rdeck = tuple(deck)
    return rid


#: the mark of a card the table knows lies in this Road's deck (the Looter's Infected Area put
#: back), in explicit-chance outcomes: drawing it or a card of the same label unseen differs later
KNOWN = " (the one put back)"


def event_title(s: "DeadlandState", b: int) -> str:
    return f"next Event on {s.the(b)}"


def event_probs(s: "DeadlandState", b: int, known_key, unknown_key) -> dict[str, Fraction]:
    """The next Event card of board ``b``, as the table reckons it, summed by ``known_key(card)``
    for a card known to be in this deck (counted where it is) and ``unknown_key(card)`` for the
    others: a Road deck's unknown cards could be in either Road, so each unknown slot holds any of
    them with equal chance."""
    events = s.data.events
    deck = s.edeck[b]
    boards = s.data.deck_boards[events[deck[0]].deck]
    known = [c for c in deck if c in s.known[b]]
    pool = [c for o in boards for c in s.edeck[o] if c not in s.known[o]]
    probs: dict[str, Fraction] = {}
    for c in known:
        k = known_key(c)
        probs[k] = probs.get(k, Fraction(0)) + Fraction(1, len(deck))
    if pool:
        share = Fraction(len(deck) - len(known), len(deck) * len(pool))
        for c in pool:
            k = unknown_key(c)
            probs[k] = probs.get(k, Fraction(0)) + share
    return probs


def event_odds(s: "DeadlandState", b: int) -> Distribution:
    """The next Event card of board ``b`` by label (explicit chance); a card known to be in this
    deck is marked ``KNOWN``. By category it is the ``odds()`` distribution of the same title."""
    events = s.data.events
    probs = event_probs(s, b, lambda c: events[c].label + KNOWN, lambda c: events[c].label)
    return Distribution(sorted(probs.items()), event_title(s, b))


def _event_outcome(s: "DeadlandState", b: int, cid: str) -> str:
    return s.data.events[cid].label + (KNOWN if cid in s.known[b] else "")


def _bring_to_top(s: "DeadlandState", b: int, want: str) -> None:
    """Explicit chance: put a card with outcome ``want`` on top of board ``b``'s deck. An unseen
    card may come from the other Road's deck, which takes one of this deck's unseen cards in its
    place (which one does not matter: the table's odds depend on the Roads' unseen cards together)."""
    events, known = s.data.events, s.known
    deck = list(s.edeck[b])
    for i in range(len(deck) - 1, -1, -1):
        if _event_outcome(s, b, deck[i]) == want:
            deck.append(deck.pop(i))
            s.edeck = put(s.edeck, b, tuple(deck))
            return
    for o in s.data.deck_boards[events[deck[0]].deck]:
        other = list(s.edeck[o])
        for j in range(len(other) - 1, -1, -1):
            if o != b and other[j] not in known[o] and events[other[j]].label == want:
                mine = next(i for i in range(len(deck) - 1, -1, -1) if deck[i] not in known[b])
                deck[mine], other[j] = other[j], deck[mine]
                deck.append(deck.pop(mine))
                s.edeck = put(put(s.edeck, b, tuple(deck)), o, tuple(other))
                return
    raise AssertionError(f"explicit chance: no {want!r} for {event_title(s, b)}")


def pop_event(s: "DeadlandState", b: int) -> str:
    if chance.active():
        want = chance.choose(event_title(s, b), lambda: event_odds(s, b), lambda: _event_outcome(s, b, s.edeck[b][-1]))
        if want is not None:
            _bring_to_top(s, b, want)
    edeck = s.edeck
    deck = edeck[b]
    cid = deck[-1]
    s.edeck = edeck[:b] + (deck[:-1],) + edeck[b + 1:]  # (put, written out: every Event drawn)
    if cid in s.known[b]:
        s.known = put(s.known, b, without(s.known[b], cid))
    return cid


def discard_event(s: "DeadlandState", b: int, cid: str) -> None:
    """Discarded next to its board; once the board is turned over its discards are in the box."""
    if s.turned[b]:
        s.box += (cid,)
    else:
        edisc = s.edisc
        s.edisc = edisc[:b] + (edisc[b] + (cid,),) + edisc[b + 1:]  # (put, written out)


def turnover(s: "DeadlandState", b: int) -> None:
    if s.turned[b] or s.edeck[b]:
        return
    s.turned = put(s.turned, b, True)
    s.box += s.edisc[b]
    s.edisc = put(s.edisc, b, ())
    s.known = put(s.known, b, ())
    if s.log_enabled:
        log(s, S_ATTACK, f"{s.the(b)} has no Event cards left: its discards go back in the box "
                         f"and the board is turned over (bloodstain trial: {s.data.boards[b].bloodstain} cards)")


def discard_top_event(s: "DeadlandState", b: int, why: str) -> None:
    if s.turned[b] or not s.edeck[b]:
        return
    cid = pop_event(s, b)
    discard_event(s, b, cid)
    if s.log_enabled:
        log(s, S_LEVEL, f"{why}: the top Event card of {s.the(b)} ({s.data.events[cid].label}) is discarded without effect")
    turnover(s, b)


# ---- turning into a zombie, and the end ---------------------------------------------------------------
def zombify(s: "DeadlandState", seat: int, why: str) -> None:
    """Turn ``seat`` into a zombie: Infection deck to the Virus discards, objects back in the box,
    tokens to the supply, role shown, five Resistance tokens (as many as the supply has)."""
    s.vdisc.extend(s.inf[seat])
    s.inf = put(s.inf, seat, ())
    for cid in s.objs[seat]:
        drop_object(s, seat, cid)
    s.mun = put(s.mun, seat, 0)
    s.rat = put(s.rat, seat, 0)
    s.zombie = put(s.zombie, seat, True)
    s.resist = put(s.resist, seat, min(MAX_RESISTANCE, s.supply("resistance")))
    s.zorder += (seat,)
    if s.log_enabled:
        log(s, S_ZOMBIE, f"{s.name(seat)} {why} and turns into a Zombie on {s.the(s.pos[seat])} "
                         f"with {s.resist[seat]} Resistance tokens")
    if s.role[seat] is not None and not s.shown[seat]:
        s.shown = put(s.shown, seat, True)
        if s.log_enabled:
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
    s.vradio += (card,)
    s.radio += 1
    if s.log_enabled:
        log(s, section, f"a Radio Contact! The marker moves to {s.radio} of {s.target()}")
    if s.radio >= s.target():
        end_by_radio(s)
        return
    if len(s.vradio) >= RADIO_CARDS:
        s.vdeck.extend(s.vdisc)
        s.vdeck.extend(s.vradio)
        s.vdisc.clear()
        s.vradio = ()
        s.rng.shuffle(s.vdeck)
        if s.log_enabled:
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
    data = s.data
    radios = data.made.get(RADIO_IDS)
    if radios is None:
        radios = data.made[RADIO_IDS] = frozenset(c for c, v in data.virus.items() if v.kind == "radio")
    return sum(map(radios.__contains__, s.vdeck)) >= data.targets[len(s.pos)] - s.radio


#: the key, in the card data's cache (``CardData.made``), of the Radio Contact cards' ids
RADIO_IDS = ("radio", "card ids")


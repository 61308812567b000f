"""What each player may see, where every card and token is, and re-dealing what a player cannot
see (the leak check). Everything drawn in Deadland is turned face up, so the contents of the
Virus deck and of each non-shared Event deck are public; only their ORDER is hidden. Hidden too:
how the Road cards were split between the two Roads, face-down Role cards, and other players'
Infection decks below the top card (the view shows the top; the log told the table what was added)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Rng

from .cards import (
    ADDED, ATTACK, BLOOD, DAILY, DECIDING, MAX_ILLNESS, NOBODY, OBJECT_NAMES, RADIO_CONTACT, TOKENS, ZATTACK,
    ZDAILY, ZOMBIE_LEVEL,
)
from .common import illnesses

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

TOKEN_KINDS = (("munitions", "M"), ("rations", "R"), ("resistance", "Z"))


def zones(s: "DeadlandState") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for b, board in enumerate(s.data.boards):
        out[f"deck:{board.key}"] = list(s.edeck[b])
        out[f"discard:{board.key}"] = list(s.edisc[b])
    out["box"] = list(s.box)
    out["event:resolving"] = list(s.ev)
    out["virus:deck"] = list(s.vdeck)
    out["virus:discard"] = list(s.vdisc)
    out["virus:radio set aside"] = list(s.vradio)
    out["virus:drawn"] = list(s.held)
    out["roles:deck"] = list(s.rdeck)
    out[f"radio:{s.radio}"] = ["radio-marker"]
    # Tokens are interchangeable, so each holder gets the next ids in seat order; the check
    # still proves that no token is made or lost (the ids run out or are left over otherwise).
    for kind, prefix in TOKEN_KINDS:
        counts = s.mun if kind == "munitions" else s.rat if kind == "rations" else s.resist
        i = 0
        for seat, c in enumerate(counts):
            out[f"{kind}:{s.name(seat)}"] = [f"{prefix}{j:02d}" for j in range(i + 1, i + 1 + c)]
            i += c
        out[f"{kind}:supply"] = [f"{prefix}{j:02d}" for j in range(i + 1, TOKENS + 1)]
    for seat in range(s.n):
        name = s.name(seat)
        out[f"objects:{name}"] = list(s.objs[seat])
        out[f"infection:{name}"] = list(s.inf[seat])
        out[f"role:{name}"] = [s.role[seat]] if s.role[seat] else []
    return out


def _pending(s: "DeadlandState") -> dict[str, Any] | None:
    if s.result is not None or not s.stack:
        return None
    top = s.stack[-1]
    return {"player": s.name(top[1]), "decision": s.phase}


def view(s: "DeadlandState", player: str | None) -> dict[str, Any]:
    """The table as ``player`` sees it (``None``: everything); the keys are documented with
    their types in ``docs/views.md`` (Deadland)."""
    virus = s.data.virus
    events = s.data.events
    return {
        "active": s.name(s.active),
        "turn": s.turn,
        "radio": {"contacts": s.radio, "target": s.target()},
        "virus": {
            "deck": [virus[c].label for c in reversed(s.vdeck)] if player is None else len(s.vdeck),
            "discard": [virus[c].label for c in s.vdisc],
            "radio_set_aside": len(s.vradio),
            "drawn": [virus[c].label for c in s.held],
        },
        "boards": _boards(s, player),
        "resolving": [events[c].label for c in s.ev],
        "box": len(s.box),
        "roles_left": len(s.rdeck),
        "traitor_known": s.name(s.traitor_known) if s.traitor_known != NOBODY else None,
        "players": {s.name(q): _player(s, q, player) for q in range(s.n)},
        "pending": _pending(s),
        **trials(s),
    }


def _boards(s: "DeadlandState", player: str | None) -> list[dict[str, Any]]:
    """Each board: its Event deck (the cards in order for the table view, else a count), its
    discards, the markers on it in turn order from the active player."""
    data = s.data
    events = data.events
    names = s.game.players
    at: list[list[str]] = [[] for _ in data.boards]
    for q in s.order_from(s.active):
        if not s.dead[q]:
            at[s.pos[q]].append(names[q])
    return [{
        "name": board.name,
        "turned": s.turned[b],
        "deck": [events[c].label for c in reversed(s.edeck[b])] if player is None else len(s.edeck[b]),
        "discard": [events[c].label for c in s.edisc[b]],
        "bloodstain": board.bloodstain,
        "connects": [data.boards[x].name for x in data.links[b]],
        "players": at[b],
    } for b, board in enumerate(data.boards)]


def _player(s: "DeadlandState", q: int, player: str | None) -> dict[str, Any]:
    """Seat ``q`` as ``player`` sees it: its Infection deck below the top and a face-down Role
    only for itself (and for everyone once the game is over)."""
    data = s.data
    events = data.events
    virus = data.virus
    me = None if player is None else s.game.players.index(player)
    inf = s.inf[q]
    role = s.role[q]
    if role is None:
        role_seen = None
    elif player is None or s.result is not None or s.shown[q] or q == me:
        role_seen = data.roles[role].name + ("" if s.shown[q] else " (face down)")
    else:
        role_seen = "face down"
    return {
        "board": s.board_name(s.pos[q]),
        "zombie": s.zombie[q],
        "dead": s.dead[q],
        "resistance": s.resist[q],
        "munitions": s.mun[q],
        "rations": s.rat[q],
        "objects": [events[c].name + (" (new)" if c in s.fresh else "") for c in s.objs[q]],
        "level": len(inf),
        "top": virus[inf[-1]].label if inf else None,
        "impediments": [OBJECT_NAMES[o] for o in virus[inf[-1]].impediments] if inf else [],
        "infection": [virus[c].label for c in inf] if (player is None or q == me) else None,
        "role": role_seen,
    }


# ---- the Infection Trial on the table -----------------------------------------------------------------
def trials(s: "DeadlandState") -> dict[str, Any]:
    """``{"trial": ..., "last_trial": ...}``: the Infection Trial in progress (None when none is),
    and the latest one that has ended (None while one is in progress, or before the first).

    Each is a dict of public facts only (every Virus card drawn is shown to the table):
    ``player``; ``kind`` (``daily``, ``attack``: an Event card's zombies, ``zattack``: a zombie
    player's Infection Trial, ``blood``: a turned-over board, ``zdaily``: a zombie's own two cards);
    ``cause`` (the Event card, the zombie or the board, in words; "" for daily trials);
    ``cards`` (how many Virus cards the trial needs; Radio Contacts drawn do not count);
    ``drawn`` (each card drawn so far, in order, as ``{"card": label, "fate": ...}``, the fate being
    "discarded", "radio contact", "about to be added" or "added"); ``to_draw`` (cards still to
    draw); ``needs`` (the Virus card labels that would be added now, e.g. ``["4", "Illness"]``;
    ``[]`` when the trial can add nothing more); ``added`` (cards added so far)."""
    running = None
    for t in reversed(s.stack):
        if t[0] == "trial":
            running = t
            break
    rec = s.trial
    if running is None:
        return {"trial": None, "last_trial": None if rec is None else _trial(s, rec, None)}
    _, seat, left, _, mode = running
    if rec is None or rec[0] != seat or rec[1] != mode:
        # a trial started by a scenario, before its record: what the table sees from here
        cards = ((s.held[-1], DECIDING),) if s.held else ()
        rec = (seat, mode, left + len(cards), cards, None)
    return {"trial": _trial(s, rec, running), "last_trial": None}


def _trial(s: "DeadlandState", rec: tuple, running: tuple | None) -> dict[str, Any]:
    seat, mode, total, cards, source = rec
    virus = s.data.virus
    counted = sum(1 for _, fate in cards if fate != RADIO_CONTACT)
    if mode == ATTACK:
        cause = s.data.events[source].label if source is not None else "a zombie attack"
    elif mode == ZATTACK:
        cause = f"the zombie {s.name(source)}"
    elif mode == BLOOD:
        cause = f"the bloodstain of {s.the(source)}"
    else:
        cause = ""
    needs: list[str] = []
    if running is not None and mode != ZDAILY and not s.zombie[seat]:
        nxt = len(s.inf[seat]) + 1
        if mode != DAILY or nxt - 1 == running[3]:  # a daily trial adds one card at most
            needs.append(str(nxt))
            if nxt < ZOMBIE_LEVEL and illnesses(s, seat) < MAX_ILLNESS:
                needs.append("Illness")
    return {
        "player": s.name(seat),
        "kind": mode,
        "cause": cause,
        "cards": total,
        "drawn": [{"card": virus[c].label, "fate": fate} for c, fate in cards],
        "to_draw": running[2] if running is not None else max(0, total - counted),
        "needs": needs,
        "added": sum(1 for _, fate in cards if fate == ADDED),
    }


def redeal_hidden(s: "DeadlandState", player: str, rng: Rng) -> "DeadlandState":
    other: Any = s.clone()
    if s.result is not None:
        return other
    me = s.game.players.index(player)
    rng.shuffle(other.vdeck)  # (the clone's own list)
    edeck = list(other.edeck)
    for deck, boards in s.data.deck_boards.items():
        # cards of a shared deck whose Road is not known may be in either Road
        pool = [c for b in boards for c in edeck[b] if c not in other.known[b]]
        rng.shuffle(pool)
        for b in boards:
            keep = [c for c in edeck[b] if c in other.known[b]]
            need = len(edeck[b]) - len(keep)
            new = keep + pool[:need]
            del pool[:need]
            rng.shuffle(new)
            edeck[b] = tuple(new)
    other.edeck = tuple(edeck)
    _redeal_roles(other, me, rng)
    return other


def _redeal_roles(o: Any, me: int, rng: Rng) -> None:
    holders = [q for q in range(o.n) if q != me and o.role[q] is not None and not o.shown[q]
               and q != o.traitor_known]
    pool = [o.role[q] for q in holders] + list(o.rdeck)
    slots = holders + [None] * len(o.rdeck)  # None: a slot in the Role deck
    rng.shuffle(pool)
    if "traitor" in pool:
        # players who accepted a gift while holding their card are known not to be the Traitor
        allowed = [i for i, q in enumerate(slots) if q is None or not o.not_traitor[q]]
        pool.remove("traitor")
        at = allowed[rng.randbelow(len(allowed))]
        pool.insert(at, "traitor")
    deck = []
    role = list(o.role)
    for q, r in zip(slots, pool):
        if q is None:
            deck.append(r)
        else:
            role[q] = r
    o.role = tuple(role)
    o.rdeck = tuple(deck)

"""Views and odds of a Walking Deck position (the view schema is documented in ``__init__.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Distribution

from .cards import IMMEDIATE, PILES, RESERVES, WEAKNESSES, Event, mask_names, mask_text
from .rules import calamity_weak, orientation, pile_of

if TYPE_CHECKING:
    from .state import WalkingDeckState


def event_dict(e: Event) -> dict[str, Any]:
    return {
        "id": e.id,
        "name": e.name,
        "label": e.label,
        "pile": e.pile,
        "kind": e.kind,
        "banners": dict(e.texts),
        "immediate": IMMEDIATE if e.immediate else None,
        "weaknesses": mask_names(e.weak),
        "toughness": e.toughness if e.is_character else None,
        "source": e.source,
    }


def token_dict(s: WalkingDeckState, t: str) -> dict[str, Any]:
    tok = s.game.cards.tokens[t]
    return {"id": t, "weaknesses": mask_names(tok.weak), "respite": tok.respite, "text": tok.text}


def character_dict(s: WalkingDeckState, c: str) -> dict[str, Any]:
    e = s.game.cards.events[c]
    d = s.dmg[c]
    return {"id": c, "name": e.name, "label": e.label, "weaknesses": mask_names(e.weak), "damage": d,
            "toughness": e.toughness, "can_take": e.toughness - d, "orientation": orientation(e, d),
            "banners": dict(e.texts)}


def pending_text(s: WalkingDeckState) -> str | None:
    p = s.pending
    if p is None:
        return None
    ev = s.game.cards.events
    src = ev[s.src].label if s.src else "Horde or Brigade"
    kind = p[0]
    if kind == "damage":
        return f"{src}: {p[1]} damage left to distribute among your Characters, one at a time"
    if kind == "heal":
        who = f" showing {mask_text(p[2])}" if p[2] else ""
        done = f" (already healed: {', '.join(ev[c].label for c in p[3])})" if p[3] else ""
        return f"{src}: you may heal up to {p[1]} more Character(s){who}, each once{done}"
    if kind == "calamity":
        weak = calamity_weak(s, p)
        hit = [ev[c].label for c in s.front if ev[c].weak & weak]
        return (f"{src}: the drawn Calamity shows {mask_text(weak)}; it would deal 1 damage to "
                f"{', '.join(hit) or 'nobody'}. You may consume a Reserve to ignore one of its weaknesses.")
    if kind == "bury_hand":
        return f"{src}: choose an Event of your hand to bury"
    return "The Horde or Brigade was memorised at once: choose the pile for its replacement"


def view(s: WalkingDeckState, player: str | None) -> dict[str, Any]:
    full = player is None
    game = s.game
    ev = game.cards.events
    prot = game.protagonist
    if prot.power == "keep":
        left: Any = None
    elif prot.power == "reserve heal":
        left = [r for i, r in enumerate(RESERVES) if not s.power_reserves >> i & 1]
    else:
        left = prot.uses - s.uses
    piles = {}
    for pile in PILES:
        cards = pile_of(s, pile)
        piles[pile] = {"count": len(cards)}
        if full:
            piles[pile]["cards"] = [event_dict(ev[c]) for c in reversed(cards)]  # top first
    memory: dict[str, Any] = {"count": len(s.memory)}
    buried: dict[str, Any] = {"count": len(s.buried), "limit": prot.burial_limit}
    if full:
        memory["cards"] = [event_dict(ev[c]) for c in s.memory]  # first to be unstacked first
        buried["cards"] = [event_dict(ev[c]) for c in s.buried]
    resolving = None
    if s.src is not None and s.over is None:
        e = ev[s.src]
        resolving = {"event": e.label, "banner": s.banner, "text": e.texts[s.banner], "next_effect": s.nxt}
    return {
        "protagonist": {"name": prot.name, "stars": prot.stars, "burial_limit": prot.burial_limit,
                        "power": prot.text, "power_left": left},
        "step": None if s.over is not None else s.step,
        "piles": piles,
        "hand": [event_dict(ev[c]) for c in s.hand],
        "memory": memory,
        "avoided": [event_dict(ev[c]) for c in s.avoided],
        "buried": buried,
        "removed": [event_dict(ev[c]) for c in s.removed],
        "being_unstacked": event_dict(ev[s.current]) if s.current else None,
        "characters": [character_dict(s, c) for c in s.front],
        "reserves": s.reserve_states(),
        "reserve_weaknesses": dict(zip(RESERVES, WEAKNESSES)),
        "calamity_bag": [token_dict(s, t) for t in s.bag],
        "respite_aside": list(s.aside),
        "drawn_calamity": token_dict(s, s.drawn) if s.drawn else None,
        "resolving": resolving,
        "pending": pending_text(s),
    }


def pile_odds(s: WalkingDeckState, pile: str, old: tuple | None = None) -> tuple:
    """(size, top card, counts by name, odds) of the next Event of ``pile``. Names are counted
    in card-file order, never in pile order, so the odds cannot hint at the order. ``old`` is the
    same tuple from an ancestor position: a pile only ever loses its top card, so one draw
    since then is a decrement."""
    ev = s.game.cards.events
    cards = pile_of(s, pile)
    n = len(cards)
    if old is not None:
        if old[0] == n:
            return old
        if old[0] == n + 1:
            counts = dict(old[2])
            name = ev[old[1]].name
            counts[name] -= 1
            if not counts[name]:
                del counts[name]
            return (n, cards[-1] if cards else None, counts, Distribution.from_counts(counts, f"next {pile} event"))
    inside = set(cards)
    counts = {}
    for c in s.game.cards.piles[pile]:
        if c in inside:
            name = ev[c].name
            counts[name] = counts.get(name, 0) + 1
    return (n, cards[-1] if cards else None, counts, Distribution.from_counts(counts, f"next {pile} event"))


def bag_odds(s: WalkingDeckState) -> Distribution:
    """The next Calamity draw, by what the token shows (the player cannot tell two tokens with
    the same weaknesses apart). A drawn token goes back before the next draw, so it counts as
    in the bag."""
    cs = s.game.cards
    inside = set(s.bag)
    if s.drawn is not None:
        inside.add(s.drawn)
    by_weak: dict[str, int] = {}
    for t in cs.token_ids:
        if t in inside:
            text = cs.tokens[t].text
            by_weak[text] = by_weak.get(text, 0) + 1
    return Distribution.from_counts(by_weak, "next Calamity weaknesses")


def _cached(s: WalkingDeckState) -> tuple:
    """(Rural pile_odds, Urban pile_odds, Respites aside, weakness odds), kept in
    the state and rebuilt piece by piece. Every token but the Respites is always in the bag or
    drawn from it, so the Respites aside identify the bag's contents."""
    c = s._odds
    if c is not None and c[0][0] == len(s.rural) and c[1][0] == len(s.urban) and c[2] == s.aside:
        return c  # the usual case: nothing was drawn since
    rural = pile_odds(s, "Rural", c[0] if c else None)
    urban = pile_odds(s, "Urban", c[1] if c else None)
    bag = c[3] if c is not None and c[2] == s.aside else bag_odds(s)
    c = s._odds = (rural, urban, list(s.aside), bag)
    return c


def next_token_odds(s: WalkingDeckState) -> Distribution:
    """What a Calamity draw samples from: the very object ``odds()`` reports."""
    return _cached(s)[3]


def odds(s: WalkingDeckState) -> dict[str, Distribution]:
    """Exact odds of the next draws, from what the player knows: the contents of each pile (every
    Event that left one was seen) and of the bag."""
    c = _cached(s)
    out: dict[str, Distribution] = {}
    if s.rural:
        out["next Rural event"] = c[0][3]
    if s.urban:
        out["next Urban event"] = c[1][3]
    out["next Calamity weaknesses"] = c[3]
    return out


def next_outcomes(s: WalkingDeckState) -> dict[str, object]:
    """What the hidden cards will actually give, for each title of ``odds()`` (the conformance
    check tests the odds against it). The top card of each pile, and the Calamity a draw now
    would give (the draw simulated on a copy of the RNG, exactly as ``draw_token`` samples).
    Each title's outcome is read from ``odds()`` of a copy holding only the card or token that
    comes next, so it follows whatever labels ``odds()`` uses."""
    if s.over is not None:
        return {}
    tokens = s.game.cards.tokens
    key = next_token_odds(s).sample(s.rng.copy())
    inside = s.bag + ([s.drawn] if s.drawn is not None else [])
    token = key if key in tokens else next(t for t in inside if tokens[t].text == key)
    only = s.clone()
    only.rural, only.urban = s.rural[-1:], s.urban[-1:]
    only.bag, only.drawn, only._odds = [token], None, None
    out: dict[str, object] = {}
    for title, dist in odds(only).items():
        if len(dist) == 1:
            out[title] = next(iter(dist))
    return out

"""What a player sees of a Walking Deck position: ``view`` (the schema is documented in
``__init__.py``), ``zones`` (every card in exactly one place) and ``redeal_hidden`` (the
position with what the player cannot see shuffled again)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Rng

from .cards import IMMEDIATE, PILES, RESERVE_BITS, RESERVES, WEAKNESSES, Event, mask_names, mask_text, orientation
from .state import calamity_weak, pile_of

if TYPE_CHECKING:
    from .game import WalkingDeckState


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
    kind = p.kind
    if kind == "damage":
        return f"{src}: {p.left} damage left to distribute among your Characters, one at a time"
    if kind == "heal":
        who = f" showing {mask_text(p.weakness)}" if p.weakness else ""
        done = f" (already healed: {', '.join(ev[c].label for c in p.healed)})" if p.healed else ""
        return f"{src}: you may heal up to {p.left} more Character(s){who}, each once{done}"
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
        left = [RESERVES[r] for r, b in RESERVE_BITS if not s.power_reserves & b]
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


def zones(s: WalkingDeckState) -> dict[str, list[str]]:
    """Every Event and token in exactly one zone. The three holding spots that are usually
    empty ("being unstacked", "drawn Calamity", "tokens out of play") appear only when used."""
    z = {
        "Rural pile": s.rural[:],
        "Urban pile": s.urban[:],
        "hand": s.hand[:],
        "Memory": s.memory[:],
        "Avoided": s.avoided[:],
        "Buried": s.buried[:],
        "Characters in front": s.front[:],
        "removed from the game": s.removed[:],
        "Calamity bag": s.bag[:],
        "Respite aside": s.aside[:],
    }
    if s.current:
        z["being unstacked"] = [s.current]
    if s.drawn:
        z["drawn Calamity"] = [s.drawn]
    if s.out:
        z["tokens out of play"] = list(s.out)
    return z


def redeal_hidden(s: WalkingDeckState, player: str, rng: Rng) -> WalkingDeckState:
    """The player knows which Events are left in each pile (every card that left one was
    seen), only not their order. The Memory is known from history and never shown."""
    other = s.clone()
    rng.shuffle(other.rural)
    rng.shuffle(other.urban)
    other._odds = None  # the cache remembers the top cards
    return other

"""Positions as plain dicts: ``state.to_scenario()`` and ``WalkingDeck.from_scenario(d, seed)``.

Every zone is a list of card ids. Piles are listed top first, the Memory first memorised first
(the order it is unstacked in), the Buried first buried first. Convenient defaults for tests:

* an Event named in no zone is "removed from the game";
* without ``"bag"``, every Calamity token not named elsewhere is in the bag and each Respite not
  named elsewhere is beside it (or in the bag if ``"respite_aside"`` is given); with ``"bag"``,
  tokens named nowhere are "out of play" for this scenario (to control the draws);
* Reserves not named are available; ``phase`` is "Journey"; ``step`` is "draw" while the hand
  has fewer than 3 Events and a pile is not empty, else "play".

Everything given is checked strictly: a ``ScenarioError`` names the field."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamelib.core import ScenarioError, log
from gamelib.core.checks import ScenarioChecker
from gamelib.core.fields import fields_from_dict, fields_to_dict
from gamelib.core.inputs import show
from gamelib.core.scenarios import plain_scenario

from .cards import (AMOUNTS, BANNERS, END, HAND_SIZE, INTERROGATION, JOURNEY, PILES, RESERVE_BITS, RESERVES,
                    WEAKNESS_BITS, WEAKNESSES, bit, mask_names)
from .rules import settle
from .state import (BURY_HAND, DRAW, LOST, PLAY, REPLACEMENT, UNSTACK, CalamityPending,
                    DamagePending, HealPending)

if TYPE_CHECKING:
    from .game import WalkingDeck, WalkingDeckState

EVENT_ZONES = ("rural", "urban", "hand", "memory", "avoided", "buried", "removed")
FIELDS = (
    "phase", "step", *EVENT_ZONES, "being_unstacked", "characters", "reserves", "bag", "respite_aside",
    "drawn_calamity", "tokens_out_of_play", "resolving", "pending", "power_uses", "power_reserves_used",
)
# A scenario field that is a State field as plain data names it in the field's declaration
# (``WalkingDeckState.fields``: ``hand=LIST([], scenario="hand")``); the others are converted
# here: the piles (listed top first), "characters" (``front`` with ``dmg``), the Reserves and
# the Reserves used by name, "resolving" and "pending".
PENDING_KINDS = ("damage", "heal", "calamity", "bury from hand", "replacement")


def _list(d: Mapping, field: str) -> list:
    v = d.get(field, [])
    if not isinstance(v, (list, tuple)):
        raise ScenarioError(field, f"must be a list of ids, got {type(v).__name__}")
    for c in v:
        if not isinstance(c, str):
            raise ScenarioError(field, f"must be a list of id strings, got {show(c)}")
    return list(v)


def _int(v: Any, field: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ScenarioError(field, f"must be a whole number from {lo} to {hi}, got {show(v)}")
    return v


def _weak_list(v: Any, field: str) -> int:
    if v is None:
        return 0
    if not isinstance(v, (list, tuple)) or any(w not in WEAKNESSES for w in v):
        raise ScenarioError(field, f"must be a list of weaknesses ({', '.join(WEAKNESSES)}), got {show(v)}")
    return sum(bit(w) for w in set(v))


def from_scenario(game: WalkingDeck, d: Mapping[str, Any], seed: int) -> WalkingDeckState:
    d = plain_scenario(d)  # a bounded private copy: nothing the caller keeps is read or kept later
    check = ScenarioChecker(d)
    check.no_unknown(FIELDS)
    prot = game.protagonist
    s = game.blank(seed, d)  # every field at its start value (WalkingDeckState.fields)
    places = _Places(game.cards)
    zones = _event_zones(d, places)
    front, dmg = _characters(d, places)
    current = _being_unstacked(d, places)
    zones["removed"] += [c for c in game.cards.events if c not in places.where]
    bag, aside, out, drawn = _tokens(d, places)
    reserves = _reserves(check)
    phase, step = _phase_and_step(d, zones, bool(front or current), front)
    uses, power_reserves = _power(d, prot)
    order = game.cards.order.__getitem__
    fields_from_dict(s, {  # the fields a scenario sets, by their State names; the others keep their start values
        "rural": zones["rural"][::-1], "urban": zones["urban"][::-1],  # top = last
        "hand": zones["hand"], "memory": zones["memory"], "avoided": zones["avoided"], "buried": zones["buried"],
        "front": front, "dmg": dmg, "removed": zones["removed"], "current": current, "reserves": reserves,
        "bag": sorted(bag, key=order), "aside": sorted(aside, key=order), "drawn": drawn,
        "out": tuple(sorted(out, key=order)), "stage": phase, "step": step, "uses": uses,
        "power_reserves": power_reserves,
    })
    lost = len(s.buried) >= prot.burial_limit
    _resolving(s, d, phase, current, lost)
    _pending(s, d, phase)
    if drawn is not None and (s.pending is None or s.pending.kind != "calamity"):
        raise ScenarioError("drawn_calamity", "a Calamity is out of the bag only while a Calamity decision is pending")
    if lost:
        _lost(s)
    else:
        settle(s)
    return s


class _Places:
    """Where each card and token of a scenario is: each in exactly one place, known ids only."""

    def __init__(self, cards: Any):
        self.cards = cards
        self.where: dict[str, str] = {}

    def place(self, field: str, c: str, tokens: bool = False) -> None:
        known = self.cards.tokens if tokens else self.cards.events
        if c not in known:
            what = "Calamity token" if tokens else "Event"
            raise ScenarioError(field, f"unknown {what} id {show(c)}; the ids are {', '.join(known)}")
        if c in self.where:
            raise ScenarioError(field, f"{c} is also in {show(self.where[c])}: every card is in exactly one place")
        self.where[c] = field


def _event_zones(d: Mapping[str, Any], places: _Places) -> dict[str, list[str]]:
    """The Events of each zone field, in the scenario's order."""
    ev = places.cards.events
    zones: dict[str, list[str]] = {}
    for field in EVENT_ZONES:
        zones[field] = _list(d, field)
        for c in zones[field]:
            places.place(field, c)
    for pile in PILES:
        for c in zones[pile.lower()]:
            if ev[c].pile != pile:
                raise ScenarioError(pile.lower(), f"{c} ({ev[c].label}) is an {ev[c].pile} Event, not a {pile} one")
    for c in zones["hand"]:
        if ev[c].immediate:
            raise ScenarioError("hand", f"{c} ({ev[c].label}) is memorised as soon as it is in your hand "
                                "(its immediate effect), so it is never in the hand: put it in 'memory'")
    return zones


def _characters(d: Mapping[str, Any], places: _Places) -> tuple[list[str], dict[str, int]]:
    """Characters in front: a list of ids or {"id", "damage"} dicts, or a dict id -> damage."""
    ev = places.cards.events
    raw = d.get("characters", [])
    items = list(raw.items()) if isinstance(raw, Mapping) else raw
    if not isinstance(items, (list, tuple)):
        raise ScenarioError("characters", "must be a list of ids or of {'id': ..., 'damage': ...}, or a dict id -> damage")
    front: list[str] = []
    dmg: dict[str, int] = {}
    for item in items:
        if isinstance(item, str):
            c, n = item, 0
        elif isinstance(item, Mapping) and set(item) <= {"id", "damage"} and "id" in item:
            c, n = item["id"], item.get("damage", 0)
        elif isinstance(item, (list, tuple)) and len(item) == 2:
            c, n = item
        else:
            raise ScenarioError("characters", f"cannot read {show(item)}: give an id or {{'id': ..., 'damage': ...}}")
        if not isinstance(c, str):
            raise ScenarioError("characters", f"ids must be strings, got {show(c)}")
        places.place("characters", c)
        if not ev[c].is_character:
            raise ScenarioError("characters", f"{c} ({ev[c].label}) is not a Character")
        dmg[c] = _int(n, f"characters.{c}.damage", 0, ev[c].toughness)
        front.append(c)
    return front, dmg


def _being_unstacked(d: Mapping[str, Any], places: _Places) -> str | None:
    current = d.get("being_unstacked")
    if current is not None:
        if not isinstance(current, str):
            raise ScenarioError("being_unstacked", f"must be an Event id or None, got {show(current)}")
        places.place("being_unstacked", current)
        if places.cards.events[current].is_character:
            raise ScenarioError("being_unstacked", f"{current} is a Character: an unstacked Character goes straight in front")
    return current


def _tokens(d: Mapping[str, Any], places: _Places) -> tuple[list[str], list[str], list[str], str | None]:
    """The bag, the Respites aside, the tokens out of play and the drawn token (defaults: module doc)."""
    tokens = places.cards.tokens
    bag, aside, out = _list(d, "bag"), _list(d, "respite_aside"), _list(d, "tokens_out_of_play")
    drawn = d.get("drawn_calamity")
    for field, lst in (("bag", bag), ("respite_aside", aside), ("tokens_out_of_play", out)):
        for t in lst:
            places.place(field, t, tokens=True)
    if drawn is not None:
        if not isinstance(drawn, str):
            raise ScenarioError("drawn_calamity", f"must be a token id or None, got {show(drawn)}")
        places.place("drawn_calamity", drawn, tokens=True)
    for t in aside:
        if not tokens[t].respite:
            raise ScenarioError("respite_aside", f"{t} is not a Respite Calamity")
    for t in tokens:
        if t not in places.where:
            if "bag" in d:
                out.append(t)
            elif tokens[t].respite and "respite_aside" not in d:
                aside.append(t)
            else:
                bag.append(t)
    # Tokens with weaknesses never leave the bag for long (a drawn one goes back), so one of
    # them in play means the bag is never empty when a Calamity is drawn.
    if not any(not tokens[t].respite for t in [*bag, *([drawn] if drawn else [])]):
        raise ScenarioError("bag", "must hold at least one Calamity token with weaknesses (tokens named "
                            "nowhere are out of play once 'bag' is given), or the next Calamity draw "
                            f"would find the bag empty; got {show(bag)}")
    return bag, aside, out, drawn


def _reserves(check: ScenarioChecker) -> tuple[bool, ...]:
    reserves = [True] * len(RESERVES)
    given = check.within("reserves", {})
    for name, v in given.data.items():
        if name not in RESERVES:
            raise ScenarioError("reserves", f"unknown Reserve {show(name)}; the Reserves are {', '.join(RESERVES)}")
        reserves[RESERVES.index(name)] = given.choice(name, ("available", "consumed")) == "available"
    return tuple(reserves)


def _phase_and_step(d: Mapping[str, Any], zones: dict[str, list[str]], interrogating: bool,
                    front: list[str]) -> tuple[str, str]:
    phase = d.get("phase", JOURNEY)
    if phase not in (JOURNEY, INTERROGATION):
        raise ScenarioError("phase", f"must be 'Journey' or 'Interrogation', got {show(phase)}")
    if phase == JOURNEY:
        if len(zones["hand"]) > HAND_SIZE:
            raise ScenarioError("hand", f"holds {len(zones['hand'])} Events; a hand holds at most {HAND_SIZE}")
        if interrogating:
            raise ScenarioError("characters" if front else "being_unstacked",
                                "Characters are placed and Events unstacked only during the Interrogation")
        piles_left = bool(zones["rural"] or zones["urban"])
        step = d.get("step", DRAW if len(zones["hand"]) < HAND_SIZE and piles_left else PLAY)
        if step not in (DRAW, PLAY):
            raise ScenarioError("step", f"in the Journey must be 'draw' or 'play', got {show(step)}")
        return phase, step
    for field in ("rural", "urban", "hand"):
        if zones[field]:
            raise ScenarioError(field, "must be empty during the Interrogation (it starts when both piles and the hand are empty)")
    step = d.get("step", UNSTACK)
    if step != UNSTACK:
        raise ScenarioError("step", f"in the Interrogation must be 'unstack', got {show(step)}")
    return phase, step


def _power(d: Mapping[str, Any], prot: Any) -> tuple[int, int]:
    """The Protagonist power's uses so far and the Reserves "reserve heal" has used (bits)."""
    uses = _int(d.get("power_uses", 0), "power_uses", 0, prot.uses if prot.power in ("redraw", "restore") else 0)
    used = d.get("power_reserves_used", [])
    if not isinstance(used, (list, tuple)) or any(r not in RESERVES for r in used):
        raise ScenarioError("power_reserves_used", f"must be a list of Reserve names ({', '.join(RESERVES)})")
    if used and prot.power != "reserve heal":
        raise ScenarioError("power_reserves_used", f"only a 'reserve heal' power uses Reserves; {prot.name}'s power is {show(prot.power)}")
    return uses, sum(WEAKNESS_BITS[RESERVES.index(r)] for r in set(used))


def _lost(s: WalkingDeckState) -> None:
    """The game ended at once, in the middle of whatever was happening; an Event being unstacked
    stays where it was, but nothing is still being applied or decided."""
    prot = s.game.protagonist
    for field, given in (("resolving", s.src), ("pending", s.pending)):
        if given is not None:
            raise ScenarioError(field, f"{len(s.buried)} Events are buried, {prot.name}'s limit of "
                                f"{prot.burial_limit}: the game is over, so nothing is still being "
                                "applied or decided; leave it out or None")
    s.over = LOST
    log(s, END, f"{len(s.buried)} Events are buried, {prot.name}'s limit: you have lost!")


def _resolving(s: WalkingDeckState, d: Mapping, phase: str, current: str | None, lost: bool) -> None:
    ev = s.game.cards.events
    r = d.get("resolving")
    if r is None:
        if current is not None and not lost:
            raise ScenarioError("resolving", f"{current} is being unstacked, so 'resolving' must say where its grey banner is")
        return
    if not isinstance(r, Mapping) or "event" not in r or set(r) - {"event", "banner", "next_effect", "failed"}:
        raise ScenarioError("resolving", "must be {'event': id, 'banner': 'white'|'black'|'grey', 'next_effect': n, 'failed': bool}")
    c = r["event"]
    if not isinstance(c, str) or c not in ev:
        raise ScenarioError("resolving.event", f"must be the id of an Event, got {show(c)}")
    banner = r.get("banner", "grey")
    if banner not in BANNERS or not getattr(ev[c], banner):
        raise ScenarioError("resolving.banner", f"{c} ({ev[c].label}) has no {show(banner)} banner")
    if (banner == "grey") != (phase == INTERROGATION):
        raise ScenarioError("resolving.banner", f"a {banner} banner is not applied during the {phase}")
    allowed = {"white": ("memory", "buried"), "black": ("avoided", "buried"),
               "grey": ("being_unstacked", "characters", "buried")}[banner]
    zone = ("being_unstacked" if c == s.current else "characters" if c in s.front else
            "memory" if c in s.memory else "avoided" if c in s.avoided else "buried" if c in s.buried else "elsewhere")
    if zone not in allowed:
        raise ScenarioError("resolving.event", f"an Event applying its {banner} banner is in {' or '.join(allowed)}, not in {zone}")
    if current is not None and c != current:
        raise ScenarioError("resolving.event", f"the Event being unstacked is {current}, so it is the one resolving")
    s.src, s.banner = c, banner
    s.nxt = _int(r.get("next_effect", 0), "resolving.next_effect", 0, len(getattr(ev[c], banner)))
    failed = r.get("failed", False)
    if not isinstance(failed, bool):
        raise ScenarioError("resolving.failed", f"must be true or false, got {show(failed)}")
    s.failed = failed


def _pending(s: WalkingDeckState, d: Mapping, phase: str) -> None:
    p = d.get("pending")
    if p is None:
        return
    if not isinstance(p, Mapping) or p.get("kind") not in PENDING_KINDS:
        raise ScenarioError("pending", f"must be None or a dict with 'kind' one of {', '.join(PENDING_KINDS)}")
    kind = p["kind"]
    fields = {"damage": {"left"}, "heal": {"left", "weakness", "healed"}, "calamity": {"add", "ignore", "reserves_used"},
              "bury from hand": set(), "replacement": set()}[kind]
    extra = set(p) - fields - {"kind"}
    if extra:
        raise ScenarioError(f"pending.{sorted(extra)[0]}", f"is not a field of a {show(kind)} decision; its fields are {', '.join(sorted(fields)) or 'none'}")
    if kind == "replacement":
        if phase != JOURNEY or s.src is not None or not (s.rural or s.urban):
            raise ScenarioError("pending", "a replacement is drawn during the Journey, outside any banner, from a non-empty pile")
        s.pending = REPLACEMENT
        return
    if s.src is None:
        raise ScenarioError("pending", f"a {show(kind)} decision belongs to a banner being applied: give 'resolving' too")
    if kind == "bury from hand":
        if s.banner == "grey" or not s.hand:
            raise ScenarioError("pending", "burying from the hand happens in the Journey, with Events in hand")
        s.pending = BURY_HAND
        return
    if s.banner != "grey":
        raise ScenarioError("pending", f"a {show(kind)} decision belongs to a grey banner")
    if kind == "damage":
        if not s.front:
            raise ScenarioError("pending", "damage is only distributed among Characters in front of you")
        s.pending = DamagePending("damage", _int(p.get("left", 1), "pending.left", *AMOUNTS))
    elif kind == "heal":
        w = p.get("weakness")
        if w is not None and w not in WEAKNESSES:
            raise ScenarioError("pending.weakness", f"must be None or one of {', '.join(WEAKNESSES)}")
        healed = p.get("healed", [])
        if not isinstance(healed, (list, tuple)) or any(c not in s.front for c in healed):
            raise ScenarioError("pending.healed", "must list Characters in front of you")
        s.pending = HealPending("heal", _int(p.get("left", 1), "pending.left", *AMOUNTS), bit(w) if w else 0, tuple(healed))
    else:
        if s.drawn is None:
            raise ScenarioError("drawn_calamity", "a Calamity decision needs the drawn token")
        by_reserve = _weak_list(p.get("reserves_used"), "pending.reserves_used")
        s.pending = CalamityPending("calamity", s.drawn, _weak_list(p.get("add"), "pending.add"),
                                    _weak_list(p.get("ignore"), "pending.ignore"), by_reserve)


def to_scenario(s: WalkingDeckState) -> dict[str, Any]:
    plain = fields_to_dict(s)
    same = type(s).fields.scenario_names
    out: dict[str, Any] = {}
    for field in FIELDS:
        if field in same:
            out[field] = plain[same[field]]
        elif field in ("rural", "urban"):
            out[field] = plain[field][::-1]  # top first
        elif field == "characters":
            out[field] = [{"id": c, "damage": s.dmg[c]} for c in s.front]
        elif field == "reserves":
            out[field] = s.reserve_states()
        elif field == "power_reserves_used":
            out[field] = [RESERVES[r] for r, b in RESERVE_BITS if s.power_reserves & b]
        elif field == "resolving":
            out[field] = (None if s.src is None else
                          {"event": s.src, "banner": s.banner, "next_effect": s.nxt, "failed": s.failed})
        else:
            out[field] = _pending_out(s.pending)
    return out


def _pending_out(p: tuple | None) -> dict[str, Any] | None:
    if p is None:
        return None
    kind = p.kind
    if kind == "damage":
        return {"kind": "damage", "left": p.left}
    if kind == "heal":
        return {"kind": "heal", "left": p.left, "weakness": mask_names(p.weakness)[0] if p.weakness else None,
                "healed": list(p.healed)}
    if kind == "calamity":
        return {"kind": "calamity", "add": mask_names(p.add), "ignore": mask_names(p.ignore),
                "reserves_used": mask_names(p.by_reserve)}
    if kind == "bury_hand":
        return {"kind": "bury from hand"}
    return {"kind": "replacement"}

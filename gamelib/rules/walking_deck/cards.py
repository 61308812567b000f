"""The Walking Deck's card set: Events, Calamity tokens and Protagonists, read from a TOML file
and checked field by field, so a teacher's edited copy fails with the file, card and field.

Effects are data: each banner is a list of short phrases (the "effect vocabulary" below) that
``rules.py`` interprets. Parsed effects are small named tuples (``Effect`` and its kin: the kind
first, then its arguments), shared by every state.

This module is the top of the package (docs/engine.md, "Module layout of a game package"): it
imports only ``gamelib.core``, and holds the named constants every other module uses: the
rulebook's section names, the sizes and limits of the game, and the bits of the weaknesses."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from gamelib.core.cards import CardTable, Checker, ContentCache, ReadOnlyCard, read_card_file, shipped_table
from gamelib.core.errors import CardDataError
from gamelib.core.inputs import ascii_int, show

PILES = ("Rural", "Urban")
PILE_SIZE = 18
KINDS = ("Zombie", "Character", "Object/Location/Animal")
RESERVES = ("Food", "Medical", "Restorative")
WEAKNESSES = ("malnutrition", "injuries", "stress")  # weakness i is protected by Reserve i
#: the bit of weakness i in a weakness mask (``Event.weak``, ``Token.weak``), also the bit of Reserve i
WEAKNESS_BITS = tuple(1 << i for i in range(len(WEAKNESSES)))
#: Reserve indexes with their weakness bit: ``for r, bit in RESERVE_BITS``
RESERVE_BITS = tuple(enumerate(WEAKNESS_BITS))
BANNERS = ("white", "black", "grey")
N_CALAMITIES = 12
N_RESPITES = 2
PROTAGONISTS = ("Aénor", "Boris", "Adrien", "Éléonore")
IMMEDIATE = "memorise and replace"
HAND_SIZE = 3                    # the Journey's draw step fills the hand to this many Events
AMOUNTS = (1, 9)                 # the X of "damage X" and "heal X": lowest, highest
TOUGHNESS = (1, 3)               # a Character's toughness: lowest, highest
STARS = (1, 5)                   # a Protagonist's difficulty
BURIAL_LIMITS = (1, 2 * PILE_SIZE)
KEEP_LIMITS = (1, 2)             # the N of "keep <N>"
POWER_USES = (1, 9)              # the N of "redraw <N>" and "restore <N>"

# Rulebook sections, named in the log (and the two phases, which are sections too)
SETUP = "Setup"
JOURNEY, INTERROGATION = "Journey", "Interrogation"
BANNERS_S = "Clarifications on Banner Effects"
DAMAGE_S = "Clarifications on Damage and Healing"
GREY_S = "Clarifications on Grey Banner Effects"
FAQ = "F.A.Q."
END = "End of the Game"
POWER_S = "Protagonist"

# phrase -> (effect kind, banners it may appear on). Journey-only effects act on the hand and
# piles; Interrogation-only effects act on the Characters in front of you.
EFFECT_HELP = {
    "restore <Reserve>": "turn that Reserve to its available side",
    "consume <Reserve>": "turn that Reserve to its consumed side",
    "bury this": "bury this Event",
    "bury from hand": "bury an Event of your choice from your hand (white/black only)",
    "memorise top <pile>": "memorise the top Event of that pile, without its effects (white/black only)",
    "avoid top <pile>": "avoid the top Event of that pile, without its effects (white/black only)",
    "respite in": "put a Respite Calamity from beside the bag into the bag",
    "respite out": "take a Respite Calamity out of the bag",
    "damage <X>": "inflict X damage, distributed by you (grey only)",
    "calamity [add <weakness>]... [ignore <weakness>]...": "draw a Calamity from the bag (grey only)",
    "heal <X> [<weakness>]": "heal up to X Characters, optionally only those with that weakness (grey only)",
    "unbury": "remove the most recently buried Event from the game (grey only)",
}
JOURNEY_ONLY = ("bury_hand", "memorise_top", "avoid_top")
GREY_ONLY = ("damage", "calamity", "heal", "unbury")
#: effects that, when they cannot be applied, bury the Event (F.A.Q.: "negative effects")
NEGATIVE = ("damage", "calamity")


class Effect(NamedTuple):
    """An effect without arguments: "bury this", "bury from hand", "respite in", "respite out",
    "unbury" (kinds bury_self, bury_hand, respite_in, respite_out, unbury)."""
    kind: str


class ReserveEffect(NamedTuple):
    """"restore <Reserve>" / "consume <Reserve>"."""
    kind: str
    reserve: int  # index into RESERVES


class PileEffect(NamedTuple):
    """"memorise top <pile>" / "avoid top <pile>" (kinds memorise_top, avoid_top)."""
    kind: str
    pile: str


class DamageEffect(NamedTuple):
    """"damage <X>"."""
    kind: str
    amount: int


class CalamityEffect(NamedTuple):
    """"calamity [add <weakness>]... [ignore <weakness>]..."."""
    kind: str
    add: int     # weakness bits
    ignore: int  # weakness bits


class HealEffect(NamedTuple):
    """"heal <X> [<weakness>]"."""
    kind: str
    amount: int
    weakness: int  # weakness bits; 0: any Character


def bit(weakness: str) -> int:
    return WEAKNESS_BITS[WEAKNESSES.index(weakness)]


def mask_names(mask: int) -> list[str]:
    return [w for w, b in zip(WEAKNESSES, WEAKNESS_BITS) if mask & b]


def mask_text(mask: int) -> str:
    return " + ".join(mask_names(mask)) if mask else "no weakness"


class Event(ReadOnlyCard):
    """One Event card. ``white``/``black``/``grey`` are tuples of parsed effects (empty: no banner);
    ``weak`` is a weakness mask (Characters; 0 otherwise)."""

    __slots__ = ("id", "name", "label", "pile", "kind", "source", "white", "black", "grey",
                 "weak", "toughness", "immediate", "is_character", "texts", "note")

    def __repr__(self) -> str:
        return f"<Event {self.id} {self.label}>"


def orientation(e: Event, dmg: int) -> str:
    """How a Character with ``dmg`` damage lies in front of you."""
    if dmg == 0:
        return "head up"
    if dmg >= e.toughness:
        return "upside down"
    return f"turned {dmg} step{'s' if dmg > 1 else ''}"


def can_take(e: Event, dmg: int) -> str:
    """A Character's orientation in words, with what it can still take."""
    left = e.toughness - dmg
    if left <= 0:
        return "upside down: the next damage buries it"
    return f"{orientation(e, dmg)} (can still take {left})"


class Token(ReadOnlyCard):
    """A Calamity token; ``text`` is what it shows (its weaknesses, or Respite)."""

    __slots__ = ("id", "weak", "respite", "source", "order", "text")


def token_text(weak: int, respite: bool) -> str:
    return "Respite (no weakness)" if respite else mask_text(weak)


class Protagonist(ReadOnlyCard):
    __slots__ = ("name", "ascii", "stars", "burial_limit", "power", "uses", "source", "text")


class CardSet:
    """Everything read from one card file; shared by every Game and State that uses it."""

    def __init__(self, file: str, events: dict[str, Event], piles: dict[str, tuple[str, ...]],
                 tokens: dict[str, Token], protagonists: dict[str, Protagonist]):
        self.file = file
        self.events = events
        self.piles = piles
        self.tokens = tokens
        self.token_ids = tuple(tokens)
        self.calamities = tuple(t for t in tokens if not tokens[t].respite)
        self.respites = tuple(t for t in tokens if tokens[t].respite)
        self.protagonists = protagonists
        self.order = {cid: i for i, cid in enumerate(list(events) + list(tokens))}
        #: the rules' Actions for this card set, shared by every state (made by ``rules.action_table``)
        self.actions: dict[tuple, Any] = {}


# ---- effects -----------------------------------------------------------------------------------

def parse_effect(ck: Checker, field: str, phrase: Any) -> tuple:
    """One phrase of a banner -> an effect (a named tuple, kind first), or a CardDataError
    naming card and field."""
    if not isinstance(phrase, str):
        raise ck.fail(field, f"effects must be strings, got {show(phrase)}")
    words = phrase.split()
    known = "; ".join(f"{k!r} ({v})" for k, v in EFFECT_HELP.items())
    unknown = ck.fail(field, f"unknown effect {show(phrase)}; the effects are: {known}")
    if not words:
        raise unknown
    head, rest = words[0], words[1:]

    def number(word: str) -> int:
        lo, hi = AMOUNTS
        n = ascii_int(word)  # digits 0-9 only: '²' passes str.isdigit() but is no amount
        if n is None or not lo <= n <= hi:
            raise ck.fail(field, f"{show(phrase)}: the amount must be a number from {lo} to {hi} written "
                                 f"with the digits 0-9, got {show(word)}")
        return n

    def weakness(word: str) -> int:
        if word not in WEAKNESSES:
            raise ck.fail(field, f"{show(phrase)}: {show(word)} is not a weakness; use one of {', '.join(WEAKNESSES)}")
        return bit(word)

    if head in ("restore", "consume") and len(rest) == 1:
        if rest[0] not in RESERVES:
            raise ck.fail(field, f"{show(phrase)}: {show(rest[0])} is not a Reserve; use one of {', '.join(RESERVES)}")
        return ReserveEffect(head, RESERVES.index(rest[0]))
    if phrase == "bury this":
        return Effect("bury_self")
    if phrase == "bury from hand":
        return Effect("bury_hand")
    if head in ("memorise", "avoid") and len(rest) == 2 and rest[0] == "top":
        if rest[1] not in PILES:
            raise ck.fail(field, f"{show(phrase)}: {show(rest[1])} is not a pile; use Rural or Urban")
        return PileEffect(head + "_top", rest[1])
    if phrase == "respite in":
        return Effect("respite_in")
    if phrase == "respite out":
        return Effect("respite_out")
    if head == "damage" and len(rest) == 1:
        return DamageEffect("damage", number(rest[0]))
    if head == "calamity":
        add = ignore = 0
        if len(rest) % 2:
            raise unknown
        for verb, w in zip(rest[::2], rest[1::2]):
            if verb == "add":
                add |= weakness(w)
            elif verb == "ignore":
                ignore |= weakness(w)
            else:
                raise unknown
        return CalamityEffect("calamity", add, ignore)
    if head == "heal" and 1 <= len(rest) <= 2:
        return HealEffect("heal", number(rest[0]), weakness(rest[1]) if len(rest) == 2 else 0)
    if phrase == "unbury":
        return Effect("unbury")
    raise unknown


def effect_text(e: tuple) -> str:
    """An effect in plain words (for views, logs and the rulings)."""
    k = e.kind
    if k in ("restore", "consume"):
        return f"{k} the {RESERVES[e.reserve]} Reserve"
    if k == "bury_self":
        return "bury this Event"
    if k == "bury_hand":
        return "bury an Event from your hand"
    if k == "memorise_top":
        return f"memorise the top Event of the {e.pile} pile (without its effects)"
    if k == "avoid_top":
        return f"avoid the top Event of the {e.pile} pile (without its effects)"
    if k == "respite_in":
        return "put a Respite Calamity into the bag"
    if k == "respite_out":
        return "take a Respite Calamity out of the bag"
    if k == "damage":
        return f"inflict {e.amount} damage"
    if k == "calamity":
        mods = []
        if e.add:
            mods.append("add " + " and ".join(mask_names(e.add)))
        if e.ignore:
            mods.append("ignore " + " and ".join(mask_names(e.ignore)))
        return "draw a Calamity" + (f" ({'; '.join(mods)})" if mods else "")
    if k == "heal":
        who = f" showing {mask_text(e.weakness)}" if e.weakness else ""
        return f"heal up to {e.amount} Character{'s' if e.amount > 1 else ''}{who}"
    if k == "unbury":
        return "remove the last buried Event from the game"
    raise ValueError(f"unknown effect {e!r}")  # pragma: no cover


def banner_text(effects: tuple) -> str | None:
    return "; ".join(effect_text(e) for e in effects) if effects else None


# ---- protagonists -----------------------------------------------------------------------------

POWER_HELP = {
    "keep <N>": "end each play step keeping up to N Events instead of 0 or 1",
    "redraw <N>": "up to N times per game, return a drawn Calamity to the bag and draw again",
    "reserve heal": "once per Reserve, use it (available or consumed) to heal 1 damage of a Character "
                    "showing its weakness, between two Events of the Interrogation; it ends consumed",
    "restore <N>": "up to N times per game, at any time in either phase, restore a consumed Reserve",
}


def parse_power(ck: Checker) -> tuple[str, int]:
    phrase = ck.req("power", str)
    words = phrase.split()
    if phrase == "reserve heal":
        return "reserve heal", len(RESERVES)
    if len(words) == 2 and words[0] in ("keep", "redraw", "restore") and words[1].isdigit():
        n = ascii_int(words[1])  # digits 0-9 only: '²' passes str.isdigit() but is no number
        lo, hi = KEEP_LIMITS if words[0] == "keep" else POWER_USES
        if n is None or not lo <= n <= hi:
            raise ck.fail("power", f"{show(phrase)}: the number must be between {lo} and {hi}, written "
                                   f"with the digits 0-9, got {show(words[1])}")
        return words[0], n
    known = "; ".join(f"{k!r} ({v})" for k, v in POWER_HELP.items())
    raise ck.fail("power", f"unknown power {show(phrase)}; the powers are: {known}")


def power_text(name: str, power: str, uses: int) -> str:
    if power == "keep":
        return f"{name} may end each play step of the Journey keeping up to {uses} Events in hand (instead of 0 or 1)."
    if power == "redraw":
        return f"Up to {uses} times per game, when a Calamity is drawn, {name} may return it to the bag and draw again."
    if power == "reserve heal":
        return (f"Once per Reserve, between two Events of the Interrogation, {name} may use that Reserve, "
                "available or consumed, to heal 1 damage of a Character showing its weakness; "
                "the Reserve ends on its consumed side.")
    return f"Up to {uses} times per game, at any time in either phase, {name} may restore a consumed Reserve."


# ---- loading --------------------------------------------------------------------------------

EVENT_FIELDS = ("id", "name", "pile", "kind", "source", "white", "black", "grey",
                "weaknesses", "toughness", "immediate", "note")


def _event(file: str, raw: Any, index: int) -> dict[str, Any]:
    """One checked Event, as the fields of its ``Event`` (all but the label)."""
    name = raw.get("id") if isinstance(raw, dict) else None
    ck = Checker(file, name if isinstance(name, str) else f"event #{index + 1}", raw)
    ck.no_unknown(EVENT_FIELDS)
    cid = ck.req("id", str)
    ev = dict(id=cid, name=ck.req("name", str), pile=ck.choice("pile", PILES), kind=ck.choice("kind", KINDS),
              source=ck.source(), note=ck.req("note", str, ""))
    if not ev["name"].strip():
        raise ck.fail("name", "must not be empty")
    for banner in BANNERS:
        if banner not in ck.data:
            raise ck.fail(banner, f"is missing; write {banner} = [] for an Event without a {banner} banner")
        phrases = ck.req(banner, list)
        effects = tuple(parse_effect(ck, banner, p) for p in phrases)
        for e in effects:
            if e.kind in JOURNEY_ONLY and banner == "grey":
                raise ck.fail(banner, f"{effect_text(e)!r} acts on the hand or a pile, so it can only be on a white or black banner")
            if e.kind in GREY_ONLY and banner != "grey":
                raise ck.fail(banner, f"{effect_text(e)!r} acts on the Characters in front of you, so it can only be on the grey banner")
        ev[banner] = effects
    if not (ev["white"] or ev["black"] or ev["grey"]):
        raise ck.fail("grey", "an Event needs at least one banner (white, black or grey)")
    ev["is_character"] = ev["kind"] == "Character"
    if ev["is_character"]:
        ws = ck.str_list("weaknesses", WEAKNESSES)
        if not ws:
            raise ck.fail("weaknesses", "a Character needs at least one weakness")
        ev["weak"] = sum(bit(w) for w in set(ws))
        ev["toughness"] = ck.int_range("toughness", *TOUGHNESS)
    else:
        for f in ("weaknesses", "toughness"):
            if f in ck.data:
                raise ck.fail(f, "only Characters have weaknesses and toughness")
        ev["weak"], ev["toughness"] = 0, 0
    ev["immediate"] = ck.choice("immediate", (IMMEDIATE,), None) is not None
    if ev["immediate"] and ev["white"]:
        raise ck.fail("white", "an Event with an immediate effect memorises itself without its effects, "
                               "so its white banner would never apply")
    ev["texts"] = {b: banner_text(ev[b]) for b in BANNERS}
    return ev


def _labels(events: list[dict[str, Any]]) -> None:
    """Labels are names, made unique with the pile (and a number) when names repeat."""
    count = Counter(e["name"] for e in events)
    seen: Counter = Counter()
    per_pile = Counter((e["name"], e["pile"]) for e in events)
    for e in events:
        name, pile = e["name"], e["pile"]
        if count[name] == 1:
            e["label"] = name
        elif per_pile[(name, pile)] == 1:
            e["label"] = f"{name} ({pile})"
        else:
            seen[(name, pile)] += 1
            e["label"] = f"{name} ({pile} {seen[(name, pile)]})"


DEFAULT_FILE = "walking_deck.toml"


def load_cards(path: str | Path | None = None) -> CardSet:
    """Read and check a card file (``None``: the shipped ``walking_deck.toml``)."""
    table = read_card_file(path) if path is not None else shipped_table(DEFAULT_FILE)
    return cards_from_table(table, table.source)


def cards_from_table(data: Mapping[str, Any], file: str) -> CardSet:
    """Check a card table (a parsed card file) and build its CardSet; errors name ``file``."""
    top = Checker(file, None, data)
    top.no_unknown(("title", "note", "event", "calamity", "protagonist"))
    events, piles = _events(top, file)
    tokens = _tokens(top, file, events)
    return CardSet(file, events, piles, tokens, _protagonists(top, file))


def _events(top: Checker, file: str) -> tuple[dict[str, Event], dict[str, tuple[str, ...]]]:
    """The Events by id and the two piles' ids."""
    raw_events = top.req("event", list)
    if len(raw_events) > len(PILES) * PILE_SIZE:  # refused before any Event is read
        raise top.fail("event", f"the two piles hold {len(PILES) * PILE_SIZE} Events ({PILE_SIZE} each); the file has "
                                f"{len(raw_events):,}")
    checked = [_event(file, raw, i) for i, raw in enumerate(raw_events)]
    dup = [i for i, n in Counter(e["id"] for e in checked).items() if n > 1]
    if dup:
        raise CardDataError(file, dup[0], "id", "this id is used by more than one Event")
    piles = {pile: tuple(e["id"] for e in checked if e["pile"] == pile) for pile in PILES}
    for pile, members in piles.items():
        if len(members) != PILE_SIZE:
            extra = members[PILE_SIZE] if len(members) > PILE_SIZE else None
            raise CardDataError(file, extra, "pile", f"the {pile} pile has {len(members)} Events; it needs exactly {PILE_SIZE}")
    _labels(checked)
    return {e["id"]: Event(**e) for e in checked}, piles


def _tokens(top: Checker, file: str, ids: Mapping[str, Event]) -> dict[str, Token]:
    """The Calamity and Respite tokens by id (ids differ from the Events')."""
    tokens: dict[str, Token] = {}
    raw_tokens = top.req("calamity", list)
    if len(raw_tokens) > N_CALAMITIES + N_RESPITES:
        raise top.fail("calamity", f"the bag holds {N_CALAMITIES} Calamity tokens and {N_RESPITES} Respite tokens; the "
                                   f"file has {len(raw_tokens):,}")
    for i, raw in enumerate(raw_tokens):
        tid = raw.get("id") if isinstance(raw, dict) else None
        ck = Checker(file, tid if isinstance(tid, str) else f"calamity #{i + 1}", raw)
        ck.no_unknown(("id", "weaknesses", "respite", "source"))
        tid = ck.req("id", str)
        if tid in tokens or tid in ids:
            raise ck.fail("id", "this id is already used")
        respite = ck.req("respite", bool, False)
        ws = ck.str_list("weaknesses", WEAKNESSES, [])
        if respite and ws:
            raise ck.fail("weaknesses", "a Respite Calamity shows no weakness")
        if not respite and not ws:
            raise ck.fail("weaknesses", "a Calamity needs at least one weakness (or respite = true)")
        weak = sum(bit(w) for w in set(ws))
        tokens[tid] = Token(id=tid, weak=weak, respite=respite, source=ck.source(), order=len(ids) + i,
                            text=token_text(weak, respite))
    n_cal = sum(1 for t in tokens.values() if not t.respite)
    if n_cal != N_CALAMITIES or len(tokens) - n_cal != N_RESPITES:
        raise CardDataError(file, None, "calamity", f"the bag needs {N_CALAMITIES} Calamity tokens with weaknesses and "
                                                   f"{N_RESPITES} Respite tokens; found {n_cal} and {len(tokens) - n_cal}")
    return tokens


def _protagonists(top: Checker, file: str) -> dict[str, Protagonist]:
    protagonists: dict[str, Protagonist] = {}
    for i, raw in enumerate(top.req("protagonist", list)):
        pname = raw.get("name") if isinstance(raw, dict) else None
        ck = Checker(file, pname if isinstance(pname, str) else f"protagonist #{i + 1}", raw)
        ck.no_unknown(("name", "ascii", "stars", "burial_limit", "power", "source"))
        name = ck.choice("name", PROTAGONISTS)
        if name in protagonists:
            raise ck.fail("name", "this Protagonist is described twice")
        power, uses = parse_power(ck)
        protagonists[name] = Protagonist(
            name=name, ascii=ck.req("ascii", str, name), stars=ck.int_range("stars", *STARS),
            burial_limit=ck.int_range("burial_limit", *BURIAL_LIMITS), power=power, uses=uses,
            source=ck.source(), text=power_text(name, power, uses))
    missing = [p for p in PROTAGONISTS if p not in protagonists]
    if missing:
        raise CardDataError(file, missing[0], "protagonist", f"every Protagonist must be described; missing {', '.join(missing)}")
    return protagonists


_cache: ContentCache[CardSet] = ContentCache()


def cached_cards(table: CardTable | None) -> CardSet:
    """The CardSet of a card table (``None``: the shipped file), built once per content:
    every Game on the same cards shares one CardSet, and an edited file is always seen."""
    if table is None:
        table = shipped_table(DEFAULT_FILE)
    return _cache.get(table.digest, lambda: cards_from_table(table, table.source))

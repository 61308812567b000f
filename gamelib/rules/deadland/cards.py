"""Deadland's cards and numbers: Town Boards, Event cards, the Virus deck, Role cards and Radio
targets, read from TOML and checked field by field (``CardDataError`` names file, card and field),
and the rulebook's fixed numbers and the names the rules use for trials, by name.

The first module of the package (docs/engine.md, "Module layout"): it imports only gamelib.core."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gamelib.core.cards import CardTable, Checker, ContentCache, read_card_file, shipped_table
from gamelib.core.inputs import show

DEFAULT_FILE = "deadland.toml"
#: the survivors, in turn order; a game of n players uses the first n (so a seat's name never changes)
PLAYER_NAMES = ("red", "blue", "green", "yellow", "white", "black")
MIN_PLAYERS, MAX_PLAYERS = 2, len(PLAYER_NAMES)

# ---- the rulebook's numbers ------------------------------------------------------------------------
TOKENS = 25            # Munitions, Rations and Resistance tokens in the box, of each kind
MAX_RESISTANCE = 5     # Resistance tokens a new zombie takes (and the most a zombie holds)
ROLE_LEVEL = 1         # reaching it: draw a Role card
LOSS_LEVEL = 2         # reaching it: the top Event card of the board is discarded
DROP_LEVEL = 4         # reaching it: discard an object
HEAVY_LEVEL = 5        # someone exactly at it makes zombie attacks on their board one card longer
BURDEN_LEVEL = 6       # from it on a survivor carries less (BURDENED_LIMITS)
ZOMBIE_LEVEL = 8       # reaching it: the survivor turns into a zombie
LIMITS = (6, 3)        # (tokens, objects) a survivor may carry
BURDENED_LIMITS = (4, 2)
MAX_ILLNESS = 2        # Illness cards one Infection deck may hold (a joker for any level but 8)
RADIO_CARDS = 2        # Radio Contact cards in the Virus deck; the second drawn reshuffles it
LOOTER_CARDS = 5       # Event cards a revealed Looter draws to keep one
SHOTGUN_COST = 3       # Munitions to discard a Virus card about to be added
SCAVENGER_TOKENS = 2   # Rations and Munitions a revealed Scavenger takes, of each
STOLEN_RATIONS = 2     # Rations the Stolen Resources give
TRAITOR_OBJECTS = 2    # objects a Traitor needs to win
ZOMBIE_DRAW = 2        # Virus cards a zombie draws at the start of its turn
NOBODY = -1            # "no seat" (e.g. nobody is publicly known to be the Traitor)


def daily_size(level: int) -> int:
    """Virus cards of a daily trial at Infection ``level`` (0-2: 2, 3-5: 3, 6-7: 4)."""
    return 2 if level <= 2 else 3 if level <= 5 else 4


# ---- trials: the modes the task stack (and a scenario's "pending") names them by -------------------
DAILY = "daily"        # a survivor's daily trial (at most one card added)
ATTACK = "attack"      # an Event card's zombie attack
ZATTACK = "zattack"    # a zombie player's Infection Trial
BLOOD = "blood"        # the bloodstain of a turned-over board
ZDAILY = "zdaily"      # a zombie's own two cards at the start of its turn
INFECTED = "infected"  # not a trial: an Infected Area (or the Contagious) adds a card from the discards
TRIAL_MODES = (DAILY, ATTACK, ZATTACK, BLOOD, ZDAILY)
ATTACK_MODES = (ATTACK, ZATTACK)
#: what became of a Virus card drawn in a trial (the view's "trial" entry)
DISCARDED, RADIO_CONTACT, DECIDING, ADDED = "discarded", "radio contact", "about to be added", "added"

# ---- the card file -------------------------------------------------------------------------------
OBJECTS = ("pistol", "shotgun", "hatchet", "chainsaw", "medications", "stolen-resources")
OBJECT_NAMES = {
    "pistol": "Pistol", "shotgun": "Shotgun", "hatchet": "Hatchet", "chainsaw": "Chainsaw",
    "medications": "Medications", "stolen-resources": "Stolen Resources",
}
EVENT_KINDS = ("tokens", "object", "zombie", "infected")
ATTACK_NAMES = {2: "One Zombie", 3: "Group of Zombies", 4: "Group of Zombies", 5: "Horde of Zombies"}
#: which attack sizes each see-off weapon symbol may be printed on (Hatchet: One Zombie; Chainsaw: Group)
WEAPON_SIZES = {"hatchet": (2,), "chainsaw": (3, 4)}
ROLE_POWERS = ("infectee", "traitor", "looter", "survivor", "contagious", "scavenger", "medic", "hermit")
BASE_KEY = "base"

# ---- limits on a card file (generous for a teacher's own cards; checked before the cards are
# built, since the checks, a state's copies and the odds grow with them) -------------------------
MAX_BOARDS = 30          # the shipped town has 6
MAX_DECK_CARDS = 200     # Event cards in one deck (the shipped decks have 20 and 36)
MAX_EVENT_CARDS = 1_000  # Event cards in all
MAX_VIRUS_CARDS = 500    # Virus cards in all, copies counted (the shipped deck has 70)


class EventCard:
    """One Event card; shared by every state, never copied."""

    __slots__ = ("id", "deck", "name", "kind", "rations", "munitions", "object", "attack", "weapon",
                 "hand", "source", "label", "category")

    def __init__(self, id: str, deck: str, name: str, kind: str, rations: int, munitions: int,
                 object: str, attack: int, weapon: str, hand: bool, source: str):
        self.id = id
        self.deck = deck
        self.name = name
        self.kind = kind
        self.rations = rations
        self.munitions = munitions
        self.object = object
        self.attack = attack
        self.weapon = weapon
        self.hand = hand
        self.source = source
        self.label = _event_label(self)
        #: the kind shown in odds tables
        self.category = (name if kind in ("zombie", "infected") else
                         "Object" if kind == "object" else "Rations or Munitions")

    def __repr__(self) -> str:
        return f"EventCard({self.id!r}, {self.label!r})"


def _event_label(c: EventCard) -> str:
    tokens = []
    if c.rations:
        tokens.append(f"{c.rations} Rations")
    if c.munitions:
        tokens.append(f"{c.munitions} Munitions")
    if c.kind == "zombie":
        return f"{c.name} ({c.attack} cards)"
    if c.kind == "object":
        return c.name + (f" with {' and '.join(tokens)}" if tokens else "")
    if c.kind == "tokens":
        return " and ".join(tokens)
    return c.name


class VirusCard:
    """One Virus card: a level 1-8, an Illness joker (level 0 here) or a Radio Contact."""

    __slots__ = ("id", "kind", "level", "impediments", "source", "label", "called")

    def __init__(self, id: str, kind: str, level: int, impediments: tuple[str, ...], source: str):
        self.id = id
        self.kind = kind
        self.level = level
        self.impediments = impediments
        self.source = source
        self.label = str(level) if kind == "level" else ("Illness" if kind == "illness" else "Radio Contact")
        #: as a sentence names it: "a 5", "an 8", "an Illness card", "a Radio Contact card"
        self.called = (f"{'an' if level == 8 else 'a'} {level}" if kind == "level"
                       else "an Illness card" if kind == "illness" else "a Radio Contact card")

    def __repr__(self) -> str:
        return f"VirusCard({self.id!r}, {self.label})"


class RoleCard:
    __slots__ = ("id", "name", "text", "source")

    def __init__(self, id: str, name: str, text: str, source: str):
        self.id = id
        self.name = name
        self.text = text
        self.source = source


class Board:
    __slots__ = ("index", "key", "name", "deck", "bloodstain", "connects", "source", "called")

    def __init__(self, index: int, key: str, name: str, deck: str, bloodstain: int,
                 connects: tuple[str, ...], source: str, article: str = "the"):
        self.index = index
        self.key = key
        self.name = name
        self.deck = deck
        self.bloodstain = bloodstain
        self.connects = connects
        self.source = source
        self.called = f"{article} {name}" if article else name


class CardData:
    """Everything read from one data file. ``links[b]`` are board indices one move away."""

    __slots__ = ("file", "boards", "links", "base", "events", "decks", "virus", "virus_ids", "roles",
                 "targets", "deck_boards", "made")

    def __init__(self) -> None:
        self.file = ""
        self.boards: list[Board] = []
        self.links: list[tuple[int, ...]] = []
        self.base = 0
        self.events: dict[str, EventCard] = {}
        self.decks: dict[str, list[str]] = {}        # deck name -> card ids in file order
        self.deck_boards: dict[str, list[int]] = {}  # deck name -> boards it is split over
        self.virus: dict[str, VirusCard] = {}
        self.virus_ids: list[str] = []
        self.roles: dict[str, RoleCard] = {}
        self.targets: dict[int, int] = {}
        #: Actions and log entries the rules make once and share between every state with these
        #: cards (both are immutable, and their texts depend only on the cards and the seats'
        #: fixed names): a speed-up for simulations and replays
        self.made: dict[tuple, Any] = {}


def load_cards(path: str | Path | None = None) -> CardData:
    """The card data in ``path`` (default: the shipped file), or ``CardDataError``."""
    table = read_card_file(path) if path is not None else shipped_table(DEFAULT_FILE)
    return data_from_table(table, table.source)


_cache: ContentCache[CardData] = ContentCache()


def cached_cards(table: CardTable | None) -> CardData:
    """Card data of a card table (``None``: the shipped file), read once per content (a teacher
    may edit the file between loads: the key is the content, never the file's time)."""
    if table is None:
        table = shipped_table(DEFAULT_FILE)
    return _cache.get(table.digest, lambda: data_from_table(table, table.source))


def data_from_table(raw: Mapping[str, Any], file: str | Path) -> CardData:
    """Check a card table (a parsed card file) and build its CardData; errors name ``file``."""
    top = Checker(file, None, raw)
    top.no_unknown(("radio", "board", "event", "virus", "role"))
    data = CardData()
    data.file = str(file)
    _radio(file, top, data)
    _boards(file, top, data)
    _events(file, top, data)
    _virus(file, top, data)
    _roles(file, top, data)
    return data


def _radio(file: Path, top: Checker, data: CardData) -> None:
    radio = Checker(file, "radio", top.req("radio", dict))
    radio.no_unknown(("targets", "source"))
    radio.source()
    targets = radio.req("targets", dict)
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        v = targets.get(str(n))
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 99:
            raise radio.fail("targets", f"needs a whole number 1-99 for \"{n}\" players, got {show(v)}")
        data.targets[n] = v
    extra = sorted(set(targets) - {str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)})
    if extra:
        raise radio.fail("targets", f"unknown player count {show(extra[0])}; use \"2\" to \"6\"")


def _boards(file: Path, top: Checker, data: CardData) -> None:
    entries = top.req("board", list)
    if len(entries) > MAX_BOARDS:
        raise top.fail("board", f"a town has at most {MAX_BOARDS} boards, got {len(entries):,}")
    keys: list[str] = []
    for i, entry in enumerate(entries):
        name = entry.get("key") if isinstance(entry, dict) and isinstance(entry.get("key"), str) else f"board #{i + 1}"
        c = Checker(file, name, entry)
        c.no_unknown(("key", "name", "article", "deck", "bloodstain", "connects", "source"))
        key = c.req("key", str)
        if key in keys:
            raise c.fail("key", f"board {show(key)} is listed twice")
        keys.append(key)
        board = Board(i, key, c.req("name", str), c.req("deck", str), c.int_range("bloodstain", 1, 8),
                      tuple(c.str_list("connects")), c.source(), c.req("article", str, "the"))
        data.boards.append(board)
    if BASE_KEY not in keys:
        raise top.fail("board", f"needs a board with key {show(BASE_KEY)} (where the survivors start)")
    if len({b.name for b in data.boards}) != len(data.boards):
        raise top.fail("board", "two boards have the same name")
    for b in data.boards:
        c = Checker(file, b.key, {})
        for k in b.connects:
            if k not in keys:
                raise c.fail("connects", f"{show(k)} is not a board; the boards are {', '.join(keys)}")
            if k == b.key:
                raise c.fail("connects", "a board cannot connect to itself")
            if b.key not in data.boards[keys.index(k)].connects:
                raise c.fail("connects", f"connections go both ways, but {show(k)} does not list {show(b.key)}")
        if not b.connects:
            raise c.fail("connects", "every board needs at least one connection")
        data.links.append(tuple(keys.index(k) for k in b.connects))
    data.base = keys.index(BASE_KEY)
    for b in data.boards:
        data.deck_boards.setdefault(b.deck, []).append(b.index)


def _events(file: Path, top: Checker, data: CardData) -> None:
    groups = top.req("event", list)
    total = 0
    for gi, group in enumerate(groups):
        gname = group.get("deck") if isinstance(group, dict) and isinstance(group.get("deck"), str) else f"event group #{gi + 1}"
        g = Checker(file, gname, group)
        g.no_unknown(("deck", "cards"))
        deck = g.choice("deck", tuple(data.deck_boards))
        if deck in data.decks:
            raise g.fail("deck", f"the {show(deck)} deck is given twice")
        ids: list[str] = []
        entries = g.req("cards", list)
        total += len(entries)
        if len(entries) > MAX_DECK_CARDS:
            raise g.fail("cards", f"a deck has at most {MAX_DECK_CARDS} Event cards, got {len(entries):,}")
        if total > MAX_EVENT_CARDS:
            raise g.fail("cards", f"the Event decks have at most {MAX_EVENT_CARDS:,} cards in all; with this "
                                  f"deck they have {total:,}")
        for i, entry in enumerate(entries):
            cid = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else f"{deck} card #{i + 1}"
            c = Checker(file, cid, entry)
            c.no_unknown(("id", "name", "kind", "rations", "munitions", "object", "attack", "weapon", "hand", "source"))
            cid = c.req("id", str)
            if cid in data.events:
                raise c.fail("id", f"{show(cid)} is used twice")
            kind = c.choice("kind", EVENT_KINDS)
            card = EventCard(
                cid, deck, c.req("name", str), kind, c.int_range("rations", 0, 6, 0), c.int_range("munitions", 0, 6, 0),
                c.choice("object", OBJECTS, ""), c.int_range("attack", 2, 5, 0), c.choice("weapon", tuple(WEAPON_SIZES), ""),
                c.req("hand", bool, False), c.source())
            _check_event(c, card)
            data.events[cid] = card
            ids.append(cid)
        data.decks[deck] = ids
    for deck, boards in data.deck_boards.items():
        n = len(data.decks.get(deck, ()))
        c = Checker(file, deck, {})
        if n == 0:
            raise c.fail("cards", f"the {show(deck)} deck (used by {len(boards)} board(s)) has no cards")
        if n % len(boards):
            raise c.fail("cards", f"the {show(deck)} deck is split over {len(boards)} boards, so its {n} cards must divide evenly")


def _check_event(c: Checker, card: EventCard) -> None:
    if card.kind == "zombie":
        if not card.attack:
            raise c.fail("attack", "a zombie attack card needs the number of Virus cards (2 to 5)")
        if card.name != ATTACK_NAMES[card.attack]:
            raise c.fail("name", f"an attack of {card.attack} cards is a {show(ATTACK_NAMES[card.attack])} card, not {show(card.name)}")
        if card.weapon and card.attack not in WEAPON_SIZES[card.weapon]:
            raise c.fail("weapon", f"the {card.weapon} only sees off {show(ATTACK_NAMES[WEAPON_SIZES[card.weapon][0]])} cards")
        if card.object or card.rations or card.munitions:
            raise c.fail("kind", "a zombie attack card shows no object or tokens")
    else:
        if card.attack or card.weapon:
            raise c.fail("attack" if card.attack else "weapon", f"only zombie attack cards have this field (kind is {show(card.kind)})")
        if card.hand:
            raise c.fail("hand", "we print the hand symbol on zombie attack cards only")
    if card.kind == "object":
        if not card.object:
            raise c.fail("object", f"an object card names its object: one of {', '.join(OBJECTS)}")
        if card.name != OBJECT_NAMES[card.object]:
            raise c.fail("name", f"the {card.object} card is called {show(OBJECT_NAMES[card.object])}, not {show(card.name)}")
    elif card.object:
        raise c.fail("object", f"only object cards show an object (kind is {show(card.kind)})")
    if card.kind == "tokens" and not (card.rations or card.munitions):
        raise c.fail("rations", "a tokens card shows at least one Rations or Munitions token")
    if card.kind == "infected" and (card.rations or card.munitions):
        raise c.fail("kind", "an Infected Area card shows no tokens")


def _virus(file: Path, top: Checker, data: CardData) -> None:
    groups = top.req("virus", list)
    counts: dict[str, int] = {}
    for gi, group in enumerate(groups):
        g = Checker(file, f"virus group #{gi + 1}", group)
        g.no_unknown(("cards",))
        for i, entry in enumerate(g.req("cards", list)):
            c = Checker(file, f"virus entry #{i + 1}", entry)
            c.no_unknown(("kind", "level", "copies", "impediments", "source"))
            kind = c.choice("kind", ("level", "illness", "radio"))
            level = c.int_range("level", 1, ZOMBIE_LEVEL) if kind == "level" else c.int_range("level", 0, 0, 0)
            copies = c.int_range("copies", 1, 70)
            if len(data.virus_ids) + copies > MAX_VIRUS_CARDS:  # before the copies are made
                raise c.fail("copies", f"the Virus deck has at most {MAX_VIRUS_CARDS} cards in all; with these "
                                       f"{copies} copies it would have {len(data.virus_ids) + copies:,}")
            imp = tuple(c.str_list("impediments", OBJECTS, []))
            if imp and kind != "level":
                raise c.fail("impediments", "only numbered Virus cards show impediments")
            source = c.source()
            prefix = f"V{level}" if kind == "level" else ("ILL" if kind == "illness" else "RC")
            for _ in range(copies):
                counts[prefix] = counts.get(prefix, 0) + 1
                vid = f"{prefix}-{counts[prefix]}"
                data.virus[vid] = VirusCard(vid, kind, level, imp, source)
                data.virus_ids.append(vid)
    c = Checker(file, "virus", {})
    if counts.get("RC", 0) != RADIO_CARDS:
        raise c.fail("cards", f"the Virus deck needs exactly {RADIO_CARDS} Radio Contact cards (the reshuffle rule "
                              f"counts them), got {counts.get('RC', 0)}")
    for lv in range(1, ZOMBIE_LEVEL + 1):
        if not counts.get(f"V{lv}"):
            raise c.fail("cards", f"the Virus deck needs at least one level-{lv} card")


def _roles(file: Path, top: Checker, data: CardData) -> None:
    for i, entry in enumerate(top.req("role", list)):
        rid = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else f"role #{i + 1}"
        c = Checker(file, rid, entry)
        c.no_unknown(("id", "name", "text", "source"))
        rid = c.choice("id", ROLE_POWERS)
        if rid in data.roles:
            raise c.fail("id", f"the {show(rid)} role is listed twice")
        data.roles[rid] = RoleCard(rid, c.req("name", str), c.req("text", str, ""), c.source())
    if len(data.roles) < MAX_PLAYERS:
        raise top.fail("role", f"{MAX_PLAYERS} survivors may each draw a Role card, so at least {MAX_PLAYERS} roles "
                               f"are needed, got {len(data.roles)}")


def summary(data: CardData) -> dict[str, Any]:
    """Counts for documentation and tests."""
    return {
        "events": {d: len(ids) for d, ids in data.decks.items()},
        "virus": len(data.virus),
        "roles": len(data.roles),
    }

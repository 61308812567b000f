"""The top of the package: the ten action cards of a colour set, read from TOML and checked
field by field, and the named constants every other module uses (it imports only gamelib.core)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from gamelib.core.cards import CardTable, Checker, ContentCache, read_card_file, shipped_table
from gamelib.core.errors import CardDataError
from gamelib.core.inputs import show

#: the seats, in turn order; a game with ``players=n`` seats the first n
COLOURS = ("red", "blue", "green", "yellow", "purple")
#: each colour's pirates: pirate ``PIRATES * seat + i`` (i = 0, 1, 2) belongs to ``seat``
PIRATES = 3
#: the programmed positions of a round, revealed in this order ("card 1", "card 2", "card 3")
CARD_NUMBERS = (1, 2, 3)
LAST_CARD = CARD_NUMBERS[-1]
#: plank pieces in play at the start (and at most)
MAX_PLANKS = 3
#: the end condition (How to Play): this many living pirates or fewer, or a single colour left
FEW_PIRATES = 2


class Stage(IntEnum):
    """The round's stage (``PlankState.stage``)."""

    PROGRAMMING = 0  # players place cards face down, in turn order from the Captain
    RESOLUTION = 1   # cards are revealed (card 1 of every player, then card 2, then card 3)
    OVER = 2         # the game has ended


class Where(IntEnum):
    """Where one of a colour's cards is (``PlankState.loc``). Placed face down as card k it is
    at ``k`` itself (1, 2 or 3); revealed as card k this round it is at ``REVEALED + k``."""

    HAND = 0
    SET_ASIDE = 4   # a Skull card played last round
    DISCARDED = 5   # a card the Ghost Pirate's player gave up
    REVEALED = 10


class Place(IntEnum):
    """Where a pirate is (``PlankState.pos``): the ship, plank piece 1..3 (1 is next to the
    ship), or dead (taken by the Kraken or fallen into the ocean)."""

    DEAD = -1
    SHIP = 0


# The fields hold plain ints, and the rules compare with these int aliases: comparing an int with
# an IntEnum member goes through Python-level dispatch and costs about five times as much.
PROGRAMMING, RESOLUTION, OVER = int(Stage.PROGRAMMING), int(Stage.RESOLUTION), int(Stage.OVER)
HAND, SET_ASIDE, DISCARDED, REVEALED = (int(Where.HAND), int(Where.SET_ASIDE), int(Where.DISCARDED),
                                        int(Where.REVEALED))
DEAD, SHIP = int(Place.DEAD), int(Place.SHIP)
#: ``PlankState.pending`` and ``face_down`` when there is no such card
NO_CARD = -1

EFFECTS = (
    "shove_left", "shove_right", "shove_anyone", "extend", "retract",
    "drag", "pull", "run_around", "dont_want_to_die", "charge",
)
#: the cards a Ghost Pirate's player keeps
SHOVES = frozenset(("shove_left", "shove_right", "shove_anyone"))
#: the rulebook section (of "Cards") each effect's log lines cite
SECTION = {
    "shove_left": "Shove Left + Shove Right", "shove_right": "Shove Left + Shove Right",
    "shove_anyone": "Shove Anyone", "extend": "Extend the Plank + Retract the Plank",
    "retract": "Extend the Plank + Retract the Plank", "drag": "Drag to Sea + Pull to Ship",
    "pull": "Drag to Sea + Pull to Ship", "run_around": "Run Around",
    "dont_want_to_die": "I Don't Wan'a Die!", "charge": "Charge!",
}
#: cards in a colour set, at most (the shipped set has 10): a round's legal programs, which the
#: re-deal of hidden cards draws from, number up to n * (n - 1) * (n - 2)
MAX_CARDS = 30
FIELDS = ("name", "effect", "skull", "slots", "source", "note")
DEFAULT_FILE = "walk_the_plank.toml"


class CardDef:
    """One card of a colour set. Shared by every state and every colour, never copied."""

    __slots__ = ("index", "name", "effect", "skull", "slots", "source", "note", "is_shove")

    def __init__(self, index: int, name: str, effect: str, skull: bool, slots: tuple[int, ...],
                 source: str, note: str = ""):
        self.index = index
        self.name = name
        self.effect = effect
        self.skull = skull
        self.slots = slots
        self.source = source
        self.note = note
        self.is_shove = effect in SHOVES

    def __repr__(self) -> str:
        return f"CardDef({self.name!r}, {self.effect}, skull={self.skull}, slots={self.slots})"


def can_fill(cards: Sequence[CardDef], slots: Sequence[int]) -> bool:
    """Whether distinct cards from ``cards`` can be put in every position of ``slots`` (distinct
    positions among 1, 2, 3). Hall's condition, on counts: for every set of positions, at least
    that many cards allow one of them. Linear in the cards (a search over them was cubic)."""
    return _hall(_slot_counts(cards), tuple(slots))


def _slot_counts(cards: Iterable[CardDef]) -> Counter:
    """How many cards allow each set of positions (``CardDef.slots``, a sorted tuple)."""
    return Counter(c.slots for c in cards)


def _hall(counts: Mapping[tuple[int, ...], int], slots: tuple[int, ...]) -> bool:
    for k in range(1, len(slots) + 1):
        for group in combinations(slots, k):
            if sum(n for allowed, n in counts.items() if not set(allowed).isdisjoint(group)) < k:
                return False
    return True


@lru_cache(maxsize=4096)
def programs(pool: tuple[CardDef, ...], positions: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to put distinct cards of ``pool`` in ``positions``, each card only where it is
    allowed: tuples of card indices in the order of ``positions`` (at most 10 * 9 * 8 of them).
    These are the programs the odds count as equally likely, and the re-deal draws from."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], k: int) -> None:
        if k == len(positions):
            out.append(prefix)
            return
        for c in pool:
            if positions[k] in c.slots and c.index not in prefix:
                extend(prefix + (c.index,), k + 1)

    extend((), 0)
    return tuple(out)


def _slots(check: Checker) -> tuple[int, ...]:
    raw = check.req("slots", list)
    if not raw:
        raise check.fail("slots", "must list at least one card position (1, 2 or 3)")
    for v in raw:
        if isinstance(v, bool) or not isinstance(v, int) or v not in CARD_NUMBERS:
            raise check.fail("slots", f"card positions are 1, 2 or 3, got {show(v)}")
    if len(set(raw)) != len(raw):
        raise check.fail("slots", f"a position is listed twice in {raw}")
    return tuple(sorted(raw))


def load_cards(path: str | Path | None = None) -> tuple[CardDef, ...]:
    """The card set from ``path`` (default: the shipped file), or ``CardDataError``."""
    table = read_card_file(path) if path is not None else shipped_table(DEFAULT_FILE)
    return cards_from_table(table, table.source)


_cache: ContentCache[tuple[CardDef, ...]] = ContentCache()


def cached_cards(table: CardTable | None) -> tuple[CardDef, ...]:
    """The card set of a card table (``None``: the shipped file), checked once per content."""
    if table is None:
        table = shipped_table(DEFAULT_FILE)
    return _cache.get(table.digest, lambda: cards_from_table(table, table.source))


def cards_from_table(data: Mapping[str, Any], file: str | Path) -> tuple[CardDef, ...]:
    """Check a card table (a parsed card file); errors name ``file``."""
    top = Checker(file, None, data)
    top.no_unknown(("card",))
    entries = top.req("card", list)
    if len(entries) > MAX_CARDS:  # before any card is read: the checks and the odds grow with them
        raise top.fail("card", f"a colour set has at most {MAX_CARDS} cards (the shipped one has 10), got "
                               f"{len(entries):,}")
    if len(entries) < len(CARD_NUMBERS):
        raise top.fail("card", f"a colour set needs at least 3 cards to program a round, got {len(entries)}")
    cards: list[CardDef] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        label = entry.get("name") if isinstance(entry, dict) and isinstance(entry.get("name"), str) else f"#{i + 1}"
        check = Checker(file, label, entry)
        check.no_unknown(FIELDS)
        name = check.req("name", str).strip()
        if not name:
            raise check.fail("name", "must not be empty")
        if name in seen:
            raise check.fail("name", "two cards have this name; names identify cards, so they must differ")
        seen.add(name)
        cards.append(CardDef(
            index=i,
            name=name,
            effect=check.choice("effect", EFFECTS),
            skull=check.req("skull", bool),
            slots=_slots(check),
            source=check.source(),
            note=check.req("note", str, ""),
        ))
    _check_programmable(file, cards)
    return tuple(cards)


def _check_programmable(file: Path, cards: list[CardDef]) -> None:
    # A round sets aside at most three Skull cards; whatever they are, three cards must remain
    # that can fill positions 1, 2 and 3, or a player could be stuck in the programming phase.
    # Setting aside more cards never helps, so only sets of min(3, Skull cards) need trying, and
    # cards allowing the same positions are alike: of each kind, only its first three Skull cards
    # (at most 7 kinds, so 21 cards) can be in the first failing set. Constant work per set; the
    # set named is the first failing one in card order, as a search over every set would find.
    skulls = [c for c in cards if c.skull]
    counts = _slot_counts(cards)
    kept: dict[tuple[int, ...], int] = {}
    few = []
    for c in skulls:
        if kept.get(c.slots, 0) < len(CARD_NUMBERS):
            kept[c.slots] = kept.get(c.slots, 0) + 1
            few.append(c)
    for aside in combinations(few, min(len(CARD_NUMBERS), len(skulls))):
        left = counts.copy()
        left.subtract(c.slots for c in aside)
        if not _hall(left, CARD_NUMBERS):
            names = ", ".join(c.name for c in aside) or "no card"
            raise CardDataError(
                str(file), None, "slots",
                f"with {names} set aside, the remaining cards cannot fill positions 1, 2 and 3; "
                "allow more cards in every position or give fewer cards a skull",
            )

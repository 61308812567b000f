"""The log's most frequent sentences, each built once per game (players and card set) and shared.

A LogEntry is immutable, so every state of a game can append the same object: programming a
card, revealing one, a card without effect, the carried-out option and the deaths it caused, the
start of a round. Formatting those sentences (and the one-colour frozenset of a private entry)
at every decision was about a third of the checked path's time (``apply`` with undo kept,
issue 29). The text and the visibility are exactly the ones the rules wrote before; ``put``
appends an entry as ``gamelib.core.log`` does, without making a new one. Imports only ``cards``."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamelib.core import LogEntry

from .cards import CARD_NUMBERS, SECTION, CardDef

NUMBER = {2: "two", 3: "three"}
#: rounds whose opening sentence is kept (past this, random play's long games format it each time)
KEPT_ROUNDS = 200


def put(s: Any, entry: LogEntry) -> None:
    """Append ``entry`` to the log of ``s`` (whose ``log_enabled`` the caller has checked): as
    ``gamelib.core.log`` does, through ``State._log_append`` with its usual case written out."""
    tail = s._tail
    if tail is not None:
        tail.append(entry)
        s._nlog += 1
    else:
        s._log_append(entry)


def why_nothing(effect: str, k: int) -> str:
    """Why a card with ``effect`` revealed as card ``k`` has no effect (it has none only then)."""
    if effect == "charge" and k == CARD_NUMBERS[0]:
        return "Charge! never works as the first card"
    if effect == "extend":
        return "three plank pieces are already in play"
    if effect == "retract":
        return "only one plank piece is left"
    if effect in ("shove_left", "shove_right"):
        return "no piece holds both your pirate and one of that player's"
    if effect == "dont_want_to_die":
        return "all your pirates are on the ship"
    if effect == "pull":
        return "no other pirate shares a plank piece with yours"
    return "no other pirate shares a piece with yours"


class Texts:
    """The shared entries of one game. Indexes: ``program``/``ghost`` ``[seat * nc + card][k]``
    -> (public entry, entry only the seat sees); ``reveal`` ``[((seat * 2 + ghost) * 4 + k) * nc
    + card]``; ``nothing`` ``[card * 4 + k]``; ``setup``/``face_down`` ``[captain]``."""

    __slots__ = ("colours", "nc", "program", "ghost", "reveal", "nothing", "setup", "face_down",
                 "rounds", "resolved", "deaths")

    def __init__(self, colours: Sequence[str], cards: Sequence[CardDef]):
        self.colours = colours
        self.nc = nc = len(cards)
        n = len(colours)
        seen_by = [frozenset((c,)) for c in colours]  # one set per seat, shared by its private entries
        self.program: list[dict[int, tuple[LogEntry, LogEntry]]] = []
        self.ghost: list[dict[int, tuple[LogEntry, LogEntry]]] = []
        for seat, me in enumerate(colours):
            placed = {k: LogEntry("How to Play", f"{me} places card {k} face down") for k in CARD_NUMBERS}
            # Ghost Pirate 3: when it will be played is declared once everyone has placed
            ghost_placed = LogEntry("Ghost Pirate", f"{me} places one Shove card face down for the Ghost; "
                                    "when it will be played is declared once everyone has placed")
            for c in cards:
                self.program.append({k: (
                    placed[k], LogEntry("How to Play", f"{me} programs {c.name} as card {k}", seen_by[seat]),
                ) for k in c.slots})
                self.ghost.append({k: (
                    ghost_placed, LogEntry("Ghost Pirate", f"{me}'s Ghost card is {c.name}, to be played as card {k}",
                                           seen_by[seat]),
                ) for k in c.slots})
        self.reveal: list[LogEntry | None] = [None] * (n * 2 * 4 * nc)
        for seat, me in enumerate(colours):
            for ghost, who in enumerate((me, f"{me}'s Ghost")):
                for k in CARD_NUMBERS:
                    for c in cards:
                        self.reveal[((seat * 2 + ghost) * 4 + k) * nc + c.index] = LogEntry(
                            SECTION[c.effect], f"{who} reveals card {k}: {c.name}")
        self.nothing: list[LogEntry | None] = [None] * (nc * 4)
        for c in cards:
            for k in CARD_NUMBERS:
                self.nothing[c.index * 4 + k] = LogEntry(
                    SECTION[c.effect], f"{c.name} has no effect ({why_nothing(c.effect, k)})")
        self.setup = [(
            LogEntry("Setup", "the plank has 3 pieces; every pirate is on the ship; "
                     f"{me} is chosen at random to hold the Captain's Token"),
            LogEntry("How to Play", f"round 1: {me} holds the Captain's Token"),
        ) for me in colours]
        self.face_down = [LogEntry("How to Play", f"every card is face down; {me} (Captain's Token) reveals first")
                          for me in colours]
        #: (round, captain) -> its opening entry, rounds 1..KEPT_ROUNDS
        self.rounds: dict[tuple[int, int], LogEntry] = {}
        #: [card * 2 + forced] -> {an option's label -> its entry}: labels are finitely many
        #: (colours, places, effects), so these stay small
        self.resolved: list[dict[str, LogEntry]] = [{} for _ in range(2 * nc)]
        #: (effect, colour's seat, how many, by retracting) -> the entry saying who died
        self.deaths: dict[tuple[str, int, int, bool], LogEntry] = {}

    def round_start(self, round_no: int, captain: int) -> LogEntry:
        key = (round_no, captain)
        entry = self.rounds.get(key)
        if entry is None:
            entry = LogEntry("How to Play", f"round {round_no}: {self.colours[captain]} holds the Captain's Token")
            if round_no <= KEPT_ROUNDS:
                self.rounds[key] = entry
        return entry

    def resolution(self, card: CardDef, label: str, forced: bool) -> LogEntry:
        """The entry for carrying out ``card`` as ``label`` (``forced``: its only possible way)."""
        cache = self.resolved[card.index * 2 + forced]
        entry = cache.get(label)
        if entry is None:
            entry = cache[label] = LogEntry(SECTION[card.effect],
                                            label + (" (the only possible way)" if forced else ""))
        return entry

    def death(self, effect: str, owner: int, k: int, retract: bool) -> LogEntry:
        """``k`` pirates of ``owner`` died by a card with ``effect`` (``retract``: the plank shrank)."""
        key = (effect, owner, k, retract)
        entry = self.deaths.get(key)
        if entry is None:
            colour = self.colours[owner]
            # pirates of a colour are interchangeable: the log counts them by colour
            who = f"a {colour} pirate" if k == 1 else f"{NUMBER[k]} {colour} pirates"
            if retract:
                how = "falls into the ocean" if k == 1 else "fall into the ocean"
            else:
                how = "is taken by the Kraken" if k == 1 else "are taken by the Kraken"
            entry = self.deaths[key] = LogEntry(SECTION[effect], f"{who} {how}")
        return entry


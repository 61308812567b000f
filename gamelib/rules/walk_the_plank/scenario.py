"""Positions as plain dicts: ``to_scenario`` and the validating ``from_scenario``.

A scenario (every field but ``pirates`` optional)::

    {"players": ["red", "blue", "green"],          # must match the game's seats
     "round": 1, "captain": "red", "planks": 3,
     "pirates": {"red": ["ship", "plank 1", "dead"], ...},   # 3 places per colour
     "eliminated": ["green"],                       # in order: the first ones play the Ghost
     "set_aside": {"red": ["Shove Anyone"]},        # Skull cards played last round
     "programs": {"red": ["Shove Left", "Run Around", "Charge!"], "green": [None, "Shove Left", None]},
     "phase": "programming" | "resolution" | "over",
     "next": {"card": 2, "player": "blue"}}         # resolution: the next card to reveal

In the programming phase the programs must be complete for the players before the one
programming now (turn order from the Captain), a prefix for that player, and empty after.
In the resolution phase every card before ``next`` in the reveal order counts as revealed;
the game then reveals ``next`` (resolving it at once if it offers no choice).

Imports cards, effects, state and rules. Every field of ``PlankState.fields`` is either given by a
scenario field or follows from them (its declaration says which), and
``from_scenario(to_scenario(s))`` has the same ``_key()`` as ``s`` (tested over random games)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from gamelib.core import ScenarioError
from gamelib.core.checks import ScenarioChecker
from gamelib.core.inputs import show
from gamelib.core.scenarios import plain_scenario

from .cards import (CARD_NUMBERS, DEAD, DISCARDED, FEW_PIRATES, HAND, LAST_CARD, MAX_PLANKS,
                    OVER, PIRATES, PROGRAMMING, RESOLUTION, REVEALED, SET_ASIDE, SHIP, Stage, can_fill)
from .effects import alive
from .rules import advance, draw_outcome, final_outcome

if TYPE_CHECKING:
    from .game import PlankState, WalkThePlank

FIELDS = ("players", "round", "captain", "planks", "pirates", "eliminated", "set_aside", "programs",
          "phase", "next")
PLACES = {"ship": SHIP, "the ship": SHIP, **{f"plank {k}": k for k in range(1, MAX_PLANKS + 1)}, "dead": DEAD}
PHASES = tuple(stage.name.lower() for stage in Stage)  # "programming", "resolution", "over"

def _place(p: int) -> str:
    return "dead" if p == DEAD else ("ship" if p == SHIP else f"plank {p}")


def _colour(game: "WalkThePlank", field: str, value: Any) -> int:
    if value not in game.players:
        raise ScenarioError(field, f"{show(value)} is not a player; the players are {', '.join(game.players)}")
    return game.players.index(value)


def _per_colour(game: "WalkThePlank", scenario: Mapping[str, Any], field: str) -> dict[int, Any]:
    raw = scenario.get(field, {})
    if not isinstance(raw, Mapping):
        raise ScenarioError(field, f"must map colours to lists, got {type(raw).__name__}")
    return {_colour(game, field, c): v for c, v in raw.items()}


def from_scenario(game: "WalkThePlank", scenario: Mapping[str, Any], seed: int) -> PlankState:
    scenario = plain_scenario(scenario)  # a bounded private copy: nothing the caller keeps is read or kept later
    check = ScenarioChecker(scenario)
    check.no_unknown(FIELDS)
    colours = game.players
    if "players" in scenario and (not isinstance(scenario["players"], list) or scenario["players"] != list(colours)):
        raise ScenarioError("players", f"this game seats {', '.join(colours)} (players={len(colours)}); "
                            f"got {show(scenario['players'])}: load the game with the matching players option")
    s = game.blank(seed, scenario)  # every field at its start value (PlankState.fields)
    s.planks = check.int_range("planks", 1, MAX_PLANKS, MAX_PLANKS)
    s.pos = _pirates(game, scenario, s.planks)
    s.round = check.int_range("round", 1, game.max_rounds, 1)
    s.captain = _colour(game, "captain", scenario.get("captain", colours[0]))
    s.eliminated = _eliminated(game, scenario, s.pos)
    s.ghosts = s.eliminated[:game.ghost_players]
    card_index = partial(_card_index, game)
    _set_aside(game, scenario, s, card_index)
    phase = check.choice("phase", PHASES, "programming")
    if phase != "resolution" and "next" in scenario:
        raise ScenarioError("next", "only a resolution-phase scenario has a next card to reveal")
    programs = _programs(game, scenario, s, card_index)
    living = sum(1 for p in s.pos if p >= 0)
    ended = living <= FEW_PIRATES or sum(1 for i in range(len(colours)) if alive(s.pos, i)) <= 1
    s.final, s.turn, s.slot = ended, s.captain, 0
    _discard_for_ghosts(game, s, programs)
    if phase == "over":
        _over(game, s, programs, ended)
    elif ended and phase == "programming":
        raise ScenarioError("pirates", f"only {living} pirate(s) left: the game would already be over "
                            "(use phase 'resolution' to finish a final round)")
    elif phase == "programming":
        _setup_programming(game, s, programs)
    else:
        _setup_resolution(game, scenario, s, programs)
    return s


def _pirates(game: "WalkThePlank", scenario: Mapping[str, Any], planks: int) -> list[int]:
    """``pos`` from "pirates": 3 places per colour."""
    colours = game.players
    if "pirates" not in scenario:
        raise ScenarioError("pirates", "is missing: give 3 places per colour, e.g. {'red': ['ship', 'ship', 'plank 1']}")
    pirates = _per_colour(game, scenario, "pirates")
    missing = [colours[i] for i in range(len(colours)) if i not in pirates]
    if missing:
        raise ScenarioError("pirates", f"no places for {', '.join(missing)}")
    pos = [DEAD] * (PIRATES * len(colours))
    for seat, places in pirates.items():
        if not isinstance(places, list) or len(places) != PIRATES:
            raise ScenarioError("pirates", f"{colours[seat]} needs a list of {PIRATES} places, got {show(places)}")
        for i, p in enumerate(places):
            if not isinstance(p, str) or p not in PLACES:
                raise ScenarioError("pirates", f"{colours[seat]}-{i + 1}: {show(p)} is not a place; "
                                    "use 'ship', 'plank 1', 'plank 2', 'plank 3' or 'dead'")
            if PLACES[p] > planks:
                raise ScenarioError("pirates", f"{colours[seat]}-{i + 1} is on {p} but only {planks} "
                                    "plank piece(s) are in play (pirates on a retracted piece are dead)")
            pos[PIRATES * seat + i] = PLACES[p]
    return pos


def _eliminated(game: "WalkThePlank", scenario: Mapping[str, Any], pos: list[int]) -> list[int]:
    colours = game.players
    elim = scenario.get("eliminated", [])
    if not isinstance(elim, list):
        raise ScenarioError("eliminated", f"must be a list of colours in elimination order, got {show(elim)}")
    seats = [_colour(game, "eliminated", c) for c in elim]
    if len(set(seats)) != len(seats):
        raise ScenarioError("eliminated", f"a colour is listed twice in {show(elim)}")
    out = sorted(colours[i] for i in range(len(colours)) if not alive(pos, i))
    if sorted(elim) != out:
        raise ScenarioError("eliminated", f"must list exactly the colours with no living pirate "
                            f"({', '.join(out) or 'none'}), in the order they were eliminated; got {show(elim)}")
    return seats


def _card_index(game: "WalkThePlank", field: str, seat: int, name: Any) -> int:
    for c in game.cards:
        if c.name == name:
            return c.index
    raise ScenarioError(field, f"{game.players[seat]}: {show(name)} is not a card; the cards are "
                        f"{', '.join(c.name for c in game.cards)}")


def _set_aside(game: "WalkThePlank", scenario: Mapping[str, Any], s: PlankState, card_index: Callable) -> None:
    colours, cards, nc = game.players, game.cards, len(game.cards)
    for seat, names in _per_colour(game, scenario, "set_aside").items():
        if not isinstance(names, list):
            raise ScenarioError("set_aside", f"{colours[seat]} needs a list of card names, got {show(names)}")
        if len(names) > len(CARD_NUMBERS):
            raise ScenarioError("set_aside", f"{colours[seat]}: at most 3 cards are set aside (the Skull cards "
                                f"played in one round), got {len(names)}")
        for name in names:
            i = card_index("set_aside", seat, name)
            if not cards[i].skull:
                raise ScenarioError("set_aside", f"{colours[seat]}: {name} has no Skull, so it is never set aside")
            if seat in s.ghosts and not cards[i].is_shove:
                raise ScenarioError("set_aside", f"{colours[seat]} plays the Ghost and keeps only Shove cards")
            s.loc[seat * nc + i] = SET_ASIDE


def _discard_for_ghosts(game: "WalkThePlank", s: PlankState, programs: dict[int, list[int | None]]) -> None:
    """A Ghost's cards other than Shoves are discarded, unless face up from this round."""
    nc = len(game.cards)
    for g in s.ghosts:
        for i, c in enumerate(game.cards):
            if not c.is_shove and s.loc[g * nc + i] == HAND and not _revealed_later(programs, g, i):
                s.loc[g * nc + i] = DISCARDED


def _over(game: "WalkThePlank", s: PlankState, programs: dict, ended: bool) -> None:
    if programs:
        raise ScenarioError("programs", "a finished game has no programmed cards")
    s.stage = OVER
    if ended:
        s.result = final_outcome(s)
    elif s.round >= game.max_rounds:
        s.final = False
        s.result = draw_outcome(s)
    else:
        raise ScenarioError("phase", "the game is not over: no end condition holds and the round limit is not reached")


def _revealed_later(programs: dict[int, list[int | None]], seat: int, i: int) -> bool:
    return i in programs.get(seat, [])


def _programs(game, scenario, s, card_index) -> dict[int, list[int | None]]:
    colours = game.players
    cards = game.cards
    nc = len(cards)
    out: dict[int, list[int | None]] = {}
    for seat, names in _per_colour(game, scenario, "programs").items():
        if not isinstance(names, list) or len(names) != len(CARD_NUMBERS):
            raise ScenarioError("programs", f"{colours[seat]} needs a list of 3 entries (card name or None) "
                                f"for cards 1, 2, 3, got {show(names)}")
        row: list[int | None] = []
        for k, name in enumerate(names, start=1):
            if name is None:
                row.append(None)
                continue
            i = card_index("programs", seat, name)
            if i in row:
                raise ScenarioError("programs", f"{colours[seat]} programs {name} twice")
            if s.loc[seat * nc + i] == SET_ASIDE:
                raise ScenarioError("programs", f"{colours[seat]}'s {name} is set aside this round")
            if k not in cards[i].slots:
                allowed = " or ".join(map(str, cards[i].slots))
                raise ScenarioError("programs", f"{colours[seat]}: {name} may only be card {allowed}, not card {k}")
            row.append(i)
        if any(x is not None for x in row):
            out[seat] = row
    return out


def _programmer(game, s, seat: int) -> bool:
    if alive(s.pos, seat):
        return True
    nc = len(game.cards)
    return seat in s.ghosts and any(c.is_shove and s.loc[seat * nc + c.index] == HAND for c in game.cards)


def _setup_programming(game, s, programs) -> None:
    colours = game.players
    n = len(colours)
    cards = game.cards
    nc = len(cards)
    if not alive(s.pos, s.captain):
        raise ScenarioError("captain", f"{colours[s.captain]} has no living pirate and cannot hold the "
                            "Captain's Token at the start of a round")
    s.stage, s.turn, s.slot = PROGRAMMING, -1, CARD_NUMBERS[0]
    for off in range(n):
        seat = (s.captain + off) % n
        row = programs.get(seat, [None, None, None])
        placed = [k for k in CARD_NUMBERS if row[k - 1] is not None]
        if not _programmer(game, s, seat):
            if placed:
                raise ScenarioError("programs", f"{colours[seat]} places no cards this round")
            continue
        ghost = seat in s.ghosts
        if ghost:
            if len(placed) > 1 or any(not cards[row[k - 1]].is_shove for k in placed):
                raise ScenarioError("programs", f"{colours[seat]} plays the Ghost: one Shove card only")
            done = len(placed) == 1
        else:
            if placed != list(range(1, len(placed) + 1)):
                raise ScenarioError("programs", f"{colours[seat]} programs cards in order 1, 2, 3; got {show(row)}")
            done = len(placed) == LAST_CARD
        if s.turn >= 0 and placed:
            raise ScenarioError("programs", f"{colours[seat]} cannot have programmed yet: "
                                f"{colours[s.turn]} is still programming")
        for k in placed:
            s.loc[seat * nc + row[k - 1]] = k
        if not done and s.turn < 0:
            s.turn, s.slot = seat, len(placed) + 1
        if not done and not ghost:
            hand = [cards[i] for i in range(nc) if s.loc[seat * nc + i] == HAND]
            if not can_fill(hand, CARD_NUMBERS[len(placed):]):
                raise ScenarioError("programs" if placed else "set_aside",
                                    f"{colours[seat]} could not fill the remaining card positions with the "
                                    "cards in hand (some cards are only allowed in some positions)")
    if s.turn < 0:  # everybody has programmed: the reveals begin
        s.stage, s.card_no, s.off, s.turn, s.slot = RESOLUTION, CARD_NUMBERS[0], -1, s.captain, 0
        advance(s)


def _setup_resolution(game, scenario, s, programs) -> None:
    colours = game.players
    n = len(colours)
    cards = game.cards
    nc = len(cards)
    nxt = scenario.get("next")
    if not isinstance(nxt, Mapping) or set(nxt) != {"card", "player"}:
        raise ScenarioError("next", f"a resolution scenario needs next = {{'card': 1..3, 'player': colour}}, got {show(nxt)}")
    k = nxt["card"]
    if not isinstance(k, int) or isinstance(k, bool) or k not in CARD_NUMBERS:
        raise ScenarioError("next", f"card must be 1, 2 or 3, got {show(k)}")
    seat_next = _colour(game, "next", nxt["player"])
    off_next = (seat_next - s.captain) % n
    if programs.get(seat_next, [None] * 3)[k - 1] is None:
        raise ScenarioError("next", f"{colours[seat_next]} has no card {k} programmed to reveal")
    for seat in range(n):
        row = programs.get(seat, [None, None, None])
        off = (seat - s.captain) % n
        ghost = seat in s.ghosts
        later = [j for j in CARD_NUMBERS if row[j - 1] is not None and (j, off) >= (k, off_next)]
        if alive(s.pos, seat):
            if None in row:
                raise ScenarioError("programs", f"{colours[seat]} is alive and must have programmed cards 1, 2 and 3")
        elif later and not ghost:
            raise ScenarioError("programs", f"{colours[seat]} is eliminated: its unrevealed cards went back to the hand")
        elif later and ghost:
            placed = [j for j in CARD_NUMBERS if row[j - 1] is not None]
            if len(placed) != 1 or not cards[row[placed[0] - 1]].is_shove:
                raise ScenarioError("programs", f"{colours[seat]} plays the Ghost: one Shove card only")
        for j in CARD_NUMBERS:
            i = row[j - 1]
            if i is not None:
                s.loc[seat * nc + i] = j if (j, off) >= (k, off_next) else REVEALED + j
    s.stage, s.card_no, s.off, s.turn, s.slot = RESOLUTION, k, off_next - 1, s.captain, 0
    advance(s)


def to_scenario(s: PlankState) -> dict[str, Any]:
    game = s.game
    colours = game.players
    cards = game.cards
    nc = len(cards)
    out: dict[str, Any] = {
        "players": list(colours),
        "round": s.round,
        "captain": colours[s.captain],
        "planks": s.planks,
        "pirates": {c: [_place(p) for p in s.pos[PIRATES * i:PIRATES * (i + 1)]] for i, c in enumerate(colours)},
        "eliminated": [colours[i] for i in s.eliminated],
        "set_aside": {c: [cards[i].name for i in s.cards_at(seat, SET_ASIDE)] for seat, c in enumerate(colours)},
        "programs": {},
        "phase": PHASES[s.stage],
    }
    for seat, c in enumerate(colours):
        row: list[str | None] = [None, None, None]
        for i in range(nc):
            w = s.loc[seat * nc + i]
            if w in CARD_NUMBERS:
                row[w - 1] = cards[i].name
            elif w > REVEALED:
                row[w - REVEALED - 1] = cards[i].name
        if any(row):
            out["programs"][c] = row
    if s.stage == RESOLUTION:
        out["next"] = {"card": s.card_no, "player": colours[s.revealer()]}
    return out

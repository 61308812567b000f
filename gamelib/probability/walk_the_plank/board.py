"""One card carried out on a board of pirate counts: every distinct board its owner can leave, as
the rules list the ways (``docs/rulings.md``, Walk the Plank, Cards). A card is known here by its
effect, the engine's card field, so a card set that renames or reassigns cards is followed."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from gamelib.core.errors import GamelibError
from gamelib.rules.walk_the_plank.cards import MAX_PLANKS

SHIP = 0
Board = tuple  # (counts per seat, planks)
#: one way to carry out a card: the pirates moved (seat, place, steps) and the planks after it
Way = tuple[tuple[tuple[int, int, int], ...], "int | None"]


def _alive(counts: tuple, seat: int) -> bool:
    return sum(counts[seat]) > 0


def _neighbour(counts: tuple, seat: int, step: int) -> int | None:
    n = len(counts)
    s = (seat + step) % n
    while s != seat:
        if _alive(counts, s):
            return s
        s = (s + step) % n
    return None


def _move(counts: list[list[int]], planks: int, seat: int, place: int, steps: int) -> None:
    counts[seat][place] -= 1
    new = place + steps
    if new <= planks:
        counts[seat][max(SHIP, new)] += 1


def _board_after(board: Board, moves: Sequence[tuple[int, int, int]], new_planks: int | None) -> Board:
    counts, planks = board
    c = [list(r) for r in counts]
    pl = planks
    if new_planks is not None:
        if new_planks < planks:  # retract: everyone on the last piece falls into the sea
            for r in c:
                r[planks] = 0
        pl = new_planks
    for who, place, steps in moves:
        _move(c, pl, who, place, steps)
    return tuple(tuple(r) for r in c), pl


# Each effect lists its ways as (moves, new planks or None), given the board, the owner, the
# places its pirates act from (a Ghost acts from the ship) and the card's position.
def _shove_side(step: int) -> Callable[..., list]:
    def ways(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
        target = _neighbour(counts, seat, step)
        if target is None:
            return []
        return [(((target, place, 1),), None) for place in mine if counts[target][place]]
    return ways


def _shove_anyone(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    return [(((q, place, 1),), None) for place in mine for q in range(len(counts))
            if counts[q][place] and (q != seat or counts[q][place] >= 2)]


def _extend(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    return [((), planks + 1)] if planks < MAX_PLANKS else []


def _retract(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    return [((), planks - 1)] if planks > 1 else []


def _drag_or_pull(toward: int) -> Callable[..., list]:
    def ways(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
        out = []
        for place in mine:
            if toward == -1 and place == SHIP:
                continue
            for q in range(len(counts)):
                k = counts[q][place]
                if (q == seat and k >= 2) or (q != seat and k):
                    out.append((((seat, place, toward), (q, place, toward)), None))
        return out
    return ways


def _run_around(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    out = []
    for place in mine:
        if place > SHIP:
            out.append((((seat, place, -1),), None))
        out.append((((seat, place, 1),), None))
    return out


def _dont_want_to_die(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    return [(((seat, place, -steps),), None) for place in mine if place > SHIP
            for steps in ((1, 2) if place >= 2 else (1,))]


def _charge(counts: tuple, planks: int, seat: int, mine: list[int], slot: int) -> list:
    if slot == 1:
        return []
    out = []
    for place in mine:
        dest = place + 1
        targets = [q for q in range(len(counts)) if dest <= planks and counts[q][dest]]
        if not targets:
            out.append((((seat, place, 1),), None))
        out.extend((((seat, place, 1), (q, dest, 1)), None) for q in targets)
    return out


WAYS: dict[str, Callable[..., list]] = {
    "shove_left": _shove_side(1), "shove_right": _shove_side(-1), "shove_anyone": _shove_anyone,
    "extend": _extend, "retract": _retract, "drag": _drag_or_pull(1), "pull": _drag_or_pull(-1),
    "run_around": _run_around, "dont_want_to_die": _dont_want_to_die, "charge": _charge,
}


def options(board: Board, seat: int, ghost: bool, effect: str, slot: int) -> list[Board]:
    """Every distinct board ``seat`` can leave by carrying out a card (empty: no effect), as the
    rules list the ways (``docs/rulings.md``, Walk the Plank, Cards)."""
    return list(_options(board, seat, ghost, effect, slot))


@lru_cache(maxsize=200_000)
def _options(board: Board, seat: int, ghost: bool, effect: str, slot: int) -> tuple[Board, ...]:
    counts, planks = board
    ways = WAYS.get(effect)
    if ways is None:
        raise GamelibError(f"unknown card effect {effect!r}; the effects are {', '.join(WAYS)}")
    mine = [SHIP] if ghost else [p for p in range(planks + 1) if counts[seat][p]]
    return tuple(_board_after(board, moves, new_planks) for moves, new_planks in ways(counts, planks, seat, mine, slot))


@lru_cache(maxsize=100_000)
def over(counts: tuple) -> bool:
    """The end condition: two living pirates or fewer, or a single colour left."""
    living = sum(sum(c) for c in counts)
    return living <= 2 or sum(1 for c in counts if sum(c)) <= 1

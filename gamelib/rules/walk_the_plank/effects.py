"""What each card can do on the board, as pure functions of the pirates' places.

A board is ``pos`` (pirate ``PIRATES * seat + i`` -> its place: SHIP, plank piece 1..3, DEAD) and
``planks`` (pieces in play, 1..3). A move toward the Kraken from the last piece in play kills.
``options`` lists every distinct way to carry out a card, as (label, args); ``perform`` carries
one out. Agents use both to look ahead without touching a state. Below ``rules`` in the
package: it imports only ``cards``."""
from __future__ import annotations

from collections.abc import Sequence

from .cards import DEAD, MAX_PLANKS, PIRATES, SHIP

Move = tuple[int, int]  # (pirate, steps): positive toward the Kraken, negative toward the ship
Args = tuple  # ("move", (Move, ...)) | ("extend",) | ("retract",)


def place_name(place: int) -> str:
    return "the ship" if place == SHIP else f"plank {place}"


#: place_name of every place a living pirate can be at, for the labels below (read per option)
_PLACE = tuple(place_name(p) for p in range(SHIP, MAX_PLANKS + 1))


def count_at(pos: Sequence[int], seat: int, place: int) -> int:
    b = PIRATES * seat
    return (pos[b] == place) + (pos[b + 1] == place) + (pos[b + 2] == place)


def alive(pos: Sequence[int], seat: int) -> bool:
    b = PIRATES * seat
    return pos[b] >= 0 or pos[b + 1] >= 0 or pos[b + 2] >= 0


def first_at(pos: Sequence[int], seat: int, place: int, skip: int = -1) -> int:
    """The lowest-numbered pirate of ``seat`` at ``place`` (pirates of a colour are
    interchangeable, so always taking the lowest keeps positions canonical)."""
    b = PIRATES * seat  # (written out for the three pirates: the busiest helper of a reveal)
    if pos[b] == place and b != skip:
        return b
    if pos[b + 1] == place and b + 1 != skip:
        return b + 1
    if pos[b + 2] == place and b + 2 != skip:
        return b + 2
    raise ValueError(f"no pirate of seat {seat} at {place_name(place)}")


def places_of(pos: Sequence[int], seat: int) -> list[int]:
    """Distinct places where ``seat`` has a living pirate, ship first."""
    b = PIRATES * seat  # (written out for the three pirates: every reveal asks it)
    out = sorted({pos[b], pos[b + 1], pos[b + 2]})
    if out[0] < SHIP:  # (DEAD, the one place below the ship, sorts first)
        del out[0]
    return out


def neighbour(pos: Sequence[int], n: int, seat: int, step: int) -> int | None:
    """The next surviving player from ``seat`` (step +1: to the left, -1: to the right),
    skipping eliminated players; None when nobody else survives."""
    s = (seat + step) % n
    while s != seat:
        if alive(pos, s):
            return s
        s = (s + step) % n
    return None


def options(pos: Sequence[int], planks: int, colours: Sequence[str], seat: int, ghost: bool,
            effect: str, slot: int, named: bool = True) -> list[tuple[str, Args]]:
    """Every distinct way ``seat`` can carry out a card with ``effect`` revealed as card ``slot``.
    ``ghost``: the seat plays the Ghost Pirate (on the ship, never moved). Empty: no effect.
    ``named=False``: the same options in the same order with "" for every label (simulations
    that keep no log and make no Action skip writing them: half the cost of a reveal)."""
    how = _OPTIONS.get(effect)
    if how is None:
        raise ValueError(f"unknown card effect {effect!r}")
    mine = [SHIP] if ghost else places_of(pos, seat)  # where the seat's pirates (or its Ghost) stand
    return how(pos, planks, colours, seat, mine, effect, slot, named)


def _shove(pos: Sequence[int], colours: Sequence[str], place: int, target: int, named: bool) -> tuple[str, Args]:
    return (f"Shove {colours[target]} pirate on {_PLACE[place]}" if named else "",
            ("move", ((first_at(pos, target, place), 1),)))


def _shoves(pos, planks, colours, seat, mine, effect, slot, named) -> list[tuple[str, Args]]:
    n = len(colours)
    if effect != "shove_anyone":
        target = neighbour(pos, n, seat, 1 if effect == "shove_left" else -1)
        if target is None:
            return []
        return [_shove(pos, colours, place, target, named) for place in mine if count_at(pos, target, place)]
    out = []
    for place in mine:
        for q in range(n):
            c = count_at(pos, q, place)
            # a pirate cannot shove itself: your own colour needs a second pirate there
            if c and (q != seat or c >= 2):
                out.append(_shove(pos, colours, place, q, named))
    return out


def _plank(pos, planks, colours, seat, mine, effect, slot, named) -> list[tuple[str, Args]]:
    if effect == "extend":
        return [(f"Extend the plank to {planks + 1} pieces" if named else "", ("extend",))] if planks < MAX_PLANKS else []
    return [(f"Retract plank {planks}" if named else "", ("retract",))] if planks > 1 else []


def _drags(pos, planks, colours, seat, mine, effect, slot, named) -> list[tuple[str, Args]]:
    me = colours[seat]
    toward = 1 if effect == "drag" else -1
    where = "toward the Kraken" if toward == 1 else "toward the ship"
    verb = "Drag" if toward == 1 else "Pull"
    out = []
    for place in mine:
        if toward == -1 and place == SHIP:
            continue  # nobody can move closer to the ship than the ship
        own = first_at(pos, seat, place)
        for q in range(len(colours)):
            c = count_at(pos, q, place)
            if q == seat:
                if c >= 2:
                    other = first_at(pos, seat, place, skip=own)
                    out.append((f"{verb} two {me} pirates on {_PLACE[place]} {where}" if named else "",
                                ("move", ((own, toward), (other, toward)))))
            elif c:
                out.append((f"{verb} {me} pirate and {colours[q]} pirate on {_PLACE[place]} {where}"
                            if named else "", ("move", ((own, toward), (first_at(pos, q, place), toward)))))
    return out


def _runs(pos, planks, colours, seat, mine, effect, slot, named) -> list[tuple[str, Args]]:
    me = colours[seat]
    out = []
    for place in mine:
        pid = first_at(pos, seat, place)
        if effect == "run_around":
            if place > SHIP:
                out.append((f"Run {me} pirate on {_PLACE[place]} toward the ship" if named else "",
                            ("move", ((pid, -1),))))
            sea = " (into the sea)" if place == planks else ""
            out.append((f"Run {me} pirate on {_PLACE[place]} toward the Kraken{sea}" if named else "",
                        ("move", ((pid, 1),))))
        elif place != SHIP:  # dont_want_to_die
            for steps in (1, 2) if place >= 2 else (1,):
                out.append((f"Move {me} pirate on {_PLACE[place]} to {_PLACE[place - steps]}" if named else "",
                            ("move", ((pid, -steps),))))
    return out


def _charges(pos, planks, colours, seat, mine, effect, slot, named) -> list[tuple[str, Args]]:
    if slot == 1:
        return []  # Charge never works as a player's first card
    out = []
    for place in mine:
        pid = first_at(pos, seat, place)
        dest = place + 1
        start = f"Charge {colours[seat]} pirate on {_PLACE[place]}" if named else ""
        if dest > planks:
            out.append((f"{start} into the sea" if named else "", ("move", ((pid, 1),))))
            continue
        targets = [q for q in range(len(colours)) if count_at(pos, q, dest)]
        if not targets:
            out.append((f"{start} to {_PLACE[dest]} (nobody to shove)" if named else "", ("move", ((pid, 1),))))
        for q in targets:
            out.append((f"{start} to {_PLACE[dest]} and shove {colours[q]} pirate" if named else "",
                        ("move", ((pid, 1), (first_at(pos, q, dest), 1)))))
    return out


#: card effect -> the function listing its options (arguments as ``options`` passes them)
_OPTIONS = {"shove_left": _shoves, "shove_right": _shoves, "shove_anyone": _shoves, "extend": _plank,
            "retract": _plank, "drag": _drags, "pull": _drags, "run_around": _runs, "dont_want_to_die": _runs,
            "charge": _charges}


def perform(pos: list[int], planks: int, args: Args) -> tuple[int, list[int]]:
    """Carry out one option in place on ``pos``; return the new plank count and who died."""
    dead: list[int] = []
    op = args[0]
    if op == "extend":
        return min(MAX_PLANKS, planks + 1), dead
    if op == "retract":
        for pid, p in enumerate(pos):
            if p == planks:
                pos[pid] = DEAD
                dead.append(pid)
        return max(1, planks - 1), dead
    for pid, steps in args[1]:
        new = pos[pid] + steps
        if new > planks:
            pos[pid] = DEAD
            dead.append(pid)
        else:
            pos[pid] = max(SHIP, new)
    return planks, dead

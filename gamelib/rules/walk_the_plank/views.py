"""What each player may see: ``view``, ``zones`` and the leak check's ``redeal_hidden``. What is
secret is the face-down programmed cards (and, until everyone has placed, when a Ghost's card
will be played). Imports cards, effects and state."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Rng

from .cards import (CARD_NUMBERS, DEAD, DISCARDED, HAND, MAX_PLANKS, OVER, PIRATES, PROGRAMMING,
                    RESOLUTION, REVEALED, SET_ASIDE, programs)
from .effects import count_at, place_name

if TYPE_CHECKING:
    from .game import PlankState


def _names(s: PlankState, seat: int, where: int) -> list[str]:
    cards = s.game.cards
    return [cards[i].name for i in s.cards_at(seat, where)]


def view(s: PlankState, player: str | None) -> dict[str, Any]:
    """Per player: ``cards`` (card 1, 2, 3 of this round: a name when revealed or one's own,
    "face down", or None when not placed; a Ghost's card shows in no position until its number
    is declared, once everyone has placed), ``face_down`` (how many are placed face down),
    ``hand`` (names for oneself, else a count), ``not_yet_played``, ``set_aside``, ``discarded``."""
    colours = s.game.players
    cards = s.game.cards
    board: dict[str, dict[str, int]] = {}
    for place in range(MAX_PLANKS + 1):
        if place <= s.planks:
            board[place_name(place)] = {c: count_at(s.pos, q, place) for q, c in enumerate(colours)}
    board["dead"] = {c: count_at(s.pos, q, DEAD) for q, c in enumerate(colours)}
    players: dict[str, Any] = {}
    for seat, c in enumerate(colours):
        mine = player is None or player == c
        # Ghost Pirate 3: a Ghost's card number is declared only once everyone has placed
        undeclared = s.stage == PROGRAMMING and seat in s.ghosts and not mine
        slots: list[str | None] = []
        down: list[str] = []
        for k in CARD_NUMBERS:
            up, hid = s.face_down(seat, REVEALED + k), s.face_down(seat, k)
            if up >= 0:
                slots.append(cards[up].name)
            elif hid >= 0:
                down.append(cards[hid].name)
                slots.append(cards[hid].name if mine else None if undeclared else "face down")
            else:
                slots.append(None)
        hand = _names(s, seat, HAND)
        players[c] = {
            "status": s.status(seat),
            # card 1, 2, 3 of this round: None = not placed (or, for a Ghost, not declared yet)
            "cards": slots,
            "face_down": len(down),  # how many cards this player has placed face down
            "hand": sorted(hand) if mine else len(hand),
            # everyone knows the ten cards of a set, so what is still unplayed is public
            "not_yet_played": sorted(hand + down),
            "set_aside": _names(s, seat, SET_ASIDE),
            "discarded": _names(s, seat, DISCARDED),
        }
    pending = None
    if s.stage == RESOLUTION and s.pending >= 0:
        pending = {"player": colours[s.revealer()], "card": cards[s.pending].name, "card_number": s.card_no}
    return {
        "round": s.round,
        "captain": colours[s.captain],
        "planks_in_play": s.planks,
        "pirates": board,
        "ghost_pirate": "on the ship" if s.ghosts else "in the box",
        "ghost_players": [colours[g] for g in s.ghosts],
        "eliminated": [colours[g] for g in s.eliminated],
        "final_round": s.final,
        "revealing": pending,
        "players": players,
    }


def zones(s: PlankState) -> dict[str, list[str]]:
    colours = s.game.players
    cards = s.game.cards
    nc = len(cards)
    out: dict[str, list[str]] = {}
    for j, w in enumerate(s.loc):
        seat, c = divmod(j, nc)
        if w == HAND:
            zone = "hand"
        elif w == SET_ASIDE:
            zone = "set aside"
        elif w == DISCARDED:
            zone = "discarded (Ghost)"
        elif w > REVEALED:
            zone = f"card {w - REVEALED} revealed"
        else:
            zone = f"card {w} face down"
        out.setdefault(f"{colours[seat]}: {zone}", []).append(f"{colours[seat]}:{cards[c].name}")
    for pid, p in enumerate(s.pos):
        zone = "dead" if p == DEAD else place_name(p)
        out.setdefault(zone, []).append(f"{colours[pid // PIRATES]}-{pid % PIRATES + 1}")
    out.setdefault("the ship" if s.ghosts else "box", []).append("Ghost Pirate")
    out.setdefault(f"{colours[s.captain]}: Captain's Token", []).append("Captain's Token")
    for k in range(1, MAX_PLANKS + 1):
        out.setdefault("plank in play" if k <= s.planks else "plank retracted (sea side up)",
                       []).append(f"plank piece {k}")
    return out


# ---- the leak check ---------------------------------------------------------------------------
def redeal_hidden(s: PlankState, player: str, rng: Rng) -> PlankState:
    """A clone where every face-down card ``player`` cannot see is re-chosen: for each other
    player who has placed cards, a program drawn uniformly from every legal program it could
    have (its unplayed cards, each only in its allowed positions; a Ghost's player one Shove
    card), of which the positions already placed are kept. These are the odds' assumptions
    ("every legal program equally likely"), exactly, whatever positions the card file allows."""
    other = s.clone()
    if s.stage == OVER:
        return other
    colours = s.game.players
    nc = s.game.n_cards
    loc = other.loc
    me = colours.index(player)
    for seat in range(len(colours)):
        placed = [k for k in CARD_NUMBERS if other.face_down(seat, k) >= 0]
        if seat == me or not placed:
            continue
        pool = tuple(other.unplayed(seat))
        if other.stage == PROGRAMMING and seat in other.ghosts:
            # not declared yet: one Shove card, in any position it allows
            choices = [(k, c.index) for c in pool for k in c.slots]
            chosen = [choices[rng.randbelow(len(choices))]]
        else:
            # the player placing cards now still has positions to fill: its program is drawn
            # whole, so each placed card weighs as many times as it leaves ways to go on
            todo = CARD_NUMBERS[other.slot - 1:] if other.stage == PROGRAMMING and other.turn == seat else ()
            positions = tuple(placed) + tuple(todo)
            legal = programs(pool, positions)
            program = legal[rng.randbelow(len(legal))]
            chosen = [(k, i) for k, i in zip(positions, program) if k in placed]
        b = seat * nc
        for i in range(nc):
            if loc[b + i] in CARD_NUMBERS:
                loc[b + i] = HAND
        for k, i in chosen:
            loc[b + i] = k
    other._legal = None
    return other

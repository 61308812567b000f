"""Hidden information: the face-down programmed cards. Views, the leak-check redeal and the odds
of the next revealed card all live here, so what is secret is decided in one place."""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gamelib.core import Distribution, Rng

from .codes import DISCARDED, HAND, OVER, PROGRAMMING, RESOLUTION, REVEALED, SET_ASIDE
from .cards import CardDef, can_fill
from .effects import DEAD, MAX_PLANKS, count_at, place_name

if TYPE_CHECKING:
    from .state import PlankState



def _names(state: "PlankState", seat: int, where: int) -> list[str]:
    cards = state.game.cards
    return [cards[i].name for i in state.cards_at(seat, where)]


def view(state: "PlankState", player: str | None) -> dict[str, Any]:
    """Per player: ``cards`` (card 1, 2, 3 of this round: a name when revealed or one's own,
    "face down", or None when not placed; a Ghost's card shows in no position until its number
    is declared, once everyone has placed), ``face down`` (how many are placed face down),
    ``hand`` (names for oneself, else a count), ``not yet played``, ``set aside``, ``discarded``."""
    colours = state.game.players
    cards = state.game.cards
    board: dict[str, dict[str, int]] = {}
    for place in range(MAX_PLANKS + 1):
        if place <= state.planks:
            board[place_name(place)] = {c: count_at(state.pos, s, place) for s, c in enumerate(colours)}
    board["dead"] = {c: count_at(state.pos, s, DEAD) for s, c in enumerate(colours)}
    players: dict[str, Any] = {}
    for seat, c in enumerate(colours):
        mine = player is None or player == c
        # Ghost Pirate 3: a Ghost's card number is declared only once everyone has placed
        undeclared = state.stage == PROGRAMMING and seat in state.ghosts and not mine
        slots: list[str | None] = []
        down: list[str] = []
        for k in (1, 2, 3):
            up, hid = state.face_down(seat, REVEALED + k), state.face_down(seat, k)
            if up >= 0:
                slots.append(cards[up].name)
            elif hid >= 0:
                down.append(cards[hid].name)
                slots.append(cards[hid].name if mine else None if undeclared else "face down")
            else:
                slots.append(None)
        hand = _names(state, seat, HAND)
        players[c] = {
            "status": state.status(seat),
            # card 1, 2, 3 of this round: None = not placed (or, for a Ghost, not declared yet)
            "cards": slots,
            "face down": len(down),  # how many cards this player has placed face down
            "hand": sorted(hand) if mine else len(hand),
            # everyone knows the ten cards of a set, so what is still unplayed is public
            "not yet played": sorted(hand + down),
            "set aside": _names(state, seat, SET_ASIDE),
            "discarded": _names(state, seat, DISCARDED),
        }
    pending = None
    if state.stage == RESOLUTION and state.pending >= 0:
        seat = (state.captain + state.off) % len(colours)
        pending = {"player": colours[seat], "card": cards[state.pending].name, "card number": state.card_no}
    return {
        "round": state.round,
        "captain": colours[state.captain],
        "planks in play": state.planks,
        "pirates": board,
        "ghost pirate": "on the ship" if state.ghosts else "in the box",
        "ghost players": [colours[g] for g in state.ghosts],
        "eliminated": [colours[g] for g in state.eliminated],
        "final round": state.final,
        "revealing": pending,
        "players": players,
    }


# ---- the odds of the next revealed card ---------------------------------------------------------
def _open_slots(state: "PlankState", seat: int) -> list[int]:
    """The card positions of ``seat`` that the public has not seen yet this round."""
    if state.stage == PROGRAMMING:
        return [1, 2, 3] if seat not in state.ghosts else []
    return [k for k in (1, 2, 3) if state.face_down(seat, k) >= 0]


def _pool(state: "PlankState", seat: int) -> list[CardDef]:
    cards = state.game.cards
    ids = [i for i in range(len(cards)) if state.loc[seat * len(cards) + i] in (HAND, 1, 2, 3)]
    if seat in state.ghosts:
        ids = [i for i in ids if cards[i].is_shove]
    return [cards[i] for i in ids]


def _fills(pool: list[CardDef], slots: list[int]) -> int:
    """How many ways distinct cards of ``pool`` can fill ``slots`` (at most two positions)."""
    if not slots:
        return 1
    a = [c for c in pool if slots[0] in c.slots]
    if len(slots) == 1:
        return len(a)
    b = [c for c in pool if slots[1] in c.slots]
    both = sum(1 for c in a if slots[1] in c.slots)
    return len(a) * len(b) - both


def next_reveal(state: "PlankState") -> tuple[int, int] | None:
    """(seat, card number) of the next face-down card to be revealed, if it is this round."""
    n = len(state.game.players)
    if state.stage == PROGRAMMING:
        return state.captain, 1
    if state.stage != RESOLUTION:
        return None
    k, off = state.card_no, state.off
    while True:
        off += 1
        if off >= n:
            off, k = 0, k + 1
            if k > 3:
                return None
        seat = (state.captain + off) % n
        if state.face_down(seat, k) >= 0:
            return seat, k


def odds(state: "PlankState") -> dict[str, Distribution]:
    """The next revealed card, as the public would reckon it if every program the player could
    have placed (given their unplayed cards and the position rules) were equally likely."""
    nxt = next_reveal(state)
    if nxt is None:
        return {}
    seat, k = nxt
    pool = _pool(state, seat)
    others = [s for s in _open_slots(state, seat) if s != k]
    weights: dict[str, int] = {}
    for c in pool:
        if k in c.slots:
            w = _fills([x for x in pool if x is not c], others)
            if w:
                weights[c.name] = weights.get(c.name, 0) + w
    total = sum(weights.values())
    if not total:
        return {}
    title = f"next revealed card: {state.game.players[seat]}'s card {k} (every legal program equally likely)"
    return {title: Distribution({name: Fraction(w, total) for name, w in weights.items()}, title)}


# ---- the leak check ---------------------------------------------------------------------------
def redeal(state: "PlankState", player: str, rng: Rng) -> "PlankState":
    """A clone where every face-down card ``player`` cannot see is re-chosen among the cards
    its owner could have placed there (their unplayed cards, the position rules, Ghost = Shove)."""
    other = state.clone()
    if state.stage == OVER:
        return other
    colours = state.game.players
    cards = state.game.cards
    nc = len(cards)
    me = colours.index(player)
    for seat in range(len(colours)):
        slots = [k for k in (1, 2, 3) if other.face_down(seat, k) >= 0]
        if seat == me or not slots:
            continue
        pool = [c.index for c in _pool(other, seat)]
        later = tuple(range(other.slot, 4)) if (other.stage == PROGRAMMING and other.turn == seat
                                                and seat not in other.ghosts) else ()
        if other.stage == PROGRAMMING and seat in other.ghosts:
            # not declared yet: any Shove card the Ghost could place, in any of its positions
            i = pool[rng.randbelow(len(pool))]
            for j in range(nc):
                if other.loc[seat * nc + j] in (1, 2, 3):
                    other.loc[seat * nc + j] = HAND
            other.loc[seat * nc + i] = cards[i].slots[rng.randbelow(len(cards[i].slots))]
            continue
        for _ in range(50):
            left = list(pool)
            chosen: list[int] = []
            for k in slots:
                fits = [i for i in left if k in cards[i].slots]
                if not fits:
                    break
                pick = fits[rng.randbelow(len(fits))]
                chosen.append(pick)
                left.remove(pick)
            if len(chosen) == len(slots) and can_fill([cards[i] for i in left], later):
                for i in range(nc):
                    if other.loc[seat * nc + i] in (1, 2, 3):
                        other.loc[seat * nc + i] = HAND
                for k, i in zip(slots, chosen):
                    other.loc[seat * nc + i] = k
                break
    other._legal = None
    return other


# ---- what the odds predict (the conformance check) -------------------------------------------
def next_outcomes(state: "PlankState") -> dict[str, object]:
    """The name of the face-down card that will be revealed next, once it has been placed."""
    nxt = next_reveal(state)
    if nxt is None:
        return {}
    idx = state.face_down(*nxt)
    if idx < 0:
        return {}
    return {title: state.game.cards[idx].name for title in odds(state)}


def odds_viewer(state: "PlankState") -> str | None:
    """The odds are the public's: a player other than the one whose card is revealed next."""
    nxt = next_reveal(state)
    colours = state.game.players
    return colours[(nxt[0] + 1) % len(colours)] if nxt is not None else state.to_move

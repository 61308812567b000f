"""Random players finishing a game quickly: the hint's playouts (``gamelib.strategy.playouts``).

``play_randomly(s, rngs)`` plays ``s`` to its end in place as ``RandomAgent`` players would
through the engine (``State.apply_fast`` with ``legal_list()``): each decision with more than
one legal action draws ``rngs[seat].randbelow(len(legal))`` over the same legal list in the same
order, a decision with one action draws nothing, so the same generators give the same game.
What it skips is the engine's bookkeeping (legal lists, undo frames), the reveals' labels and
Actions (a revealed card's options are drawn among their arguments, ``effects.options(...,
named=False)``) and the log: ``s`` must be a world nobody reads (``log_enabled`` False), and is
left without a valid history or legal list. ``tests/walk_the_plank/test_fastplay.py`` plays
thousands of positions both ways and compares every field of the end positions.

The compiled ``_fastplay`` (``_fastplay.c``, built by ``setup.py`` where a C compiler is found;
optional, as the Walking Deck's search) plays the programming and the reveals the same way,
draw for draw, about 30 times quicker; without it, or for a card set it does not take, the
Python loop below plays.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamelib.core import Rng

from .cards import CARD_NUMBERS, EFFECTS, LAST_CARD, NO_CARD, OVER, RESOLUTION, REVEALED
from .effects import options, perform
from .rules import after_deaths, draw_outcome, end_round, final_outcome, legal_actions, programs_this_round
from .rules import apply as apply_action

try:
    from . import _fastplay
except ImportError:  # no compiler where it was installed, or GAMELIB_PURE: the Python loop plays
    _fastplay = None

if TYPE_CHECKING:
    from .game import PlankState


def play_randomly(s: PlankState, rngs: Sequence[Rng], compiled: bool = True) -> None:
    """Finish ``s`` (log off) with random players; seat ``i`` draws from ``rngs[i]``.
    ``compiled=False``: the Python loop even where ``_fastplay`` is built (for the tests)."""
    if s.log_enabled:
        raise ValueError("play_randomly plays worlds that keep no log: set log_enabled = False first")
    game = s.game
    nc = game.n_cards
    loc = s.loc  # (changed in place by the rules, never replaced)
    use_c = compiled and _fastplay is not None
    while s.result is None:
        if s.stage == RESOLUTION:
            # a card waiting for its player's choice, met only where the engine left it: from
            # then on the reveals are made by _reveal_all, which never stops
            choices = legal_actions(s)
            apply_action(s, choices[rngs[s.revealer()].randbelow(len(choices))])
            continue
        if use_c:
            if _compiled_finish(s, rngs):
                return
            use_c = False  # (a card set it does not take: asked once, not at every decision)
        seat = s.turn
        choices = legal_actions(s)  # (cached per hand and position: Actions shared, never changed)
        m = len(choices)
        a = choices[0] if m == 1 else choices[rngs[seat].randbelow(m)]
        idx, slot = a.args
        loc[seat * nc + idx] = slot
        if a.kind == "program" and slot < LAST_CARD:
            s.slot = slot + 1
        elif not _next_programmer(s):
            _reveal_all(s, rngs)


def _card_table(game) -> bytes:
    """The card set as ``_fastplay.finish`` reads it: 8 bytes a card (effect, slot mask, Skull,
    Shove, number of positions, the positions in order), or b"" for a card set beyond its limits
    (more than 64 cards); kept on the game."""
    table = getattr(game, "_fastplay_cards", None)
    if table is None:
        out = bytearray()
        for c, mask in zip(game.cards, game.slot_masks):
            slots = tuple(c.slots)
            out += bytes((EFFECTS.index(c.effect), mask, int(c.skull), int(c.is_shove), len(slots),
                          *slots, *(0,) * (3 - len(slots))))
        fits = len(game.cards) <= 64 and all(len(c.slots) <= 3 for c in game.cards)
        table = game._fastplay_cards = bytes(out) if fits else b""
    return table


def _compiled_finish(s: PlankState, rngs: Sequence[Rng]) -> bool:
    """The rest of the game by ``_fastplay.finish`` from a programming position; False (``s``
    untouched) where it leaves the game to the Python loop (a card set beyond its limits)."""
    game = s.game
    table = _card_table(game)
    if not table:
        return False
    got = _fastplay.finish(table, len(game.players), game.n_cards, game.ghost_players,
                           game.max_rounds, s.pos, s.loc, s.planks, s.captain, s.round, s.turn, s.slot,
                           s.eliminated, s.ghosts, s.final, [r.state for r in rngs])
    if got is None:
        return False
    pos, loc, s.planks, s.captain, s.round, eliminated, ghosts, final, drawn, states = got
    s.pos[:] = pos
    s.loc[:] = loc
    s.eliminated[:] = eliminated
    s.ghosts[:] = ghosts
    s.final = bool(final)
    for r, state in zip(rngs, states):
        r.state = state
    # as end_round leaves a finished game
    s.stage, s.card_no, s.off, s.pending, s.choices = OVER, 0, 0, NO_CARD, None
    s.turn, s.slot = s.captain, 0
    s.result = draw_outcome(s) if drawn else final_outcome(s)
    return True


def _next_programmer(s: PlankState) -> bool:
    """``rules.next_programmer`` without the reveals: False when everybody has placed."""
    n = len(s.game.players)
    off = (s.turn - s.captain) % n + 1
    while off < n:
        seat = (s.captain + off) % n
        if programs_this_round(s, seat):
            s.turn, s.slot = seat, CARD_NUMBERS[0]
            return True
        off += 1
    return False


def _reveal_all(s: PlankState, rngs: Sequence[Rng]) -> None:
    """Every face-down card revealed in turn order and carried out (``rules.advance`` with each
    choice drawn at once), then the end of the round."""
    game = s.game
    colours = game.players
    cards = game.cards
    n = len(colours)
    nc = len(cards)
    loc = s.loc
    pos = s.pos
    captain = s.captain
    ghosts = s.ghosts
    s.stage = RESOLUTION
    s.turn, s.slot = captain, 0
    for k in CARD_NUMBERS:
        for off in range(n):
            seat = (captain + off) % n
            b = seat * nc
            try:
                idx = loc.index(k, b, b + nc) - b
            except ValueError:  # no card placed there (eliminated, or a Ghost's other positions)
                continue
            loc[b + idx] = REVEALED + k
            opts = options(pos, s.planks, colours, seat, seat in ghosts, cards[idx].effect, k, named=False)
            m = len(opts)
            if not m:
                continue
            args = opts[0][1] if m == 1 else opts[rngs[seat].randbelow(m)][1]
            s.planks, dead = perform(pos, s.planks, args)
            if dead:
                after_deaths(s, seat)
    s.card_no, s.off = LAST_CARD + 1, 0
    end_round(s)


__all__ = ["play_randomly"]

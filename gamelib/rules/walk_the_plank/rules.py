"""The rules: legal actions, carrying them out, and the round's flow (programming, then
revealing the cards in turn order, then the end of the round). Imports cards, state and effects."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gamelib.core import Action, Outcome, log

from .cards import (CARD_NUMBERS, DISCARDED, FEW_PIRATES, HAND, LAST_CARD, NO_CARD, OVER, PIRATES,
                    PROGRAMMING, RESOLUTION, REVEALED, SET_ASIDE, CardDef)
from .effects import options, perform
from .texts import put

if TYPE_CHECKING:
    from .game import PlankState

_PROGRAM = re.compile(r"Program (.+) as card ([123])")
_GHOST = re.compile(r"Ghost plays (.+) on card ([123])")


# ---- legal actions --------------------------------------------------------------------------
# The lists returned are shared (cached per game and in ``PlankState.choices``): the engine copies
# them for its callers and never changes them in place, and neither may anything here.
def legal_actions(s: PlankState) -> list[Action]:
    if s.stage == PROGRAMMING:
        seat = s.turn
        nc = s.game.n_cards
        b = seat * nc
        ghost = seat in s.ghosts
        # a programming choice depends only on the seat's cards and the position to fill
        key = (tuple(s.loc[b:b + nc]), 0 if ghost else s.slot)
        cache = s.game.programming_choices
        got = cache.get(key)
        if got is None:
            if len(cache) > 100_000:  # far more than a card set of ten reaches; a bound all the same
                cache.clear()
            got = cache[key] = ghost_choices(s.game, key[0]) if ghost else program_choices(s.game, key[0], s.slot)
        return got
    if s.choices is None:  # (set by ``advance`` whenever a card waits for a choice)
        s.choices = resolve_choices(s)
    return s.choices


def resolve_choices(s: PlankState) -> list[Action]:
    """The ways to carry out the revealed card waiting for its player's choice."""
    seat = s.revealer()
    card = s.game.cards[s.pending]
    return [Action(label, "resolve", args) for label, args in card_options(s, seat, card)]


def program_choices(game, loc: tuple[int, ...], k: int) -> list[Action]:
    """The cards a player with cards at ``loc`` (its slice of ``PlankState.loc``) may place as card ``k``."""
    masks = game.slot_masks
    nc = len(masks)
    hand = [i for i in range(nc) if loc[i] == HAND]
    # Hall's condition for the positions still to fill after this one (at most two):
    # each needs a card, and two positions need two different cards.
    m1, m2 = 1 << (k + 1), 1 << (k + 2)
    a = sum(1 for i in hand if masks[i] & m1)
    c2 = sum(1 for i in hand if masks[i] & m2)
    u = sum(1 for i in hand if masks[i] & (m1 | m2))
    table = game.program_actions
    out = []
    for i in hand:
        m = masks[i]
        if not m & (1 << k):
            continue
        if k == 2 and a - bool(m & m1) < 1:
            continue
        if k == 1 and (a - bool(m & m1) < 1 or c2 - bool(m & m2) < 1 or u - bool(m & (m1 | m2)) < 2):
            continue
        out.append(table[i][k])
    return out


def ghost_choices(game, loc: tuple[int, ...]) -> list[Action]:
    """The Ghost card (a Shove card in hand) and position a Ghost's player with cards at ``loc`` may place."""
    return [a for i, w in enumerate(loc) if w == HAND and game.cards[i].is_shove for a in game.ghost_actions[i]]


def card_options(s: PlankState, seat: int, card: CardDef) -> list[tuple[str, tuple]]:
    return options(s.pos, s.planks, s.game.players, seat, seat in s.ghosts, card.effect, s.card_no)


def explain_illegal(s: PlankState, label: str) -> str:
    """Why a programming label that names a real card is not legal now, in a sentence
    ("" when there is nothing more to say than the list of legal actions). It speaks only of
    public facts (set aside, discarded, the positions a card allows) and of the mover's
    own placed cards without their positions."""
    if not isinstance(label, str) or s.stage != PROGRAMMING or label in s.legal_labels():
        return ""
    m = _PROGRAM.fullmatch(label) or _GHOST.fullmatch(label)
    if m is None:
        return ""
    by_name = {c.name: c for c in s.game.cards}
    card = by_name.get(m.group(1))
    if card is None:
        return ""
    k = int(m.group(2))
    seat = s.turn
    me = s.game.players[seat]
    where = s.loc[seat * len(s.game.cards) + card.index]
    ghost = seat in s.ghosts
    if where == SET_ASIDE:
        return (f"{card.name} is set aside this round: it carries the Skull and {me} played it last "
                "round, and a Skull card can't be played two rounds in a row; it returns to the hand "
                "when this round ends")
    if where == DISCARDED:
        return (f"{card.name} was discarded when {me} took the Ghost Pirate: the Ghost keeps only "
                "Shove Left, Shove Right and Shove Anyone")
    if where != HAND:
        return f"{card.name} is already placed face down this round"
    if ghost and m.re is _PROGRAM:
        return f"{me} plays the Ghost Pirate: choose one Shove card and when it is played, e.g. 'Ghost plays Shove Left on card 2'"
    if not ghost and m.re is _GHOST:
        return f"only the player of the Ghost Pirate places a Ghost card; {me} programs three cards, one at a time"
    if ghost and not card.is_shove:
        return "the Ghost Pirate plays only Shove cards (Shove Left, Shove Right, Shove Anyone)"
    if k not in card.slots:
        allowed = " or ".join(map(str, card.slots))
        return f"{card.name} may only be played as card {allowed}"
    if not ghost and k != s.slot:
        return f"cards are placed in order: {me} is placing card {s.slot} now"
    if not ghost and k < LAST_CARD:
        later = " and ".join(str(j) for j in range(k + 1, LAST_CARD + 1))
        return (f"with {card.name} as card {k}, the cards left in {me}'s hand could not fill card {later} "
                "(every card allows only some positions)")
    return ""


# ---- carrying out actions -------------------------------------------------------------------
# Log texts are built only when the log is kept (``log_enabled``): simulations keep none, and
# formatting the lines would otherwise be a large share of their time. The frequent ones are
# built once per game and shared (``texts.Texts``, ``game.texts``).
def apply(s: PlankState, action: Action) -> None:
    kind = action.kind
    if kind == "resolve":
        seat = s.revealer()
        card = s.game.cards[s.pending]
        s.pending, s.choices = NO_CARD, None
        resolve(s, seat, card, action.label, action.args, forced=False)
        advance(s)
        return
    seat = s.turn
    idx, slot = action.args
    game = s.game
    j = seat * game.n_cards + idx
    s.loc[j] = slot
    if s.log_enabled:  # (a public entry, then the one only the seat sees)
        public, private = (game.texts.program if kind == "program" else game.texts.ghost)[j][slot]
        tail = s._tail
        if tail is not None:
            tail.append(public)
            tail.append(private)
            s._nlog += 2
        else:
            s._log_append(public)
            s._log_append(private)
    if kind == "program":
        if slot < LAST_CARD:
            s.slot = slot + 1
        else:
            next_programmer(s)
        return
    # a Ghost card. Ghost Pirate 3: the number is declared before the first reveal, once every
    # player has placed (see declare_ghost_cards); until then only its player knows it.
    next_programmer(s)


def next_programmer(s: PlankState) -> None:
    """Hand the programming to the next player in turn order, or start revealing."""
    n = len(s.game.players)
    off = (s.turn - s.captain) % n + 1
    while off < n:
        seat = (s.captain + off) % n
        if programs_this_round(s, seat):
            s.turn, s.slot = seat, CARD_NUMBERS[0]
            return
        off += 1
    if s.ghosts and s.log_enabled:
        declare_ghost_cards(s)
    s.stage = RESOLUTION
    s.card_no, s.off, s.pending = CARD_NUMBERS[0], -1, NO_CARD
    s.turn, s.slot = s.captain, 0  # canonical, so scenarios rebuild the same key
    if s.log_enabled:
        put(s, s.game.texts.face_down[s.captain])
    advance(s)


def declare_ghost_cards(s: PlankState) -> None:
    """Everyone has placed: each Ghost's player says when its card will be played (log only)."""
    n = len(s.game.players)
    for off in range(n):
        seat = (s.captain + off) % n
        if seat in s.ghosts:
            for k in CARD_NUMBERS:
                if s.face_down(seat, k) >= 0:
                    log(s, "Ghost Pirate", f"{s.game.players[seat]} declares that the Ghost's card "
                        f"will be played as card {k}")


def programs_this_round(s: PlankState, seat: int) -> bool:
    """Whether ``seat`` places cards this round (a Ghost needs a Shove card in hand)."""
    if s.alive(seat):
        return True
    if seat in s.ghosts:
        cards = s.game.cards
        if any(cards[i].is_shove for i in s.cards_at(seat, HAND)):
            return True
        if s.log_enabled:
            log(s, "Ghost Pirate", f"{s.game.players[seat]} has no Shove card in hand: no Ghost card this round")
    return False


def advance(s: PlankState) -> None:
    """Reveal cards in turn order until one needs a choice, or the round ends."""
    game = s.game
    colours = game.players
    cards = game.cards
    n = len(colours)
    nc = len(cards)
    loc = s.loc
    captain = s.captain
    off, k = s.off, s.card_no
    texts = game.texts if s.log_enabled else None
    while True:
        off += 1
        if off >= n:
            off = 0
            k += 1
            if k > LAST_CARD:
                s.off, s.card_no = off, k
                end_round(s)
                return
        seat = (captain + off) % n
        b = seat * nc
        try:
            idx = loc.index(k, b, b + nc) - b
        except ValueError:  # no card placed there (eliminated, or a Ghost's other positions)
            continue
        s.off, s.card_no = off, k
        card = cards[idx]
        loc[b + idx] = REVEALED + k
        ghost = seat in s.ghosts
        if texts is not None:  # (put, written out: every reveal logs)
            entry = texts.reveal[((seat * 2 + ghost) * 4 + k) * nc + idx]
            tail = s._tail
            if tail is not None:
                tail.append(entry)
                s._nlog += 1
            else:
                s._log_append(entry)
        opts = options(s.pos, s.planks, colours, seat, ghost, card.effect, k)
        if not opts:
            if texts is not None:
                put(s, texts.nothing[idx * 4 + k])
        elif len(opts) == 1:
            resolve(s, seat, card, opts[0][0], opts[0][1], forced=True)
        else:
            s.pending = idx
            s.choices = [Action(label, "resolve", args) for label, args in opts]
            return


def resolve(s: PlankState, seat: int, card: CardDef, label: str, args: tuple, forced: bool) -> None:
    s.planks, dead = perform(s.pos, s.planks, args)
    if s.log_enabled:
        texts = s.game.texts
        entry = texts.resolved[card.index * 2 + forced].get(label) or texts.resolution(card, label, forced)
        tail = s._tail  # (put, written out: most decisions carry out an option)
        if tail is not None:
            tail.append(entry)
            s._nlog += 1
        else:
            s._log_append(entry)
        if dead:  # pirates of a colour are interchangeable: the log counts them by colour
            retract = args[0] == "retract"
            for owner in dict.fromkeys(pid // PIRATES for pid in dead):
                k = sum(1 for pid in dead if pid // PIRATES == owner)
                put(s, texts.death(card.effect, owner, k, retract))
    if dead:  # (without a death nobody is eliminated and no end condition starts to hold)
        after_deaths(s, seat)


def after_deaths(s: PlankState, seat: int) -> None:
    """A card of ``seat`` killed pirates: eliminations, the Ghost, the final round."""
    n = len(s.game.players)
    # Players emptied by the same card are eliminated in turn order from the card's player.
    for k in range(n):
        q = (seat + k) % n
        if q not in s.eliminated and not s.alive(q):
            eliminate(s, q)
    if not s.final:
        living = sum(1 for p in s.pos if p >= 0)
        colours_left = sum(1 for q in range(n) if s.alive(q))
        if living <= FEW_PIRATES or colours_left <= 1:
            s.final = True
            if s.log_enabled:
                left = (f"only {living} pirate{'s' if living != 1 else ''} of "
                        f"{colours_left} colour{'s' if colours_left != 1 else ''} left")
                if not living:
                    left = "no pirate left"
                log(s, "How to Play", f"{left}: the remaining face-down cards are played, then the game ends")


def eliminate(s: PlankState, seat: int) -> None:
    colours = s.game.players
    nc = len(s.game.cards)
    b = seat * nc
    s.eliminated.append(seat)
    for i in range(nc):
        if s.loc[b + i] in CARD_NUMBERS:
            s.loc[b + i] = HAND  # unplayed face-down cards go back, unseen
    if s.log_enabled:
        log(s, "How to Play", f"{colours[seat]} has no living pirate left and is eliminated")
    if len(s.eliminated) <= s.game.ghost_players:
        s.ghosts.append(seat)
        discard_for_ghost(s, seat)
        if s.log_enabled:
            log(s, "Ghost Pirate", f"{colours[seat]} now plays the Ghost Pirate, which stands on the ship; "
                "only Shove cards are kept")


def discard_for_ghost(s: PlankState, seat: int) -> None:
    nc = len(s.game.cards)
    for i, c in enumerate(s.game.cards):
        j = seat * nc + i
        if not c.is_shove and s.loc[j] in (HAND, SET_ASIDE):
            s.loc[j] = DISCARDED


def end_round(s: PlankState) -> None:
    cards = s.game.cards
    colours = s.game.players
    nc = len(cards)
    loc = s.loc
    for j, w in enumerate(loc):
        if w == SET_ASIDE:
            loc[j] = HAND  # set aside last round: back to the hand
    aside = []
    for j, w in enumerate(loc):
        if w > REVEALED:
            skull = cards[j % nc].skull
            loc[j] = SET_ASIDE if skull else HAND
            if skull and s.log_enabled:
                aside.append(f"{colours[j // nc]}'s {cards[j % nc].name}")
    for g in s.ghosts:
        discard_for_ghost(s, g)
    if aside:
        log(s, "How to Play", "set aside face up for next round (Skull): " + ", ".join(aside))
    n = len(colours)
    for step in range(1, n + 1):
        q = (s.captain - step) % n
        if s.alive(q):
            s.captain = q
            break
    s.stage, s.card_no, s.off, s.pending = OVER, 0, 0, NO_CARD
    s.turn, s.slot = s.captain, 0
    if s.final:
        s.result = final_outcome(s)
        if s.log_enabled:
            log(s, "How to Play", f"the final round is over: {s.result}")
    elif s.round >= s.game.max_rounds:
        s.result = draw_outcome(s)
        if s.log_enabled:
            log(s, "How to Play", str(s.result))
    else:
        s.round += 1
        start_round(s)


def draw_outcome(s: PlankState) -> Outcome:
    return Outcome((), (), f"round limit of {s.game.max_rounds} reached with no end condition "
                   "met (house rule): nobody wins")


def final_outcome(s: PlankState) -> Outcome:
    colours = s.game.players
    win = tuple(colours[q] for q in range(len(colours)) if s.alive(q))
    lose = tuple(c for c in colours if c not in win)
    living = sum(1 for p in s.pos if p >= 0)
    if not win:
        reason = "no pirate survived: nobody wins"
    elif len(win) == 1:
        reason = f"only {win[0]} pirates survived ({living})"
    else:
        reason = f"{living} pirates survived"
    return Outcome(win, lose, reason)


def start_round(s: PlankState) -> None:
    """Begin programming; the Captain's Token holder is always alive here."""
    s.stage, s.card_no, s.off, s.pending = PROGRAMMING, 0, 0, NO_CARD
    if s.log_enabled:
        put(s, s.game.texts.round_start(s.round, s.captain))
    s.turn, s.slot = s.captain, CARD_NUMBERS[0]


# ---- the reveal order -------------------------------------------------------------------------
def next_reveal(s: PlankState) -> tuple[int, int] | None:
    """(seat, card number) of the next face-down card to be revealed, if it is this round."""
    n = len(s.game.players)
    if s.stage == PROGRAMMING:
        return s.captain, CARD_NUMBERS[0]
    if s.stage != RESOLUTION:
        return None
    k, off = s.card_no, s.off
    while True:
        off += 1
        if off >= n:
            off, k = 0, k + 1
            if k > LAST_CARD:
                return None
        seat = (s.captain + off) % n
        if s.face_down(seat, k) >= 0:
            return seat, k

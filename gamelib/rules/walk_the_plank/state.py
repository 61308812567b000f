"""``PlankState``: one position of Walk the Plank, and the round's flow (programming, then
revealing the cards in turn order, then the end of the round)."""
from __future__ import annotations

import re
from typing import Any

from gamelib.core import Action, Distribution, Outcome, Rng, State, log

from . import hidden
from .codes import DISCARDED, HAND, OVER, PROGRAMMING, RESOLUTION, REVEALED, SET_ASIDE
from .cards import CardDef
from .effects import DEAD, alive, options, perform, place_name


_PROGRAM = re.compile(r"Program (.+) as card ([123])")
_GHOST = re.compile(r"Ghost plays (.+) on card ([123])")

NUMBER = {2: "two", 3: "three"}

SECTION = {
    "shove_left": "Shove Left + Shove Right", "shove_right": "Shove Left + Shove Right",
    "shove_anyone": "Shove Anyone", "extend": "Extend the Plank + Retract the Plank",
    "retract": "Extend the Plank + Retract the Plank", "drag": "Drag to Sea + Pull to Ship",
    "pull": "Drag to Sea + Pull to Ship", "run_around": "Run Around",
    "dont_want_to_die": "I Don't Wan'a Die!", "charge": "Charge!",
}


class PlankState(State):
    __slots__ = ("pos", "planks", "loc", "captain", "round", "stage", "turn", "slot",
                 "card_no", "off", "pending", "eliminated", "ghosts", "final", "result")

    # ---- small queries ------------------------------------------------------------------
    @property
    def colours(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def cards(self) -> tuple[CardDef, ...]:
        return self.game.cards

    def alive(self, seat: int) -> bool:
        return alive(self.pos, seat)

    def cards_at(self, seat: int, where: int) -> list[int]:
        """Indices of ``seat``'s cards at ``where`` (a ``loc`` code)."""
        nc = len(self.game.cards)
        b = seat * nc
        return [i for i in range(nc) if self.loc[b + i] == where]

    def face_down(self, seat: int, slot: int) -> int:
        nc = len(self.game.cards)
        b = seat * nc
        for i in range(nc):
            if self.loc[b + i] == slot:
                return i
        return -1

    def status(self, seat: int) -> str:
        if seat in self.ghosts:
            return "ghost"
        return "eliminated" if seat in self.eliminated else "alive"

    # ---- contract properties ------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        if self.stage == PROGRAMMING:
            return self.game.players[self.turn]
        if self.stage == RESOLUTION:
            return self.game.players[(self.captain + self.off) % len(self.game.players)]
        return None

    @property
    def phase(self) -> str:
        if self.stage == PROGRAMMING:
            return "programming"
        return f"revealing card {self.card_no}" if self.stage == RESOLUTION else "over"

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    # ---- legal actions --------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.stage == PROGRAMMING:
            seat = self.turn
            return self._ghost_choices(seat) if seat in self.ghosts else self._program_choices(seat)
        seat = (self.captain + self.off) % len(self.game.players)
        card = self.game.cards[self.pending]
        return [Action(label, "resolve", args) for label, args in self._options(seat, card)]

    def _program_choices(self, seat: int) -> list[Action]:
        game = self.game
        k = self.slot
        masks = game.slot_masks
        nc = len(masks)
        b = seat * nc
        loc = self.loc
        hand = [i for i in range(nc) if loc[b + i] == HAND]
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

    def _ghost_choices(self, seat: int) -> list[Action]:
        game = self.game
        return [a for i in self.cards_at(seat, HAND) if game.cards[i].is_shove for a in game.ghost_actions[i]]

    def _options(self, seat: int, card: CardDef) -> list[tuple[str, tuple]]:
        return options(self.pos, self.planks, self.game.players, seat, seat in self.ghosts,
                       card.effect, self.card_no)

    def _explain_illegal(self, label: str) -> str:
        """Why a programming label that names a real card is not legal now, in a sentence
        ("" when there is nothing more to say than the list of legal actions). It speaks only of
        public facts (set aside, discarded, the positions a card allows) and of the mover's
        own placed cards without their positions."""
        if not isinstance(label, str) or self.stage != PROGRAMMING or label in self.legal_labels():
            return ""
        m = _PROGRAM.fullmatch(label) or _GHOST.fullmatch(label)
        if m is None:
            return ""
        by_name = {c.name: c for c in self.game.cards}
        card = by_name.get(m.group(1))
        if card is None:
            return ""
        k = int(m.group(2))
        seat = self.turn
        me = self.game.players[seat]
        where = self.loc[seat * len(self.game.cards) + card.index]
        ghost = seat in self.ghosts
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
        if not ghost and k != self.slot:
            return f"cards are placed in order: {me} is placing card {self.slot} now"
        if not ghost and k < 3:
            later = " and ".join(str(j) for j in range(k + 1, 4))
            return (f"with {card.name} as card {k}, the cards left in {me}'s hand could not fill card {later} "
                    "(every card allows only some positions)")
        return ""

    # ---- carrying out actions ---------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        colours = self.game.players
        nc = len(self.game.cards)
        if action.kind in ("program", "ghost"):
            seat = self.turn
            idx, slot = action.args
            name = self.game.cards[idx].name
            self.loc[seat * nc + idx] = slot
            if action.kind == "ghost":
                # Ghost Pirate 3: the number is declared before the first reveal, once every
                # player has placed (see _declare_ghost_cards); until then only its player knows it.
                log(self, "Ghost Pirate", f"{colours[seat]} places one Shove card face down for the Ghost; "
                    "when it will be played is declared once everyone has placed")
                log(self, "Ghost Pirate", f"{colours[seat]}'s Ghost card is {name}, to be played as card {slot}",
                    visible_to=[colours[seat]])
                self._next_programmer()
            else:
                log(self, "How to Play", f"{colours[seat]} places card {slot} face down")
                log(self, "How to Play", f"{colours[seat]} programs {name} as card {slot}",
                    visible_to=[colours[seat]])
                if slot < 3:
                    self.slot = slot + 1
                else:
                    self._next_programmer()
            return
        seat = (self.captain + self.off) % len(colours)
        card = self.game.cards[self.pending]
        self.pending = -1
        self._resolve(seat, card, action.label, action.args, forced=False)
        self._advance()

    def _next_programmer(self) -> None:
        """Hand the programming to the next player in turn order, or start revealing."""
        n = len(self.game.players)
        off = (self.turn - self.captain) % n + 1
        while off < n:
            seat = (self.captain + off) % n
            if self._programs(seat):
                self.turn, self.slot = seat, 1
                return
            off += 1
        self._declare_ghost_cards()
        self.stage = RESOLUTION
        self.card_no, self.off, self.pending = 1, -1, -1
        self.turn, self.slot = self.captain, 0  # canonical, so scenarios rebuild the same key
        log(self, "How to Play", f"every card is face down; {self.game.players[self.captain]} "
            "(Captain's Token) reveals first")
        self._advance()

    def _declare_ghost_cards(self) -> None:
        """Everyone has placed: each Ghost's player says when its card will be played."""
        n = len(self.game.players)
        for off in range(n):
            seat = (self.captain + off) % n
            if seat in self.ghosts:
                for k in (1, 2, 3):
                    if self.face_down(seat, k) >= 0:
                        log(self, "Ghost Pirate", f"{self.game.players[seat]} declares that the Ghost's card "
                            f"will be played as card {k}")

    def _programs(self, seat: int) -> bool:
        """Whether ``seat`` places cards this round (a Ghost needs a Shove card in hand)."""
        if self.alive(seat):
            return True
        if seat in self.ghosts:
            cards = self.game.cards
            if any(cards[i].is_shove for i in self.cards_at(seat, HAND)):
                return True
            log(self, "Ghost Pirate", f"{self.game.players[seat]} has no Shove card in hand: no Ghost card this round")
        return False

    def _advance(self) -> None:
        """Reveal cards in turn order until one needs a choice, or the round ends."""
        n = len(self.game.players)
        nc = len(self.game.cards)
        colours = self.game.players
        while True:
            self.off += 1
            if self.off >= n:
                self.off = 0
                self.card_no += 1
                if self.card_no > 3:
                    self._end_round()
                    return
            seat = (self.captain + self.off) % n
            idx = self.face_down(seat, self.card_no)
            if idx < 0:
                continue
            card = self.game.cards[idx]
            self.loc[seat * nc + idx] = REVEALED + self.card_no
            who = f"{colours[seat]}'s Ghost" if seat in self.ghosts else colours[seat]
            log(self, SECTION[card.effect], f"{who} reveals card {self.card_no}: {card.name}")
            opts = self._options(seat, card)
            if not opts:
                log(self, SECTION[card.effect], f"{card.name} has no effect ({self._why_nothing(seat, card)})")
                self._after_card(seat)
            elif len(opts) == 1:
                self._resolve(seat, card, opts[0][0], opts[0][1], forced=True)
            else:
                self.pending = idx
                return

    def _why_nothing(self, seat: int, card: CardDef) -> str:
        e = card.effect
        if e == "charge" and self.card_no == 1:
            return "Charge! never works as the first card"
        if e == "extend":
            return "three plank pieces are already in play"
        if e == "retract":
            return "only one plank piece is left"
        if e in ("shove_left", "shove_right"):
            return "no piece holds both your pirate and one of that player's"
        if e == "dont_want_to_die":
            return "all your pirates are on the ship"
        if e == "pull":
            return "no other pirate shares a plank piece with yours"
        return "no other pirate shares a piece with yours"

    def _resolve(self, seat: int, card: CardDef, label: str, args: tuple, forced: bool) -> None:
        section = SECTION[card.effect]
        self.planks, dead = perform(self.pos, self.planks, args)
        log(self, section, label + (" (the only possible way)" if forced else ""))
        colours = self.game.players
        # pirates of a colour are interchangeable: the log counts them by colour
        for owner in dict.fromkeys(pid // 3 for pid in dead):
            k = sum(1 for pid in dead if pid // 3 == owner)
            who = f"a {colours[owner]} pirate" if k == 1 else f"{NUMBER[k]} {colours[owner]} pirates"
            if args[0] == "retract":
                how = "falls into the ocean" if k == 1 else "fall into the ocean"
            else:
                how = "is taken by the Kraken" if k == 1 else "are taken by the Kraken"
            log(self, section, f"{who} {how}")
        self._after_card(seat)

    def _after_card(self, seat: int) -> None:
        n = len(self.game.players)
        # Players emptied by the same card are eliminated in turn order from the card's player.
        for k in range(n):
            s = (seat + k) % n
            if s not in self.eliminated and not self.alive(s):
                self._eliminate(s)
        if not self.final:
            living = sum(1 for p in self.pos if p >= 0)
            colours_left = sum(1 for s in range(n) if self.alive(s))
            if living <= 2 or colours_left <= 1:
                self.final = True
                left = (f"only {living} pirate{'s' if living != 1 else ''} of "
                        f"{colours_left} colour{'s' if colours_left != 1 else ''} left")
                if not living:
                    left = "no pirate left"
                log(self, "How to Play", f"{left}: the remaining face-down cards are played, then the game ends")

    def _eliminate(self, seat: int) -> None:
        colours = self.game.players
        nc = len(self.game.cards)
        b = seat * nc
        self.eliminated.append(seat)
        for i in range(nc):
            if 1 <= self.loc[b + i] <= 3:
                self.loc[b + i] = HAND  # unplayed face-down cards go back, unseen
        log(self, "How to Play", f"{colours[seat]} has no living pirate left and is eliminated")
        if len(self.eliminated) <= self.game.ghost_players:
            self.ghosts.append(seat)
            self._discard_for_ghost(seat)
            log(self, "Ghost Pirate", f"{colours[seat]} now plays the Ghost Pirate, which stands on the ship; "
                "only Shove cards are kept")

    def _discard_for_ghost(self, seat: int) -> None:
        nc = len(self.game.cards)
        for i, c in enumerate(self.game.cards):
            j = seat * nc + i
            if not c.is_shove and self.loc[j] in (HAND, SET_ASIDE):
                self.loc[j] = DISCARDED

    def _end_round(self) -> None:
        cards = self.game.cards
        colours = self.game.players
        nc = len(cards)
        loc = self.loc
        for j, w in enumerate(loc):
            if w == SET_ASIDE:
                loc[j] = HAND  # set aside last round: back to the hand
        aside = []
        for j, w in enumerate(loc):
            if w > REVEALED:
                skull = cards[j % nc].skull
                loc[j] = SET_ASIDE if skull else HAND
                if skull:
                    aside.append(f"{colours[j // nc]}'s {cards[j % nc].name}")
        for g in self.ghosts:
            self._discard_for_ghost(g)
        if aside:
            log(self, "How to Play", "set aside face up for next round (Skull): " + ", ".join(aside))
        n = len(colours)
        for step in range(1, n + 1):
            s = (self.captain - step) % n
            if self.alive(s):
                self.captain = s
                break
        self.stage, self.card_no, self.off, self.pending = OVER, 0, 0, -1
        self.turn, self.slot = self.captain, 0
        if self.final:
            self.result = self._final_outcome()
            log(self, "How to Play", f"the final round is over: {self.result}")
        elif self.round >= self.game.max_rounds:
            self.result = self._draw_outcome()
            log(self, "How to Play", str(self.result))
        else:
            self.round += 1
            self._start_round()

    def _draw_outcome(self) -> Outcome:
        return Outcome((), (), f"round limit of {self.game.max_rounds} reached with no end condition "
                       "met (house rule): nobody wins")

    def _final_outcome(self) -> Outcome:
        colours = self.game.players
        win = tuple(colours[s] for s in range(len(colours)) if self.alive(s))
        lose = tuple(c for c in colours if c not in win)
        living = sum(1 for p in self.pos if p >= 0)
        if not win:
            reason = "no pirate survived: nobody wins"
        elif len(win) == 1:
            reason = f"only {win[0]} pirates survived ({living})"
        else:
            reason = f"{living} pirates survived"
        return Outcome(win, lose, reason)

    def _start_round(self) -> None:
        """Begin programming; the Captain's Token holder is always alive here."""
        self.stage, self.card_no, self.off, self.pending = PROGRAMMING, 0, 0, -1
        log(self, "How to Play", f"round {self.round}: {self.game.players[self.captain]} holds the Captain's Token")
        self.turn, self.slot = self.captain, 1

    # ---- engine plumbing --------------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        other.pos = list(self.pos)
        other.planks = self.planks
        other.loc = list(self.loc)
        other.captain = self.captain
        other.round = self.round
        other.stage = self.stage
        other.turn = self.turn
        other.slot = self.slot
        other.card_no = self.card_no
        other.off = self.off
        other.pending = self.pending
        other.eliminated = list(self.eliminated)
        other.ghosts = list(self.ghosts)
        other.final = self.final
        other.result = self.result

    def _key(self) -> tuple:
        return (tuple(self.pos), self.planks, tuple(self.loc), self.captain, self.round, self.stage,
                self.turn, self.slot, self.card_no, self.off, self.pending, tuple(self.eliminated),
                tuple(self.ghosts), self.final, self.result)

    def zones(self) -> dict[str, list[str]]:
        colours = self.game.players
        cards = self.game.cards
        nc = len(cards)
        out: dict[str, list[str]] = {}
        for j, w in enumerate(self.loc):
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
        for pid, p in enumerate(self.pos):
            zone = "dead" if p == DEAD else place_name(p)
            out.setdefault(zone, []).append(f"{colours[pid // 3]}-{pid % 3 + 1}")
        out.setdefault("the ship" if self.ghosts else "box", []).append("Ghost Pirate")
        out.setdefault(f"{colours[self.captain]}: Captain's Token", []).append("Captain's Token")
        for k in range(1, 4):
            out.setdefault("plank in play" if k <= self.planks else "plank retracted (sea side up)",
                           []).append(f"plank piece {k}")
        return out

    def _view(self, player: str | None) -> dict[str, Any]:
        return hidden.view(self, player)

    def odds(self) -> dict[str, Distribution]:
        return hidden.odds(self)

    def _next_outcomes(self) -> dict[str, object]:
        return hidden.next_outcomes(self)

    def _odds_viewer(self) -> str | None:
        return hidden.odds_viewer(self)

    def _redeal_hidden(self, player: str, rng: Rng) -> State:
        return hidden.redeal(self, player, rng)

    def to_scenario(self) -> dict[str, Any]:
        from .scenario import to_scenario

        return to_scenario(self)

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rounds": self.round, "pirates_left": sum(1 for p in self.pos if p >= 0)}
        for seat, c in enumerate(self.game.players):
            out[f"survivors:{c}"] = sum(1 for p in self.pos[3 * seat:3 * seat + 3] if p >= 0)
        out["ghosts"] = ",".join(self.game.players[g] for g in self.ghosts)
        return out

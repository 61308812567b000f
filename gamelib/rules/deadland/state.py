"""``DeadlandState``: one position of Deadland as plain lists and ints.

Seats are indices 0..n-1 into the game's players (turn order = seat order, clockwise). Piles are
lists of card ids with the top card LAST. Rules live in the sibling modules; this file holds the
fields, the engine hooks and small queries every rule module uses."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Action, Outcome, Rng, State

from . import tasks

if TYPE_CHECKING:  # pragma: no cover
    from .data import CardData

TOKENS = 25          # munitions, rations and resistance tokens in the box, each
MAX_RESISTANCE = 5
FIELDS = (
    "pos", "zombie", "dead", "resist", "mun", "rat", "objs", "fresh", "inf", "role", "shown",
    "edeck", "edisc", "turned", "box", "vdeck", "vdisc", "vradio", "held", "ev", "rdeck", "radio",
    "active", "turn", "stack", "cut", "shot_used", "pistol_used", "medic_used", "zorder",
    "traitor_known", "not_traitor", "known", "result",
)


class DeadlandState(State):
    __slots__ = FIELDS

    # per seat
    pos: list[int]
    zombie: list[bool]
    dead: list[bool]
    resist: list[int]
    mun: list[int]
    rat: list[int]
    objs: list[list[str]]
    inf: list[list[str]]
    role: list[str | None]
    shown: list[bool]
    shot_used: list[bool]
    pistol_used: list[bool]
    not_traitor: list[bool]
    # per board
    edeck: list[list[str]]
    edisc: list[list[str]]
    turned: list[bool]
    known: list[list[str]]   # cards publicly known to be in a shared (Road) deck, e.g. shuffled back
    # piles
    fresh: list[str]         # objects drawn this turn by their holder: not usable until their next turn
    box: list[str]
    vdeck: list[str]
    vdisc: list[str]
    vradio: list[str]        # Radio Contact cards set aside
    held: list[str]          # the Virus card drawn and about to be added (reactions pending)
    ev: list[str]            # Event card(s) being resolved (or offered to the Looter)
    rdeck: list[str]         # Role cards not drawn yet
    radio: int
    active: int
    turn: int
    stack: list[tuple]
    cut: bool                # the active player's turn has ended early (turned into a zombie...)
    medic_used: bool
    zorder: list[int]        # seats in the order they became zombies
    traitor_known: int       # seat publicly shown to hold the face-down Traitor (refused a gift), or -1
    result: Outcome | None

    # ---- small queries used by every module -----------------------------------------------------
    @property
    def data(self) -> "CardData":
        return self.game.data

    @property
    def n(self) -> int:
        return len(self.pos)

    def name(self, seat: int) -> str:
        return self.game.players[seat]

    def board_name(self, b: int) -> str:
        return self.game.data.boards[b].name

    def the(self, b: int) -> str:
        """The board's name as used in a sentence ("the Hospital", "Road 1")."""
        return self.game.data.boards[b].called

    def level(self, seat: int) -> int:
        return len(self.inf[seat])

    def living(self, seat: int) -> bool:
        """A survivor: not a zombie (zombies are never survivors again)."""
        return not self.zombie[seat]

    def order_from(self, start: int) -> list[int]:
        n = len(self.pos)
        return [(start + i) % n for i in range(n)]

    def here(self, b: int, start: int | None = None) -> list[int]:
        """Seats on board ``b`` (dead zombies are off the table), in turn order from ``start``."""
        order = self.order_from(self.active if start is None else start)
        return [q for q in order if self.pos[q] == b and not self.dead[q]]

    def survivors_here(self, b: int, start: int | None = None) -> list[int]:
        return [q for q in self.here(b, start) if not self.zombie[q]]

    def supply(self, kind: str) -> int:
        held = self.mun if kind == "munitions" else self.rat if kind == "rations" else self.resist
        return TOKENS - sum(held)

    def any_turned(self) -> bool:
        return any(self.turned)

    def object_of(self, seat: int, kind: str) -> str | None:
        """The id of ``seat``'s object of ``kind`` (no duplicates are ever held), or None."""
        events = self.game.data.events
        for cid in self.objs[seat]:
            if events[cid].object == kind:
                return cid
        return None

    def impeded(self, seat: int, kind: str) -> bool:
        inf = self.inf[seat]
        return bool(inf) and kind in self.game.data.virus[inf[-1]].impediments

    def usable(self, seat: int, kind: str) -> str | None:
        """The object of ``kind`` that ``seat`` may use now (held, not just drawn, not impeded)."""
        if self.zombie[seat] or self.dead[seat]:
            return None
        cid = self.object_of(seat, kind)
        if cid is None or cid in self.fresh or self.impeded(seat, kind):
            return None
        return cid

    def role_is(self, seat: int, role: str, shown: bool | None = None) -> bool:
        """``seat`` (a survivor) holds ``role``; ``shown`` True/False also asks for revealed/face down."""
        if self.role[seat] != role or self.zombie[seat]:
            return False
        return shown is None or self.shown[seat] == shown

    def may_hold(self, seat: int, role: str) -> bool:
        """Whether the TABLE cannot rule out that survivor ``seat`` holds ``role`` face down, from
        public facts only (who holds a card, which cards are face up, refused or accepted gifts).
        Role prompts are offered on this, never on the card itself, so their timing tells nothing."""
        if self.zombie[seat] or self.role[seat] is None or self.shown[seat]:
            return False
        if self.traitor_known == seat:  # publicly the Traitor since a refused gift
            return role == "traitor"
        if role == "traitor" and (self.traitor_known >= 0 or self.not_traitor[seat]):
            return False
        if role not in self.game.data.roles:
            return False
        for o in range(len(self.pos)):
            if self.shown[o] and self.role[o] == role:
                return False
        return True

    def limits(self, seat: int) -> tuple[int, int]:
        """(tokens, objects) a survivor may carry: 4 and 2 at levels 6-7, else 6 and 3."""
        return (4, 2) if self.level(seat) >= 6 else (6, 3)

    def target(self) -> int:
        return self.game.data.targets[len(self.pos)]

    # ---- engine hooks ----------------------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        if self.result is not None:
            return None
        return self.game.players[self.stack[-1][1]]

    @property
    def phase(self) -> str:
        if self.result is not None:
            return "over"
        return tasks.DECISIONS[self.stack[-1][0]][2]

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _legal_actions(self) -> list[Action]:
        top = self.stack[-1]
        return tasks.DECISIONS[top[0]][0](self, top)

    def _apply(self, action: Action) -> None:
        top = self.stack.pop()
        tasks.DECISIONS[top[0]][1](self, top, action)
        tasks.advance(self)

    def _copy_into(self, other: State) -> None:
        o: Any = other
        o.pos = self.pos[:]
        o.zombie = self.zombie[:]
        o.dead = self.dead[:]
        o.resist = self.resist[:]
        o.mun = self.mun[:]
        o.rat = self.rat[:]
        o.objs = [x[:] for x in self.objs]
        o.fresh = self.fresh[:]
        o.inf = [x[:] for x in self.inf]
        o.role = self.role[:]
        o.shown = self.shown[:]
        o.edeck = [x[:] for x in self.edeck]
        o.edisc = [x[:] for x in self.edisc]
        o.turned = self.turned[:]
        o.box = self.box[:]
        o.vdeck = self.vdeck[:]
        o.vdisc = self.vdisc[:]
        o.vradio = self.vradio[:]
        o.held = self.held[:]
        o.ev = self.ev[:]
        o.rdeck = self.rdeck[:]
        o.radio = self.radio
        o.active = self.active
        o.turn = self.turn
        o.stack = self.stack[:]
        o.cut = self.cut
        o.shot_used = self.shot_used[:]
        o.pistol_used = self.pistol_used[:]
        o.medic_used = self.medic_used
        o.zorder = self.zorder[:]
        o.traitor_known = self.traitor_known
        o.not_traitor = self.not_traitor[:]
        o.known = [x[:] for x in self.known]
        o.result = self.result

    def _key(self) -> tuple:
        t = tuple
        return (
            t(self.pos), t(self.zombie), t(self.dead), t(self.resist), t(self.mun), t(self.rat),
            t(map(t, self.objs)), t(self.fresh), t(map(t, self.inf)), t(self.role), t(self.shown),
            t(map(t, self.edeck)), t(map(t, self.edisc)), t(self.turned), t(self.box), t(self.vdeck),
            t(self.vdisc), t(self.vradio), t(self.held), t(self.ev), t(self.rdeck), self.radio,
            self.active, self.turn, t(self.stack), self.cut, t(self.shot_used), t(self.pistol_used),
            self.medic_used, t(self.zorder), self.traitor_known, t(self.not_traitor),
            t(map(t, self.known)), self.result,
        )

    def zones(self) -> dict[str, list[str]]:
        from .views import zones
        return zones(self)

    def _view(self, player: str | None) -> dict[str, Any]:
        from .views import view
        return view(self, player)

    def odds(self):
        from .odds import odds
        return odds(self)

    def _next_outcomes(self) -> dict[str, object]:
        from .odds import next_outcomes
        return next_outcomes(self)

    def to_scenario(self) -> dict[str, Any]:
        from .scenarios import to_scenario
        return to_scenario(self)

    def _redeal_hidden(self, player: str, rng: Rng) -> State:
        from .views import redeal_hidden
        return redeal_hidden(self, player, rng)

    def summary(self) -> dict[str, Any]:
        return {
            "radio_contacts": self.radio,
            "zombies": sum(self.zombie),
            "dead_zombies": sum(self.dead),
            "turns": self.turn,
            "boards_turned": sum(self.turned),
        }

"""``DeadlandState``: one position of Deadland, its fields declared once, and the small queries
every rule module asks.

Seats are indices 0..n-1 into the game's players (turn order = seat order, clockwise). Piles are
lists of card ids with the top card LAST. The rules live in the modules below this one (rules.py
and the modules it gathers); the engine hooks that need them (``_legal_actions``, ``_apply``,
``phase``, ``zones``, ``_view``, ``_redeal_hidden``, ``odds``, ``_next_outcomes``,
``to_scenario``) are bound in game.py, where every lower module is complete, so that this module
imports nothing from below it (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Outcome, State
from gamelib.core.fields import LIST, LISTS, VALUE, Fields

from .cards import BURDEN_LEVEL, BURDENED_LIMITS, LIMITS, NOBODY, TOKENS

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardData


class DeadlandState(State):
    fields = Fields(
        # per seat
        pos=LIST,            # board index
        zombie=LIST,
        dead=LIST,           # a zombie out of Resistance: off the table
        resist=LIST,         # Resistance tokens (zombies)
        mun=LIST,            # Munitions tokens
        rat=LIST,            # Rations tokens
        objs=LISTS,          # object cards held (Event card ids)
        fresh=LIST,          # objects drawn this turn by their holder: not usable until their next turn
        inf=LISTS,           # Infection deck, level 1 first
        role=LIST,           # Role card id, or None
        shown=LIST,          # the Role card is face up
        # per board
        edeck=LISTS,         # Event deck
        edisc=LISTS,         # Event discards
        turned=LIST,         # turned over (no Event cards left)
        # piles
        box=LIST,            # out of the game
        vdeck=LIST,          # Virus deck
        vdisc=LIST,          # Virus discards
        vradio=LIST,         # Radio Contact cards set aside
        held=LIST,           # the Virus card drawn and about to be added (reactions pending)
        ev=LIST,             # Event card(s) being resolved (or offered to the Looter)
        rdeck=LIST,          # Role cards not drawn yet
        # the turn
        radio=VALUE,         # Radio Contacts so far
        active=VALUE,        # the seat whose turn it is
        turn=VALUE,          # turn number, from 1
        stack=LIST,          # the pending work (tasks.py), the last entry next
        cut=VALUE,           # the active player's turn has ended early (turned into a zombie...)
        shot_used=LIST,      # per seat: fired a Shotgun this turn
        pistol_used=LIST,    # per seat: shot a zombie with the Pistol this turn
        medic_used=VALUE,    # the Medic's power was used this turn
        zorder=LIST,         # seats in the order they became zombies
        traitor_known=VALUE,  # seat publicly shown to hold the face-down Traitor (refused a gift), or NOBODY
        not_traitor=LIST,    # per seat: accepted a gift while holding a face-down card, so not the Traitor
        known=LISTS,         # per board: cards publicly known to be in its shared (Road) deck
        result=VALUE,        # the Outcome, once over
    )

    pos: list[int]
    zombie: list[bool]
    dead: list[bool]
    resist: list[int]
    mun: list[int]
    rat: list[int]
    objs: list[list[str]]
    fresh: list[str]
    inf: list[list[str]]
    role: list[str | None]
    shown: list[bool]
    edeck: list[list[str]]
    edisc: list[list[str]]
    turned: list[bool]
    box: list[str]
    vdeck: list[str]
    vdisc: list[str]
    vradio: list[str]
    held: list[str]
    ev: list[str]
    rdeck: list[str]
    radio: int
    active: int
    turn: int
    stack: list[tuple]
    cut: bool
    shot_used: list[bool]
    pistol_used: list[bool]
    medic_used: bool
    zorder: list[int]
    traitor_known: int
    not_traitor: list[bool]
    known: list[list[str]]
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
        if role == "traitor" and (self.traitor_known != NOBODY or self.not_traitor[seat]):
            return False
        if role not in self.game.data.roles:
            return False
        for o in range(len(self.pos)):
            if self.shown[o] and self.role[o] == role:
                return False
        return True

    def limits(self, seat: int) -> tuple[int, int]:
        """(tokens, objects) a survivor may carry: 4 and 2 at levels 6-7, else 6 and 3."""
        return BURDENED_LIMITS if self.level(seat) >= BURDEN_LEVEL else LIMITS

    def target(self) -> int:
        return self.game.data.targets[len(self.pos)]

    # ---- engine hooks that need nothing below this module ---------------------------------------
    @property
    def to_move(self) -> str | None:
        if self.result is not None:
            return None
        return self.game.players[self.stack[-1][1]]

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def summary(self) -> dict[str, Any]:
        return {
            "radio_contacts": self.radio,
            "zombies": sum(self.zombie),
            "dead_zombies": sum(self.dead),
            "turns": self.turn,
            "boards_turned": sum(self.turned),
        }


def blank(game: Any, seed: int, scenario: Any = None) -> DeadlandState:
    """A state of ``game`` with every field at its start-of-game value and all piles empty."""
    s = DeadlandState.__new__(DeadlandState)
    s._init_base(game, seed, scenario)
    n = game.options["players"]
    nb = len(game.data.boards)
    s.pos = [game.data.base] * n
    s.zombie = [False] * n
    s.dead = [False] * n
    s.resist = [0] * n
    s.mun = [0] * n
    s.rat = [0] * n
    s.objs = [[] for _ in range(n)]
    s.fresh = []
    s.inf = [[] for _ in range(n)]
    s.role = [None] * n
    s.shown = [False] * n
    s.edeck = [[] for _ in range(nb)]
    s.edisc = [[] for _ in range(nb)]
    s.turned = [False] * nb
    s.known = [[] for _ in range(nb)]
    s.box = []
    s.vdeck = []
    s.vdisc = []
    s.vradio = []
    s.held = []
    s.ev = []
    s.rdeck = []
    s.radio = 0
    s.active = 0
    s.turn = 1
    s.stack = []
    s.cut = False
    s.shot_used = [False] * n
    s.pistol_used = [False] * n
    s.medic_used = False
    s.zorder = []
    s.traitor_known = NOBODY
    s.not_traitor = [False] * n
    s.result = None
    return s

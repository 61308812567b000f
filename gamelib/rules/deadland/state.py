"""``DeadlandState``: one position of Deadland, its fields declared once, and the small queries
every rule module asks.

Seats are indices 0..n-1 into the game's players (turn order = seat order, clockwise). Piles
hold card ids with the top card LAST. Every field but three is immutable (tuples, tuples of
tuples, ints), so a clone or an undo snapshot shares them and copies three lists: the rules
replace such a field instead of changing it (``s.mun = put(s.mun, q, 2)``). The three lists are
the pending work (``stack``), the Virus deck and its discards, which change at almost every
action (there a list's pop and append beat rebuilding a tuple).
``blank`` gives a state with lists to fill in (a new game, a scenario) and ``freeze`` turns
them into the tuples the rules use.

The rules live in the modules below this one (rules.py and the modules it gathers); the engine
hooks that need them (``_legal_actions``, ``_apply``, ``phase``, ``zones``, ``_view``,
``_redeal_hidden``, ``odds``, ``_next_outcomes``, ``to_scenario``) are bound in game.py, where
every lower module is complete, so that this module imports nothing from below it
(docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core import Outcome, State
from gamelib.core.fields import CACHE, LIST, VALUE, Fields

from .cards import BURDEN_LEVEL, BURDENED_LIMITS, LIMITS, MAX_PLAYERS, NOBODY, PLAYER_NAMES, TOKENS

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardData

#: ORDERS[n][start]: the seats of an n-player game in turn order from ``start``
ORDERS = [tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(MAX_PLAYERS + 1)]


def put(t: tuple, i: int, v: Any) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1:]


def without(t: tuple, x: Any) -> tuple:
    """``t`` without its first ``x`` (which is there)."""
    i = t.index(x)
    return t[:i] + t[i + 1:]


class DeadlandState(State):
    # The declaration order is the order of _key() (kept from the hand-written key, so keys of
    # positions saved before are unchanged).
    fields = Fields(
        # per seat
        pos=VALUE,           # board index
        zombie=VALUE,
        dead=VALUE,          # a zombie out of Resistance: off the table
        resist=VALUE,        # Resistance tokens (zombies)
        mun=VALUE,           # Munitions tokens
        rat=VALUE,           # Rations tokens
        objs=VALUE,          # object cards held (Event card ids), per seat
        fresh=VALUE,         # objects drawn this turn by their holder: not usable until their next turn
        inf=VALUE,           # Infection deck, level 1 first, per seat
        role=VALUE,          # Role card id, or None
        shown=VALUE,         # the Role card is face up
        # per board
        edeck=VALUE,         # Event deck, per board
        edisc=VALUE,         # Event discards, per board
        turned=VALUE,        # turned over (no Event cards left)
        # piles
        box=VALUE,           # out of the game
        vdeck=LIST,          # Virus deck (a list: drawn from at almost every action)
        vdisc=LIST,          # Virus discards (a list, for the same reason)
        vradio=VALUE,        # Radio Contact cards set aside
        held=VALUE,          # the Virus card drawn and about to be added (reactions pending)
        ev=VALUE,            # Event card(s) being resolved (or offered to the Looter)
        rdeck=VALUE,         # Role cards not drawn yet
        # the turn
        radio=VALUE,         # Radio Contacts so far
        active=VALUE,        # the seat whose turn it is
        turn=VALUE,          # turn number, from 1
        stack=LIST,          # the pending work (tasks.py), the last entry next: the one list
        cut=VALUE,           # the active player's turn has ended early (turned into a zombie...)
        shot_used=VALUE,     # per seat: fired a Shotgun this turn
        pistol_used=VALUE,   # per seat: shot a zombie with the Pistol this turn
        medic_used=VALUE,    # the Medic's power was used this turn
        zorder=VALUE,        # seats in the order they became zombies
        traitor_known=VALUE,  # seat publicly shown to hold the face-down Traitor (refused a gift), or NOBODY
        not_traitor=VALUE,   # per seat: accepted a gift while holding a face-down card, so not the Traitor
        known=VALUE,         # per board: cards publicly known to be in its shared (Road) deck
        result=VALUE,        # the Outcome, once over
        # Not part of the position (never compared, not in scenarios): the latest Infection Trial as
        # the table saw it, (seat, mode, cards needed, ((Virus card, what became of it), ...),
        # source), for the view; source is the attack's Event card, the zombie or the board.
        # Like the log, it is history: equal positions may have been reached through other trials.
        trial=CACHE,
        data=CACHE,          # the game's CardData (a field, not a property: read everywhere)
    )

    pos: tuple[int, ...]
    zombie: tuple[bool, ...]
    dead: tuple[bool, ...]
    resist: tuple[int, ...]
    mun: tuple[int, ...]
    rat: tuple[int, ...]
    objs: tuple[tuple[str, ...], ...]
    fresh: tuple[str, ...]
    inf: tuple[tuple[str, ...], ...]
    role: tuple[str | None, ...]
    shown: tuple[bool, ...]
    edeck: tuple[tuple[str, ...], ...]
    edisc: tuple[tuple[str, ...], ...]
    turned: tuple[bool, ...]
    box: tuple[str, ...]
    vdeck: list[str]
    vdisc: list[str]
    vradio: tuple[str, ...]
    held: tuple[str, ...]
    ev: tuple[str, ...]
    rdeck: tuple[str, ...]
    radio: int
    active: int
    turn: int
    stack: list[tuple]
    cut: bool
    shot_used: tuple[bool, ...]
    pistol_used: tuple[bool, ...]
    medic_used: bool
    zorder: tuple[int, ...]
    traitor_known: int
    not_traitor: tuple[bool, ...]
    known: tuple[tuple[str, ...], ...]
    result: Outcome | None
    trial: tuple | None
    data: "CardData"

    # ---- small queries used by every module -----------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.pos)

    def name(self, seat: int) -> str:
        return PLAYER_NAMES[seat]

    def board_name(self, b: int) -> str:
        return self.data.boards[b].name

    def the(self, b: int) -> str:
        """The board's name as used in a sentence ("the Hospital", "Road 1")."""
        return self.data.boards[b].called

    def level(self, seat: int) -> int:
        return len(self.inf[seat])

    def living(self, seat: int) -> bool:
        """A survivor: not a zombie (zombies are never survivors again)."""
        return not self.zombie[seat]

    def order_from(self, start: int) -> list[int]:
        return list(ORDERS[len(self.pos)][start])

    def here(self, b: int, start: int | None = None) -> list[int]:
        """Seats on board ``b`` (dead zombies are off the table), in turn order from ``start``."""
        pos, dead = self.pos, self.dead
        return [q for q in ORDERS[len(pos)][self.active if start is None else start] if pos[q] == b and not dead[q]]

    def count_here(self, b: int) -> int:
        """``len(self.here(b))``, without the list."""
        pos, dead = self.pos, self.dead
        n = pos.count(b)
        if n and True in dead:
            n = sum(1 for q in range(len(pos)) if pos[q] == b and not dead[q])
        return n

    def survivors_here(self, b: int, start: int | None = None) -> list[int]:
        pos, zombie = self.pos, self.zombie  # (a dead seat is a zombie)
        k = pos.count(b)
        if k < 2:  # (often: nobody else there; one seat has no order to keep)
            if k == 0:
                return []
            q = pos.index(b)
            return [] if zombie[q] else [q]
        return [q for q in ORDERS[len(pos)][self.active if start is None else start] if pos[q] == b and not zombie[q]]

    def supply(self, kind: str) -> int:
        held = self.mun if kind == "munitions" else self.rat if kind == "rations" else self.resist
        return TOKENS - sum(held)

    def any_turned(self) -> bool:
        return any(self.turned)

    def object_of(self, seat: int, kind: str) -> str | None:
        """The id of ``seat``'s object of ``kind`` (no duplicates are ever held), or None."""
        events = self.data.events
        for cid in self.objs[seat]:
            if events[cid].object == kind:
                return cid
        return None

    def impeded(self, seat: int, kind: str) -> bool:
        inf = self.inf[seat]
        return bool(inf) and kind in self.data.virus[inf[-1]].impediments

    def usable(self, seat: int, kind: str) -> str | None:
        """The object of ``kind`` that ``seat`` may use now (held, not just drawn, not impeded)."""
        if self.zombie[seat] or self.dead[seat]:
            return None
        events = self.data.events
        for cid in self.objs[seat]:  # (object_of, written out: the Using phase asks this often)
            if events[cid].object == kind:
                break
        else:
            return None
        if cid in self.fresh or self.impeded(seat, kind):
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
        if self.role[seat] is None or self.zombie[seat] or self.shown[seat]:
            return False
        if self.traitor_known == seat:  # publicly the Traitor since a refused gift
            return role == "traitor"
        if role == "traitor" and (self.traitor_known != NOBODY or self.not_traitor[seat]):
            return False
        if role not in self.data.roles:
            return False
        for o in range(len(self.pos)):
            if self.shown[o] and self.role[o] == role:
                return False
        return True

    def limits(self, seat: int) -> tuple[int, int]:
        """(tokens, objects) a survivor may carry: 4 and 2 at levels 6-7, else 6 and 3."""
        return BURDENED_LIMITS if len(self.inf[seat]) >= BURDEN_LEVEL else LIMITS

    def target(self) -> int:
        return self.data.targets[len(self.pos)]

    # ---- engine hooks that need nothing below this module ---------------------------------------
    @property
    def to_move(self) -> str | None:
        if self.result is not None:
            return None
        return PLAYER_NAMES[self.stack[-1][1]]

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
    """A state of ``game`` with every field at its start-of-game value and all piles empty, as
    lists to fill in; ``freeze`` it before the rules run."""
    s = DeadlandState.__new__(DeadlandState)
    s._init_base(game, seed, scenario)
    n = game.options["players"]
    nb = len(game.data.boards)
    s.data = game.data
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
    s.trial = None
    return s


_SCALARS = {int, bool, str, type(None)}
_VALUES = tuple(name for name, kind in DeadlandState.fields.items() if kind is VALUE)


def freeze(s: DeadlandState) -> None:
    """Every VALUE field given as a list as a tuple (lists inside as tuples): the form the rules use."""
    for name in _VALUES:
        v = getattr(s, name)
        if isinstance(v, list):
            kinds = set(map(type, v))
            if kinds <= _SCALARS:
                setattr(s, name, tuple(v))
            elif kinds == {list}:
                setattr(s, name, tuple(map(tuple, v)))
            else:
                setattr(s, name, tuple(tuple(x) if isinstance(x, list) else x for x in v))

"""The small queries every rule module of Deadland asks of a position (``DeadlandQueries``,
mixed into the State class), and the helpers for its immutable fields.

Seats are indices 0..n-1 into the game's players (turn order = seat order, clockwise). Piles
hold card ids with the top card LAST. Every field but three is immutable (tuples, tuples of
tuples, ints), so a clone or an undo snapshot shares them and copies three lists: the rules
replace such a field instead of changing it (``s.mun = put(s.mun, q, 2)``). The three lists are
the pending work (``stack``), the Virus deck and its discards, which change at almost every
action (there a list's pop and append beat rebuilding a tuple).
``Game.blank`` gives a state with lists to fill in (a new game, a scenario: the fields' start
values) and ``freeze`` turns them into the tuples the rules use.

The State class itself, its fields declared once and its engine hooks named in its body, is
``game.DeadlandState``: its hooks live in the modules below this one (rules.py and the modules it
gathers), which import this one (docs/engine.md, "Module layout of a game package")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamelib.core.fields import VALUE

from .cards import BURDEN_LEVEL, BURDENED_LIMITS, LIMITS, MAX_PLAYERS, NOBODY, PLAYER_NAMES, TOKENS

if TYPE_CHECKING:  # pragma: no cover
    from .game import DeadlandState

#: ORDERS[n][start]: the seats of an n-player game in turn order from ``start``
ORDERS = [tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(MAX_PLAYERS + 1)]


def put(t: tuple, i: int, v: Any) -> tuple:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1:]


def without(t: tuple, x: Any) -> tuple:
    """``t`` without its first ``x`` (which is there)."""
    i = t.index(x)
    return t[:i] + t[i + 1:]


class DeadlandQueries:
    """The queries every rule module asks of a position (mixed into the State class,
    ``game.DeadlandState``, which declares the fields and names the hooks)."""

    __slots__ = ()

    # ---- small queries used by every module -----------------------------------------------------
    @property
    def n(self: "DeadlandState") -> int:
        return len(self.pos)

    def name(self: "DeadlandState", seat: int) -> str:
        return PLAYER_NAMES[seat]

    def board_name(self: "DeadlandState", b: int) -> str:
        return self.data.boards[b].name

    def the(self: "DeadlandState", b: int) -> str:
        """The board's name as used in a sentence ("the Hospital", "Road 1")."""
        return self.data.boards[b].called

    def level(self: "DeadlandState", seat: int) -> int:
        return len(self.inf[seat])

    def living(self: "DeadlandState", seat: int) -> bool:
        """A survivor: not a zombie (zombies are never survivors again)."""
        return not self.zombie[seat]

    def order_from(self: "DeadlandState", start: int) -> list[int]:
        return list(ORDERS[len(self.pos)][start])

    def here(self: "DeadlandState", b: int, start: int | None = None) -> list[int]:
        """Seats on board ``b`` (dead zombies are off the table), in turn order from ``start``."""
        pos, dead = self.pos, self.dead
        return [q for q in ORDERS[len(pos)][self.active if start is None else start] if pos[q] == b and not dead[q]]

    def count_here(self: "DeadlandState", b: int) -> int:
        """``len(self.here(b))``, without the list."""
        pos, dead = self.pos, self.dead
        n = pos.count(b)
        if n and True in dead:
            n = sum(1 for q in range(len(pos)) if pos[q] == b and not dead[q])
        return n

    def survivors_here(self: "DeadlandState", b: int, start: int | None = None) -> list[int]:
        pos, zombie = self.pos, self.zombie  # (a dead seat is a zombie)
        k = pos.count(b)
        if k < 2:  # (often: nobody else there; one seat has no order to keep)
            if k == 0:
                return []
            q = pos.index(b)
            return [] if zombie[q] else [q]
        return [q for q in ORDERS[len(pos)][self.active if start is None else start] if pos[q] == b and not zombie[q]]

    def supply(self: "DeadlandState", kind: str) -> int:
        held = self.mun if kind == "munitions" else self.rat if kind == "rations" else self.resist
        return TOKENS - sum(held)

    def any_turned(self: "DeadlandState") -> bool:
        return any(self.turned)

    def object_of(self: "DeadlandState", seat: int, kind: str) -> str | None:
        """The id of ``seat``'s object of ``kind`` (no duplicates are ever held), or None."""
        events = self.data.events
        for cid in self.objs[seat]:
            if events[cid].object == kind:
                return cid
        return None

    def impeded(self: "DeadlandState", seat: int, kind: str) -> bool:
        inf = self.inf[seat]
        return bool(inf) and kind in self.data.virus[inf[-1]].impediments

    def usable(self: "DeadlandState", seat: int, kind: str) -> str | None:
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

    def role_is(self: "DeadlandState", seat: int, role: str, shown: bool | None = None) -> bool:
        """``seat`` (a survivor) holds ``role``; ``shown`` True/False also asks for revealed/face down."""
        if self.role[seat] != role or self.zombie[seat]:
            return False
        return shown is None or self.shown[seat] == shown

    def may_hold(self: "DeadlandState", seat: int, role: str) -> bool:
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

    def limits(self: "DeadlandState", seat: int) -> tuple[int, int]:
        """(tokens, objects) a survivor may carry: 4 and 2 at levels 6-7, else 6 and 3."""
        return BURDENED_LIMITS if len(self.inf[seat]) >= BURDEN_LEVEL else LIMITS

    def target(self: "DeadlandState") -> int:
        return self.data.targets[len(self.pos)]


_SCALARS = {int, bool, str, type(None)}


def freeze(s: "DeadlandState") -> None:
    """Every VALUE field given as a list as a tuple (lists inside as tuples): the form the rules use."""
    for name in [name for name, kind in type(s).fields.items() if kind is VALUE]:
        v = getattr(s, name)
        if isinstance(v, list):
            kinds = set(map(type, v))
            if kinds <= _SCALARS:
                setattr(s, name, tuple(v))
            elif kinds == {list}:
                setattr(s, name, tuple(map(tuple, v)))
            else:
                setattr(s, name, tuple(tuple(x) if isinstance(x, list) else x for x in v))

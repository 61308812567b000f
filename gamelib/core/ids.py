"""Stable action ids: each game declares its *action universe*, a fixed enumeration of every
decision it can ever offer, as keys ``(kind, *arguments)`` with arguments by card *name* (or seat,
pile, number), never by a physical card id. A key's position in the universe is its id, the same
for every state of a game with the same options and card set; labels stay the readable form and
the record format.

A game provides two hooks: ``Game._action_keys()`` (the universe, in a documented order) and
``State._action_key(action)`` (the key of one of its legal Actions). ``ActionSpace`` indexes the
universe once per Game; ``legal_action_ids`` / ``action_of_id`` map a state's legal Actions both
ways. Two legal Actions never share a key (a test plays many games to show it)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    from .action import Action
    from .state import State


class ActionSpace:
    """The universe of one Game: ``keys[i]`` is the action with id ``i``."""

    __slots__ = ("keys", "index")

    def __init__(self, keys: Iterable[tuple]):
        self.keys: tuple[tuple, ...] = tuple(keys)
        self.index: dict[tuple, int] = {}
        for i, k in enumerate(self.keys):
            if k in self.index:
                raise ValueError(f"action universe lists {k!r} twice")
            self.index[k] = i

    def __len__(self) -> int:
        return len(self.keys)

    def describe(self, i: int) -> str:
        """A short readable form of id ``i`` (``memorise(CAVE)``) for tables and logs."""
        kind, *args = self.keys[i]
        return f"{kind}({', '.join(map(str, args))})"


_declares: dict[type, bool] = {}


def has_universe(game: Any) -> bool:
    """Whether the game declares an action universe (every shipped game does; a game registered
    at run time may not, and then takes no ids). Known once per Game class."""
    cls = type(game)
    got = _declares.get(cls)
    if got is None:
        # the base class's hook is marked (gamelib.core.game), so this module need not import it
        got = _declares[cls] = not getattr(cls._action_keys, "_no_universe", False)
    return got


def action_space(game: Any) -> ActionSpace:
    """The Game's universe, built once and kept on the Game (Games are never changed)."""
    space = game.__dict__.get("_action_space")
    if space is None:
        space = game._action_space = ActionSpace(game._action_keys())
    return space


class _Memo:
    """A Game's caches: its universe's index, the last position's table, tables by legal list,
    and (for the kinds whose keys depend on the Action's kind and arguments alone,
    ``Game.action_keys_static``) the id of each (kind, arguments) met so far. A table is found
    again only for the very list it was built from (``is``): lists are never changed in place,
    so a table answers for its list wherever it is met (clones, undo) and a new position, with
    its new list, gets a table of its own. ``shared`` keeps longer the tables of lists whose
    every key is static (a game's shared lists: Walk the Plank's programming choices)."""

    __slots__ = ("last", "tables", "shared", "ids", "index", "static", "static_kinds")

    def __init__(self, game: Any) -> None:
        self.last: tuple | None = None
        self.tables: dict[int, tuple] = {}
        self.shared: dict[int, tuple] = {}  # tables of lists whose every key is static (kept longer)
        self.ids: dict[tuple, int] = {}
        self.index: dict[tuple, int] = action_space(game).index
        static = game.action_keys_static
        # True: every kind's keys are static; a set of kinds: only those kinds' keys are
        self.static: bool = static is True
        self.static_kinds: frozenset = frozenset(static) if isinstance(static, (set, frozenset, tuple)) else frozenset()


def _memo(game: Any) -> _Memo:
    memo = game.__dict__.get("_id_memo")
    if memo is None:
        memo = game._id_memo = _Memo(game)
    return memo


def _table(state: "State") -> dict[int, "Action"]:
    return _entry(state)[1]


def _entry(state: "State") -> tuple:
    """(legal list, id -> legal Action, the ids in increasing order) of this position. Kept per
    legal list (lists are never changed in place, and clones share them); an entry holds the
    list itself, so its ``id`` stays its own."""
    legal = state._legal
    if legal is None:
        legal = state.legal_list()
    memo = state.game.__dict__.get("_id_memo") or _memo(state.game)
    last = memo.last
    if last is not None and last[0] is legal:  # the usual case: ids asked, then one applied
        return last
    tables = memo.tables
    k = id(legal)
    got = tables.get(k)
    if got is None and memo.shared:
        got = memo.shared.get(k)
    if got is not None and got[0] is legal:
        memo.last = got
        return got
    got = _build(state, legal, memo)
    if len(tables) > 64:  # only recent positions are asked about again
        tables.clear()
    memo.last = tables[k] = got
    return got


def _build(state: "State", legal: list, memo: _Memo) -> tuple:
    """(legal list, id -> Action in the legal list's order, the ids in increasing order)."""
    table: dict[int, Action] = {}
    if memo.static:
        ids = memo.ids
        try:  # (static keys: the same kind and arguments, the same id; all met before, usually)
            if len(legal) == 1:  # (one choice, as at most of Deadland's decisions: written out)
                a = legal[0]
                i = ids[(a.kind, a.args)]
                return (legal, {i: a}, [i])
            for a in legal:
                table[ids[(a.kind, a.args)]] = a
        except KeyError:
            table = {}
            for a in legal:
                table[_static_id(state, a, memo)] = a
    else:
        index = memo.index
        kinds = memo.static_kinds
        ids = memo.ids
        key = state._action_key
        static = True
        for a in legal:
            if a.kind in kinds:
                i = ids.get((a.kind, a.args))
                table[_static_id(state, a, memo) if i is None else i] = a
            else:
                static = False
                i = index.get(key(a))
                table[_id(state, a, index) if i is None else i] = a  # (_id raises: names the key)
        if static and kinds and legal:
            # every key static: the entry holds for this list wherever it is met again (games
            # share such lists between positions: Walk the Plank's programming choices)
            if len(table) != len(legal):
                _shared_in(state, legal, memo)
            got = (legal, table, sorted(table))
            if len(memo.shared) > 20_000:  # a bound all the same
                memo.shared.clear()
            memo.shared[id(legal)] = got
            return got
    if len(table) != len(legal):
        _shared_in(state, legal, memo)
    return (legal, table, sorted(table))


def _static_id(state: "State", a: "Action", memo: _Memo) -> int:
    ka = (a.kind, a.args)
    ids = memo.ids
    i = ids.get(ka)
    if i is None:
        i = _id(state, a, memo.index)
        if len(ids) > 100_000:  # a bound all the same (a universe is far smaller)
            ids.clear()
        ids[ka] = i
    return i


def _shared_in(state: "State", legal: list, memo: _Memo) -> None:
    """Raise: two legal Actions have one key (a game's bug; found again the slow way, to name them)."""
    first: dict[int, Action] = {}
    for a in legal:
        i = _id(state, a, memo.index)
        if i in first:
            _shared(state, first[i], a, i)
        first[i] = a


def _id(state: "State", a: "Action", index: dict) -> int:
    key = state._action_key(a)
    i = index.get(key)
    if i is None:
        raise KeyError(f"{state.game.name}: the legal action {a.label!r} has key {key!r}, "
                       "which is not in the game's action universe")
    return i


def _shared(state: "State", first: "Action", a: "Action", i: int) -> None:
    raise KeyError(f"{state.game.name}: legal actions {first.label!r} and {a.label!r} share the key "
                   f"{space_key(state.game, i)!r}")


def space_key(game: Any, i: int) -> tuple:
    return action_space(game).keys[i]


def legal_action_ids(state: "State") -> list[int]:
    """The ids of the legal actions, in increasing order (a copy: the caller may change it)."""
    return _entry(state)[2][:]


def ids_in_legal_order(state: "State") -> list[int]:
    """The id of each Action of ``state.legal_list()``, in that list's order (for search trees
    that key their edges by id: ``gamelib.strategy.ismcts``). The position's table is built in
    the legal list's order, so its keys are the ids in that order."""
    return list(_entry(state)[1])


def action_of_id(state: "State", i: int) -> "Action":
    """The legal Action with id ``i``, or ``IllegalAction`` (naming the id and the legal labels)."""
    memo = state.game.__dict__.get("_id_memo")  # (made only for a game with a universe)
    if memo is None and not has_universe(state.game):
        return state.find_action(i)  # (raises: this game takes no ids)
    last = memo.last if memo is not None else None
    # the usual case, written out: the ids were just asked at this very position (same list)
    if last is not None and last[0] is state._legal:
        a = last[1].get(i)
    else:
        a = _entry(state)[1].get(i)
    if a is None:
        space = action_space(state.game)
        what = f"action id {i}" + (f" ({space.describe(i)})" if 0 <= i < len(space) else
                                   f" (ids run from 0 to {len(space) - 1})")
        raise IllegalAction(what, state.to_move, state.phase, state.legal_labels(), "not legal now",
                            over=state.is_over)
    return a


def id_of_action(state: "State", action: "Action") -> int:
    """The id of one of this state's legal Actions."""
    for i, a in _table(state).items():
        if a is action or a == action:
            return i
    raise IllegalAction(action, state.to_move, state.phase, state.legal_labels(), "", over=state.is_over)


def product_keys(kind: str, *domains: Sequence[Any]) -> list[tuple]:
    """``(kind, a, b, ...)`` for every combination of the domains, in order (a helper for
    declaring universes)."""
    out: list[tuple] = [(kind,)]
    for d in domains:
        out = [k + (x,) for k in out for x in d]
    return out

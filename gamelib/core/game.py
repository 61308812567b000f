"""``Game``: parameters and metadata of one game (like OpenSpiel's Game). It makes States."""
from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import GamelibError, OptionError
from .inputs import show, type_name

#: an option given as text is at most this many characters (choices and names are a few words),
#: checked before the text is compared, normalised or looked up
MAX_OPTION_TEXT = 200


def _same_kind(value: Any, choice: Any) -> bool:
    """Whether ``value`` may stand for ``choice``: an int choice takes only whole numbers
    (``3.0`` and ``True`` are not 3, though Python says they are equal), a str choice only
    strings, anything else only its own type."""
    if isinstance(choice, bool) or isinstance(value, bool):
        return type(value) is type(choice)
    if isinstance(choice, int):
        return isinstance(value, numbers.Integral)
    if isinstance(choice, str):
        return isinstance(value, str)
    return type(value) is type(choice)


@dataclass(frozen=True)
class Option:
    """One option a game accepts. ``choices`` restricts values (with strict types: ``3.0`` is
    not the choice ``3``); ``check`` may normalise a value or raise ``ValueError`` with a
    sentence saying what is allowed."""

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def check_length(self, game: str, value: Any, limit: int = MAX_OPTION_TEXT) -> None:
        """Refuse text longer than ``limit`` before any work on it (an option subclass that
        normalises text calls this first)."""
        if isinstance(value, (str, bytes)) and len(value) > limit:
            raise OptionError(f"{game}: option {self.name}={show(value)} is not allowed: it is {len(value):,} "
                              f"characters long, and an option's text has at most {limit:,}")

    def validate(self, game: str, value: Any) -> Any:
        self.check_length(game, value)
        if self.choices is not None:
            value = self._choose(game, value)
        if self.check is not None:
            try:
                return self.check(value)
            except GamelibError:
                raise
            except (ValueError, TypeError, ArithmeticError) as exc:
                raise OptionError(f"{game}: option {self.name}={show(value)} is not allowed: {exc}") from None
        return value

    def _choose(self, game: str, value: Any) -> Any:
        """The choice ``value`` names (the choice itself, so ``numpy.int64(3)`` becomes 3)."""
        assert self.choices is not None
        for choice in self.choices:
            if _same_kind(value, choice) and value == choice:
                return choice
        allowed = ", ".join(repr(c) for c in self.choices)
        hint = ""
        for choice in self.choices:
            if not _same_kind(value, choice):
                try:
                    equal = bool(value == choice)
                except Exception:  # e.g. an array: no single truth value
                    equal = False
                if equal:
                    hint = f" ({show(value)} is {type_name(value)}; write {choice!r})"
                    break
        raise OptionError(f"{game}: option {self.name}={show(value)} is not allowed; choose one of {allowed}{hint}")


class Game:
    """Subclasses set the class attributes and implement ``new_state`` and ``from_scenario``."""

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    option_specs: ClassVar[Sequence[Option]] = ()
    #: "module:function" turning a state into HTML; resolved lazily so rules never import rendering.
    renderer: ClassVar[str | None] = None
    #: name -> "module:Class" of game-specific agents offered next to "random" (e.g. a heuristic player).
    agent_classes: ClassVar[dict[str, str]] = {}
    #: the game's State class (``fields``, queries and hooks in its body); ``blank`` builds its positions
    state_class: ClassVar[type]
    #: "perfect" when every seat sees the whole position, "imperfect" when a seat cannot see some
    #: of it (a hand, a face-down pile, another seat's programme): agents then sample worlds
    information: ClassVar[str] = "imperfect"
    #: whether chance (a shuffle, a draw) decides part of the game
    has_chance: ClassVar[bool] = True
    #: the module of an exact solver for some of the game's positions (hints ask it), or None
    solver: ClassVar[str | None] = None

    def __init__(self, **options: Any):
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            allowed = ", ".join(specs) or "none"
            raise OptionError(f"{self.name}: unknown option {show(unknown[0])}; the options are: {allowed}")
        self.options: dict[str, Any] = {}
        for name, spec in specs.items():
            value = options[name] if name in options else spec.default
            self.options[name] = spec.validate(self.name, value) if name in options else value
        self._setup()

    def _setup(self) -> None:
        """Hook: load card data etc. once per Game (States share it, never copy it)."""

    @property
    def players(self) -> tuple[str, ...]:
        return ("you",)

    # ---- numbers for game-AI libraries (docs/ecosystems.md) --------------------------------
    #: the least and greatest value ``state.returns()`` gives a seat (win 1, loss -1)
    utility_bounds: ClassVar[tuple[float, float]] = (-1.0, 1.0)
    #: one-seat games: the view's fields that only the player sees (their hand), the rest being
    #: on the table (``observation_tensor(part="public"/"private")``)
    private_view_keys: ClassVar[tuple[str, ...]] = ()

    def action_space(self):  # -> gamelib.core.ids.ActionSpace
        """Every decision the game can offer, as a fixed enumeration: ``keys[i]`` is action id ``i``."""
        from .ids import action_space

        return action_space(self)

    #: whether an Action's key depends on its kind and arguments alone (not on the position):
    #: ids are then remembered per (kind, arguments). True for every kind, or a frozenset of the
    #: kinds for which it holds (the others' keys are worked out at each position)
    action_keys_static: ClassVar[bool | frozenset[str]] = False

    def _action_keys(self) -> list[tuple]:
        """Hook: the action universe as ``(kind, *arguments)`` keys (``gamelib.core.ids``)."""
        raise NotImplementedError

    _action_keys._no_universe = True  # (a game that does not override it takes no ids)

    def max_game_length(self) -> int:
        """Hook: no game with these options takes more decisions than this."""
        raise NotImplementedError

    def blank(self, seed: int = 0, scenario: Mapping[str, Any] | None = None):  # -> State
        """A position of this game with every field at its declared start value, nothing dealt
        yet (``State.blank`` of ``state_class``): the one way positions are built."""
        return self.state_class.blank(self, seed, scenario)

    def new_state(self, seed: int = 0):  # -> State
        raise NotImplementedError

    def from_scenario(self, scenario: Mapping[str, Any], seed: int = 0):  # -> State
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"gamelib.load({self.name!r}{', ' if opts else ''}{opts})"


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    players: str
    options: tuple[Option, ...]

    def __str__(self) -> str:
        lines = [f"{self.name}: {self.title} ({self.players})"]
        for o in self.options:
            extra = f" one of {', '.join(map(repr, o.choices))}" if o.choices else ""
            lines.append(f"  {o.name} = {o.default!r}{extra}: {o.doc}")
        return "\n".join(lines)

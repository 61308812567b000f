"""``Game``: parameters and metadata of one game (like OpenSpiel's Game). It makes States."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One option a game accepts. ``choices`` restricts values; ``check`` may normalise
    a value or raise ``ValueError`` with a sentence saying what is allowed."""

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def validate(self, game: str, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"{game}: option {self.name}={value!r} is not allowed; choose one of {allowed}")
        if self.check is not None:
            try:
                return self.check(value)
            except OptionError:
                raise
            except (ValueError, TypeError) as exc:
                raise OptionError(f"{game}: option {self.name}={value!r} is not allowed: {exc}") from None
        return value


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

    def __init__(self, **options: Any):
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            allowed = ", ".join(specs) or "none"
            raise OptionError(f"{self.name}: unknown option {unknown[0]!r}; the options are: {allowed}")
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

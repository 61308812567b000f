"""The State classes' metaclass: what a State class's declarations give it.

``fields = Fields(...)`` in a class body gives ``__slots__``, ``_copy_into``, ``_key``, ``_start``,
``_snapshot`` / ``_restore_snapshot`` and the annotations (``gamelib.core.fields``); a ``resample_hidden`` written in a class body (the
game's re-deal) is wrapped with what every game's shares (the seat's check, a fresh generator
for the world, no history)."""
from __future__ import annotations

from typing import Any

from .errors import UnknownPlayer
from .fields import Fields, compile_fields
from .rng import Rng


class StateType(type):
    """Builds ``__slots__``, ``_copy_into`` and ``_key`` from a ``fields = Fields(...)``
    declaration in a State subclass's body, so a game lists its fields exactly once."""

    def __new__(mcls, name, bases, ns, **kw):
        decl = ns.get("fields")
        if isinstance(decl, Fields):
            for written in ("__slots__", "_copy_into", "_key", "_snapshot", "_restore_snapshot"):
                if written in ns:
                    raise TypeError(
                        f"{name} declares its fields with `fields = Fields(...)` and also writes {written} "
                        "by hand; the declaration generates it (a hand-written one could leave a field out)"
                    )
            inherited = [b.fields for b in bases if isinstance(getattr(b, "fields", None), Fields)]
            whole = Fields.merge(*inherited, decl) if inherited else decl
            ns["__slots__"] = decl.names
            ns["fields"] = whole
            generated = compile_fields(whole, name)
            generated["__annotations__"] = {**generated["__annotations__"], **ns.get("__annotations__", {})}
            ns.update(generated)
        hook = ns.get("resample_hidden")
        if hook is not None and not getattr(hook, "_world", False):
            ns["resample_hidden"] = _world_maker(hook)
        return super().__new__(mcls, name, bases, ns, **kw)


def _world_maker(redeal):
    """A game's ``resample_hidden`` (the re-deal itself) as the public method: the seat is
    checked first; the world gets a random generator drawn from ``rng`` after the re-deal, and
    no history (its undo goes nowhere: it is a world to play out, not the game)."""

    def resample_hidden(self: Any, seat: str, rng: Rng) -> Any:
        if seat not in self.game.players:
            raise UnknownPlayer(seat, self.game.players)
        world = redeal(self, seat, rng)
        world.rng = Rng(rng.next64())
        world._frames = None
        return world

    resample_hidden.__doc__ = redeal.__doc__
    resample_hidden.__wrapped__ = redeal
    resample_hidden._world = True
    return resample_hidden

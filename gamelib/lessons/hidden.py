"""The lessons' one door to the engine's re-deal of hidden information: every lesson that asks
"what could the cards I cannot see be?" calls ``resample`` (issue 24 renames the engine's hook;
this is the only line that would follow)."""
from __future__ import annotations

from typing import Any

from gamelib.core.rng import Rng


def resample(state: Any, seat: str, rng: Rng) -> Any:
    """A copy of ``state`` in which everything ``seat`` cannot see is re-dealt, with the chances
    the engine's odds assume, and whose future draws come from ``rng`` too."""
    return state.resample_hidden(seat, rng)

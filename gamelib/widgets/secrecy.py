"""Which decisions of a record a seat has not seen (issue 22, point 1), for any game, from the
engine contract only.

A save record lists every decision by its label ("Program Shove Right as card 2"). Another
seat's decision is *hidden* from ``seat`` when ``seat`` cannot tell it from another option that
was open: some other legal action at that moment leaves ``seat``'s view (``view(seat,
log=False)``) exactly as the decision taken did. A Walk the Plank pirate's programmed card is
hidden (every card placed face down looks the same); a Deadland move along a road is not (the
survivor is seen on the road). The log lines ``seat`` may read count as seen: "red reveals the
Traitor card and takes from green: nothing" names green, though the table looks the same.

The player view's save panel shows the record only when no decision in it is hidden from the
seat on screen; otherwise it says so and the record is the teacher's, in the table view
(docs/rulings.md, "A seat's save record"). The work is incremental: a longer line of the same
game only examines its new decisions."""
from __future__ import annotations

from typing import Any


class HiddenDecisions:
    """``count(state, seat)``: how many decisions of ``state``'s history ``seat`` has not seen."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._labels: list[str] = []
        self._flags: list[bool] = []
        self._replay: Any = None  # the game replayed up to len(self._flags) decisions

    def count(self, state: Any, seat: str) -> int:
        labels = [a.label for a in state.history]
        key = (state.game.name, repr(sorted(state.game.options.items(), key=str)), state.seed, seat,
               repr(getattr(state, "scenario", None)))
        done = len(self._flags)
        if key != self._key or self._labels[:done] != labels[:done] or done > len(labels):
            self._key, self._labels, self._flags = key, [], []
            self._replay = state.at_ply(0)
        replay = self._replay
        for k in range(len(self._flags), len(labels)):
            self._flags.append(replay.to_move != seat and _hidden(replay, labels[k], seat))
            replay.apply(labels[k])
        self._labels = labels
        return sum(self._flags)


def _hidden(state: Any, label: str, seat: str) -> bool:
    """True when some other legal action at ``state`` leaves what ``seat`` sees (its view and its
    new log lines) as ``label`` does."""
    seen = _seen_after(state, label, seat)
    return any(_seen_after(state, other, seat) == seen for other in state.legal_labels() if other != label)


def _seen_after(state: Any, label: str, seat: str) -> tuple:
    after = state.clone()
    after.apply(label)
    new = after.log[len(state.log):]
    return (after.view(seat, log=False),
            [str(e) for e in new if e.visible_to is None or seat in e.visible_to])


__all__ = ["HiddenDecisions"]

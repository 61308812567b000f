"""The Walking Deck's action universe (stable action ids, ``gamelib.core.ids``).

Keys, in this order (ids are positions in it); Events by their label (the card name, with the
pile when a name repeats), Reserves by name:

1. ``("unstack",)``, then ``("draw", pile)`` and ``("replace", pile)`` for the Rural and Urban piles;
2. for each of memorise, avoid, bury_stuck, bury_hand, damage, heal: ``(kind, event)`` for every
   Event in card-file order;
3. ``("keep",)`` (keep the whole hand: the only keep offered at a time), ``("stop_heal",)``,
   ``("apply_calamity",)`` (consume no Reserve), ``("redraw",)`` (the power that draws again);
4. ``("ignore", reserve)`` and ``("restore_power", reserve)`` for each Reserve;
5. ``("reserve_heal", reserve, event)`` for each Reserve and Event.
"""
from __future__ import annotations

from gamelib.core import Action

from .cards import PILES, RESERVES

CARD_KINDS = ("memorise", "avoid", "bury_stuck", "bury_hand", "damage", "heal")
PLAIN = ("keep", "stop_heal", "apply_calamity", "redraw")


def action_keys(game) -> list[tuple]:
    labels = [e.label for e in game.cards.events.values()]
    keys: list[tuple] = [("unstack",)]
    keys += [(k, p) for p in PILES for k in ("draw", "replace")]
    keys += [(k, lab) for k in CARD_KINDS for lab in labels]
    keys += [(k,) for k in PLAIN]
    keys += [(k, r) for k in ("ignore", "restore_power") for r in RESERVES]
    keys += [("reserve_heal", r, lab) for r in RESERVES for lab in labels]
    return keys


def action_key(s, action: Action) -> tuple:
    kind, args = action.kind, action.args
    if kind in CARD_KINDS:
        return (kind, s.game.cards.events[args[0]].label)
    if kind in ("ignore", "restore_power"):
        return (kind, RESERVES[args[0]])
    if kind == "reserve_heal":
        return (kind, RESERVES[args[0]], s.game.cards.events[args[1]].label)
    return (kind, *args)

#: declared bound on the decisions of one game (OpenSpiel's max_game_length); see measure_lengths
#: in tests/adapters: the longest of 2,000 random games is far below it
MAX_GAME_LENGTH = 600


def chance_labels(game) -> list[str]:
    """Every outcome a chance node can have (explicit chance): the Events' names (a pile's next
    Event), then what a Calamity token shows."""
    names = list(dict.fromkeys(e.name for e in game.cards.events.values()))
    shows = list(dict.fromkeys(t.text for t in game.cards.tokens.values()))
    return names + [t for t in shows if t not in names]

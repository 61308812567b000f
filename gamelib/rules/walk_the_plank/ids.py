"""Walk the Plank's action universe (stable action ids, ``gamelib.core.ids``).

Keys, in this order (ids are positions in it); cards by name, pirates by colour and place
(pirates of a colour are interchangeable), places 0 (the ship) to 3 (plank 3):

1. ``("program", card, k)`` for every card in card-file order and each position k it allows;
2. ``("ghost", card, k)``: the Ghost Pirate's card and position, in the same order;
3. ``("extend",)``, ``("retract",)``;
4. ``("move", (colour, place, steps))``: one pirate moves (steps -2, -1 toward the ship, 1 toward
   the Kraken), for every colour at the table, place and steps;
5. ``("move", (colour, place, t), (colour2, place, t))``: two pirates on one place (Drag, Pull;
   t = 1 or -1);
6. ``("move", (colour, place, 1), (colour2, place + 1, 1))``: a Charge that shoves.
"""
from __future__ import annotations

from gamelib.core import Action

from .cards import MAX_PLANKS, PIRATES

PLACES = range(MAX_PLANKS + 1)
#: the kinds whose keys depend on the Action's kind and arguments alone (``Game.action_keys_static``):
#: a move's key names the pirates' places, which change, so "resolve" is not among them
STATIC_KINDS = frozenset({"program", "ghost"})


def action_keys(game) -> list[tuple]:
    colours = game.players
    keys: list[tuple] = []
    for kind in ("program", "ghost"):
        keys += [(kind, c.name, k) for c in game.cards for k in c.slots]
    keys += [("extend",), ("retract",)]
    keys += [("move", (a, p, t)) for a in colours for p in PLACES for t in (-2, -1, 1)]
    keys += [("move", (a, p, t), (b, p, t)) for t in (1, -1) for p in PLACES for a in colours for b in colours]
    keys += [("move", (a, p, 1), (b, p + 1, 1)) for p in PLACES[:-1] for a in colours for b in colours]
    return keys


def action_key(s, action: Action) -> tuple:
    kind, args = action.kind, action.args
    if kind in ("program", "ghost"):
        return (kind, s.game.cards[args[0]].name, args[1])
    # "resolve": ("extend",), ("retract",) or ("move", ((pirate, steps), ...))
    if args[0] != "move":
        return (args[0],)
    colours, pos = s.game.players, s.pos
    moves = args[1]
    if len(moves) == 1:  # (written out: no generator for the usual one pirate)
        pid, steps = moves[0]
        return ("move", (colours[pid // PIRATES], pos[pid], steps))
    return ("move", *((colours[p // PIRATES], pos[p], t) for p, t in moves))


def chance_labels(game) -> list[str]:
    """Every outcome of a chance node (explicit chance): the colour that takes the Captain's Token."""
    return list(game.players)

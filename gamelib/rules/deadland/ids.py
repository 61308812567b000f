"""Deadland's action universe (stable action ids, ``gamelib.core.ids``).

Keys, in this order (ids are positions in it); seats by colour, boards by name, object cards by
their object (``pistol``, ``shotgun``, ...), the Looter's cards by label:

1. no arguments: ``end`` (the exchange phase), ``medic``, ``scavenger``, ``ration`` (eat before
   the trial), ``pass`` (the usual "no"/"go on" of a decision), ``use`` (spend a Munitions);
2. ``("pass", 0)``, ``("pass", 1)``: a Survivor's trial with the full number or one fewer;
3. ``("reveal", role)`` for every role power; ``("use", weapon)`` for every object;
   ``("use", "shotgun", seat)``;
4. ``("move", board)``, ``("stay", board)``;
5. ``("give", what, seat)`` for ``munitions``, ``rations`` and every object;
   ``("token", munitions|rations)``; ``("object", obj)``, ``("drop", obj)``, ``("stolen", obj)``;
6. ``("keep", label)`` for every Event card label (the Looter keeps one of five);
7. ``("draw", k)`` for k = 1..4 (a daily trial has at most 4 cards);
8. ``("wound", weapon, k)`` for every object and k = 1, 2;
9. ``("infect", seat)``, ``("traitor", seat)``.
"""
from __future__ import annotations

from gamelib.core import Action

from .cards import OBJECT_NAMES, PLAYER_NAMES, ROLE_POWERS, daily_size
from .common import KNOWN, VIRUS_ORDER, role_label

PLAIN = ("end", "medic", "scavenger", "ration", "pass", "use")
TOKENS = ("munitions", "rations")
OBJECTS = tuple(OBJECT_NAMES)
#: the most cards a daily trial asks for (level 6 and 7)
MOST_DAILY = max(daily_size(lv) for lv in range(8))
#: declared bound on one game's decisions (OpenSpiel's max_game_length); the longest of 2,000
#: random games of each size stays far below it (tests/adapters)
MAX_GAME_LENGTH = 3000


def action_keys(game) -> list[tuple]:
    seats = PLAYER_NAMES[:len(game.players)]
    data = game.data
    boards = [b.name for b in data.boards]
    labels = sorted({e.label for e in data.events.values()})
    keys: list[tuple] = [(k,) for k in PLAIN]
    keys += [("pass", 0), ("pass", 1)]
    keys += [("reveal", r) for r in ROLE_POWERS]
    keys += [("use", w) for w in OBJECTS]
    keys += [("use", "shotgun", q) for q in seats]
    keys += [(k, b) for k in ("move", "stay") for b in boards]
    keys += [("give", w, q) for w in TOKENS + OBJECTS for q in seats]
    keys += [("token", t) for t in TOKENS]
    keys += [(k, o) for k in ("object", "drop", "stolen") for o in OBJECTS]
    keys += [("keep", lab) for lab in labels]
    keys += [("draw", k) for k in range(1, MOST_DAILY + 1)]
    keys += [("wound", w, k) for w in OBJECTS for k in (1, 2)]
    keys += [(k, q) for k in ("infect", "traitor") for q in seats]
    return keys


def action_key(s, action: Action) -> tuple:
    kind, args = action.kind, action.args
    events = s.data.events
    if kind in ("move", "stay"):
        return (kind, s.data.boards[args[0]].name)
    if kind in ("infect", "traitor"):
        return (kind, PLAYER_NAMES[args[0]])
    if kind == "give":
        what = args[0] if args[0] in TOKENS else events[args[0]].object
        return (kind, what, PLAYER_NAMES[args[1]])
    if kind in ("object", "drop", "stolen"):
        return (kind, events[args[0]].object)
    if kind == "keep":
        return (kind, events[args[0]].label)
    if kind == "use" and len(args) == 2:
        return (kind, args[0], PLAYER_NAMES[args[1]])
    return (kind, *args)


def chance_labels(game) -> list[str]:
    """Every outcome of a chance node (explicit chance): the Virus cards' labels, then the Event
    cards' labels, unseen and (for a card the table knows is in a Road's deck) known, then the
    Role cards' names."""
    labels = sorted({e.label for e in game.data.events.values()})
    out = list(VIRUS_ORDER) + labels + [lab + KNOWN for lab in labels]
    # then the Role cards (added after the others, so the ids above stay as they were); a name
    # that is already an outcome above keeps its one id (chance nodes are told apart by title)
    return out + [lab for lab in (role_label(game.data, r) for r in game.data.roles) if lab not in out]

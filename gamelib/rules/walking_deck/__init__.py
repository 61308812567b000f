"""The Walking Deck (solo): the Journey fills the Memory blind, the Interrogation unstacks it
first-in first-out, and a bag of Calamity tokens decides who gets hurt.

    game = gamelib.load("walking-deck", protagonist="Boris")   # or cards="my_cards.toml"
    state = game.new_state(seed=1)

Modules, in import order (each imports only those above it; docs/engine.md, "Module layout of
a game package"): ``cards`` (the card file and its checks, named constants), ``state`` (the
State's fields, declared once, and small queries), ``effects`` and ``rules`` (banner effects;
decisions and the flow of play), ``views`` (views, zones, re-deals), ``odds`` (exact odds of the
next draws), ``scenario`` (positions as dicts), ``game`` (the Game, which binds the State's
hooks), ``agents`` (a heuristic player). Rulings are in ``docs/rulings.md``.

View schema (``state.view(player)``; plain JSON data). Besides the engine's keys (game, player,
to_move, phase, is_over, outcome, legal_actions, log):

* ``protagonist``: {name, stars, burial_limit, power (text), power_left (uses left, a list of
  Reserves still usable for "reserve heal", or None for a power without uses)}
* ``step``: "draw" | "play" | "unstack" (None when the game is over)
* ``piles``: {"Rural": {count, cards?}, "Urban": {count, cards?}}; ``cards`` (top first) only in
  ``view(None)``: the order of a pile is hidden from the player
* ``hand``, ``avoided``, ``removed``: lists of Event dicts
* ``memory``: {count, cards?}: face down for the player, who may not look at it; ``cards``
  (first to be unstacked first) only in ``view(None)``
* ``buried``: {count, limit, cards?}; ``cards`` (first buried first) only in ``view(None)``
* ``being_unstacked``: the Event dict whose grey banner is being applied (Interrogation), or None
* ``characters``: [{id, name, label, weaknesses, damage, toughness, can_take, orientation, banners}]
  in front of you, in the order they were placed
* ``reserves``: {"Food"|"Medical"|"Restorative": "available"|"consumed"}; ``reserve_weaknesses``
  maps each Reserve to the weakness it protects
* ``calamity_bag``: [token dicts]; ``respite_aside``: [ids]; ``drawn_calamity``: token dict or None
* ``resolving``: {event, banner, text, next_effect} while a banner is being applied, else None
* ``pending``: a sentence describing the open sub-decision, or None

An Event dict is {id, name, label (unique among the 36), pile, kind, banners: {white, black,
grey: text or None}, immediate (text or None), weaknesses [list], toughness (Characters) or None,
source}. A token dict is {id, weaknesses [list], respite (bool), text}.
"""
from .game import WalkingDeck

__all__ = ["WalkingDeck"]

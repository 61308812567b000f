"""Exact probability for The Walking Deck, as ``Fraction``s: what a Calamity draw does to the
Characters in front, what the Memory's order decides, and how many Events an Interrogation
buries. Each function takes plain numbers (weaknesses, a bag, a list of Events) or a live
``state`` (its bag, Characters, Memory and Buried); card names, labels and ids are all accepted.

The bag is a multiset of what tokens show: ``{"malnutrition": 2, "injuries + stress": 2, ...}``
or a list with one entry per token; a Respite shows "no weakness". Without a bag, the shipped
one: the twelve Calamity tokens, two of each single weakness and of each pair. The tokens go
back after each draw, so successive draws are independent and equally likely.

Modifiers follow the rulebook: ``add`` weaknesses join the drawn token (a Respite included),
``ignore`` weaknesses leave it, and each Reserve in ``reserves`` is consumed against its
weakness (Food: malnutrition, Medical: injuries, Restorative: stress).

The Events, tokens and banners are the game's card set: a state's, or ``cards=game.cards`` for
an edited set (the shipped one otherwise). The modules: ``bags`` (weaknesses, bags, Events),
``draws`` (one Calamity draw and several), ``memory`` (the Memory's order), ``interrogation``
(a whole Interrogation), ``simulation`` (vectorised checks).

No widgets and no plotting here; numpy only for the vectorised simulations that check the
exact answers (a million draws in a fraction of a second)."""
from __future__ import annotations

from .bags import (ALL, BagSpec, Weak, find_event, make_bag, reserve_mask, standard_bag, state_bag, weakness_mask,
                   weakness_text)
from .draws import (burial_draw_distribution, chance_anyone_hurt, chance_nobody_hurt, draw_distribution,
                    expected_draws_to_bury, expected_hurt, hit_chance, hits_in_draws, hurt_distribution)
from .interrogation import SUPPORTED, InterrogationOdds, interrogation, interrogation_scenario
from .memory import (chance_before_all, chance_character_first, chance_in_front_at_first_calamity, count_orders,
                     draws_calamity, first_calamity, orders, placed)
from .simulation import count_hurt, simulate_draws, simulate_hurt

__all__ = [
    "InterrogationOdds", "burial_draw_distribution", "chance_anyone_hurt", "chance_before_all",
    "chance_character_first", "chance_in_front_at_first_calamity", "chance_nobody_hurt", "count_hurt", "count_orders",
    "draw_distribution", "draws_calamity", "expected_draws_to_bury", "expected_hurt", "find_event",
    "first_calamity", "hit_chance", "hits_in_draws", "hurt_distribution", "interrogation",
    "interrogation_scenario", "make_bag", "orders", "placed", "reserve_mask", "simulate_draws",
    "simulate_hurt", "standard_bag", "state_bag", "weakness_mask", "weakness_text",
]

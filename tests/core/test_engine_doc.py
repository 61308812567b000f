"""docs/engine.md shows a whole game in one file; this test takes that code block from the page
and runs it through the engine contract, so the page cannot drift from the engine. It also
holds the three games (and the toy game) to the same shape: the State class names every hook
in its own body and the Game names its State."""
from __future__ import annotations

import inspect
import re
import sys
import types
from pathlib import Path

import pytest

import gamelib
from gamelib.core import Rng, ScenarioError, UnknownPlayer
from gamelib.testing import check_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
#: the hooks every game's State class names in its body (methods or ``name = module.function``)
HOOKS = ("_legal_actions", "_apply", "to_move", "phase", "outcome", "zones", "_view", "odds",
         "_next_outcomes", "resample_hidden", "to_scenario")


def doc_source() -> str:
    """The code block of docs/engine.md that starts with ``# ten.py``."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return next(b for b in blocks if b.startswith("# ten.py"))


def doc_game() -> types.ModuleType:
    """The game on the page, run as a module."""
    source = doc_source()
    module = types.ModuleType("engine_doc_ten")
    sys.modules[module.__name__] = module  # (dataclasses and records look classes up by module)
    try:
        exec(compile(source, str(DOC), "exec"), module.__dict__)
    finally:
        sys.modules.pop(module.__name__, None)
    return module


@pytest.fixture
def ten():
    module = doc_game()
    gamelib.register("ten", module.Ten)
    try:
        yield module
    finally:
        gamelib.core.registry.unregister("ten")


def test_the_game_on_the_page_passes_the_engine_contract(ten):
    # every state checked in depth, the odds tested against re-deals at every other state
    assert check_game(ten.Ten(), n_games=40, seed=3, deep_games=40, odds_every=2, odds_samples=150) > 100


def test_the_game_on_the_page_builds_positions_from_its_declaration(ten):
    game = ten.Ten()
    s = game.new_state(seed=5)
    assert s.hand == [] and s.stopped is False and sorted(s.deck) == sorted(ten.CARDS)
    again = game.from_scenario(s.to_scenario(), seed=5)
    assert again._key() == s._key() and ten.TenState.fields.scenario_names == {
        "deck": "deck", "hand": "hand", "stopped": "stopped"}
    record = s.to_record()
    assert gamelib.load_record(record).to_record() == record
    world = s.resample_hidden("you", Rng(1))
    assert world.ply == 0 and sorted(world.deck) == sorted(s.deck) and world.view("you") == s.view("you")
    with pytest.raises(UnknownPlayer):
        s.resample_hidden("nobody", Rng(1))
    with pytest.raises(ScenarioError, match="'deck'.*'joker' is not one of: ace"):
        game.from_scenario({"deck": ["joker"]})
    with pytest.raises(ScenarioError, match="'colour': is not a known field; known fields: deck, hand, stopped"):
        game.from_scenario({"deck": list(ten.CARDS), "colour": "red"})


def _games():
    from tests.toygame import Twenty

    out = []
    for game_class in [gamelib.core.registry.game_class(n) for n in ("walking-deck", "walk-the-plank", "deadland")]:
        out.append((game_class, inspect.getsource(sys.modules[game_class.__module__])))
    out.append((Twenty, inspect.getsource(sys.modules[Twenty.__module__])))
    ten = doc_game().Ten
    out.append((ten, doc_source()))
    return out


@pytest.mark.parametrize("game_class, module", _games(), ids=lambda g: getattr(g, "__name__", ""))
def test_each_state_class_names_its_hooks_in_its_own_body(game_class, module):
    name = game_class.state_class.__name__
    body = re.search(rf"^class {name}\b.*?(?=^\S)", module, re.M | re.S).group(0)
    for hook in HOOKS:
        assert re.search(rf"^    (def {hook}\(|{hook} = )", body, re.M), (name, hook)
    assert game_class.information in ("perfect", "imperfect") and isinstance(game_class.has_chance, bool)
    # a game's module adds nothing to its State class from outside the class body
    assert not re.search(rf"^{name}\.\w+ = ", module, re.M)


def test_start_values_are_fresh_for_each_position():
    """A field's start value is copied at its kind's depth (a list start is never shared) or made
    by its function of the Game; the class's annotations come from the declaration."""
    from tests.toygame import Twenty, TwentyState

    game = Twenty()
    a, b = game.blank(1), game.blank(2)
    a.deck.append("c1")
    a.hands["north"].append("c2")
    a.stopped.add("north")
    assert (b.deck, b.hands, b.stopped, b.turn) == ([], {"north": [], "south": []}, set(), 0)
    assert TwentyState.__annotations__["deck"] is list and TwentyState.fields.scenario_names["turn"] == "turn"
    dl = gamelib.load("deadland", players=3)
    assert dl.blank(0).pos == [dl.data.base] * 3  # a start made by a function of the Game

"""``fastplay.play_randomly`` (the hint's playouts) plays the very game random players play
through the engine, and ``effects.options(named=False)`` lists the same options."""
from __future__ import annotations

from importlib.util import find_spec

import pytest

from gamelib import load
from gamelib.core import Rng, derive_seed
from gamelib.rules.walk_the_plank.cards import RESOLUTION
from gamelib.rules.walk_the_plank.effects import options
from gamelib.rules.walk_the_plank import fastplay
from gamelib.rules.walk_the_plank.fastplay import play_randomly

FIELDS = ("pos", "planks", "loc", "captain", "round", "stage", "turn", "slot", "eliminated", "ghosts",
          "final", "result")


def _engine_finish(w, rngs):
    """What ``RandomAgent`` players do through the engine (``playouts.playout``'s loop)."""
    while not w.is_over:
        legal = w.legal_list()
        n = len(legal)
        w.apply_fast(legal[0] if n == 1 else legal[rngs[w.players.index(w.to_move)].randbelow(n)])


def _starts(players: int, games: int):
    """Positions of random games at every stage: programming, a pending choice, a Ghost's turn."""
    g = load("walk-the-plank", players=players)
    for i in range(games):
        s = g.new_state(seed=derive_seed(players, i))
        r = Rng(derive_seed(99, players, i))
        for _ in range(r.randbelow(120)):
            if s.is_over:
                break
            legal = s.legal_list()
            s.apply_fast(legal[r.randbelow(len(legal))])
        if not s.is_over:
            yield i, s


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_play_randomly_is_the_engines_random_game(players, compiled):
    seen = {"programming": 0, "resolution": 0, "ghost": 0}
    for i, s in _starts(players, 40):
        s.log_enabled = False
        a, b = s.clone(), s.clone()
        rngs_a = [Rng(derive_seed(i, 11 + k)) for k in range(players)]
        rngs_b = [Rng(derive_seed(i, 11 + k)) for k in range(players)]
        seen["resolution" if s.stage == RESOLUTION else "programming"] += 1
        seen["ghost"] += bool(s.ghosts)
        _engine_finish(a, rngs_a)
        play_randomly(b, rngs_b, compiled=compiled)
        for f in FIELDS:
            assert getattr(b, f) == getattr(a, f), (players, i, f)
        assert [r.state for r in rngs_b] == [r.state for r in rngs_a]  # the same draws, no more
    assert min(seen.values()) >= 3, seen  # every kind of start was met


def test_the_compiled_playouts_are_built_wherever_the_compiled_search_is():
    # (one compiler builds both: a missing _fastplay where _wds exists is a build that went wrong)
    assert (fastplay._fastplay is None) == (find_spec("gamelib.strategy._wds") is None)


def test_play_randomly_wants_a_world_without_log():
    s = load("walk-the-plank").new_state(seed=1)
    with pytest.raises(ValueError, match="log_enabled"):
        play_randomly(s, [Rng(k) for k in range(4)])


def test_unnamed_options_are_the_named_ones_without_labels():
    effects = ("shove_left", "shove_right", "shove_anyone", "extend", "retract", "drag", "pull", "run_around",
               "dont_want_to_die", "charge")
    colours = ("red", "blue", "green", "yellow", "purple")
    r = Rng(5)
    checked = 0
    for _ in range(1500):
        n = 3 + r.randbelow(3)
        planks = 1 + r.randbelow(3)
        pos = [r.randbelow(planks + 2) - 1 for _ in range(3 * n)]  # DEAD, SHIP or a plank in play
        seat = r.randbelow(n)
        ghost = r.randbelow(4) == 0
        effect = effects[r.randbelow(len(effects))]
        if ghost and not effect.startswith("shove"):
            continue
        if not ghost and all(p < 0 for p in pos[3 * seat:3 * seat + 3]):
            continue
        k = 1 + r.randbelow(3)
        named = options(pos, planks, colours[:n], seat, ghost, effect, k)
        bare = options(pos, planks, colours[:n], seat, ghost, effect, k, named=False)
        assert [a for _, a in bare] == [a for _, a in named] and all(label == "" for label, _ in bare)
        checked += bool(named)
    assert checked > 500


def test_a_position_the_compiled_loop_leaves_is_played_in_python_and_it_is_asked_once(monkeypatch):
    asked = []

    class Declines:  # (what _fastplay.finish answers for a card set it does not take)
        @staticmethod
        def finish(*args):
            asked.append(args)
            return None

    monkeypatch.setattr(fastplay, "_fastplay", Declines)
    for i, s in _starts(4, 6):
        s.log_enabled = False
        a, b = s.clone(), s.clone()
        rngs_a = [Rng(derive_seed(i, 11 + k)) for k in range(4)]
        rngs_b = [Rng(derive_seed(i, 11 + k)) for k in range(4)]
        _engine_finish(a, rngs_a)
        asked.clear()
        play_randomly(b, rngs_b)
        assert len(asked) == 1 and all(getattr(b, f) == getattr(a, f) for f in FIELDS)

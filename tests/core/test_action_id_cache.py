"""The by-id path's caches (``gamelib.core.ids``): the table of the last position, tables by legal
list, ids remembered per (kind, arguments) for static keys (Walk the Plank's programming kinds
only: a move's key names the pirates' places) and the tables of lists whose every key is static.
None may ever answer for another position: here states that share lists (clones, undo, re-dealt
worlds) take turns asking, and every answer is checked against the keys worked out from scratch."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.core import IllegalAction, Rng


def scratch(state) -> dict[int, object]:
    """id -> legal Action, from the game's key function alone (no cache)."""
    index = state.game.action_space().index
    return {index[state._action_key(a)]: a for a in state.legal_list()}


def check(state) -> None:
    want = scratch(state)
    assert state.legal_action_ids() == sorted(want), state
    for i, a in want.items():
        assert state.find_action(i) is a
    space = len(state.game.action_space())
    wrong = next(i for i in range(space) if i not in want)
    with pytest.raises(IllegalAction, match=f"action id {wrong}"):
        state.find_action(wrong)


def pick(state, rng: Rng) -> int:
    ids = sorted(scratch(state))
    return ids[rng.randbelow(len(ids))]


@pytest.mark.parametrize("name,options,seed", [("walking-deck", {}, 1), ("walk-the-plank", {"players": 3}, 2),
                                               ("walk-the-plank", {"players": 5}, 3), ("deadland", {"players": 4}, 4)])
def test_states_taking_turns_never_read_each_others_ids(name, options, seed):
    game = gamelib.load(name, **options)
    rng = Rng(seed)
    state = game.new_state(seed)
    plies = 0
    while not state.is_over and plies < 150:
        plies += 1
        check(state)
        twin = state.clone()  # shares the legal list (and so its cached table)
        i = pick(state, rng)
        # the ids are asked at `state`, then an id is played at the clone, which has the same
        # position: then the clone moves on and `state` must not see the clone's new table
        state.legal_action_ids()
        assert twin.apply(i) is state.find_action(i)
        if not twin.is_over:
            check(twin)
            j = pick(twin, rng)
            twin.legal_action_ids()
            check(state)  # asked after the clone's position: its own ids, not the clone's
            assert twin.apply(j).label == twin.undo().label  # undo: the position before, its ids again
            check(twin)
            world = state.resample_hidden(game.players[plies % len(game.players)], rng)
            check(world)
            check(state)
        state.apply(i)
        if plies % 7 == 0 and state.ply > 1:  # back one, then on again by the same id
            state.undo()
            check(state)
            state.apply(i)


def test_walk_the_plank_move_ids_follow_the_pirates_places():
    """The same move Action (pirate, steps) at two places has two ids: "resolve" keys are never
    remembered per (kind, arguments) the way the programming keys are."""
    game = gamelib.load("walk-the-plank", players=3)
    seen: dict[tuple, set[int]] = {}
    for seed in range(6):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_over and state.ply < 300:
            want = scratch(state)
            assert state.legal_action_ids() == sorted(want)
            for i, a in want.items():
                if a.kind == "resolve" and a.args[0] == "move":
                    seen.setdefault(a.args, set()).add(i)
            state.apply(pick(state, rng))
    assert any(len(v) > 1 for v in seen.values())  # the check above could tell a stale id

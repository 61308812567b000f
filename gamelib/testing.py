"""``check_game``: the conformance check every registered game must pass.

Random playouts that, after every action, check what the engine contract promises. The costlier
checks run after every action of the first ``deep_games`` games; in the rest, undo and view leaks
are checked at a sample of moments and the record round-trip at the end of each game (replaying a
finished game re-checks every one of its actions), so thousands of games stay affordable."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

from .agents import RandomAgent
from .core.game import Game
from .core.records import load_record
from .core.rng import Rng, derive_seed
from .core.state import State


class ConformanceError(AssertionError):
    pass


def _fail(game: Game, seed: int, state: State, message: str) -> ConformanceError:
    return ConformanceError(
        f"{game.name} {game.options} seed={seed} after {state.ply} actions "
        f"(phase {state.phase!r}): {message}\nrecord: {state.to_record()}"
    )


def _inventory(state: State) -> Counter:
    ids: Counter = Counter()
    for cards in state.zones().values():
        ids.update(cards)
    return ids


def check_state(
    game: Game, seed: int, state: State, inventory: Counter, deep: bool, rng: Rng, replay: bool = True
) -> None:
    now = _inventory(state)
    if now != inventory:
        lost = inventory - now
        extra = now - inventory
        raise _fail(game, seed, state, f"conservation broken: missing {dict(lost)}, extra {dict(extra)}")
    dup = [c for c, n in now.items() if n > 1]
    if dup:
        raise _fail(game, seed, state, f"items in more than one zone: {dup[:5]}")

    legal = state.legal_actions()
    labels = [a.label for a in legal]
    if len(set(labels)) != len(labels):
        raise _fail(game, seed, state, f"duplicate labels: {[l for l, n in Counter(labels).items() if n > 1]}")
    if state.is_over:
        if legal:
            raise _fail(game, seed, state, "a finished game still has legal actions")
        if state.to_move is not None or state.outcome is None or not state.outcome.reason:
            raise _fail(game, seed, state, "a finished game needs to_move None and an outcome with a reason")
    else:
        if not legal:
            raise _fail(game, seed, state, "the game is not over but nobody can act")
        if state.to_move not in state.players:
            raise _fail(game, seed, state, f"to_move {state.to_move!r} is not a player")

    for title, dist in state.odds().items():
        if dist.total() != Fraction(1):
            raise _fail(game, seed, state, f"odds {title!r} sum to {dist.total()}, not 1")

    twin = state.clone()
    if twin != state or twin.log != state.log or twin.ply != state.ply:
        raise _fail(game, seed, state, "clone() differs from the original")

    if not deep:
        return
    if state.ply:
        undone = state.clone()
        last = undone.undo()
        undone.apply(last)
        if undone != state or undone.log != state.log:
            raise _fail(game, seed, state, "undo() then re-apply does not give the same state")
    if replay:
        replayed = load_record(state.to_record())
        if replayed != state or replayed.log != state.log or replayed.history != state.history:
            raise _fail(game, seed, state, "the record does not replay to the same state")
    json.dumps(state.view(None))  # views must be plain data
    for player in state.players:
        view = state.view(player)
        other = state._redeal_hidden(player, rng)
        if _inventory(other) != inventory:
            raise _fail(game, seed, state, f"_redeal_hidden({player!r}) breaks conservation")
        if other.view(player) != view:
            raise _fail(game, seed, state, f"view({player!r}) changes when hidden cards change: it leaks them")


def check_game(game: Game, n_games: int = 100, seed: int = 0, deep_games: int = 5, deep_every: int = 10) -> int:
    """Play ``n_games`` random games, checking every action; return the number of actions checked.
    Raises ``ConformanceError`` with the game's record when something is wrong."""
    checked = 0
    for i in range(n_games):
        game_seed = derive_seed(seed, i)
        agent = RandomAgent(derive_seed(game_seed, 99))
        rng = Rng(derive_seed(game_seed, 7))
        state = game.new_state(seed=game_seed)
        inventory = _inventory(state)
        deep_all = i < deep_games
        while True:
            deep = deep_all or state.is_over or rng.randbelow(deep_every) == 0
            check_state(game, game_seed, state, inventory, deep, rng, replay=deep_all or state.is_over)
            checked += 1
            if state.is_over:
                break
            before = state.clone()
            action = agent.choose(state)
            state.apply(action)
            if deep_all:
                back = state.clone()
                if back.undo() != action or back != before:
                    raise _fail(game, game_seed, state, f"undo() of {action.label!r} does not restore the state")
            if state.ply > 100_000:
                raise _fail(game, game_seed, state, "game does not end")
    return checked


__all__ = ["check_game", "check_state", "ConformanceError"]

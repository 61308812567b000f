"""``check_game``: the conformance check every registered game must pass.

Random playouts that, after every action, check what the engine contract promises. The costlier
checks run after every action of the first ``deep_games`` games; in the rest, undo and view leaks
are checked at a sample of moments and the record round-trip at the end of each game (replaying a
finished game re-checks every one of its actions), so thousands of games stay affordable.

Every check costs the same at every point of a game (nothing replays a game from its start after
each action: a second state is kept in step instead), so a check's cost is linear in the length
of the games it plays.

The odds check. At every state, each outcome ``_next_outcomes()`` says the hidden cards will give
must have a non-zero probability in ``odds()``. At a sample of states (``odds_every``) of the deep
games, the hidden cards are re-dealt ``odds_samples`` times from the point of view of
``_odds_viewer()`` (with a fresh RNG, which is hidden too): ``odds()`` must not change (it may use
only what that player knows) and the outcomes observed must follow ``odds()``: a chi-square test
of goodness of fit per title (outcomes expected fewer than 5 times pooled), failing at p below
``ODDS_ALPHA`` = 1e-6. The same is done for every seat whose ``odds_for(seat)`` (the odds from
everything that seat knows, e.g. its own face-down card) differs from ``odds()``, re-dealing what
that seat cannot see; and wherever views are checked, each seat's ``odds_for`` must not move when
what it cannot see is re-dealt. So a correct game fails one such test with probability at most 1e-6; the
default suite runs a few thousand of them (seeded: the same ones every run)."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from .agents import RandomAgent
from .core.game import Game
from .core.records import load_record
from .core.rng import Rng, derive_seed
from .core.state import State
from .probability.stats import chi2_sf

#: false-alarm rate of one chi-square test of the odds check
ODDS_ALPHA = 1e-6


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


# ---- statistics -------------------------------------------------------------------------------
def goodness_of_fit(observed: Mapping[object, int], probs: Mapping[object, Fraction]) -> tuple[float, int, float]:
    """(chi-square statistic, degrees of freedom, p-value) of ``observed`` counts against
    ``probs``. Outcomes expected fewer than 5 times are pooled (smallest first) so the chi-square
    approximation holds; with a single bin left there is nothing to test (p = 1)."""
    n = sum(observed.values())
    cells = sorted(((float(p) * n, observed.get(k, 0)) for k, p in probs.items() if p > 0), key=lambda c: c[0])
    bins: list[list[float]] = []
    acc_e = acc_o = 0.0
    for e, o in cells:
        acc_e += e
        acc_o += o
        if acc_e >= 5:
            bins.append([acc_e, acc_o])
            acc_e = acc_o = 0.0
    if acc_e > 0:
        if bins:
            bins[-1][0] += acc_e
            bins[-1][1] += acc_o
        else:
            bins.append([acc_e, acc_o])
    if len(bins) < 2:
        return 0.0, 0, 1.0
    stat = sum((o - e) ** 2 / e for e, o in bins)
    df = len(bins) - 1
    return stat, df, chi2_sf(stat, df)


def _table(observed: Counter, probs: Mapping[object, Fraction], n: int) -> str:
    keys = list(probs) + [k for k in observed if k not in probs]
    return "; ".join(f"{k!r}: seen {observed.get(k, 0)}, expected {float(probs.get(k, 0)) * n:.1f}" for k in keys)


def check_odds(game: Game, seed: int, state: State, rng: Rng, samples: int = 0, odds: dict | None = None) -> None:
    """The odds check of one state (see the module's docstring), for ``_odds_viewer()`` with
    ``odds()`` and for every seat whose ``odds_for(seat)`` differs from ``odds()`` (a seat that
    knows more, e.g. its own face-down card). ``samples`` = 0 checks only that what will happen
    had a non-zero probability."""
    actual = state._next_outcomes()
    if not actual:
        return
    if odds is None:
        odds = state.odds()
    # each seat's own odds: where samples are drawn, or where a title is not the public one
    own = {}
    if samples > 0 or any(title not in odds for title in actual):
        own = {p: o for p in state.players if (o := state.odds_for(p)) and o != odds}
    for title in actual:
        if title not in odds and not any(title in o for o in own.values()):
            raise _fail(game, seed, state, f"_next_outcomes() names {title!r}, which neither odds() nor any "
                        "seat's odds_for() gives")
    _check_viewer_odds(game, seed, state, rng, samples, odds, actual, state._odds_viewer(), lambda s: s.odds())
    for p, o in own.items():
        _check_viewer_odds(game, seed, state, rng, samples, o, actual, p, lambda s, p=p: s.odds_for(p))


def _check_viewer_odds(game: Game, seed: int, state: State, rng: Rng, samples: int, odds: dict,
                       actual_all: dict, viewer: str | None, odds_of) -> None:
    actual = {t: o for t, o in actual_all.items() if t in odds}
    for title, outcome in actual.items():
        if odds[title].get(outcome, 0) == 0:
            raise _fail(game, seed, state, f"odds {title!r} (as {viewer} reckons them) give {outcome!r} probability "
                        f"0, yet it is what the hidden cards will give: {dict(odds[title])}")
    if samples <= 0 or state.is_over or not actual:
        return
    seen = {t: Counter() for t in actual}
    for i in range(samples):
        other = state.resample_hidden(viewer, rng)
        if i < 2 and odds_of(other) != odds:
            raise _fail(game, seed, state, f"odds() change when the cards {viewer!r} cannot see are re-dealt: "
                        "they use hidden information")
        got = other._next_outcomes()
        for title in seen:
            if title in got:
                seen[title][got[title]] += 1
    for title, observed in seen.items():
        probs = odds[title]
        n = sum(observed.values())
        bad = [k for k in observed if probs.get(k, 0) == 0]
        if bad:
            raise _fail(game, seed, state, f"odds {title!r}: re-dealt hidden cards give {bad[0]!r}, which has "
                        f"probability 0 ({_table(observed, probs, n)})")
        stat, df, p = goodness_of_fit(observed, probs)
        if p < ODDS_ALPHA:
            raise _fail(game, seed, state, f"odds {title!r} do not match {n} re-deals of the hidden cards "
                        f"(chi-square {stat:.1f}, {df} df, p = {p:.2g} < {ODDS_ALPHA:g}): {_table(observed, probs, n)}")


# ---- one state ----------------------------------------------------------------------------------
def _check_zones_and_turn(game: Game, seed: int, state: State, inventory: Counter) -> None:
    """Every card in exactly one zone, as many as at the start; distinct labels; a finished game
    with an outcome and nobody to move, an unfinished one with someone who can act."""
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


def check_state(
    game: Game, seed: int, state: State, inventory: Counter, deep: bool, rng: Rng, replay: bool = True,
    odds_samples: int = 0,
) -> None:
    _check_zones_and_turn(game, seed, state, inventory)
    odds = state.odds()
    for title, dist in odds.items():
        if dist.total() != Fraction(1):
            raise _fail(game, seed, state, f"odds {title!r} sum to {dist.total()}, not 1")
    check_odds(game, seed, state, rng, odds_samples, odds)

    twin = state.clone()
    if twin != state or twin.log_length != state.log_length or twin.ply != state.ply or twin.recent_log(3) != state.recent_log(3):
        raise _fail(game, seed, state, "clone() differs from the original")

    if not deep:
        return
    if state.ply:
        undone = state.clone()
        last = undone.undo()
        at = undone.log_length
        undone.apply(last)
        if undone != state or undone.log_length != state.log_length or undone.log_since(at) != state.log_since(at):
            raise _fail(game, seed, state, "undo() then re-apply does not give the same state")
    if replay:
        replayed = load_record(state.to_record())
        if replayed != state or replayed.log != state.log or replayed.history != state.history:
            raise _fail(game, seed, state, "the record does not replay to the same state")
    if odds and not state.is_over and not odds_samples:
        viewer = state._odds_viewer()
        if state.resample_hidden(viewer, rng).odds() != odds:
            raise _fail(game, seed, state, f"odds() change when the cards {viewer!r} cannot see are re-dealt: "
                        "they use hidden information")
    json.dumps(state.view(None, log=False))  # views must be plain data
    for player in state.players:
        view = state.view(player, log=False)
        other = state.resample_hidden(player, rng)
        if _inventory(other) != inventory:
            raise _fail(game, seed, state, f"resample_hidden({player!r}) breaks conservation")
        if other.view(player, log=False) != view:
            raise _fail(game, seed, state, f"view({player!r}) changes when hidden cards change: it leaks them")
        if odds and other.odds_for(player) != state.odds_for(player):
            raise _fail(game, seed, state, f"odds_for({player!r}) change when the cards {player!r} cannot see are "
                        "re-dealt: they use hidden information")


def _in_step(game: Game, seed: int, state: State, shadow: State, action_label: str, log_at: int) -> None:
    """The record check without replaying from the start: ``shadow`` replays each label as it is
    played, so it must stay equal to ``state`` (what ``load_record`` would rebuild)."""
    shadow.apply(action_label)
    if shadow != state or shadow.ply != state.ply or shadow.log_length != state.log_length \
            or shadow.log_since(log_at) != state.log_since(log_at):
        raise _fail(game, seed, state, f"replaying the label {action_label!r} does not give the same state: "
                    "the record would not replay")


def check_game(game: Game, n_games: int = 100, seed: int = 0, deep_games: int = 5, deep_every: int = 10,
               odds_every: int = 40, odds_samples: int = 150) -> int:
    """Play ``n_games`` random games, checking every action; return the number of actions checked.
    Raises ``ConformanceError`` with the game's record when something is wrong.

    The first ``deep_games`` games are checked in depth after every action (undo, the record
    kept in step, views against re-dealt hidden cards), the others at one action in
    ``deep_every``; the odds are tested against ``odds_samples`` re-deals at one state in
    ``odds_every`` of the deep games (``odds_samples=0`` turns that off)."""
    checked = 0
    for i in range(n_games):
        game_seed = derive_seed(seed, i)
        agent = RandomAgent(derive_seed(game_seed, 99))
        rng = Rng(derive_seed(game_seed, 7))
        state = game.new_state(seed=game_seed)
        inventory = _inventory(state)
        deep_all = i < deep_games
        shadow = game.new_state(seed=game_seed) if deep_all else None
        while True:
            deep = deep_all or state.is_over or rng.randbelow(deep_every) == 0
            samples = odds_samples if deep_all and rng.randbelow(odds_every) == 0 else 0
            check_state(game, game_seed, state, inventory, deep, rng, replay=state.is_over, odds_samples=samples)
            checked += 1
            if state.is_over:
                break
            before = state.clone()
            action = agent.choose(state)
            log_at = state.log_length
            state.apply(action)
            if deep_all:
                back = state.clone()
                if back.undo() != action or back != before or back.log_length != log_at:
                    raise _fail(game, game_seed, state, f"undo() of {action.label!r} does not restore the state")
                _in_step(game, game_seed, state, shadow, action.label, log_at)
            if state.ply > 100_000:
                raise _fail(game, game_seed, state, "game does not end")
        json.dumps(state.view(None))  # the log too is plain data
    return checked


__all__ = ["check_game", "check_state", "check_odds", "chi2_sf", "goodness_of_fit", "play_ops", "ConformanceError", "ODDS_ALPHA"]


def play_ops(game: Game, seed: int, ops: list[str]) -> list[State]:
    """Every state made by a sequence of ``ops`` from a new game: "act" (a random legal action),
    "undo", "clone" and "at_ply" (a random earlier ply; both add a live state) on the current
    state, "switch" (another live state becomes current). For property tests of the log and the
    undo frames, which clones and rewinds share."""
    states = [game.new_state(seed=seed)]
    cur = 0
    rng = Rng(seed)
    for op in ops:
        s = states[cur]
        if op == "act" and not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        elif op == "undo" and s.ply:
            s.undo()
        elif op == "clone":
            states.append(s.clone())
        elif op == "at_ply":
            states.append(s.at_ply(rng.randbelow(s.ply + 1)))
        elif op == "switch":
            cur = rng.randbelow(len(states))
    return states

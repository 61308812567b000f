"""The search agents (issue 16, points 2 and 3) and the tournament helpers: legal choices,
reproducible for a seed, and blind to what their seat cannot see."""
from __future__ import annotations

import pytest

import gamelib
from gamelib.core import Rng
from gamelib.strategy.ismcts import ISMCTSAgent
from gamelib.strategy.search import BestInterrogationAgent, JourneySearchAgent
from gamelib.strategy.tournament import markdown, seat_rotated, skill_table, wilson

from .helpers import NoPeeking


def _at_choice(state, agent, steps):
    for _ in range(steps):
        state.apply(agent.choose(state))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("name,players", [("walk-the-plank", 3), ("deadland", 3), ("walking-deck", None)])
def test_ismcts_chooses_a_legal_action_reproducibly_from_its_own_view(name, players):
    game = gamelib.load(name, **({"players": players} if players else {}))
    s = _at_choice(game.new_state(seed=2), gamelib.RandomAgent(2), 5)
    s.rng = NoPeeking()  # the future draws stay secret: playouts get generators of their own
    a = ISMCTSAgent(seed=1, playouts=12).choose(s)
    assert a in s.legal_actions()
    assert ISMCTSAgent(seed=1, playouts=12).choose(s) == a
    root = ISMCTSAgent(seed=1, playouts=12).search(s, s.to_move, 12, 5)
    assert sum(ch.visits for ch in root.children.values()) == 12
    other = s.resample_hidden(s.to_move, Rng(3))  # what the seat sees is all it uses
    assert ISMCTSAgent(seed=1, playouts=12).choose(other) in other.legal_actions()


@pytest.mark.parametrize("name,players", [("walk-the-plank", 3), ("walking-deck", None)])
def test_ismcts_keys_its_tree_by_stable_action_ids(name, players):
    """Session 25 (issue 29, Deliver 6): edges are action ids, not labels; the label-keyed tree
    (``edges = "label"``) is kept only to measure one against the other."""
    game = gamelib.load(name, **({"players": players} if players else {}))
    s = _at_choice(game.new_state(seed=2), gamelib.RandomAgent(2), 5)
    root = ISMCTSAgent(seed=1, playouts=12).search(s, s.to_move, 12, 5)
    assert set(root.children) == set(s.legal_action_ids())  # every root option tried, by its id

    class ByLabel(ISMCTSAgent):
        edges = "label"

    by_label = ByLabel(seed=1, playouts=12).search(s, s.to_move, 12, 5)
    assert set(by_label.children) == set(s.legal_labels())


@pytest.mark.parametrize("name,players", [("walk-the-plank", 3), ("deadland", 3)])
def test_ismcts_infoset_tree_has_a_node_per_information_set_of_its_seat(name, players):
    """tree="infoset" (issue 29, Deliver 6): nodes are keyed by the searching seat's
    ``info_key``; the root is the real position's, statistics sit on the edges (action ids)."""
    game = gamelib.load(name, players=players)
    s = _at_choice(game.new_state(seed=2), gamelib.RandomAgent(2), 5)
    seat = s.to_move
    s.rng = NoPeeking()  # the future draws stay secret
    agent = ISMCTSAgent(seed=1, playouts=16, tree="infoset")
    a = agent.choose(s)
    assert a in s.legal_actions() and ISMCTSAgent(seed=1, playouts=16, tree="infoset").choose(s) == a
    root = agent.search(s, seat, 16, 5)
    assert agent.last_nodes[s.info_key(seat)] is root
    assert set(root.children) == set(s.legal_action_ids())
    assert sum(e.visits for e in root.children.values()) == 16
    # every node below the root is a position some sampled world reached, by the seat's key:
    # re-play each root edge in a re-dealt world and find the node it leads to
    world = s.resample_hidden(seat, Rng(9))
    reached = 0
    for action_id in root.children:
        w = world.clone()
        w.apply(action_id)
        reached += w.info_key(seat) in agent.last_nodes
    assert reached > 0
    assert len(agent.last_nodes) <= 16 + 1  # at most one new information set per playout
    with pytest.raises(gamelib.AgentError, match="choose one of"):
        ISMCTSAgent(tree="forest")


@pytest.mark.slow
def test_ismcts_with_a_budget_beats_random_play_at_walk_the_plank():
    """A short seat-rotated match: ISMCTS wins more than a random pirate does in its place."""
    mcts = seat_rotated("walk-the-plank", "ismcts", "random", 6, seed=5, players=3, executor="serial",
                        settings={"playouts": 16})
    rand = seat_rotated("walk-the-plank", "random", "random", 6, seed=5, players=3, executor="serial")
    assert mcts["games"] == 6 and mcts["wins"] >= rand["wins"]


def test_journey_search_rollouts_play_on_the_simulation_path():
    """Session 25: a roll-out world is thrown away, so it keeps no undo snapshot and writes no
    log (the simulation path plays the same games as apply: tests/test_all_games.py)."""
    game = gamelib.load("walking-deck", protagonist="Boris")
    w = game.new_state(seed=3)
    n_log, ply = w.log_length, w.ply
    value = JourneySearchAgent(seed=4, samples=1).rollout(w)
    assert 0 <= value <= 1 and w.ply > ply and w.log_length == n_log
    f = w._frames
    while f is not None and f.depth > ply:
        assert f.snap is None
        f = f.below


def test_journey_search_agent_plays_legally_and_never_reads_the_pile_order():
    game = gamelib.load("walking-deck", protagonist="Boris")
    s = game.from_scenario({"rural": ["R02", "R05", "R16"], "urban": ["U05", "U11"], "hand": ["U01"],
                            "memory": ["R06", "U04"], "step": "draw"}, seed=3)
    agent = JourneySearchAgent(seed=4, samples=3)
    s.rng = NoPeeking()
    a = agent.choose(s)
    assert a in s.legal_actions()
    totals, per = agent.evaluate(s, s.legal_actions(), 3, seed=9)
    assert all(len(v) == 3 and all(0 <= x <= 1 for x in v) for v in per)
    # a different real order of the piles gives the same decision (only the contents are used)
    other = s.resample_hidden("you", Rng(8))
    other.rng = NoPeeking()
    assert JourneySearchAgent(seed=4, samples=3).choose(other) == a
    assert agent.stats["leaves_exact"] + agent.stats["leaves_played"] > 0


def test_journey_search_screening_plays_the_same_samples_and_keeps_the_heuristics_choice_only_when_none_did_better():
    game = gamelib.load("walking-deck", protagonist="Aénor")
    s = game.from_scenario({"rural": ["R02", "R05", "R16"], "urban": ["U05", "U11"], "hand": ["U01"],
                            "memory": ["R06", "U04"], "step": "draw"}, seed=3)
    s.rng = NoPeeking()
    legal = s.legal_actions()
    agent = JourneySearchAgent(seed=4, samples=4, screen=2)
    _, full = agent.evaluate(s, legal, 4, seed=9)
    _, tail = agent.evaluate(s, legal, 4, seed=9, start=2)  # the samples a screened search adds
    assert tail == [v[2:] for v in full]
    a = agent.choose(s)
    assert a in legal and JourneySearchAgent(seed=4, samples=4, screen=2).choose(s) == a
    with pytest.raises(ValueError, match="screen"):
        JourneySearchAgent(screen=0)


def test_best_interrogation_agent_finishes_a_game():
    game = gamelib.load("walking-deck", protagonist="Éléonore")
    s = game.from_scenario({"hand": ["U01", "R05"], "memory": ["U04", "R09", "U13"], "step": "play"}, seed=1)
    agent = BestInterrogationAgent(seed=2)
    while not s.is_over:
        s.apply(agent.choose(s))
    assert agent.stats["exact_decisions"] >= 1 and agent.stats["fallback_decisions"] == 0


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert abs(lo - 0.2366) < 1e-4 and abs(hi - 0.7634) < 1e-4
    lo, hi = wilson(0, 10)
    assert lo == 0 and abs(hi - 0.2775) < 1e-4
    assert wilson(0, 0) == (0.0, 1.0)


def test_skill_table_gives_one_row_per_agent_with_intervals():
    df = skill_table("Aénor", n_games=3, agents=("random", "heuristic"), executor="serial", progress=False)
    assert list(df["agent"]) == ["random", "heuristic"]
    assert ((df["95% low"] <= df["win rate"]) & (df["win rate"] <= df["95% high"])).all()
    assert "| random |" in markdown(df.to_dict("records"), ["agent", "games", "win rate", "95% low", "95% high"])


def test_skill_table_takes_one_size_per_agent_and_names_a_missing_one():
    df = skill_table("Boris", n_games={"random": 4, "heuristic": 2}, agents=("random", "heuristic"), progress=False)
    assert list(df["games"]) == [4, 2] and (df["s/game"] >= 0).all()
    with pytest.raises(ValueError, match="heuristic"):
        skill_table("Boris", n_games={"random": 4}, agents=("random", "heuristic"), progress=False)


def test_a_long_run_kept_game_by_game_gives_the_tables_rows_and_goes_on_where_it_stopped(tmp_path):
    from gamelib.strategy.tournament import play_to_csv, read_csv, rows_from_csv, walking_deck_rows

    path = str(tmp_path / "run.csv")
    # two processes' shares of one run, the second one stopped after game 1 and started again
    assert play_to_csv(path, ["Boris"], ["random", "heuristic"], 5, seed=7, part=(0, 2)) == 6
    assert play_to_csv(path, ["Boris"], ["random", "heuristic"], 2, seed=7, part=(1, 2)) == 2
    assert play_to_csv(path, ["Boris"], ["random", "heuristic"], 5, seed=7, part=(1, 2)) == 2  # games 1 done
    assert play_to_csv(path, ["Boris"], ["random", "heuristic"], 5, seed=7) == 0  # nothing left
    games = [int(r["game"]) for r in read_csv(path) if r["agent"] == "heuristic"]
    assert sorted(games) == [0, 1, 2, 3, 4]
    got = {r["agent"]: (r["games"], r["wins"]) for r in rows_from_csv([path], 5)}
    want = {r["agent"]: (r["games"], r["wins"]) for r in walking_deck_rows("Boris", ("random", "heuristic"), 5, seed=7)}
    assert got == want
    # game by game: the same games as simulate's (each game's length tells them apart)
    df = gamelib.simulate(gamelib.load("walking-deck", protagonist="Boris"), gamelib.RandomAgent(), 5, seed=7,
                          executor="serial", progress=False)
    kept = {int(r["game"]): int(r["decisions"]) for r in read_csv(path) if r["agent"] == "random"}
    assert [kept[i] for i in range(5)] == list(df["decisions"])
    assert {r["agent"]: r["games"] for r in rows_from_csv([path], 3)} == {"random": 3, "heuristic": 3}
    with pytest.raises(ValueError, match="part"):
        play_to_csv(path, ["Boris"], ["random"], 5, part=(2, 2))


def test_the_walking_deck_command_passes_its_leaf_budget_to_the_search_agent(monkeypatch, capsys):
    """`python -m gamelib.strategy walking-deck --leaf-nodes N` plays search with that budget
    for exact leaves (and says so), and refuses a negative one."""
    from gamelib.strategy import __main__ as cli
    from gamelib.strategy import tournament as T

    seen = []

    def rows(prot, agents, n, seed, settings=None):
        seen.append(settings)
        return [{"protagonist": prot, "agent": agents[0], "games": n, "wins": 0, "win rate": 0.0,
                 "95% low": 0.0, "95% high": 1.0, "s/game": 0.0}]

    monkeypatch.setattr(T, "walking_deck_rows", rows)
    cli.main(["walking-deck", "--games", "0", "--best-games", "0", "--search-games", "3",
              "--protagonists", "Boris", "--leaf-nodes", "7"])
    assert seen == [{"search": {**T.SEARCH_SETTINGS, "leaf_nodes": 7}}]
    assert "'leaf_nodes': 7" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["walking-deck", "--leaf-nodes", "-1"])

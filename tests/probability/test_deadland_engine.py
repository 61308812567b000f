"""gamelib.probability.deadland against the real engine: the exact daily chance equals the
engine's own ``state.odds()`` at every decision of real games, and every trial distribution
(daily with the Base, a Ration and the Survivor's choice, zombie attacks with the level-5 penalty,
a zombie player's trial, a bloodstain) lies within 4 standard errors of the engine playing the same
position many times (``game.from_scenario``, one seed per deal)."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt

import numpy as np
import pytest

import gamelib
from gamelib.agents import agents_for
from gamelib.core.rng import derive_seed
from gamelib.lessons import deadland as lesson
from gamelib.probability import deadland as dl
from gamelib.probability import stats

K = 4  # standard errors


def within(exact: dict[int, Fraction], sample: np.ndarray) -> None:
    """Each outcome's share and the mean within K standard errors of the exact values."""
    n = len(sample)
    for k, p in exact.items():
        est = stats.estimate_rate(int((sample == k).sum()), n)
        se = sqrt(float(p) * (1 - float(p)) / n) or 1 / n
        assert abs(est.value - float(p)) <= K * se + 1e-12, (k, est.value, float(p))
    m = float(dl.mean(exact))
    sd = sqrt(float(dl.variance(exact)))
    assert abs(sample.mean() - m) <= K * sd / sqrt(n) + 1e-12


def test_the_daily_chance_is_the_engines_odds_at_every_decision_of_real_games():
    g = gamelib.load("deadland", players=4)
    agent = agents_for(g)["heuristic"]()
    checked = 0
    for seed in range(2):
        s = g.new_state(seed=seed)
        a = agent.with_seed(seed)
        while not s.is_over:
            p = s.to_move
            key = f"{p}'s daily trial, taken now, adds a card"
            odds = s.odds()
            if key in odds:
                dist = dl.daily_distribution(s, p)
                assert 1 - dist[0] == odds[key]["adds a card"], (seed, s.ply)
                checked += 1
            s.apply(a.choose(s))
    assert checked > 100


# ---- trials played by the engine from scenarios ---------------------------------------------------------

def _drive(s, stop_turn: int, prefer: tuple[str, ...] = ()) -> None:
    """Play on until the trial is over: the Movement that follows a daily trial, or red's next daily
    trial, which waits because red holds a Ration (or the game's end), answering every question
    with the first action whose label starts with one of ``prefer``."""
    while not s.is_over:
        v = s.view(None)
        if s.phase == "Movement" or (v["turn"] > stop_turn and s.phase == "Daily Infection Trial"):
            return
        acts = s.legal_actions()
        pick = next((a for pre in prefer for a in acts if a.label.startswith(pre)), acts[-1])
        s.apply(pick)


def engine_added(sc: dict, n: int, seed: int, players: int = 2, prefer: tuple[str, ...] = ()) -> np.ndarray:
    g = gamelib.load("deadland", players=players)
    level0 = len(sc["players"]["red"].get("infection", []))
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):
        s = g.from_scenario(sc, seed=derive_seed(seed, i))
        _drive(s, sc.get("turn", 1), prefer)
        red = s.view(None)["players"]["red"]
        out[i] = dl.ZOMBIE_LEVEL - level0 if red["zombie"] else red["level"] - level0
    return out


def position_before(sc: dict, players: int = 2):
    """The exact inputs (deck, discard...) of the position, read from the scenario's state."""
    g = gamelib.load("deadland", players=players)
    s = g.from_scenario(sc, seed=0)
    return dl.position(s, "red") if not s.is_over else None


def _exact(sc, kind, cards, players=2, **size):
    g = gamelib.load("deadland", players=players)
    d = dict(sc)
    d.pop("pending", None)
    d["players"] = {k: dict(v) for k, v in sc["players"].items()}
    d["players"]["red"]["rations"] = 1  # the trial waits: the deck as it is before the trial
    d["turn"] = sc.get("turn", 1)
    if d["players"].get("blue", {}).get("zombie") and not d["players"]["blue"].get("dead"):
        d["active"] = "red"
    pos = dl.position(g.from_scenario(d, seed=0), "red")
    k = dl.trial_size(pos["level"], kind, cards, **size)
    return dl.added_distribution(pos["deck"], pos["discard"], level=pos["level"], illnesses=pos["illnesses"],
                                 cards=k, kind=kind, radio_aside=pos["radio_aside"], radio_left=pos["radio_left"])


def red(level, ill=0, **kw):
    spec = {"board": lesson.BOARD, "infection": lesson.infection_cards(level, ill)}
    if level:
        spec.update(role="medic", revealed=True)
    spec.update(kw)
    return spec


@pytest.mark.parametrize("level,board,ration,discard", [
    (2, lesson.BOARD, False, ["3", "3", "Illness"]),
    (5, "Base", False, ["6", "1"]),
    (6, lesson.BOARD, True, ["7", "7", "7"]),
])
def test_daily_trials_from_scenarios(level, board, ration, discard):
    sc = {"players": {"red": red(level, board=board, rations=1 if ration else 0), "blue": dict(lesson.DEAD_ZOMBIE)},
          "virus": {"discard": discard}}
    prefer = ("Eat a Ration",) if ration else ()
    sample = engine_added(sc, 300, seed=level, prefer=prefer)
    exact = _exact(sc, "daily", None, on_base=board == "Base", ration=ration)
    within(exact, sample)


@pytest.mark.parametrize("fewer", [True, False])
def test_the_face_up_survivor_may_take_one_card_fewer_or_the_full_number(fewer):
    blue = {"zombie": True, "resistance": 3, "board": "Road 1"}
    sc = {"active": "red", "players": {"red": red(4, role="survivor", revealed=True), "blue": blue}}
    label = "Draw 2 Virus cards (Survivor: one fewer)" if fewer else "Draw 3 Virus cards (Survivor: the full number)"
    g = gamelib.load("deadland", players=2)
    s = g.from_scenario(sc, seed=0)
    assert {a.label for a in s.legal_actions()} >= {label}
    out = np.zeros(300, dtype=np.int64)
    for i in range(300):
        s = g.from_scenario(sc, seed=derive_seed(11, i))
        s.apply(label)
        out[i] = s.view(None)["players"]["red"]["level"] - 4
    pos = dl.position(g.from_scenario(sc, seed=0), "red")
    k = dl.trial_size(4, "daily", survivor=fewer)
    exact = dl.added_distribution(pos["deck"], pos["discard"], level=4, cards=k, radio_aside=pos["radio_aside"],
                                  radio_left=pos["radio_left"])
    assert pos["survivor"]
    within(exact, out)


@pytest.mark.parametrize("card,cards,level5", [("Horde of Zombies", 5, False), ("Group of Zombies (3 cards)", 3, True)])
def test_zombie_attacks_from_the_event_deck(card, cards, level5):
    players = {"red": red(2, rations=1), "blue": dict(lesson.DEAD_ZOMBIE)}
    n_players = 2
    if level5:
        n_players = 3
        players["green"] = red(5, role="scavenger")
    sc = {"active": "red", "players": players, "boards": {lesson.BOARD: {"deck": [card]}},
          "pending": [["turn_end"], ["excess"], ["event"]]}
    sample = engine_added(sc, 200, seed=cards, players=n_players, prefer=("Add the", "Undergo"))
    exact = _exact(sc, "attack", cards, players=n_players, level5=level5)
    assert max(exact) >= 3
    within(exact, sample)


def test_a_zombie_players_trial_and_a_bloodstain():
    zombie = {"red": red(3, rations=1), "blue": {"zombie": True, "resistance": 4, "board": lesson.BOARD}}
    sc = {"active": "blue", "players": zombie, "pending": [["turn_end"], ["zattack"]]}
    within(_exact(sc, "zombie", 4), engine_added(sc, 300, seed=21, prefer=("Undergo",)))
    blood = {"active": "red", "players": {"red": red(1, rations=1), "blue": dict(lesson.DEAD_ZOMBIE)},
             "boards": {lesson.BOARD: {"turned": True}}, "pending": [["turn_end"], ["excess"], ["event"]]}
    within(_exact(blood, "bloodstain", 3), engine_added(blood, 300, seed=22))


# ---- the chain and the deck that remembers ----------------------------------------------------------------

def test_the_lone_survivor_replica_plays_like_the_engine_and_faster_than_the_chain():
    engine = lesson.lone_survivor_engine(60, seed=5, show_progress=False)
    replica = np.array(dl.lone_survivor_turns(2500, seed=5))
    se = sqrt(engine.var(ddof=1) / len(engine) + replica.var(ddof=1) / len(replica))
    assert abs(engine.mean() - replica.mean()) <= K * se
    # the chain forgets; the deck remembers, and here that makes the real survivor turn sooner
    chain = float(dl.level_chain().expected_turns())
    assert replica.mean() < chain - 3 * replica.std(ddof=1) / sqrt(len(replica))


# ---- Radio Contacts in real decks -----------------------------------------------------------------------------

def test_the_first_decks_radio_contacts_are_negative_hypergeometric():
    pos = lesson.first_deck_radios(400, seed=3)
    for which in (1, 2):
        exact = dl.radio_wait(70, which)
        m, v = float(dl.mean(exact)), float(dl.variance(exact))
        assert abs(pos[:, which - 1].mean() - m) <= K * sqrt(v / len(pos))
    assert (pos[:, 0] < pos[:, 1]).all()


def test_every_reshuffled_deck_of_real_games_hides_its_radio_contacts_as_the_formula_says():
    """At each reshuffle of real games, the new deck's size and where its Radio Contacts lie: each
    position is negative hypergeometric for that deck's size (pooled over decks of every size)."""
    seen = lesson.reshuffle_radios(4, 15, seed=9, show_progress=False)
    assert len(seen) >= 20 and all(size <= 70 for size, _, _ in seen)
    for which in (1, 2):
        gap = sum(pos[which] - float(dl.expected_radio_wait(size, which)) for size, *pos in
                  ((p[0], None, p[1], p[2]) for p in seen))
        var = sum(float(dl.variance(dl.radio_wait(size, which))) for size, _, _ in seen)
        assert abs(gap) <= K * sqrt(var)


def test_real_games_count_their_virus_cards_and_radio_contacts():
    t = lesson.play_games(3, 4, seed=9, show_progress=False)
    assert (t["virus cards"] > 0).all() and (t["radio contacts"] <= t["target"]).all()
    assert all(len(r) == c for r, c in zip(t["radio at"], t["radio contacts"]))
    for by_radio, c, target in zip(t["by radio"], t["radio contacts"], t["target"]):
        assert by_radio == (c == target)

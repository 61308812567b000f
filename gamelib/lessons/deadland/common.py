"""What the Deadland lessons share: the positions they show (scenario dicts, loaded by the engine
with ``game.from_scenario``), and the engine's own trials and whole games played many times with a
progress bar. Only public things are used: ``gamelib.load``, ``from_scenario``, ``view``, ``odds``, the log."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import gamelib
from gamelib.core.errors import GamelibError
from gamelib.core.rng import derive_seed
from gamelib.probability import deadland as dl



#: where the lessons' survivor stands: not the Base, so no board reduces the daily trial
BOARD = "Police Station"
#: a dead zombie in the second seat: the survivor is alone, nobody else draws, and the game can
#: only end when the survivor turns (or by radio)
DEAD_ZOMBIE = {"zombie": True, "dead": True, "resistance": 0}


@lru_cache(maxsize=8)
def game(players: int = 2):
    return gamelib.load("deadland", players=players)


# ---- positions ---------------------------------------------------------------------------------------

def infection_cards(level: int, illnesses: int = 0) -> list[str]:
    """An Infection deck at ``level``, its last ``illnesses`` cards Illness (labels, level 1 up)."""
    dl._check_level(level, illnesses)
    return [str(i) for i in range(1, level - illnesses + 1)] + [dl.ILLNESS] * illnesses


def daily_scenario(level: int = 2, discard: Sequence[Any] = (), *, illnesses: int = 0, board: str = BOARD,
                   rations: int = 0, role: str = "medic", others: Mapping[str, Any] | None = None,
                   radio: int = 0) -> dict[str, Any]:
    """red (a survivor at ``level``) about to take a daily trial on ``board``; the Virus discard
    pile holds ``discard`` (labels); every other card is shuffled into the deck, so each seed
    deals another deck. red's Role card is face up (a Medic by default: no role changes a daily
    trial), so no face-down role makes the trial wait for a choice. blue is a dead zombie unless
    ``others`` seats somebody else."""
    red: dict[str, Any] = {"board": board, "infection": infection_cards(level, illnesses), "rations": rations}
    if level:
        red.update(role=role, revealed=True)
    players = {"red": red, "blue": dict(DEAD_ZOMBIE)}
    players.update(others or {})
    return {"active": "red", "players": players, "virus": {"discard": [str(c) for c in discard]}, "radio": radio}


def scene(sc: Mapping[str, Any], seed: int = 0, players: int = 2):
    """The engine's state for a scenario (its daily trial already taken, if it starts a turn)."""
    return game(players).from_scenario(dict(sc), seed=seed)


def before_trial(sc: Mapping[str, Any], seed: int = 0, players: int = 2):
    """The position just BEFORE red's daily trial of ``sc``: the same deal, with red still to draw
    (the trial waits for red's word because red holds a Ration to eat or not)."""
    d = dict(sc)
    d["players"] = {k: dict(v) for k, v in sc["players"].items()}
    d["players"]["red"]["rations"] = max(1, d["players"]["red"].get("rations", 0))
    return game(players).from_scenario(d, seed=seed)


def level_of(state, player: str = "red") -> int:
    return state.view(None)["players"][player]["level"]


def engine_daily(sc: Mapping[str, Any], n: int, *, seed: int = 0, players: int = 2, show_progress: bool = True):
    """``n`` daily trials played by the engine from scenario ``sc`` (seed i: a fresh shuffle of
    the deck): how many cards each added."""
    import numpy as np

    from ..simulation import progress

    level0 = len(sc["players"]["red"].get("infection", []))
    out = np.zeros(n, dtype=np.int64)
    g = game(players)
    for i in progress(range(n), total=n, desc="daily trials (engine)", enabled=show_progress):
        s = g.from_scenario(sc, seed=derive_seed(seed, i))
        out[i] = level_of(s) - level0 if not s.view(None)["players"]["red"]["zombie"] else dl.ZOMBIE_LEVEL - level0
    return out


# ---- the deck that remembers: one survivor's daily trials, played by the engine ---------------------------

def lone_survivor_engine(n: int, *, seed: int = 0, board: str = BOARD, show_progress: bool = True,
                         max_turns: int = 400):
    """``n`` runs of a lone survivor's daily trials played by the engine, turn after turn, from ONE
    Virus deck: after each trial the position is read back (``to_scenario``) and the next turn
    starts from it, with nothing but the daily trial in between (no Movement, no Event, the Radio
    marker held below the target). The number of trials until the survivor turns, run by run."""
    import numpy as np

    from ..simulation import progress

    g = game(2)
    out = np.zeros(n, dtype=np.int64)
    for i in progress(range(n), total=n, desc="lone survivors (engine)", enabled=show_progress):
        run = derive_seed(seed, i)
        virus: dict[str, Any] = {}
        inf: list[str] = []
        for turn in range(1, max_turns + 1):
            red: dict[str, Any] = {"board": board, "infection": inf}
            if inf:
                red.update(role="medic", revealed=True)
            sc = {"active": "red", "players": {"red": red, "blue": dict(DEAD_ZOMBIE)}, "virus": virus,
                  "radio": len(virus.get("radio", []))}
            s = g.from_scenario(sc, seed=derive_seed(run, turn))
            if s.is_over:
                out[i] = turn
                break
            d = s.to_scenario()
            virus = d["virus"]
            inf = d["players"]["red"]["infection"]
        else:
            raise GamelibError(f"run {i}: the survivor did not turn within {max_turns} trials")
    return out


def lone_survivor_levels(n: int, turns: int, *, seed: int = 0, board: str = BOARD):
    """The engine's lone survivor again, for the first ``turns`` trials of ``n`` runs: the level
    before each trial (8 once turned) and how many cards of the level it needs were in the
    discard pile at that moment: two ``n`` x ``turns`` arrays."""
    import numpy as np

    g = game(2)
    levels = np.full((n, turns), dl.ZOMBIE_LEVEL, dtype=np.int64)
    seen = np.zeros((n, turns), dtype=np.int64)
    for i in range(n):
        run = derive_seed(seed, i)
        virus: dict[str, Any] = {}
        inf: list[str] = []
        discard: list[str] = []
        for t in range(turns):
            levels[i, t] = len(inf)
            seen[i, t] = sum(1 for c in discard if c == str(len(inf) + 1))
            red: dict[str, Any] = {"board": board, "infection": inf}
            if inf:
                red.update(role="medic", revealed=True)
            sc = {"active": "red", "players": {"red": red, "blue": dict(DEAD_ZOMBIE)}, "virus": virus,
                  "radio": len(virus.get("radio", []))}
            s = g.from_scenario(sc, seed=derive_seed(run, t + 1))
            if s.is_over:
                levels[i, t + 1:] = dl.ZOMBIE_LEVEL
                break
            d = s.to_scenario()
            virus, inf = d["virus"], d["players"]["red"]["infection"]
            discard = s.view(None)["virus"]["discard"]
    return levels, seen


# ---- whole games -------------------------------------------------------------------------------------

_DRAW = re.compile(r" draws an? (?:[1-8]\b|Illness card|Radio Contact card)")
_RESHUFFLE = re.compile(r"new Virus deck of (\d+) cards")


def play_games(players: int, n: int, *, seed: int = 0, show_progress: bool = True):
    """``n`` whole games with the heuristic player in every seat, with the log on: one row per game
    with its length (turns, rounds), how it ended, the Radio Contacts reached, the Virus cards
    drawn (counted from the public log, a line per card), the card at which each Radio Contact
    came, and the deck's size at each reshuffle (a pandas DataFrame)."""
    import pandas as pd

    from gamelib.agents import agents_for, play

    from ..simulation import progress

    g = game(players)
    agent = agents_for(g)["heuristic"]()
    rows = []
    for i in progress(range(n), total=n, desc=f"{players}-player games", enabled=show_progress):
        s = play(g, agent, seed=derive_seed(seed, i), fast=True)
        drawn, radios, sizes = 0, [], []
        for e in s.log:
            text = e.text
            if _DRAW.search(text):
                drawn += 1
                if "Radio Contact card" in text:
                    radios.append(drawn)
            m = _RESHUFFLE.search(text)
            if m:
                sizes.append(int(m.group(1)))
        v = s.view(None)
        rows.append({
            "players": players, "game": i, "turns": v["turn"], "rounds": Fraction(v["turn"], players),
            "by radio": "Radio Contact marker reached" in s.outcome.reason, "radio contacts": v["radio"]["contacts"],
            "target": v["radio"]["target"], "virus cards": drawn, "radio at": radios, "reshuffle sizes": sizes,
        })
    t = pd.DataFrame(rows)
    t["rounds"] = t["rounds"].astype(float)
    return t


def first_deck_radios(n: int, *, seed: int = 0, players: int = 4):
    """Where the two Radio Contacts lie in the first Virus deck of ``n`` new games (1 = the top
    card), read from the table view before anything is drawn... almost: the first player's daily
    trial is taken as the game starts, so the cards already drawn are counted back in. An n x 2
    numpy array (``first_deck_radio_places``: the same as a list of pairs, without numpy)."""
    import numpy as np

    return np.array(first_deck_radio_places(n, seed=seed, players=players), dtype=np.int64).reshape(n, 2)


def first_deck_radio_places(n: int, *, seed: int = 0, players: int = 4) -> list[tuple[int, int]]:
    """``first_deck_radios`` as a list of (first, second) places, in plain Python."""
    g = game(players)
    out: list[tuple[int, int]] = []
    for i in range(n):
        s = g.new_state(seed=derive_seed(seed, i))
        v = s.view(None)
        gone = [c for c in s.log if _DRAW.search(c.text)]
        order = ["?"] * len(gone) + list(v["virus"]["deck"])
        k = [j + 1 for j, c in enumerate(order) if c == dl.RADIO]
        early = [j + 1 for j, e in enumerate(gone) if "Radio Contact card" in e.text]
        first, second = sorted(early + k)[:2]
        out.append((first, second))
    return out


def reshuffle_radios(players: int, n: int, *, seed: int = 0, show_progress: bool = True):
    """Real games (heuristic players, log on), watched at every reshuffle of the Virus deck: the new
    deck's size and where its two Radio Contacts lie (1 = the first card drawn from it), read from
    the table view right after the step that reshuffled, counting back in the cards already drawn
    from the new deck in that step. A list of (deck size, first position, second position)."""
    from gamelib.agents import agents_for

    from ..simulation import progress

    g = game(players)
    out = []
    for i in progress(range(n), total=n, desc=f"{players}-player games", enabled=show_progress):
        sd = derive_seed(seed, i)
        agent = agents_for(g)["heuristic"]().with_seed(sd)
        s = g.new_state(seed=sd)
        while not s.is_over:
            mark = s.log_length
            s.apply(agent.choose(s))
            lines = [e.text for e in s.log_since(mark)]
            at = [j for j, t in enumerate(lines) if _RESHUFFLE.search(t)]
            if not at or s.is_over:
                continue
            size = int(_RESHUFFLE.search(lines[at[-1]]).group(1))
            after = [t for t in lines[at[-1] + 1:] if _DRAW.search(t)]
            early = [j + 1 for j, t in enumerate(after) if "Radio Contact card" in t]
            deck = s.view(None)["virus"]["deck"]
            later = [len(after) + j + 1 for j, c in enumerate(deck) if c == dl.RADIO]
            pos = sorted(early + later)
            if len(pos) == 2 and len(after) + len(deck) + (2 - len(pos)) >= 0:
                out.append((size, pos[0], pos[1]))
    return out




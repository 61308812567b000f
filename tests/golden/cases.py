"""The golden playthroughs: one whole game for each game and main option, played by a seeded random
player, stored as its record with the final views (the table's and every seat's) and the logs.

``python -m tests.golden.regenerate`` writes them (deliberately: see README.md); the suite replays
them (``test_goldens.py``). Both build and compare goldens with the functions here, so what is
stored is exactly what is checked."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import gamelib
from gamelib.core.cards import shipped_table

HERE = Path(__file__).resolve().parent
#: the previous record format (version 1, no label revision), kept as it was written
V1_RECORD = HERE / "v1" / "walk-the-plank-4.json"


def edited_plank_cards() -> dict:
    """The shipped colour set with Run Around turned into a second Drag to Sea: a record that
    carries its own card table."""
    table = copy.deepcopy(dict(shipped_table("walk_the_plank.toml")))
    for card in table["card"]:
        if card["name"] == "Run Around":
            card["effect"] = "drag"
    return table


def _plank_endgame() -> dict:
    from gamelib.lessons.walk_the_plank import ENDGAME

    return dict(ENDGAME)


#: name -> (game, options, what the case is for); each is played from a new game unless a
#: scenario is named in SCENARIOS
CASES: dict[str, tuple[str, dict[str, Any], str]] = {
    **{f"walking-deck-{slug}": ("walking-deck", {"protagonist": p}, f"The Walking Deck with {p}")
       for slug, p in (("aenor", "Aénor"), ("boris", "Boris"), ("adrien", "Adrien"), ("eleonore", "Éléonore"))},
    **{f"walk-the-plank-{n}": ("walk-the-plank", {"players": n}, f"Walk the Plank, {n} players, the Ghost Pirate "
                                                                   "on the ship")
       for n in (3, 4, 5)},
    "walk-the-plank-endgame": ("walk-the-plank", {"players": 3}, "Walk the Plank from a scenario (lesson 8's "
                                                                   "endgame, a Ghost in play)"),
    "walk-the-plank-edited-cards": ("walk-the-plank", {"players": 3}, "Walk the Plank with a card table of its "
                                                                        "own in the record"),
    **{f"deadland-{n}": ("deadland", {"players": n}, f"Deadland, {n} players") for n in range(2, 7)},
}
SCENARIOS = {"walk-the-plank-endgame": _plank_endgame}
CARD_TABLES = {"walk-the-plank-edited-cards": edited_plank_cards}


def _wanted(name: str, state: Any) -> bool:
    """Whether a finished game shows what its case is for (the Ghost Pirate, a Role revealed...)."""
    v = state.view(None, log=False)
    if name.startswith("walk-the-plank-") and name[-1].isdigit():
        return bool(v["ghost_players"])
    if name.startswith("deadland"):
        return any(p["role"] and "face down" not in p["role"] for p in v["players"].values())
    return True


def play(name: str, seed: int) -> Any:
    """Case ``name`` played to the end with seed ``seed`` (the game's and the random player's)."""
    game_name, options, _ = CASES[name]
    if name in CARD_TABLES:
        options = {**options, "cards": CARD_TABLES[name]()}
    game = gamelib.load(game_name, **options)
    state = game.from_scenario(SCENARIOS[name](), seed=seed) if name in SCENARIOS else game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def expected(state: Any) -> dict[str, Any]:
    """What a golden pins of a finished game: the final views without the log (the table's and
    each seat's), the table's log, and which of its lines each seat may read."""
    table_log = state.view(None)["log"]
    seats = {}
    for seat in state.players:
        mine = state.view(seat)["log"]
        lines, at = [], 0
        for line in mine:  # a seat's log is the table's with some lines left out, in order
            at = table_log.index(line, at)
            lines.append(at)
            at += 1
        seats[seat] = {"view": state.view(seat, log=False), "log_lines": lines}
    return {"table": state.view(None, log=False), "log": table_log, "seats": seats,
            "outcome": str(state.outcome), "ply": state.ply}


def golden(name: str) -> dict[str, Any]:
    """The golden of case ``name``: the first seed from 1 whose game shows what the case is for."""
    for seed in range(1, 200):
        state = play(name, seed)
        if _wanted(name, state):
            return {"case": name, "about": CASES[name][2], "seed": seed,
                    "record": json.loads(state.to_record()), "expected": expected(state)}
    raise RuntimeError(f"no seed below 200 gives case {name} what it is for")


def path(name: str) -> Path:
    return HERE / f"{name}.json"


def dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def as_stored(data: Any) -> Any:
    """``data`` as it reads back from a golden file (JSON turns tuples into lists)."""
    return json.loads(dump(data))

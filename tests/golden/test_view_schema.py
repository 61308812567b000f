"""One view-key style: every key of every game's view is snake_case and documented in
docs/views.md (dicts keyed by data, such as seats' colours or place names, are written ``*``).
Random games of each game and main option, every seat's view and the table view at every step."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import gamelib

DOC = Path(__file__).resolve().parents[2] / "docs" / "views.md"
#: dicts whose keys are data (seat colours and names, places, piles, Reserves), not schema
DATA_KEYED = {
    "walking-deck": {"piles", "reserves", "reserve_weaknesses"},
    "walk-the-plank": {"pirates", "pirates.*", "players"},
    "deadland": {"players"},
}
GAMES = {"walking-deck": [{}], "walk-the-plank": [{"players": 3}, {"players": 5}],
         "deadland": [{"players": 2}, {"players": 5}]}
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*\Z")


def key_paths(game: str, value, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, key) for every dict key in a view; data keys become ``*``."""
    if isinstance(value, dict):
        for k, x in value.items():
            key = "*" if path in DATA_KEYED[game] else k
            p = f"{path}.{key}" if path else key
            yield p, key
            yield from key_paths(game, x, p)
    elif isinstance(value, list):
        for x in value:
            yield from key_paths(game, x, path + "[]")


def documented() -> dict[str, set[str]]:
    """game -> the key paths of its table in docs/views.md (plus the engine's keys)."""
    out: dict[str, set[str]] = {}
    section = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            found = re.search(r"\(`([a-z-]+)`", line)
            section = found.group(1) if found else "engine"
            out.setdefault(section, set())
        elif section and line.startswith("| `"):
            out[section] |= set(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return out


def is_documented(path: str, paths: set[str]) -> bool:
    path = re.sub(r"(\[\])+$", "", path)  # the items of a documented list
    return any(path == d
               or (d.endswith(".*") and path.startswith(d[:-2]) and path[len(d) - 2:len(d) - 1] in ".[")
               or d.startswith(path + ".") or d.startswith(path + "[]")  # a dict whose keys are documented
               for d in paths)


def views(game: str, options: dict, seeds: int = 1) -> Iterator[dict]:
    g = gamelib.load(game, **options)
    for seed in range(seeds):
        s, rng = g.new_state(seed=seed), random.Random(seed)
        while True:
            for seat in (None, *s.players):
                yield s.view(seat)
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_view_key_is_snake_case_and_documented(game):
    docs = documented()
    paths = docs["engine"] | docs[game]
    seen: set[str] = set()
    for options in GAMES[game]:
        for v in views(game, options):
            for path, key in key_paths(game, v):
                if path not in seen:
                    seen.add(path)
                    assert key == "*" or SNAKE.match(key), f"{game}: view key {key!r} ({path}) is not snake_case"
                    assert is_documented(path, paths), f"{game}: view key {path!r} is not in docs/views.md"
    assert len(seen) > 20


def test_the_schema_check_can_fail():
    """A spaced key and an undocumented key are caught (the check is not vacuous)."""
    paths = documented()["walk-the-plank"]
    assert is_documented("players.*.not_yet_played[]", paths)
    assert not is_documented("players.*.not yet played", paths)
    assert not SNAKE.match("planks in play") and not SNAKE.match("Planks")
    assert not is_documented("pirates_on_board", paths)

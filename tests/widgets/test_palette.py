"""One seat palette (issue 24, point 2): a seat has one colour everywhere it is drawn. Every
module's table of seat colours is ``render.generic.SEAT_COLOURS``, and no module of the package
writes a seat's colour of its own (a dict from a seat name to a colour)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import gamelib
from gamelib.render import walk_the_plank
from gamelib.render.deadland import style as deadland_style
from gamelib.render.generic import SEAT_COLOURS, seat_badge

SEATS = {"red", "blue", "green", "yellow", "purple", "white", "black"}
HEX = re.compile(r"#[0-9A-Fa-f]{6}\b")


def _seat_colour_tables(path: Path) -> list[int]:
    """Lines of dict literals in ``path`` that map seat names to colours."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if len(keys & SEATS) >= 2 and HEX.search(ast.unparse(node)):
                out.append(node.lineno)
    return out


def test_every_seat_colour_table_is_the_one_palette():
    assert walk_the_plank.PIRATES is SEAT_COLOURS
    assert deadland_style.PLAYER_COLOURS is SEAT_COLOURS
    root = Path(gamelib.__file__).parent
    found = {str(p.relative_to(root)): lines for p in sorted(root.rglob("*.py"))
             if (lines := _seat_colour_tables(p))}
    assert found == {"render/generic.py": found.get("render/generic.py")} and found["render/generic.py"]


def test_a_seat_is_drawn_in_the_same_colour_in_the_badge_and_both_pictures():
    from gamelib.render import render

    red = SEAT_COLOURS["red"][0]
    wtp = gamelib.load("walk-the-plank", players=3).new_state(seed=1)
    dl = gamelib.load("deadland").new_state(seed=1)
    assert red in seat_badge("red") and red in render(wtp, reveal=True) and red in render(dl, reveal=True)

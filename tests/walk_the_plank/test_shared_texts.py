"""The log's frequent entries are built once per game and shared (``texts.Texts``): a game that
has already played others writes the same log as a fresh one, entries are shared objects, and
the round openings past the kept ones are still written right."""
from __future__ import annotations

from gamelib.agents import RandomAgent
from gamelib.rules.walk_the_plank.texts import KEPT_ROUNDS, Texts

from .helpers import game


def played(g, seed: int):
    s = g.new_state(seed=seed)
    agent = RandomAgent(seed)
    while not s.is_over:
        s.apply(agent.choose(s))
    return s


def entries(s) -> list[tuple]:
    return [(e.section, e.text, e.visible_to) for e in s.log]


def test_a_game_that_played_others_writes_the_same_log_as_a_fresh_one() -> None:
    warm = game(5)
    for seed in range(6):  # fills its caches (option labels, deaths, round openings)
        played(warm, seed)
    for seed in (6, 7):
        assert entries(played(warm, seed)) == entries(played(game(5), seed))


def test_entries_are_shared_between_games_and_private_ones_seen_by_one_colour() -> None:
    g = game(3)
    a, b = played(g, 1), played(g, 2)
    firsts = {(e.section, e.text): e for e in a.log}
    # (programming and reveals: the entries most decisions write)
    shared = [e for e in b.log if (e.section, e.text) in firsts and (" reveals card " in e.text or " places card " in e.text)]
    assert shared and all(firsts[(e.section, e.text)] is e for e in shared)
    private = [e for e in a.log if e.visible_to is not None]
    assert private and all(len(e.visible_to) == 1 and e.visible_to <= set(g.players) for e in private)
    assert any(e.text.startswith(f"{next(iter(e.visible_to))} programs ") for e in private)


def test_round_openings_past_the_kept_ones_are_written_and_not_kept() -> None:
    g = game(4)
    t = Texts(g.players, g.cards)
    assert t.round_start(2, 1) is t.round_start(2, 1)
    late = t.round_start(KEPT_ROUNDS + 1, 3)
    assert (late.section, late.text, late.visible_to) == (
        "How to Play", f"round {KEPT_ROUNDS + 1}: {g.players[3]} holds the Captain's Token", None)
    assert (KEPT_ROUNDS + 1, 3) not in t.rounds

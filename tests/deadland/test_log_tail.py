"""Deadland writes most of its log through ``log_same``, which appends straight to the state's
``_tail`` (the in-place case of ``State._log_append``, written out for speed). Clones, undo and
``at_ply`` share and truncate the tape under it: every live state's log must still be exactly
what its own record replays to, entry for entry and text for text (issue 8, replay speed)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.testing import play_ops

GAME = gamelib.load("deadland", players=3)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32),
       st.lists(st.sampled_from(["act", "act", "act", "undo", "clone", "at_ply", "switch", "switch"]), max_size=60))
def test_clones_undo_and_rewinds_keep_every_deadland_log_right(seed, ops):
    states = play_ops(GAME, seed, ops)
    for s in states:
        again = gamelib.load_record(s.to_record())
        assert again == s and again.history == s.history
        assert again.log == s.log and [str(e) for e in again.log] == [str(e) for e in s.log]
        assert again.log_length == s.log_length == len(s.log)


def test_a_loaded_deadland_record_logs_on_like_the_game_it_records():
    """After load_record (whose log went through the tail), undo, a clone and new actions on both
    (taking turns, each its own way) write every log as a straight replay of its record does."""
    for seed in range(4):
        played = gamelib.play(GAME, gamelib.RandomAgent(seed), seed=seed)
        loaded = gamelib.load_record(played.to_record())
        for _ in range(5):
            played.undo()
            loaded.undo()
        for s in (played, loaded):
            s.apply(s.legal_actions()[0])  # (appending again in place)
        twin = loaded.clone()  # shares the tape: each must write its own entries after this point
        while not (loaded.is_over and twin.is_over):
            for s, pick in ((loaded, 0), (twin, -1)):
                if not s.is_over:
                    s.apply(s.legal_actions()[pick])
        while not played.is_over:
            played.apply(played.legal_actions()[0])
        assert loaded == played and loaded.history != twin.history
        for s in (loaded, twin):
            again = gamelib.load_record(s.to_record())
            assert [str(e) for e in s.log] == [str(e) for e in again.log] and s.log == again.log
        assert [str(e) for e in loaded.log] == [str(e) for e in played.log]

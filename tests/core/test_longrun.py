"""``python -m gamelib.bench.longrun`` (issue 14): counts games and actions, reports every violation
with what is needed to re-run it, and is the same whatever the number of workers."""
from __future__ import annotations

import json

import gamelib
from gamelib.bench import longrun
from gamelib.testing import ConformanceError


def test_variants_cycle_through_every_choice():
    assert [v["players"] for v in longrun.variants("deadland")] == [2, 3, 4, 5, 6]
    assert len(longrun.variants("walking-deck")) == 4


def test_a_small_run_checks_games_and_finds_no_violation():
    report = longrun.run("walking-deck", 4, seed=1, chunk=3, deep_every=4, progress=False)
    assert report.games == 4 and report.actions > 4 * 20 and report.violations == 0


def test_violations_are_counted_and_reported(monkeypatch, tmp_path, capsys):
    import gamelib.testing

    real = gamelib.testing.check_game

    def flaky(game, n_games, seed, deep_games):
        if seed % 2:
            raise ConformanceError(f"made-up violation for seed {seed}")
        return real(game, n_games=n_games, seed=seed, deep_games=deep_games)

    monkeypatch.setattr(gamelib.testing, "check_game", flaky)
    out = tmp_path / "run.json"
    code = longrun.main(["--games", "8", "--game", "walking-deck", "--quiet", "--json", str(out)])
    assert code == 1
    data = json.loads(out.read_text())["reports"][0]
    odd = [i for i in range(8) if gamelib.core.derive_seed(0, i) % 2]
    assert data["games"] == 8 and data["violations"] == len(odd) > 0
    assert [e["index"] for e in data["examples"]] == odd
    assert "made-up violation" in capsys.readouterr().out


def test_the_same_run_in_two_workers_checks_the_same_games():
    one = longrun.run("walking-deck", 4, seed=5, workers=1, chunk=2, deep_every=0, progress=False)
    two = longrun.run("walking-deck", 4, seed=5, workers=2, chunk=2, deep_every=0, progress=False)
    assert (one.games, one.actions, one.violations) == (two.games, two.actions, two.violations)


def test_a_run_split_in_two_checks_the_same_games_as_one_run():
    whole = longrun.run("walking-deck", 4, seed=9, chunk=4, deep_every=0, progress=False)
    first = longrun.run("walking-deck", 2, seed=9, deep_every=0, progress=False)
    rest = longrun.run("walking-deck", 2, seed=9, deep_every=0, progress=False, start=2)
    assert whole.actions == first.actions + rest.actions and first.actions != rest.actions

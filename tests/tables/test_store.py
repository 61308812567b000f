"""The tables' store and a kernel's table, the same suite on SQLite and on a real PostgreSQL
(``store_url`` in conftest.py runs each test on both). Several ``Table`` objects on one store
stand for several kernels: each replays the table from the store, as a device's kernel does."""
from __future__ import annotations

import threading
import time
from fractions import Fraction

import pytest

import gamelib
from gamelib import IllegalAction
from gamelib.tables import Board, Store, Table, TableError
from gamelib.tables.codes import check_code, secret_hash
from gamelib.tables.store import SCHEMA_VERSION
from gamelib.tables.table import AGENT_ACTOR

FOUR = {"red": "person", "blue": "person", "green": "person", "yellow": "person"}


def plank(players: int = 4, **options):
    return gamelib.load("walk-the-plank", players=players, **options)


def test_the_schema_is_versioned_and_a_newer_one_is_refused(store, store_url):
    assert store.schema_version() == SCHEMA_VERSION
    Store(store_url).close()  # opening again changes nothing
    assert store.schema_version() == SCHEMA_VERSION
    store.run("UPDATE gl_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(TableError, match="schema version 99.*upgrade gamelib"):
        Store(store_url)


def test_the_store_holds_options_seed_seats_and_decisions_never_a_view(store):
    table, teacher = Table.create(store, plank(max_rounds=1), 5, FOUR)
    tokens = {p: table.join(p) for p in table.game.players}
    for _ in range(8):
        table.decide(tokens[table.state.to_move], table.state.legal_labels()[0])
    token = tokens["red"]
    row = store.run("SELECT * FROM gl_tables WHERE code = ?", (table.code,))[0]
    assert teacher not in "".join(map(str, row)) and token not in str(store.run("SELECT * FROM gl_seats"))
    assert secret_hash(teacher, table.code) in row  # only hashes of secrets
    text = str(store.run("SELECT * FROM gl_tables")) + str(store.run("SELECT * FROM gl_decisions"))
    assert "face down" not in text and "<div" not in text  # no view, no picture


def play_to_end(store, code: str, tokens: dict[str, str], max_decisions: int = 400) -> Table:
    """Each seat's own kernel (its own Table) decides when it is its turn; agents by any."""
    kernels = {seat: Table(store, code) for seat in tokens}
    watcher = Table(store, code)
    for _ in range(max_decisions):
        watcher.sync()
        if watcher.state.is_over:
            break
        if watcher.play_agent() is not None:
            continue
        seat = watcher.state.to_move
        k = kernels[seat]
        k.sync()
        assert k.decide(tokens[seat], k.state.legal_labels()[-1]).taken
    return watcher


def test_a_table_played_by_four_kernels_ends_with_its_record(store):
    table, _ = Table.create(store, plank(max_rounds=2), 11, FOUR)
    tokens = {p: table.join(p) for p in table.game.players}
    watcher = play_to_end(store, table.code, tokens)
    assert watcher.state.is_over
    replay = gamelib.load_record(watcher.record())
    assert replay == watcher.state and replay.ply == len(store.decisions(table.code))
    late = Table(store, table.code)  # a kernel that arrives after the end replays the same
    assert late.state == watcher.state


def test_two_devices_deciding_at_once_one_wins_and_the_other_reads_it(store):
    table, _ = Table.create(store, plank(), 3, FOUR)
    tokens = {p: table.join(p) for p in table.game.players}
    first = table.state.to_move
    a, b = Table(store, table.code), Table(store, table.code)  # two kernels, one seat's two devices
    labels = a.state.legal_labels()
    won = a.decide(tokens[first], labels[0], seq=0)
    lost = b.decide(tokens[first], labels[1], seq=0)
    assert won.taken and not lost.taken
    assert (lost.seq, lost.label, lost.seat, lost.by_agent) == (0, labels[0], first, False)
    assert [r[2] for r in store.decisions(table.code)] == [labels[0]]
    assert b.state == a.state  # the loser's kernel replayed the winner
    # both inserts at once: the second finds the first one's decision in place, by the same token
    c, d = Table(store, table.code), Table(store, table.code)
    seat, label = c.state.to_move, c.state.legal_labels()[0]
    assert c._offer(seat, label, c.actor(tokens[seat])).taken
    assert not d._offer(seat, label, d.actor(tokens[seat])).taken


def test_racing_inserts_let_exactly_one_in(store_url):
    stores = [Store(store_url) for _ in range(6)]
    table, _ = Table.create(stores[0], plank(), 3, {**FOUR, "green": "heuristic", "yellow": "heuristic"})
    results: list[bool] = []
    start = threading.Barrier(len(stores))

    def race(s: Store, i: int) -> None:
        start.wait()
        results.append(s.add_decision(table.code, 0, "red", f"label {i}", f"actor {i}"))

    threads = [threading.Thread(target=race, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 5 + [True]
    assert len(stores[0].decisions(table.code)) == 1
    for s in stores:
        s.close()


def test_a_seat_needs_its_token_and_a_full_table_refuses_another_device(store):
    table, teacher = Table.create(store, gamelib.load("deadland", players=3), 2,
                                  {"red": "person", "blue": "person", "green": "heuristic"})
    red, blue = table.join("red"), table.join("blue")
    assert table.free_seats() == []
    with pytest.raises(TableError, match="taken by another device; the table is full"):
        table.join("red")
    with pytest.raises(TableError, match="played by an agent"):
        table.join("green")
    with pytest.raises(TableError, match="not a seat"):
        table.join("purple")
    assert table.seat_of(red) == "red" and table.seat_of(blue) == "blue"
    for bad in ("x" * 16, "short", 12, red[:-1] + ("A" if red[-1] != "A" else "B")):
        with pytest.raises(TableError, match="seat token"):
            table.seat_of(bad)
    other, _ = Table.create(store, gamelib.load("deadland", players=2), 2, {"red": "person", "blue": "person"})
    with pytest.raises(TableError, match=f"holds no seat at table {other.code}"):
        other.seat_of(red)  # a token acts only at its own table
    mover = table.state.to_move
    wrong = blue if mover == "red" else red
    with pytest.raises(TableError, match="decision, not"):
        table.decide(wrong, table.state.legal_labels()[0])
    with pytest.raises(IllegalAction):
        table.decide(red if mover == "red" else blue, "Fly away")
    assert store.decisions(table.code) == []  # nothing half-applied
    assert table.is_teacher(teacher) and not table.is_teacher("ABCDEF" if teacher != "ABCDEF" else "ABCDEG")
    with pytest.raises(TableError, match="teacher code"):
        table.is_teacher("<script>")


def test_agents_choose_alike_in_every_kernel_and_play_once(store):
    table, _ = Table.create(store, gamelib.load("deadland", players=4), 25,
                            {"red": "heuristic", "blue": "person", "green": "heuristic", "yellow": "random"})
    table.join("blue")
    a, b = Table(store, table.code), Table(store, table.code)
    played = 0
    while a.agent_to_move() is not None and played < 50:
        seat, choice = a.agent_to_move(), a.agent_choice()
        assert b.agent_choice() == choice
        first = a.play_agent()  # a's kernel gets there first; b's offer of the same decision loses
        second = b._offer(seat, choice, AGENT_ACTOR)
        assert first.taken and not second.taken and (second.label, second.by_agent) == (choice, True)
        played += 1
    assert played > 0 and a.state == b.state
    assert {r[3] for r in store.decisions(table.code)} == {"agent"}


def test_a_tampered_store_is_refused_in_words(store):
    table, _ = Table.create(store, plank(), 4, FOUR)
    mover = table.state.to_move
    store.add_decision(table.code, 0, mover, "Program the Moon as card 1", "x")
    with pytest.raises(TableError, match=f"table {table.code} does not replay: .*action 1 'Program the Moon"):
        Table(store, table.code)
    table2, _ = Table.create(store, plank(), 4, FOUR)
    label = table2.state.legal_labels()[0]
    other = next(p for p in table2.game.players if p != table2.state.to_move)
    store.add_decision(table2.code, 0, other, label, "x")
    with pytest.raises(TableError, match=f"stored for {other}"):
        Table(store, table2.code)
    assert _sync_refuses(store)  # a kernel already at the table refuses it too


def _sync_refuses(store) -> bool:
    table, _ = Table.create(store, plank(), 4, FOUR)
    other = next(p for p in table.game.players if p != table.state.to_move)
    store.add_decision(table.code, 0, other, table.state.legal_labels()[0], "x")
    try:
        table.sync()
    except TableError as exc:
        return f"stored for {other}" in str(exc) and table.state.ply == 0
    return False


def test_no_decision_is_lost_when_the_store_is_opened_again(store_url):
    s = Store(store_url)
    table, _ = Table.create(s, plank(), 9, FOUR)
    tokens = {p: table.join(p) for p in table.game.players}
    for _ in range(5):
        table.decide(tokens[table.state.to_move], table.state.legal_labels()[0])
    state = table.state.clone()
    s.close()
    again = Table(Store(store_url), table.code)  # a restarted kernel, a restarted server
    assert again.state == state and again.seat_of(tokens["red"]) == "red"


def test_a_postgresql_restart_loses_nothing_and_the_kernel_reconnects(postgres):
    s = Store(postgres.new_schema())
    table, _ = Table.create(s, plank(), 9, FOUR)
    tokens = {p: table.join(p) for p in table.game.players}
    table.decide(tokens[table.state.to_move], table.state.legal_labels()[0])
    postgres.restart()
    assert table.decide(tokens[table.state.to_move], table.state.legal_labels()[0]).taken  # same Store object
    assert len(s.decisions(table.code)) == 2 and Table(s, table.code).state == table.state


def test_old_tables_and_boards_are_cleaned(store, monkeypatch):
    old, _ = Table.create(store, plank(), 1, FOUR)
    board, _ = Board.create(store, "old board", "heads?", Fraction(1, 2))
    board.contribute("ann", 1, 2)
    store.run("UPDATE gl_tables SET touched = ? WHERE code = ?", (time.time() - 3 * 86400, old.code))
    store.run("UPDATE gl_boards SET touched = ?", (time.time() - 3 * 86400,))
    fresh, _ = Table.create(store, plank(), 2, FOUR)  # creating a table cleans (default 30 days: nothing)
    assert store.table_row(old.code) is not None
    monkeypatch.setenv("GAMELIB_TABLES_KEEP_DAYS", "2")
    assert store.cleanup() == {"tables": 1, "boards": 1}
    assert store.table_row(old.code) is None and store.table_row(fresh.code) is not None
    assert store.contributions("old board") == [] and store.board_row("old board") is None
    monkeypatch.setenv("GAMELIB_TABLES_KEEP_DAYS", "soon")
    with pytest.raises(TableError, match="number of days"):
        store.cleanup()


def test_the_board_pools_exactly_the_contributions(store):
    board, teacher = Board.create(store, "4B calamity", "stress?", Fraction(1, 2))
    counts = [(13, 25), (11, 25), (30, 50), (0, 3), (7, 7)]
    for i, (k, n) in enumerate(counts):
        assert board.contribute(f"student {i}", k, n, ident=f"run{i:08d}")
    assert not board.contribute("student 0", 13, 25, ident="run00000000")  # a double click: kept once
    pooled = Board(store, "4B calamity").pooled()  # another kernel's view of it
    assert (pooled.contributions, pooled.successes, pooled.trials) == (5, 61, 110)
    assert pooled.rates == tuple(k / n for k, n in counts) and pooled.exact == Fraction(1, 2)
    low, high = pooled.interval
    assert low < 61 / 110 < high and high - low < 0.2
    lines = board.csv().splitlines()
    assert lines[0].startswith("board,who,successes,trials") and len(lines) == 6
    assert lines[1].startswith("4B calamity,student 0,13,25,0.520000")
    assert board.is_teacher(teacher)
    for bad in [(-1, 5), (6, 5), (1, 0), (True, 3), (1, 10 ** 9)]:
        with pytest.raises(TableError):
            board.contribute("x", *bad)
    board.contribute("=cmd()", 1, 2)
    assert ",'=cmd()," in board.csv()  # not a spreadsheet formula
    with pytest.raises(TableError, match="exists already"):
        Board.create(store, "4B calamity", "again", None)
    with pytest.raises(TableError, match="no class board"):
        Board(store, "nobody here")


def test_join_codes_are_checked_as_typed():
    assert check_code(" k7q2 ") == "K7Q2"
    for bad in ("K7Q", "K7Q22", "K0Q2", "KIQ2", None, "é" * 4, "K7Q2" * 100):
        with pytest.raises(TableError, match="join code"):
            check_code(bad)


def test_a_wrong_store_url_is_refused_in_words():
    with pytest.raises(TableError, match="GAMELIB_TABLES_URL='mysql://x'"):
        Store("mysql://x")

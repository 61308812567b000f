"""The spectator's public view and the TableClient widget without a browser (SQLite only: the
store itself is checked on both engines in test_store.py). Secrets are checked by re-dealing:
whatever a seat hides is dealt again, and what a spectator or another seat sees must not move."""
from __future__ import annotations

import re

import pytest

import gamelib
from gamelib.core.rng import Rng
from gamelib.render import render
from gamelib.tables import PublicState, Store, Table, public_view
from gamelib.tables.public import HIDDEN
from gamelib.widgets.table_client import TableClient, _token_script, parse_table_parameters


def states(name: str, players: int, games: int = 2, every: int = 9):
    game = gamelib.load(name, players=players)
    for seed in range(games):
        s, agent = game.new_state(seed=seed), gamelib.RandomAgent(seed)
        while not s.is_over:
            if s.ply % every == 0:
                yield s.clone()
            s.apply(agent.choose(s))
        yield s


@pytest.mark.parametrize("name,players", [("walk-the-plank", 4), ("walk-the-plank", 3), ("deadland", 4), ("deadland", 2)])
def test_the_public_view_does_not_move_when_any_seat_is_dealt_again(name, players):
    checked = differs = 0
    for s in states(name, players):
        public = public_view(s)
        picture = render(PublicState(s), player="spectator")
        assert HIDDEN not in str(public)  # every fact of these games is either public or a seat's own
        for i, seat in enumerate(s.players):
            again = s.resample_hidden(seat, Rng(1000 + i))
            differs += again.view(None, log=False) != s.view(None, log=False)
            assert public_view(again) == public, f"the public view shows {seat}'s hidden cards at ply {s.ply}"
            assert render(PublicState(again), player="spectator") == picture
            checked += 1
    assert checked > 20 and differs > 10  # the re-deals did change hidden cards


def test_the_spectator_sees_the_public_log_and_no_seat_entry_as_its_owner_does():
    s = next(x for x in states("walk-the-plank", 4, every=1) if x.ply == 2)
    mover_seen = s.view("blue", log=False)["players"]
    public = public_view(s)
    assert public["player"] == "spectator" and public["legal_actions"] == []
    assert all(e in [str(x) for x in s.log if x.visible_to is None] for e in public["log"])
    for seat, entry in public["players"].items():
        other = next(p for p in s.players if p != seat)
        assert entry == s.view(other, log=False)["players"][seat]
    assert mover_seen  # (the view is not empty)
    with pytest.raises(AttributeError):
        PublicState(s).log  # what could carry a secret is not passed on to a renderer


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite://{tmp_path}/t.sqlite")
    yield s
    s.close()


def programmed(html: str) -> set[str]:
    """The seats whose face-down programmed cards a Walk the Plank picture shows by name."""
    return set(re.findall(r'data-player="(\w+)" data-card="\d" data-order="\d*" data-face="down-seen"', html))


def test_each_device_sees_its_own_programme_and_the_spectator_none(store):
    host = TableClient(store=store, poll=False)
    code = host.create("walk-the-plank", 4, seed=3, seats={"red": "person", "blue": "person", "green": "person",
                                                           "yellow": "heuristic"})
    clients = {p: TableClient(code, store=store, poll=False) for p in ("red", "blue", "green")}
    for p, c in clients.items():
        c.take(p)
        assert c.mode == "seat" and c.last_error is None
    spectator = TableClient(code, store=store, poll=False)
    spectator.take("red")
    assert spectator.mode == "seats" and "taken by another device; the table is full" in spectator.last_error
    spectator.watch()
    teacher = TableClient(code, store=store, poll=False)
    teacher.teacher("AAAAAA" if host.teacher_code != "AAAAAA" else "BBBBBB")
    assert teacher.mode == "seats" and teacher.last_error == "that is not this table's teacher code"
    teacher.teacher(host.teacher_code)
    everyone = [*clients.values(), spectator, teacher]
    for _ in range(40):  # until the programmes are complete
        for c in everyone:
            c.poll()
        st = clients["red"].table.state
        if st.phase != "programming":
            break
        mover = clients.get(st.to_move)
        if mover is not None:
            mover.click(mover.decision_labels()[0])
    for c in everyone:
        c.poll()
    for p, c in clients.items():
        assert programmed(c.picture_widget.value) == {p}
        assert c.widget is not None and c.token not in c.head.value  # a token is never shown as text
    assert programmed(spectator.picture_widget.value) == set()
    assert programmed(teacher.picture_widget.value) == {"red", "blue", "green", "yellow"}  # the table view
    assert gamelib.load_record(teacher.record_widget.value) == teacher.table.state  # the record: the teacher's only
    assert teacher.record_widget.layout.display != "none"
    assert all(c.record_widget.layout.display == "none" and c.record_widget.value == "" for c in [*clients.values(), spectator])


def test_a_stale_click_is_refused_and_names_no_other_seats_decision(store):
    host = TableClient(store=store, poll=False)
    code = host.create("walk-the-plank", 3, seed=3, seats={"red": "person", "blue": "person", "green": "person"})
    clients = {p: TableClient(code, store=store, poll=False) for p in ("red", "blue", "green")}
    for p, c in clients.items():
        c.take(p)
    first = clients[host.table.state.to_move]
    twin = TableClient(code, first.token, store=store, poll=False)
    label = first.decision_labels()[0]
    first.click(label)
    twin.click(label, seq=0)  # the same click from the seat's other device, on the old page
    assert "Not taken: decision 1 had already been taken" in twin.message and label in twin.message
    assert len(store.decisions(code)) == 1
    for c in clients.values():
        c.poll()
    # a click for an old decision after another seat decided: refused without naming that decision
    while first.table.state.to_move == first.seat:
        first.click(first.decision_labels()[0])
    other = clients[first.table.state.to_move]
    other.poll()
    seq = other.table.seq  # the other seat's decision (a programmed card: secret)
    secret = other.decision_labels()[0]
    other.click(secret)
    first.click(label, seq=seq)
    assert first.message.startswith("Not taken: the game had moved on") and "Program" not in first.message


def test_link_parameters_and_the_token_script_are_checked():
    args, problems = parse_table_parameters("table=k7q2&seat=abcdefghijklmnop&large=1")
    assert args == {"table": "K7Q2", "seat": "abcdefghijklmnop", "large": True} and problems == []
    args, problems = parse_table_parameters("seat=abcdefghijklmnop&table=<b>x")
    assert args["table"] is None and args["seat"] is None and len(problems) == 2
    assert "join code '<b>x'" in problems[0]
    script = _token_script("K7Q2", "abc_-DEF12345678")
    handler = script.split('onerror="', 1)[1]
    assert "window.history.replaceState" in handler and "localStorage.setItem" in handler
    assert handler.index('"') == len(handler) - 2  # the attribute ends only where it should


def test_a_wrong_code_or_token_in_the_link_is_said_in_words(store):
    c = TableClient("ZZZZ", store=store, poll=False)
    assert c.mode == "lobby" and "no table has this code" in c.last_error
    host = TableClient(store=store, poll=False)
    code = host.create("deadland", 2, seed=1, seats={"red": "person", "blue": "heuristic"})
    c = TableClient(code, "A" * 16, store=store, poll=False)
    assert c.mode == "seats" and "holds no seat" in c.last_error

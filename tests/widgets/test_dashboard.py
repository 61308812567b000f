"""``dashboard()``: the URL's query string chooses the game, safely (without a browser)."""
from __future__ import annotations

import sys

import gamelib
from gamelib.widgets import PERSON, dashboard, parse_parameters


def test_every_parameter_reaches_the_stepper():
    s = dashboard("walking-deck", "seed=6915206964022700985&protagonist=Boris&large=1&view=table")
    assert s.state.seed == 6915206964022700985
    assert s.state == gamelib.load("walking-deck", protagonist="Boris").new_state(seed=6915206964022700985)
    assert s.large and "gl-large" in s.widget._dom_classes and s.table_view
    assert s.seed_widget.value == "6915206964022700985" and s.option_widgets["protagonist"].value == "Boris"
    assert s.notice_widget.value == ""


def test_a_seat_view_link_plays_that_seat():
    s = dashboard("deadland", "players=5&view=green&seed=3&pause=0")
    assert len(s.game.players) == 5 and s.viewer == "green"
    assert [p for p, who in s.seats.items() if who == PERSON] == ["green"]
    assert s.state.is_over or s.state.to_move == "green"


def test_seats_by_name_and_case_of_option_values():
    args, problems = parse_parameters("walk-the-plank", "blue=person&green=random&players=3")
    assert problems == [] and args["game"].options["players"] == 3
    assert args["seats"] == {"red": PERSON, "blue": PERSON, "green": "random"}
    args, _ = parse_parameters("walking-deck", "protagonist=boris")
    assert args["game"].options["protagonist"] == "Boris"


def test_wrong_parameters_are_reported_in_words_and_the_defaults_used():
    s = dashboard("walk-the-plank", "seed=12x&players=9&large=maybe&view=pink&cards=/etc/passwd&colour=red&blue=genius")
    notes = s.notice_widget.value
    for words in ("not a whole number", "players='9' is not allowed", "write 1 or 0", "view='pink'",
                  "cannot be set from a link", "unknown URL parameter 'colour'", "blue='genius'"):
        assert words in notes.replace("&#x27;", "'"), words
    assert s.state.seed == 1 and s.game.options["players"] == 4 and s.game.options["cards"] is None
    assert not s.large


def test_voila_parameters_are_left_to_voila():
    _, problems = parse_parameters("walking-deck", "theme=dark&template=gamelib")
    assert problems == []


def test_the_query_string_comes_from_voila(monkeypatch):
    import sys

    dashboard_module = sys.modules["gamelib.widgets.dashboard"]
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=42")
    assert dashboard_module.query_string() == "seed=42"
    assert dashboard("walking-deck").state.seed == 42
    monkeypatch.delenv("QUERY_STRING")
    assert dashboard("walking-deck").state.seed == 1  # JupyterLab, nbval: the defaults


def _answering_server(details: str, port: int = 0):
    """A stand-in for Voila's request-details websocket on loopback: it answers a kernel that
    connects to ``voila/query/<its kernel id>`` with ``details``, as Voila does once the visitor's
    request arrives. Returns the server and the paths it was asked for."""
    import threading

    from websockets.sync.server import serve

    asked: list[str] = []

    def answer(ws):
        asked.append(ws.request.path)
        ws.send(details)

    server = serve(answer, "127.0.0.1", port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, asked


def _pre_started_kernel_env(monkeypatch, port: int) -> None:
    """The environment Voila gives a pre-started kernel, for a server on ``port``."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_IP", "127.0.0.1")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-123")
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    # the wait writes the details into os.environ: set then delete, so monkeypatch removes them
    # again afterwards (else they leak into every kernel this worker starts later, e.g. nbval's)
    for name in ("QUERY_STRING", "SCRIPT_NAME"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)


def _request_server(monkeypatch, details: str):
    server, asked = _answering_server(details)
    _pre_started_kernel_env(monkeypatch, server.socket.getsockname()[1])
    return server, asked


def test_a_pre_started_kernel_waits_for_its_visitors_link(monkeypatch):
    # without importing voila (preheat.py: that import costs seconds in every kernel)
    import types

    def not_this(*args, **kwargs):
        raise AssertionError("voila.utils was used: its import costs seconds in every kernel")

    fake = types.ModuleType("voila.utils")
    fake.get_query_string = fake.wait_for_request = not_this
    monkeypatch.setitem(sys.modules, "voila.utils", fake)
    server, asked = _request_server(monkeypatch, '{"QUERY_STRING": "seed=43&large=1", "SCRIPT_NAME": "/"}')
    try:
        s = dashboard("walking-deck")
    finally:
        server.shutdown()
    assert asked == ["/voila/query/k-123"]
    assert s.state.seed == 43 and s.large


def test_a_pre_started_kernel_without_an_answer_keeps_the_defaults(monkeypatch):
    from gamelib.widgets import preheat

    server, asked = _request_server(monkeypatch, "not json")
    try:
        assert preheat.get_query_string() == ""
    finally:
        server.shutdown()
    assert asked == ["/voila/query/k-123"]
    # nobody listening: refused again and again, then (past CONNECT_FOR_S) the defaults
    monkeypatch.setattr(preheat, "CONNECT_FOR_S", 0.6)
    monkeypatch.setattr(preheat, "RETRY_EVERY_S", 0.1)
    monkeypatch.setenv("VOILA_APP_PORT", "1")
    assert dashboard("walking-deck").state.seed == 1


def test_a_pre_started_kernel_tries_again_until_the_server_answers(monkeypatch):
    # a server too busy to answer (here: not listening yet) is tried again, not given up on at
    # once: else the kernel's next visitor gets the default game instead of the link's
    import socket
    import threading

    from gamelib.widgets import preheat

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = []
    _pre_started_kernel_env(monkeypatch, port)
    monkeypatch.setattr(preheat, "RETRY_EVERY_S", 0.1)

    def start_late():
        started.append(_answering_server('{"QUERY_STRING": "seed=77"}', port)[0])

    timer = threading.Timer(0.5, start_late)
    timer.start()
    try:
        assert preheat.get_query_string() == "seed=77"
    finally:
        timer.join()
        for server in started:
            server.shutdown()

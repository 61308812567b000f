"""``Screen``: the game on screen as a plain model, without a widget (issue 24, point 3).

The ``Stepper`` is a thin set of panels over this model: every rule of the page lives here and
is tested by driving the model alone (``tests/widgets/test_screen.py``), like ``Timeline``.

* Seats: each seat is a person or a named agent; ``viewer`` is the seat whose eyes the player
  view uses, ``table_view`` shows everything. ``curtain_seat()`` is the person the screen must
  be passed to first (hot seat); ``decision_labels()`` the buttons the screen may offer.
* The timeline (``Timeline``): Undo and Redo skip agents' decisions back to a person's.
* The agents' schedule: ``agent_to_play()`` says which agent decides now by itself (never while
  looking back, behind a question, or after Undo until a person acts), Auto-play with its stop
  at people's decisions, ``epoch`` counts people's actions (a waiting agent then gives up).
* Confirmations: a question with its "yes" and what follows (new game or load over an unfinished
  game); any other action closes it.
* Errors: ``run`` runs a command; a refused input (``GamelibError``) becomes ``error`` in its own
  words, a bug one sentence (its traceback goes to the server's log, never to the page).

Nothing here imports ipywidgets."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..agents import Agent, RandomAgent
from ..core import Action, Game, GamelibError
from ..core.rng import derive_seed
from .agents_menu import page_agents
from .inputs import PERSON, quote
from .timeline import Timeline

#: a label longer than this is refused before the rules read it (no game's label comes close)
MAX_LABEL_CHARS = 300
#: Auto-play stops after this many decisions even if the game has not ended (a runaway guard).
MAX_AUTOPLAY = 20_000
#: bugs go to the server's log (with their traceback); the page gets one sentence
logger = logging.getLogger("gamelib.widgets")


@dataclass
class Confirmation:
    """A question the screen asks before something that loses a game."""
    question: str
    yes: str
    then: Callable[[], None]


class Screen:
    """A game on screen: seats, the timeline, the agents' schedule, a question, the last error.
    ``agent`` is the Agent menu's agent (it decides for people on Step and Auto-play); ``stops``
    makes Auto-play hand over at people's decisions."""

    def __init__(self, game: Game, seed: int = 0, *, agent: str | None = None,
                 seats: Mapping[str, str] | None = None, human: Sequence[str] | None = None,
                 view: str | None = None, table_view: bool = False, autoplay_stops: bool | None = None,
                 notices: Sequence[str] = ()):
        self.game = game
        self.error: str | None = None
        self.agent_error: str | None = None
        self.notices: list[str] = list(notices)
        self.epoch = 0  # bumped by every person's action: a waiting agent then gives up
        self.paused = False  # agents wait (after Undo / Redo) until a person acts again
        self.autoplay = self.autoplay_started = False
        self.confirm: Confirmation | None = None
        self.export: tuple[Any, str] | None = None  # (moment and eyes, replay page)
        self.games_started = 1
        self.one_player = len(game.players) == 1
        self.human_arg = tuple(human) if human is not None else None
        names = list(self.agents())
        self.agent_name = agent if agent in names else names[0]
        default_agent = agent if agent in names else ("heuristic" if "heuristic" in names else names[0])
        self.seats: dict[str, str] = self._initial_seats(seats, default_agent)
        if view not in (None, "table") and view not in game.players:
            self.notices.append(f"view={view!r} is not a seat of {game.title}; the seats are "
                                f"{', '.join(game.players)} (or view=table). Showing the first person's view.")
            view = None
        persons = self.persons()
        self.viewer: str = view if view in game.players else (persons[0] if persons else game.players[0])
        self.table_view = bool(table_view or view == "table")
        self.stops = bool(self.human_arg) if autoplay_stops is None and self.one_player else bool(autoplay_stops)
        self.timeline = Timeline(game.new_state(seed=seed))
        self.new_agents()

    # ---- seats ----------------------------------------------------------------------------
    def _initial_seats(self, seats: Mapping[str, str] | None, default_agent: str) -> dict[str, str]:
        players = self.game.players
        known = set(self.agents())
        if seats is not None:
            bad = [s for s in seats if s not in players]
            if bad:
                raise GamelibError(f"unknown seat {bad[0]!r}; the seats are {', '.join(players)}")
            wrong = [v for v in seats.values() if v != PERSON and v not in known]
            if wrong:
                raise GamelibError(f"unknown agent {wrong[0]!r}; choose person or one of {', '.join(sorted(known))}")
            return {p: seats.get(p, default_agent if len(players) > 1 else PERSON) for p in players}
        if self.one_player:
            return {p: PERSON for p in players}
        people = self.human_arg if self.human_arg is not None else players[:1]
        return {p: PERSON if p in people else default_agent for p in players}

    @property
    def human(self) -> tuple[str, ...]:
        """The seats where Auto-play hands control back (the person seats; in a one-player game
        nobody unless ``human`` was given, so Auto-play plays to the end)."""
        if self.one_player:
            return self.human_arg or ()
        return tuple(p for p in self.game.players if self.seats.get(p) == PERSON)

    def persons(self) -> list[str]:
        return [p for p in self.game.players if self.seats.get(p) == PERSON]

    def check_seat(self, seat: object, who: object) -> None:
        if not isinstance(seat, str) or seat not in self.game.players:
            raise GamelibError(f"unknown seat {quote(seat)}; the seats are {', '.join(self.game.players)}")
        agents = self.agents()
        if not isinstance(who, str) or (who != PERSON and who not in agents):
            raise GamelibError(f"unknown agent {quote(who)}; choose person or one of {', '.join(agents)}")

    def set_seat(self, seat: str, who: str) -> None:
        self.check_seat(seat, who)
        self.seats[seat] = who
        self.new_agents()
        self.paused = False

    def set_agent(self, name: str) -> None:
        """The Agent menu's agent (it decides for people's seats on Step and Auto-play)."""
        self.agent_name = name
        self.new_agents()

    # ---- reading ------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The present of the line on screen (where play continues)."""
        return self.timeline.present

    def shown(self) -> Any:
        """The state on screen: the present, or a past one while travelling through history."""
        return self.timeline.shown()

    def curtain_seat(self) -> str | None:
        """The person the screen must be passed to before anything is shown, if any."""
        tl = self.timeline
        st = tl.present
        if self.table_view or st.is_over or tl.looking_back() or self.autoplay:
            return None  # (Auto-play decides for people too: the screen keeps its seat's view)
        mover = st.to_move
        if mover is None or self.seats.get(mover) != PERSON or mover == self.viewer:
            return None
        return mover

    def screen_seat(self) -> str | None:
        """Whose eyes the screen uses: None in the table view."""
        return None if self.table_view else self.viewer

    def decision_labels(self) -> list[str]:
        """The buttons the screen offers now: only for the seat whose eyes it uses (any seat in
        the table view), never behind a curtain or once the game is over."""
        shown = self.shown()
        if shown.is_over or self.curtain_seat() is not None:
            return []
        if self.table_view:
            return shown.legal_labels()
        mover = shown.to_move
        if mover != self.viewer or self.seats.get(mover) != PERSON:
            return []
        return shown.legal_labels()

    def moment(self) -> tuple:
        """What identifies the moment on screen (a decision's buttons belong to one moment)."""
        tl = self.timeline
        return (self.games_started, id(tl.present), tl.present.ply, tl.shown_ply)

    # ---- a person's commands (each raises GamelibError and changes nothing when refused) --
    def act(self, action: Action | str) -> None:
        if not isinstance(action, (str, Action)) or len(str(action)) > MAX_LABEL_CHARS:
            raise GamelibError(f"{quote(action)} is not a decision: a decision is named by its label; "
                               f"the decisions now are: {', '.join(self.shown().legal_labels())}")
        self.confirm = None
        self.timeline.act(action)
        self.paused = self.autoplay = False

    def step(self) -> None:
        """One decision by an agent: the seat's own agent, or the Agent menu's for a person."""
        self.confirm = None
        shown = self.shown()
        if shown.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        agent = self.seat_agents.get(shown.to_move) or self.agent
        self.timeline.act(agent.choose(shown))

    def start_autoplay(self) -> None:
        self.confirm = None
        tl = self.timeline
        if tl.looking_back():
            tl.look(tl.present.ply)  # Auto-play continues the game, from its present
        if self.state.is_over:
            raise GamelibError("the game is over: start a new game, or Undo")
        self.paused = False
        self.autoplay, self.autoplay_started = True, False

    def _person_stop(self) -> Callable[[Any], bool] | None:
        """Undo and Redo stop at people's decisions when agents share the table."""
        persons = self.persons()
        if persons and len(persons) < len(self.game.players):
            return lambda st: st.is_over or self.seats.get(st.to_move) == PERSON
        return None

    def undo(self) -> None:
        self.confirm = None
        self.timeline.undo(self._person_stop())
        self.paused = True

    def redo(self) -> None:
        self.confirm = None
        self.timeline.redo(self._person_stop())
        self.paused = True

    def switch(self, index: int) -> None:
        self.confirm = None
        self.timeline.switch(index)
        self.paused = True

    def confirm_seat(self) -> None:
        """The person the curtain waits for confirms that they are at the screen."""
        seat = self.curtain_seat()
        if seat is None:
            raise GamelibError("nobody needs to confirm: the screen already shows the seat that decides")
        self.viewer = seat

    def unfinished(self) -> bool:
        tl = self.timeline
        return not tl.present.is_over and (tl.tip.ply > 0 or bool(tl.kept))

    def new_game_question(self) -> str:
        tl = self.timeline
        lines = f", {len(tl.kept) + 1} lines" if tl.kept else ""
        return (f"Start a new game? This one is not finished ({tl.tip.ply} decisions{lines}); it is lost unless "
                "you copy its save record first (Save / load).")

    def start(self, game: Game, state: Any) -> bool:
        """A new game on screen (new, or loaded); True when its seats differ from the last one's."""
        players_changed = game.players != self.game.players
        self.game = game
        self.timeline = Timeline(state)
        self.games_started += 1
        self.paused = self.autoplay = False
        self.export = None
        self.confirm = None
        if players_changed:
            default = next((v for v in self.seats.values() if v != PERSON), None) or self.agent_name
            self.seats = {p: self.seats.get(p, default) for p in game.players}
            if self.viewer not in game.players:
                self.viewer = (self.persons() or list(game.players))[0]
        self.new_agents()
        return players_changed

    # ---- confirmations --------------------------------------------------------------------
    def ask(self, question: str, yes: str, then: Callable[[], None]) -> None:
        self.confirm = Confirmation(question, yes, then)

    def confirmed(self) -> None:
        asked, self.confirm = self.confirm, None
        if asked is None:
            raise GamelibError("there is nothing to confirm any more")
        asked.then()

    def cancel(self) -> None:
        self.confirm = None

    # ---- agents ---------------------------------------------------------------------------
    def agents(self) -> dict[str, Any]:
        """Every agent the page offers (``agents_menu``); if one cannot be imported, the random
        one still plays."""
        try:
            return page_agents(self.game)
        except Exception as exc:  # noqa: BLE001 - a broken agent must not take the app down
            logger.exception("the agents of %s could not be loaded", self.game.name)
            self.agent_error = (f"Some agents of {self.game.title} are unavailable ({type(exc).__name__}); "
                                "using random. The details are in the server's log.")
            return {"random": RandomAgent}

    def _make_agent(self, name: str, seed: int) -> Agent:
        cls = self.agents().get(name, RandomAgent)
        try:
            return cls(seed=seed)
        except TypeError:  # an agent without a seed (deterministic)
            return cls()

    def new_agents(self) -> None:
        seed = self.state.seed if hasattr(self, "timeline") else 0
        self.agent: Agent = self._make_agent(self.agent_name, derive_seed(seed, 1))
        self.seat_agents: dict[str, Agent] = {
            p: self._make_agent(who, derive_seed(seed, 2 + i))
            for i, (p, who) in enumerate(self.seats.items()) if who != PERSON
        }

    def agent_to_play(self) -> Agent | None:
        """The agent that decides now by itself, if any (only at the present, never behind a question)."""
        tl = self.timeline
        st = tl.present
        if st.is_over or tl.looking_back() or self.confirm is not None:
            self.autoplay = False
            return None
        seat = st.to_move
        if self.autoplay:
            if self.autoplay_started and self.autoplay_stops_at(seat):
                self.autoplay = False
            else:
                return self.seat_agents.get(seat) or self.agent
        if self.paused or self.seats.get(seat) == PERSON:
            return None
        return self.seat_agents.get(seat) or self.agent

    def autoplay_stops_at(self, seat: str | None) -> bool:
        """Auto-play hands over here: only when asked to stop at people's decisions."""
        if not self.stops:
            return False
        if self.one_player:
            return seat in (self.human_arg or self.game.players)
        return self.seats.get(seat) == PERSON

    def agent_decides(self, agent: Agent) -> None:
        self.timeline.act(agent.choose(self.timeline.present))
        self.autoplay_started = True

    def play_agents_now(self) -> None:
        """Agents decide until a person must (at once: tests, scripts, a page without a pause)."""
        for _ in range(MAX_AUTOPLAY):
            agent = self.agent_to_play()
            if agent is None:
                return
            self.agent_decides(agent)
        self.autoplay = False
        raise GamelibError(f"the agents stopped after {MAX_AUTOPLAY} decisions without reaching the end")

    # ---- errors ---------------------------------------------------------------------------
    def person_acts(self) -> None:
        """A person's action: waiting agents give up, the notices of the link are done."""
        self.epoch += 1
        self.notices = []

    def run(self, fn: Callable[[], None]) -> None:
        """Run a command; whatever goes wrong becomes ``error`` in words (nothing escapes)."""
        self.error = None
        try:
            fn()
        except GamelibError as exc:
            self.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - a person must see a sentence, the log the rest
            self.bug("That did not work", exc)

    def bug(self, what: str, exc: BaseException) -> None:
        """A bug: one short sentence for the page, the traceback in the server's log (a page must
        never show a traceback or a server path)."""
        seed = self.timeline.present.seed if hasattr(self, "timeline") else None
        logger.error("%s: %s (game %s, seed %s)", what, type(exc).__name__, self.game.name, seed, exc_info=exc)
        self.error = (f"{what} (an unexpected {type(exc).__name__} in the program, not your fault). "
                      "The details are in the server's log; Undo, or a new game, goes on from here.")

    # ---- words for the page ---------------------------------------------------------------
    def note(self, visible: bool, pause: float) -> str:
        """The line above the decisions: whose decision, or why there are no buttons."""
        tl = self.timeline
        shown, curtain = tl.shown(), self.curtain_seat()
        mover = shown.to_move
        if curtain is not None:
            note = f"Waiting for {curtain} to come to the screen."
        elif shown.is_over:
            note = "The game is over: press New game, Undo, or look back with the History slider."
        elif self.autoplay:
            note = f"Auto-play: the agents play (one decision every {pause:.1f} s); press Stop to take over."
        elif not visible:
            who = self.seats.get(mover, PERSON)
            if self.paused and who != PERSON and not tl.looking_back():
                note = f"The agents are paused after Undo / Redo: {mover} ({who}) decides next. Press Auto-play or Step to go on."
            elif who != PERSON:
                note = f"{mover} ({who}, an agent) is deciding…"
            else:
                note = f"It is {mover}'s decision."
        elif tl.looking_back():
            note = ("Looking back: the decision the game took here continues the line; "
                    "a different one starts a new line (this one is kept under Lines).")
        else:
            note = ""
        if tl.kept and not note:
            note = f"This game has {len(tl.kept) + 1} lines of play: switch with the Lines menu."
        return note

    def line_options(self) -> list[tuple[str, int]]:
        """The Lines menu: this line, then each kept one with where it differs."""
        tl = self.timeline
        mine = [a.label for a in tl.tip.history]
        options = [(f"this line: {tl.tip.ply} decisions", -1)]
        for i, other in enumerate(tl.kept):
            theirs = [a.label for a in other.history]
            same = next((k for k, (a, b) in enumerate(zip(mine, theirs)) if a != b), min(len(mine), len(theirs)))
            end = ", finished" if other.is_over else ""
            options.append((f"line {i + 2}: differs at decision {same + 1}, {other.ply} decisions{end}", i))
        return options


__all__ = ["Screen", "Confirmation", "PERSON", "MAX_LABEL_CHARS", "MAX_AUTOPLAY", "logger"]

"""One kernel's copy of a shared table, kept in step with the store.

The rules engine is the authority: every kernel replays the table from its options, seed and
decisions, checking each as a save record is checked (``gamelib.load_record``, then each new
decision is legal, by the seat whose turn it is). A decision is offered to the store under the
next sequence number; when two devices decide at once, one insert wins and the other kernel
reads the winner and says so. Agents' seats are played by whichever kernel at the table gets
there first, through the same insert; an agent's choice depends only on the position and the
decision's number, so every kernel would choose alike and it does not matter which one wins.

    table, teacher = Table.create(store, game, seed=3, seats={"red": "person", ...})
    token = table.join("red")                 # a device takes a free seat
    table.decide(token, "Program ... as card 1")
    table.sync()                              # other kernels: the new decisions, replayed
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, Mapping

from ..agents import Agent, RandomAgent, agents_for
from ..core import Game, GamelibError, RecordError, UnknownGame, load_record
from ..core.records import RECORD_VERSION
from ..core.registry import game_class
from ..core.inputs import show
from ..core.rng import SEED_MAX, derive_seed
from .codes import (TableError, check_code, check_teacher_code, check_token, new_code, new_token,
                    secret_hash)
from .store import Store

PERSON = "person"
#: an agent's decision is stored with this actor (a person's with the hash of their token)
AGENT_ACTOR = "agent"
MAX_CODE_TRIES = 50


@dataclass(frozen=True)
class Decided:
    """What became of a decision offered to the table: ``taken`` or not; if not, the decision
    stored at that point instead (``by_agent``: an agent's). Only the page of that same seat may
    show its label: another seat's decision can be a secret (a programmed card)."""

    taken: bool
    seq: int
    label: str
    seat: str
    by_agent: bool = False


class Table:
    """A table as one kernel sees it: ``state`` is the replayed game (never shown whole: the
    widget shows one seat's view, the public view or, behind the teacher code, the table view)."""

    def __init__(self, store: Store, code: str):
        self.store = store
        self.code = check_code(code)
        # one seat's two devices hold one token: the actor of a decision also names the kernel,
        # so a kernel whose insert lost never mistakes the winner for its own
        self.kernel = secrets.token_hex(4)
        row = store.table_row(self.code)
        if row is None:
            raise TableError(f"join code {self.code!r}: no table has this code (it may have ended and been "
                             "cleaned away); check the code, or create a new table")
        self._teacher_hash = row["teacher"]
        try:
            seats = json.loads(row["seats"])
            options = json.loads(row["options"])
            seed = int(row["seed"])
        except (ValueError, TypeError) as exc:
            raise TableError(f"table {self.code}: its stored settings are damaged ({type(exc).__name__})") from None
        try:
            # the stored decisions are labels as this code writes them (a table lives for one
            # lesson): the current record version and the game's current label revision
            record = {"format": "gamelib-record", "version": RECORD_VERSION, "game": row["game"],
                      "labels": getattr(game_class(row["game"]), "label_revision", 1), "options": options,
                      "seed": seed, "actions": [label for _, _, label, _ in store.decisions(self.code)]}
            self.state = load_record(record)
        except (RecordError, UnknownGame) as exc:
            raise TableError(f"table {self.code} does not replay: {exc}") from None
        self.game: Game = self.state.game
        if not isinstance(seats, dict) or sorted(seats) != sorted(self.game.players):
            raise TableError(f"table {self.code}: its stored seats do not match {self.game.title}'s seats")
        self.seats: dict[str, str] = {p: str(seats[p]) for p in self.game.players}
        self.seq = self.state.ply
        # the seat of each decision, checked as it is replayed (the first ones by load_record above)
        self._check_seats(store.decisions(self.code), replayed=True)

    # ---- creating and joining ----------------------------------------------------------
    @classmethod
    def create(cls, store: Store, game: Game, seed: int, seats: Mapping[str, str]) -> tuple["Table", str]:
        """A new table; returns it and its teacher code (shown once, to whoever created it)."""
        if len(game.players) < 2:
            raise TableError(f"{game.title} has one seat: a table is for games of several players")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
            raise TableError(f"seed {show(seed, 24)}: a whole number from 0 to {SEED_MAX}")
        agents = agents_for(game)
        chosen: dict[str, str] = {}
        for p in game.players:
            who = seats.get(p, PERSON)
            if who != PERSON and who not in agents:
                raise TableError(f"seat {p}: {show(who, 24)} is neither person nor an agent; choose person or "
                                 f"one of {', '.join(agents)}")
            chosen[p] = who
        unknown = [s for s in seats if s not in game.players]
        if unknown:
            raise TableError(f"seat {show(unknown[0], 24)} is not a seat of {game.title}; the seats are "
                             f"{', '.join(game.players)}")
        if PERSON not in chosen.values():
            raise TableError("a table needs at least one person's seat (agents alone play in the Stepper)")
        try:
            options = json.dumps(dict(game.options), sort_keys=True)
        except (TypeError, ValueError):
            raise TableError("these game options cannot be shared (a card set given as a file: load it "
                             "into the record form first)") from None
        store.cleanup()
        teacher = new_code(6)
        for _ in range(MAX_CODE_TRIES):
            code = new_code()
            if store.insert_table(code, game.name, options, seed, json.dumps(chosen),
                                  secret_hash(teacher, code)):
                return cls(store, code), teacher
        raise TableError("no free join code was found: too many tables are open; clean old ones")

    def person_seats(self) -> list[str]:
        return [p for p in self.game.players if self.seats[p] == PERSON]

    def taken(self) -> dict[str, str]:
        return self.store.taken_seats(self.code)

    def free_seats(self) -> list[str]:
        taken = self.taken()
        return [p for p in self.person_seats() if p not in taken]

    def join(self, seat: str) -> str:
        """Take a free person's seat; returns its token (the only key to that seat)."""
        if seat not in self.game.players:
            raise TableError(f"seat {show(seat, 24)} is not a seat of this table; the seats are "
                             f"{', '.join(self.game.players)}")
        if self.seats[seat] != PERSON:
            raise TableError(f"{seat} is played by an agent ({self.seats[seat]}); take a person's seat")
        token = new_token()
        if not self.store.take_seat(self.code, seat, secret_hash(token, self.code)):
            free = self.free_seats()
            raise TableError(f"{seat} was taken by another device" + (
                f"; free seats: {', '.join(free)}" if free else "; the table is full: you can watch as a spectator"))
        return token

    def seat_of(self, token: str) -> str:
        """The seat a token holds (a reload, another tab, a laptop opened again)."""
        token = check_token(token)
        seat = self.store.seat_of(self.code, secret_hash(token, self.code))
        if seat is None:
            raise TableError(f"seat token {token[:4]}...: it holds no seat at table {self.code}; take a free seat "
                             "or watch as a spectator")
        return seat

    def is_teacher(self, code: str) -> bool:
        return secret_hash(check_teacher_code(code), self.code) == self._teacher_hash

    # ---- keeping in step ------------------------------------------------------------------
    def sync(self) -> int:
        """Replay the decisions other kernels stored since the last sync; how many there were."""
        new = self.store.decisions(self.code, self.seq)
        self._check_seats(new, replayed=False)
        return len(new)

    def _check_seats(self, rows: list[tuple[int, str, str, str]], replayed: bool) -> None:
        if replayed:
            # load_record replayed the labels; check that each was decided by the seat to move
            probe = self.state.at_ply(0) if rows else None
            for seq, seat, label, _ in rows:
                if probe.to_move != seat:
                    raise TableError(f"table {self.code}: decision {seq + 1} ({show(label)}) is stored for {seat}, "
                                     f"but it was {probe.to_move}'s decision")
                probe.apply(label)
            return
        for seq, seat, label, _ in rows:
            if seq != self.seq:
                raise TableError(f"table {self.code}: decision {seq + 1} arrived before decision {self.seq + 1}")
            self._apply_checked(seq, seat, label)

    def _apply_checked(self, seq: int, seat: str, label: str) -> None:
        st = self.state
        if st.to_move != seat:
            raise TableError(f"table {self.code}: decision {seq + 1} ({show(label)}) is stored for {seat}, "
                             f"but it is {st.to_move}'s decision")
        try:
            st.apply(label)
        except GamelibError as exc:
            raise TableError(f"table {self.code}: decision {seq + 1} does not replay: {exc}") from None
        self.seq += 1

    # ---- deciding -------------------------------------------------------------------------
    def decide(self, token: str, label: str, seq: int | None = None) -> Decided:
        """A person's decision for the seat ``token`` holds. ``seq``: the decision number the
        page showed when it was clicked (a click on an old page is refused, not applied later)."""
        seat = self.seat_of(token)
        self.sync()
        if seq is not None and seq != self.seq:
            return self._lost(seq)
        st = self.state
        if st.is_over:
            raise TableError("the game is over: no more decisions")
        if st.to_move != seat:
            raise TableError(f"it is {st.to_move}'s decision, not {seat}'s")
        if not isinstance(label, str) or label not in st.legal_labels():
            st.clone().apply(label)  # raises IllegalAction: names the label and the legal ones
            raise TableError(f"{show(label)} is not one of {seat}'s decisions now")
        return self._offer(seat, label, self.actor(token))

    def actor(self, token: str) -> str:
        """Who a person's decision is stored as: the seat's token (hashed) and this kernel."""
        return f"{secret_hash(check_token(token), self.code)[:32]}:{self.kernel}"

    def _offer(self, seat: str, label: str, actor: str) -> Decided:
        seq = self.seq
        if self.store.add_decision(self.code, seq, seat, label, actor):
            self._apply_checked(seq, seat, label)
            return Decided(True, seq, label, seat)
        return self._lost(seq, actor)

    def _lost(self, seq: int, actor: str | None = None) -> Decided:
        self.sync()
        rows = self.store.decisions(self.code, seq)
        if not rows:
            raise TableError(f"table {self.code}: decision {seq + 1} was refused by the store but is not there")
        _, seat, label, who = rows[0]
        if actor is not None and actor != AGENT_ACTOR and who == actor:  # our own insert, whose answer was lost on the way
            return Decided(True, seq, label, seat)
        return Decided(False, seq, label, seat, by_agent=who == AGENT_ACTOR)

    def agent_to_move(self) -> str | None:
        st = self.state
        if st.is_over:
            return None
        return st.to_move if self.seats.get(st.to_move, PERSON) != PERSON else None

    def agent_choice(self) -> str:
        """The label the agent of the seat to move chooses now: a fresh agent seeded by the
        table's seed and the decision's number, so every kernel chooses the same."""
        seat = self.agent_to_move()
        if seat is None:
            raise TableError("no agent is to decide now")
        cls = agents_for(self.game).get(self.seats[seat], RandomAgent)
        try:
            agent: Agent = cls(seed=derive_seed(self.state.seed, 7, self.seq))
        except TypeError:
            agent = cls()
        return agent.choose(self.state.clone()).label

    def play_agent(self) -> Decided | None:
        """If an agent is to move, offer its decision (any kernel at the table may)."""
        self.sync()
        seat = self.agent_to_move()
        if seat is None:
            return None
        return self._offer(seat, self.agent_choice(), AGENT_ACTOR)

    def record(self) -> str:
        """The save format of the game so far (finished: the whole game, for replay)."""
        return self.state.to_record()


def open_table(store: Store, code: Any) -> Table:
    return Table(store, check_code(code))


__all__ = ["Table", "Decided", "open_table", "PERSON", "AGENT_ACTOR"]

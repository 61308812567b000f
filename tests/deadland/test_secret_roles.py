"""Rulebook section "Role Cards" (kept face down until revealed): the moment the game asks for a
decision must not tell the table who holds which face-down card.

The check replays a random game in a *counterfactual* deal: the face-down Role cards of the other
players (and the Role cards not drawn yet) are re-dealt among themselves, consistently with all that
``me`` has seen, in the Role deck as it was at the start, and the same actions are replayed. Every
action taken must stay legal, and at every decision ``me``'s view (to_move, phase, ``me``'s legal
labels, every log line ``me`` may read...) and the pending work must be the same; the player to move
may differ only in their private "Reveal ..." options."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gamelib import RandomAgent, play
from gamelib.core import Rng, derive_seed
from gamelib.rules.deadland import DeadlandState
from gamelib.rules.deadland.views import _redeal_roles

from .helpers import climb, game, junk, start


def _public(state: Any) -> list[str]:
    return [a.label for a in state.legal_actions() if not a.label.startswith("Reveal ")]


def _counterfactual(state: Any, me: int, rng: Rng) -> tuple[Any, bool]:
    """The start of ``state``'s game with the Role cards hidden from ``me`` (now) re-dealt, and
    whether any card actually moved."""
    now = state.clone()
    _redeal_roles(now, me, rng)  # the engine's own re-deal: it knows what a refused gift revealed
    swap: dict[str, str] = {}
    for q in range(state.n):
        if state.role[q] is not None:
            swap[state.role[q]] = now.role[q]
    for old, new in zip(state.rdeck, now.rdeck):
        swap[old] = new
    other = state.at_ply(0)  # a fresh copy of the start: the deal is changed there
    other.role = tuple(None if r is None else swap.get(r, r) for r in other.role)
    other.rdeck = tuple(swap.get(r, r) for r in other.rdeck)
    other._legal = None  # legal actions are worked out again for the new deal
    return other, any(k != v for k, v in swap.items())


SEEN = ("to_move", "phase", "is_over", "legal_actions", "the game view", "new log lines")


def _seen(s: Any, who: str, since: int) -> tuple:
    """``s.view(who)`` in parts, its log cut to the lines added from ``since`` on (comparing the whole
    log at every ply would make the check quadratic)."""
    lines = [str(e) for e in s.log[since:] if e.visible_to is None or who in e.visible_to]
    parts = (s.to_move, s.phase, s.is_over, s.legal_labels() if s.to_move == who else [], s._view(who), lines)
    return tuple(map(repr, parts))  # strings: thousands of them kept alive cost the garbage collector nothing


def _trace(state: Any) -> list[tuple]:
    """At each ply of ``state``'s game: what every player sees, the pending work, the public options."""
    s = state.at_ply(0)
    history = state.history
    out = []
    for ply in range(state.ply + 1):
        since = out[-1][3] if out else 0
        out.append(({w: _seen(s, w, since) for w in s.players}, list(s.stack), _public(s), len(s.log)))
        if ply < state.ply:
            s.apply(history[ply])
    return out


def mismatch(state: Any, trace: list[tuple], me: int, rng: Rng) -> tuple[str | None, bool]:
    """Replay ``state``'s history in a counterfactual deal of the roles ``me`` cannot see; the first
    difference ``me`` could notice (or None), and whether the deal differed at all."""
    other, moved = _counterfactual(state, me, rng)
    who = state.name(me)
    history = state.history
    since = 0
    for ply, (seen, stack, public, _) in enumerate(trace):
        there = _seen(other, who, since)
        since = len(other.log)
        if there != seen[who]:
            diff = [name for name, a, b in zip(SEEN, seen[who], there) if a != b]
            return f"ply {ply}: {who} sees a difference in {diff}", moved
        if other.stack != stack:
            return f"ply {ply}: pending work {stack[-1:]} vs {other.stack[-1:]}", moved
        if _public(other) != public:
            return f"ply {ply}: public options {public} vs {_public(other)}", moved
        if ply < len(history):
            if history[ply].label not in other.legal_labels():
                return f"ply {ply}: {history[ply].label!r} is not legal in the re-dealt game", moved
            other.apply(history[ply].label)
    return None, moved


def _games(per_size: int = 3) -> Iterator[tuple[Any, Rng]]:
    """Random games cut at their last decision and at a random one, one at a time (thousands of
    live states would slow everything down through the garbage collector)."""
    for n in (2, 3, 4, 5, 6):
        g = game(n)
        for i in range(per_size):
            seed = derive_seed(500 + n, i)
            full = play(g, RandomAgent(seed), seed=seed)
            rng = Rng(seed)
            for cut in sorted({full.ply - 1, 1 + rng.randbelow(full.ply - 1)}):
                yield full.at_ply(cut), rng


class _NoGifts(RandomAgent):
    def choose(self, state: Any) -> Any:
        legal = [a for a in state.legal_actions() if a.kind != "give"]
        return legal[self.rng.randbelow(len(legal))]


def _crowded(per_seed: int = 1) -> Iterator[tuple[Any, Rng]]:
    """Random games from a crowded position: four survivors with face-down cards on one board, with
    Rations, Munitions and objects to take, the Radio marker one step from the end: the moments a
    face-down Traitor could use (before the daily trial included) come up at once."""
    things = (["Pistol"], ["Hatchet"], ["Medications"], [])
    players = {name: {"board": "Hospital", "infection": ["1"], "role": role, "rations": rations, "munitions": 1,
                      "objects": objs}
               for name, role, objs, rations in zip(("red", "blue", "green", "yellow"),
                                                    ("medic", "looter", "hermit", "traitor"), things, (0, 2, 0, 1))}
    for seed in range(per_seed):
        state = game(4).from_scenario({"players": players, "radio": 9}, seed=seed)
        agent = _NoGifts(seed)  # an accepted gift shows its receiver is not the Traitor
        # play until the Traitor is known (revealed, or a gift refused) or the game ends, which shows
        # every card: the state just before is the one checked, while anyone might still hold it
        while not state.is_over and state.traitor_known < 0 and not state.shown[3] and state.ply < 80:
            state.apply(agent.choose(state))
        yield state.at_ply(state.ply - 1), Rng(seed)


def _check_secrecy(per_size: int, games: Iterator[tuple[Any, Rng]] | None = None, redeals: int = 1) -> int:
    moved = 0
    for state, rng in games if games is not None else _games(per_size):
        trace = _trace(state)
        for me in range(state.n):
            for _ in range(redeals):
                problem, changed = mismatch(state, trace, me, rng)
                assert problem is None, f"{problem}\nrecord: {state.to_record()}"
                moved += changed
    return moved


def test_role_prompts_reveal_nothing_to_the_table():
    """Role Cards: at every decision of random games, re-dealing the face-down roles a player cannot
    see changes nothing they can see: who is asked, the phase, their labels, the log, what is pending."""
    assert _check_secrecy(per_size=3) > 30  # the re-deals did change who holds what


def test_role_prompts_reveal_nothing_in_crowded_positions():
    """Role Cards (Traitor and the others): the same check from crowded positions, where the pauses
    for a possible Traitor (before the daily trial, in the Using phase) come up in every turn."""
    assert _check_secrecy(0, _crowded(per_seed=3), redeals=4) > 20


@pytest.mark.slow
def test_role_prompts_reveal_nothing_long():
    assert _check_secrecy(per_size=20) > 200


def test_the_secrecy_check_catches_a_prompt_only_the_holder_gets(monkeypatch):
    """Role Cards: the check above fails when only the real holder of a role is asked (as before)."""
    monkeypatch.setattr(DeadlandState, "may_hold", lambda s, q, role: s.role_is(q, role, False))
    found = None
    for state, rng in _games(per_size=2):
        trace = _trace(state)
        for me in range(state.n):
            found = found or mismatch(state, trace, me, rng)[0]
        if found:
            break
    assert found and "sees a difference" in found


# ---- the neutral prompts, one by one ------------------------------------------------------------
def test_any_face_down_card_is_asked_before_a_virus_card_is_added():
    """Role Cards (Infectee, Contagious): every survivor with a face-down card is asked; a player who
    cannot reveal sees only the neutral choice, and the table sees the same phase."""
    for role, first in (("infectee", "Reveal Infectee: become a Zombie"),
                        ("contagious", "Reveal Contagious: discard the 2"), ("looter", None)):
        s = start(2, settled=False, virus={"deck": ["2"] + junk(3)},
                  players={"red": {"board": "Hospital", "infection": ["1"], "role": role}})
        s.apply("Draw 2 Virus cards")  # alone, red might be the Hermit: the trial waited
        assert s.to_move == "red" and s.phase == "Virus card about to be added"
        assert s.legal_labels() == ([first] if first else []) + ["Add the 2 to your Infection deck"]
        assert s.view("blue")["pending"] == {"player": "red", "decision": "Virus card about to be added"}


def test_no_role_prompt_at_level_0_or_once_the_roles_are_known():
    """Role Cards: a survivor with no Role card yet is known to hold none; once the Infectee and the
    Contagious are face up, nobody else can hold them and the card is added without a question."""
    s = start(2, settled=False, virus={"deck": ["1"] + junk(3)}, players={"red": {"board": "Hospital"}})
    assert s.phase != "Virus card about to be added" and s.view(None)["players"]["red"]["level"] == 1
    s = start(3, settled=False, virus={"deck": ["2"] + junk(3)},
              players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"},
                       "blue": {"zombie": True, "role": "infectee", "revealed": True},
                       "green": {"infection": ["1"], "role": "contagious", "revealed": True}})
    s.apply("Draw 2 Virus cards")  # blue is a zombie, so red might be the Survivor: the trial waited
    assert s.phase != "Virus card about to be added" and s.view(None)["players"]["red"]["level"] == 2


def test_any_face_down_card_is_asked_before_the_event_draw():
    """Role Cards (Looter): "about to draw an Event card": every face-down card holder is asked."""
    for role in ("looter", "medic"):
        s = start(2, settled=False, virus={"deck": junk(4)},
                  players={"red": {"board": "Hospital", "infection": ["1"], "role": role}})
        s.apply("Draw 2 Virus cards")
        s.apply("Stay on the Hospital")
        s.apply("End the exchange phase")
        assert s.phase == "Event" and s.to_move == "red"
        reveal = ["Reveal Looter: draw five Event cards and keep one"] if role == "looter" else []
        assert s.legal_labels() == reveal + ["Draw one Event card"]


def test_any_face_down_card_is_asked_at_a_trial_once_someone_is_a_zombie():
    """Role Cards (Survivor, Hermit): the daily trial waits for every face-down card holder once
    another player is a zombie (Survivor), or while alone on the board (Hermit)."""
    company = {"board": "Hospital"}
    for others in ({"blue": {"board": "Road 2", "zombie": True}, "green": company}, {}):
        s = start(3, settled=False, virus={"deck": junk(4)},
                  players={"red": {"board": "Hospital", "infection": ["1"], "role": "medic"}, **others})
        assert s.phase == "Daily Infection Trial" and s.legal_labels() == ["Draw 2 Virus cards"]
    s = start(3, settled=False, virus={"deck": junk(4)},
              players={"red": {"board": "Hospital", "infection": climb(2), "role": "hermit"}, "blue": company})
    assert s.phase == "Movement"  # not alone, nobody a zombie, no Ration: nothing to ask


def test_the_using_phase_waits_for_any_face_down_card():
    """Role Cards (Traitor, stand-in Scavenger and Medic): the Using phase waits for a face-down card
    holder even with nothing to give, and is skipped for a player with no card."""
    s = start(2, virus={"deck": junk(4)}, players={"red": {"board": "Hospital", "infection": ["1"], "role": "looter"}})
    s.apply("Stay on the Hospital")
    assert s.phase == "Using / Exchanging Objects" and s.legal_labels() == ["End the exchange phase"]
    s = start(2, virus={"deck": junk(4)}, players={"red": {"board": "Hospital"}})
    s.apply("Stay on the Hospital")
    assert s.phase != "Using / Exchanging Objects"


@pytest.mark.parametrize("me", ["red", "blue"])
def test_public_log_lines_do_not_name_the_face_down_card(me):
    """Role Cards: what a player reads in the log is the same whichever face-down card red holds."""
    logs = []
    for role in ("looter", "medic", "hermit"):
        s = start(2, settled=False, virus={"deck": ["2"] + junk(8)}, boards={"Hospital": {"deck": ["Rations"]}},
                  players={"red": {"board": "Hospital", "infection": ["1"], "role": role}}, roles=["traitor"])
        for label in ("Draw 2 Virus cards", "Add the 2 to your Infection deck", "Stay on the Hospital",
                      "End the exchange phase", "Draw one Event card"):
            s.apply(label)
        assert s.to_move == "blue"
        logs.append([e.text for e in s.log if e.visible_to is None or me in e.visible_to])
    assert logs[0] == logs[1] == logs[2]

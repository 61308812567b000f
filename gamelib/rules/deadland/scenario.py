"""Positions as plain dicts: ``state.to_scenario()`` writes every field (a saved game, exact), and
``game.from_scenario(d, seed)`` reads one back, or a short hand-written one for a lesson or a test.

Short scenarios: cards may be named by label instead of id ("5", "Illness", "Radio Contact" for
Virus cards; "Pistol", "One Zombie (2 cards)" or "One Zombie" for Event cards) and every card not
mentioned is placed for you: Virus cards at the bottom of the Virus deck, Event cards at the bottom
of their board's deck (into the box if the board is turned over), Role cards under the Role deck.
Piles are listed TOP FIRST; an Infection deck is listed from level 1 up. Without "pending" the
position is the start of the active player's turn (their daily trial runs at once unless they have
a choice to make); "pending" and what it may hold are described in pending.py. Every field is
checked (``ScenarioError`` names it); the scenario given is never changed."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gamelib.core import Outcome, Rng, ScenarioError, derive_seed
from gamelib.core.checks import ScenarioChecker
from gamelib.core.inputs import show
from gamelib.core.scenarios import plain_scenario

from .cards import MAX_RESISTANCE, TOKENS
from .pending import check, parse
from .state import freeze
from .tasks import advance

if TYPE_CHECKING:  # pragma: no cover
    from .game import Deadland

TOP = ("turn", "active", "radio", "players", "boards", "box", "virus", "roles", "fresh", "drawn",
       "resolving", "pending", "cut", "shotgun_used", "pistol_used", "medic_used", "zombie_order",
       "traitor_known", "outcome")
PLAYER = ("board", "zombie", "dead", "resistance", "munitions", "rations", "objects", "infection",
          "role", "revealed", "known_not_traitor")
BOARD = ("deck", "discard", "turned", "known")
VIRUS = ("deck", "discard", "radio")


# ---- writing ---------------------------------------------------------------------------------------
def _plain(x: Any) -> Any:
    return [_plain(v) for v in x] if isinstance(x, (tuple, list)) else x


def to_scenario(s: "DeadlandState") -> dict[str, Any]:
    names = s.game.players
    data = s.data
    out: dict[str, Any] = {
        "turn": s.turn,
        "active": names[s.active],
        "radio": s.radio,
        "players": {
            names[q]: {
                "board": data.boards[s.pos[q]].name, "zombie": s.zombie[q], "dead": s.dead[q],
                "resistance": s.resist[q], "munitions": s.mun[q], "rations": s.rat[q],
                "objects": list(s.objs[q]), "infection": list(s.inf[q]), "role": s.role[q],
                "revealed": s.shown[q], "known_not_traitor": s.not_traitor[q],
            } for q in range(s.n)
        },
        "boards": {
            board.name: {"deck": list(reversed(s.edeck[b])), "discard": list(s.edisc[b]),
                         "turned": s.turned[b], "known": list(s.known[b])}
            for b, board in enumerate(data.boards)
        },
        "box": list(s.box),
        "virus": {"deck": list(reversed(s.vdeck)), "discard": list(s.vdisc), "radio": list(s.vradio)},
        "roles": list(reversed(s.rdeck)),
        "fresh": list(s.fresh),
        "drawn": list(s.held),
        "resolving": list(s.ev),
        "pending": [_plain(t) for t in s.stack],
        "cut": s.cut,
        "shotgun_used": [names[q] for q in range(s.n) if s.shot_used[q]],
        "pistol_used": [names[q] for q in range(s.n) if s.pistol_used[q]],
        "medic_used": s.medic_used,
        "zombie_order": [names[q] for q in s.zorder],
        "traitor_known": names[s.traitor_known] if s.traitor_known >= 0 else None,
        "outcome": None if s.result is None else {
            "winners": list(s.result.winners), "losers": list(s.result.losers), "reason": s.result.reason},
    }
    return out


# ---- reading ---------------------------------------------------------------------------------------
class _Reader:
    """Resolves card references (ids first, then labels) so no card is used twice."""

    def __init__(self, game: "Deadland"):
        self.data = game.data
        self.used: set[str] = set()
        self.reserved: set[str] = set()

    def reserve(self, refs: list[tuple[str, Any]]) -> None:
        for field, ref in refs:
            if isinstance(ref, str) and (ref in self.data.virus or ref in self.data.events):
                if ref in self.reserved:
                    raise ScenarioError(field, f"card {show(ref)} is placed twice")
                self.reserved.add(ref)

    def virus(self, field: str, ref: Any) -> str:
        if isinstance(ref, int) and not isinstance(ref, bool):
            ref = str(ref)
        if not isinstance(ref, str):
            raise ScenarioError(field, f"a Virus card is an id like 'V5-1' or a label, got {show(ref)}")
        if ref in self.data.virus:
            return self._use(field, ref)
        for vid in self.data.virus_ids:
            if self.data.virus[vid].label == ref and vid not in self.used and vid not in self.reserved:
                return self._use(field, vid)
        labels = "1-8, 'Illness', 'Radio Contact'"
        if any(v.label == ref for v in self.data.virus.values()):
            raise ScenarioError(field, f"no {show(ref)} Virus card is left to place (the deck has {sum(v.label == ref for v in self.data.virus.values())})")
        raise ScenarioError(field, f"unknown Virus card {show(ref)}; use an id such as 'V5-1' or a label: {labels}")

    def event(self, field: str, ref: Any, decks: tuple[str, ...] | None = None, objects: bool = False) -> str:
        if not isinstance(ref, str):
            raise ScenarioError(field, f"an Event card is an id like 'base-03' or a name, got {show(ref)}")
        events = self.data.events
        if ref in events:
            card = events[ref]
            if decks is not None and card.deck not in decks:
                raise ScenarioError(field, f"card {show(ref)} belongs to the {show(card.deck)} deck, not {' or '.join(decks)}")
            if objects and card.kind != "object":
                raise ScenarioError(field, f"card {show(ref)} ({card.label}) is not an object")
            return self._use(field, ref)
        for cid, card in events.items():
            if (card.label == ref or card.name == ref) and (decks is None or card.deck in decks) \
                    and (not objects or card.kind == "object") and cid not in self.used and cid not in self.reserved:
                return self._use(field, cid)
        raise ScenarioError(field, f"no unused Event card {show(ref)}" + (f" in the {' / '.join(decks)} deck" if decks else "")
                            + "; give an id such as 'base-03' or a card name such as 'Pistol' or 'One Zombie (2 cards)'")

    def _use(self, field: str, cid: str) -> str:
        if cid in self.used:
            raise ScenarioError(field, f"card {show(cid)} is placed twice")
        self.used.add(cid)
        return cid


_KIND_NAMES = {Mapping: "a dict", list: "a list", str: "a string", int: "a whole number", bool: "true or false",
               type(None): "None"}


def _get(d: Mapping[str, Any], key: str, kind: type | tuple, default: Any, field: str) -> Any:
    if key not in d:
        return default
    v = d[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(v, kind) or (isinstance(v, bool) and bool not in kinds):
        names = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
        raise ScenarioError(field, f"must be {names}, got {show(v)}")
    return v


def _count(d: Mapping[str, Any], key: str, default: int, field: str, lo: int, hi: int) -> int:
    v = _get(d, key, int, default, field)
    if not lo <= v <= hi:
        raise ScenarioError(field, f"must be {lo} to {hi}, got {v}")
    return v


def _strings(d: Mapping[str, Any], key: str, field: str) -> list[str]:
    """A list of distinct strings (card ids, player names...)."""
    v = _get(d, key, list, [], field)
    for x in v:
        if not isinstance(x, str):
            raise ScenarioError(field, f"lists names or ids as strings, got {show(x)}")
    if len(set(v)) != len(v):
        raise ScenarioError(field, "lists something twice")
    return list(v)  # a copy: the game changes its own lists, never the scenario's


def _unknown(d: Mapping[str, Any], known: tuple[str, ...], field: str) -> None:
    """The shared check (``ScenarioChecker``) of a table at ``field`` (a path ending in a dot)."""
    ScenarioChecker(d, field.rstrip(".")).no_unknown(known)


def _seat(game: "Deadland", name: Any, field: str) -> int:
    if not isinstance(name, str) or name not in game.players:
        raise ScenarioError(field, f"{show(name)} is not a player; the players are {', '.join(game.players)}")
    return game.players.index(name)


def _all_refs(sc: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Every card named anywhere (ids are reserved first, so a label never takes a card named by id)."""
    refs: list[tuple[str, Any]] = []

    def add(field: str, v: Any) -> None:
        if isinstance(v, list):
            refs.extend((field, r) for r in v)

    def specs(key: str) -> list[tuple[Any, Mapping]]:
        group = sc.get(key)
        if not isinstance(group, Mapping):
            return []
        return [(name, spec) for name, spec in group.items() if isinstance(spec, Mapping)]

    for name, spec in specs("players"):
        add(f"players.{name}.objects", spec.get("objects"))
        add(f"players.{name}.infection", spec.get("infection"))
    for name, spec in specs("boards"):
        add(f"boards.{name}.deck", spec.get("deck"))
        add(f"boards.{name}.discard", spec.get("discard"))
    virus = sc.get("virus")
    for key in ("deck", "discard", "radio"):
        add(f"virus.{key}", virus.get(key) if isinstance(virus, Mapping) else None)
    add("box", sc.get("box"))
    add("drawn", sc.get("drawn"))
    add("resolving", sc.get("resolving"))
    return refs


def from_scenario(game: "Deadland", sc: Any, seed: int = 0) -> "DeadlandState":
    """A position from scenario ``sc`` (never modified), or ``ScenarioError`` naming the field."""
    sc = plain_scenario(sc)  # a bounded private copy: nothing the caller keeps is read or kept later
    _unknown(sc, TOP, "")
    s = game.blank(seed, sc)
    fill = Rng(derive_seed(seed, 4242))  # completes short scenarios; the game's own rng stays untouched
    reader = _Reader(game)
    reader.reserve(_all_refs(sc))
    outcome = _get(sc, "outcome", (Mapping, type(None)), None, "outcome")
    finished = outcome is not None
    held_roles, auto_role = _read_players(s, sc, reader, finished)
    _read_boards(s, sc, reader)
    _read_virus(s, sc, reader, fill, finished)
    _read_leftover_events(s, reader, fill)
    _read_roles(s, sc, fill, held_roles, auto_role)
    _read_turn(s, sc)
    if outcome is not None:
        s.result = _read_outcome(s, outcome)
    elif all(s.zombie):
        raise ScenarioError("players", "every player is a zombie: the game is over (give its outcome)")
    freeze(s)
    pending = _get(sc, "pending", list, None, "pending")
    s.stack = [("turn_start",)] if pending is None and not finished else parse(s, pending or [])
    check(s, s.stack)
    _check_empty_decks(s)
    if s.result is None:
        advance(s)
    return s


def _read_players(s: "DeadlandState", sc: Mapping[str, Any], reader: _Reader,
                  finished: bool) -> tuple[list[str], list[int]]:
    """Seats from ``players``; returns the Role cards they hold and the seats that draw one for you."""
    game, data = s.game, s.data
    board_by_name = {b.name: b.index for b in data.boards}
    players = _get(sc, "players", Mapping, {}, "players")
    auto_role: list[int] = []
    for name, spec in players.items():
        q = _seat(game, name, f"players.{name}")
        f = f"players.{name}."
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"players.{name}", f"must be a dict of {', '.join(PLAYER)}")
        _unknown(spec, PLAYER, f)
        bname = _get(spec, "board", str, data.boards[data.base].name, f + "board")
        if bname not in board_by_name:
            raise ScenarioError(f + "board", f"{show(bname)} is not a board; the boards are {', '.join(board_by_name)}")
        s.pos[q] = board_by_name[bname]
        s.zombie[q] = _get(spec, "zombie", bool, False, f + "zombie")
        s.dead[q] = _get(spec, "dead", bool, False, f + "dead")
        alive_zombie = s.zombie[q] and not s.dead[q]
        s.resist[q] = _count(spec, "resistance", MAX_RESISTANCE if alive_zombie else 0, f + "resistance", 0, TOKENS)
        s.mun[q] = _count(spec, "munitions", 0, f + "munitions", 0, TOKENS)
        s.rat[q] = _count(spec, "rations", 0, f + "rations", 0, TOKENS)
        s.objs[q] = [reader.event(f + "objects", r, objects=True) for r in _get(spec, "objects", list, [], f + "objects")]
        kinds = [data.events[c].object for c in s.objs[q]]
        if len(set(kinds)) != len(kinds):
            raise ScenarioError(f + "objects", "nobody may hold two identical objects")
        s.inf[q] = [reader.virus(f + "infection", r) for r in _get(spec, "infection", list, [], f + "infection")]
        _check_infection(s, q, f + "infection")
        _check_zombie(s, q, f, finished)
        if "role" in spec:
            role = spec["role"]
            if role is not None and (not isinstance(role, str) or role not in data.roles):
                raise ScenarioError(f + "role", f"unknown role {show(role)}; the roles are {', '.join(data.roles)} (or None)")
            s.role[q] = role
        elif s.inf[q]:
            auto_role.append(q)
        s.shown[q] = _get(spec, "revealed", bool, s.zombie[q] and s.role[q] is not None, f + "revealed")
        s.not_traitor[q] = _get(spec, "known_not_traitor", bool, False, f + "known_not_traitor")
        if s.shown[q] and s.role[q] is None:
            raise ScenarioError(f + "revealed", "there is no Role card to reveal")
        if not s.zombie[q] and s.inf[q] and "role" in spec and s.role[q] is None:
            raise ScenarioError(f + "role", "a survivor at level 1 or more holds a Role card (leave the field out to draw one)")
        if not s.zombie[q] and not s.inf[q] and s.role[q] is not None:
            raise ScenarioError(f + "role", "a Role card is drawn on reaching level 1; this survivor is at level 0")
        if s.zombie[q] and s.role[q] is not None and not s.shown[q]:
            raise ScenarioError(f + "revealed", "a zombie's Role card is face up")
        if s.not_traitor[q] and s.role[q] == "traitor" and not s.shown[q]:
            raise ScenarioError(f + "known_not_traitor", "a face-down Traitor refuses every gift, so nobody can "
                                                         "know this player is not the Traitor")
    held_roles = [r for r in s.role if r is not None]
    if len(set(held_roles)) != len(held_roles):
        raise ScenarioError("players", "two players hold the same Role card")
    for kind, counts in (("munitions", s.mun), ("rations", s.rat), ("resistance", s.resist)):
        if sum(counts) > TOKENS:
            raise ScenarioError("players", f"the players hold {sum(counts)} {kind} tokens; there are only {TOKENS}")
    return held_roles, auto_role


def _read_boards(s: "DeadlandState", sc: Mapping[str, Any], reader: _Reader) -> None:
    data = s.data
    board_by_name = {b.name: b.index for b in data.boards}
    boards = _get(sc, "boards", Mapping, {}, "boards")
    for bname, spec in boards.items():
        if not isinstance(bname, str) or bname not in board_by_name:
            raise ScenarioError(f"boards.{bname}", f"{show(bname)} is not a board; the boards are {', '.join(board_by_name)}")
        b = board_by_name[bname]
        f = f"boards.{bname}."
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"boards.{bname}", f"must be a dict of {', '.join(BOARD)}")
        _unknown(spec, BOARD, f)
        deck = (data.boards[b].deck,)
        s.edeck[b] = [reader.event(f + "deck", r, deck) for r in _get(spec, "deck", list, [], f + "deck")][::-1]
        s.edisc[b] = [reader.event(f + "discard", r, deck) for r in _get(spec, "discard", list, [], f + "discard")]
        s.turned[b] = _get(spec, "turned", bool, False, f + "turned")
        s.known[b] = _strings(spec, "known", f + "known")
        if any(c not in s.edeck[b] for c in s.known[b]):
            raise ScenarioError(f + "known", "lists a card that is not in this board's deck (give card ids)")
        if s.turned[b] and (s.edeck[b] or s.edisc[b]):
            raise ScenarioError(f + "turned", "a turned-over board has no deck and no discards (they are in the box)")
    s.box = [reader.event("box", r) for r in _get(sc, "box", list, [], "box")]
    # Event cards being resolved were drawn on the active player's board
    active = sc.get("active")
    seat = s.game.players.index(active) if isinstance(active, str) and active in s.game.players \
        else next((q for q in range(s.n) if not s.dead[q]), 0)
    here = (data.boards[s.pos[seat]].deck,)
    s.ev = [reader.event("resolving", r, here) for r in _get(sc, "resolving", list, [], "resolving")]


def _read_virus(s: "DeadlandState", sc: Mapping[str, Any], reader: _Reader, fill: Rng, finished: bool) -> None:
    data = s.data
    virus = _get(sc, "virus", Mapping, {}, "virus")
    _unknown(virus, VIRUS, "virus.")
    listed_deck = [reader.virus("virus.deck", r) for r in _get(virus, "deck", list, [], "virus.deck")]
    s.vdisc = [reader.virus("virus.discard", r) for r in _get(virus, "discard", list, [], "virus.discard")]
    s.held = [reader.virus("drawn", r) for r in _get(sc, "drawn", list, [], "drawn")]
    top = data.targets[s.n] if finished else data.targets[s.n] - 1
    s.radio = _count(sc, "radio", 0, "radio", 0, top)
    if "radio" in virus:
        s.vradio = [reader.virus("virus.radio", r) for r in _get(virus, "radio", list, [], "virus.radio")]
    elif s.radio % 2:
        # an odd count means the first Radio Contact of this cycle lies set aside: placed for you
        try:
            s.vradio = [reader.virus("virus.radio", "Radio Contact")]
        except ScenarioError:
            raise ScenarioError("radio", f"is odd ({s.radio}), so one Radio Contact card lies set aside beside the "
                                         "Virus deck (the field virus.radio, filled in for you), but both Radio "
                                         "Contact cards are already placed elsewhere; give virus.radio yourself "
                                         "or an even radio count") from None
    for field, pile in (("virus.discard", s.vdisc), ("drawn", s.held)):
        if any(data.virus[c].kind == "radio" for c in pile):
            raise ScenarioError(field, "Radio Contact cards are never discarded: they are set aside or in the deck")
    if any(data.virus[c].kind != "radio" for c in s.vradio) or len(s.vradio) > (2 if finished else 1):
        raise ScenarioError("virus.radio", "holds at most one Radio Contact card (the second one reshuffles the deck)")
    if len(s.held) > 1:
        raise ScenarioError("drawn", "one Virus card at a time is about to be added")
    rest = [v for v in data.virus_ids if v not in reader.used and v not in reader.reserved]
    fill.shuffle(rest)
    s.vdeck = rest + listed_deck[::-1]
    if not finished and not any(data.virus[c].kind == "radio" for c in s.vdeck):
        raise ScenarioError("virus.deck", "the Virus deck must still hold a Radio Contact card")


def _read_leftover_events(s: "DeadlandState", reader: _Reader, fill: Rng) -> None:
    """Event cards not mentioned go to the bottom of their board's deck (the box once it is turned)."""
    data = s.data
    for deck, bs in data.deck_boards.items():
        left = [c for c in data.decks[deck] if c not in reader.used and c not in reader.reserved]
        fill.shuffle(left)
        open_boards = [b for b in bs if not s.turned[b]]
        for c in left:
            if not open_boards:
                s.box.append(c)
                continue
            b = min(open_boards, key=lambda x: (len(s.edeck[x]), x))
            s.edeck[b].insert(0, c)


def _check_empty_decks(s: "DeadlandState") -> None:
    """A board with no Event card left is turned over, unless its last Event is still being resolved."""
    resolving = {t[1] if t[0] == "event_done" else t[2] for t in s.stack if t[0] in ("event_done", "ask_loot")}
    for b, board in enumerate(s.data.boards):
        if not s.turned[b] and not s.edeck[b] and b not in resolving and s.result is None:
            raise ScenarioError(f"boards.{board.name}.turned", "a board whose Event deck is empty is turned over")


def _read_roles(s: "DeadlandState", sc: Mapping[str, Any], fill: Rng, held_roles: list[str], auto_role: list[int]) -> None:
    data = s.data
    listed = _strings(sc, "roles", "roles") if "roles" in sc else []
    for r in listed:
        if r not in data.roles:
            raise ScenarioError("roles", f"unknown role {show(r)}; the roles are {', '.join(data.roles)}")
    if set(listed) & set(held_roles):
        raise ScenarioError("roles", "a Role card is placed twice")
    spare = [r for r in data.roles if r not in held_roles and r not in listed]
    fill.shuffle(spare)
    for q in auto_role:
        if not spare:
            raise ScenarioError(f"players.{s.name(q)}.role", "no Role card is left to draw for this player "
                                                             "(the roles field keeps them all in the Role deck)")
        s.role[q] = spare.pop()
    s.rdeck = spare + listed[::-1]


def _read_turn(s: "DeadlandState", sc: Mapping[str, Any]) -> None:
    game = s.game
    s.turn = _count(sc, "turn", 1, "turn", 1, 10 ** 6)
    s.active = _seat(game, _get(sc, "active", str, _first_alive(s, game), "active"), "active")
    if s.dead[s.active]:
        raise ScenarioError("active", f"{game.players[s.active]} is out of the game")
    s.fresh = _strings(sc, "fresh", "fresh")
    if any(not any(c in o for o in s.objs) for c in s.fresh):
        raise ScenarioError("fresh", "only objects a player holds can be new (give card ids)")
    s.cut = _get(sc, "cut", bool, False, "cut")
    s.medic_used = _get(sc, "medic_used", bool, False, "medic_used")
    for key in ("shotgun_used", "pistol_used"):
        flags = [False] * s.n
        for name in _get(sc, key, list, [], key):
            flags[_seat(game, name, key)] = True
        setattr(s, "shot_used" if key == "shotgun_used" else "pistol_used", flags)
    if "zombie_order" in sc:
        s.zorder = [_seat(game, n, "zombie_order") for n in _get(sc, "zombie_order", list, [], "zombie_order")]
    else:
        s.zorder = [q for q in range(s.n) if s.zombie[q]]
    if sorted(s.zorder) != [q for q in range(s.n) if s.zombie[q]]:
        raise ScenarioError("zombie_order", "must list every zombie once")
    tk = _get(sc, "traitor_known", (str, type(None)), None, "traitor_known")
    s.traitor_known = -1 if tk is None else _seat(game, tk, "traitor_known")
    if s.traitor_known >= 0 and s.role[s.traitor_known] != "traitor":
        raise ScenarioError("traitor_known", f"{tk} refused a gift, so holds the Traitor card; give them role 'traitor'")


def _read_outcome(s: "DeadlandState", outcome: Mapping[str, Any]) -> Outcome:
    _unknown(outcome, ("winners", "losers", "reason"), "outcome.")
    names = s.game.players
    sides = []
    for key in ("winners", "losers"):
        v = outcome.get(key)
        if not isinstance(v, list) or any(not isinstance(x, str) or x not in names for x in v) or len(set(v)) != len(v):
            raise ScenarioError(f"outcome.{key}", f"must be a list of players ({', '.join(names)}), got {show(v)}")
        sides.append(v)
    if set(sides[0]) & set(sides[1]) or set(sides[0]) | set(sides[1]) != set(names):
        raise ScenarioError("outcome", "every player is either a winner or a loser, not both")
    reason = outcome.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ScenarioError("outcome.reason", "says in words how the game ended")
    return Outcome(tuple(sides[0]), tuple(sides[1]), reason)


def _first_alive(s: "DeadlandState", game: "Deadland") -> str:
    for q in range(s.n):
        if not s.dead[q]:
            return game.players[q]
    raise ScenarioError("players", "every player is out of the game")


def _check_infection(s: "DeadlandState", q: int, field: str) -> None:
    virus = s.data.virus
    ill = 0
    for i, c in enumerate(s.inf[q]):
        vc = virus[c]
        if vc.kind == "illness":
            ill += 1
        elif vc.kind != "level" or vc.level != i + 1:
            raise ScenarioError(field, f"card {i + 1} of an Infection deck must be a {i + 1} or an Illness, got {vc.label}")
    if ill > 2:
        raise ScenarioError(field, "an Infection deck holds at most two Illness cards")
    if len(s.inf[q]) > 7:
        raise ScenarioError(field, "level 8 makes a zombie: a survivor's deck has at most 7 cards")


def _check_zombie(s: "DeadlandState", q: int, f: str, finished: bool) -> None:
    if s.zombie[q]:
        if s.inf[q] or s.objs[q] or s.mun[q] or s.rat[q]:
            raise ScenarioError(f + "zombie", "a zombie holds no Infection deck, objects or tokens")
        if not 0 <= s.resist[q] <= MAX_RESISTANCE:
            raise ScenarioError(f + "resistance", f"a zombie holds 0 to {MAX_RESISTANCE} Resistance tokens")
        # (the very last player to turn may find the supply empty: the game is over by then)
        if s.dead[q] != (s.resist[q] == 0) and not (finished and not s.dead[q]):
            raise ScenarioError(f + "dead", "a zombie is dead exactly when it has no Resistance tokens left")
    else:
        if s.resist[q]:
            raise ScenarioError(f + "resistance", "only zombies hold Resistance tokens")
        if s.dead[q]:
            raise ScenarioError(f + "dead", "only zombies can be out of the game")

"""``dashboard(game)``: the one line a dashboard notebook needs. It reads the page's URL query
string, so a teacher can share a link to one game, seen one way:

    ?seed=6915206964022700985          the game of that seed (every digit kept)
    &large=1                           large text for a projector
    &view=table   or   &view=blue      the table view, or one seat's view
    &protagonist=Boris  &players=5     any game option with a fixed set of values, or a number
    &blue=person  &green=heuristic     who plays a seat (person or an agent's name)
    &pause=1.5                         seconds between agents' decisions
    &lock=4711                         a teacher's code: table view and "Seen by" stay closed

Under Voila the query string reaches the kernel as ``QUERY_STRING``; with pre-started
(preheated) kernels the notebook runs before anyone asks for the page, so it waits for the
request first, as Voila's ``get_query_string`` does (``preheat.py`` says why not that one).
Outside Voila (JupyterLab, nbval) there is no query string and the defaults apply. A wrong parameter never breaks the
page: every parameter is checked before the game is built (the seed and the options by building
it, so nothing the engine would refuse gets through); a wrong one is reported in words above the
game, and its default is used. Should the page still fail to build, the default game opens with
a sentence saying so (the details go to the server's log, never to the page)."""
from __future__ import annotations

import logging
from typing import Any, Callable, Mapping
from urllib.parse import parse_qs

from ..core import Game, GamelibError, load
from ..core.registry import game_class
from . import preheat
from .agents_menu import page_agents
from .controls import PERSON, parse_seed, quote
from .lock import check_code
from .stepper import Stepper

logger = logging.getLogger("gamelib.widgets")

#: parameters Voila itself reads from the query string; not ours to complain about
VOILA_PARAMETERS = {"theme", "template", "classic-tree", "voila-template", "token"}
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def query_string() -> str:
    """The page's query string (without '?'), or '' outside Voila. A pre-started kernel waits
    for the request first (``preheat``: Voila's protocol, without importing Voila)."""
    return preheat.get_query_string()


def _flag(name: str, text: str) -> bool:
    t = text.strip().lower()
    if t in TRUE:
        return True
    if t in FALSE:
        return False
    raise GamelibError(f"URL parameter {name}={quote(text)}: write 1 or 0")


def _option_value(game: str, spec: Any, text: str) -> Any:
    if spec.choices:
        for c in spec.choices:
            if str(c) == text or (isinstance(c, str) and c.casefold() == text.casefold()):
                return c
        raise GamelibError(f"URL parameter {spec.name}={quote(text)} is not allowed; choose one of "
                           + ", ".join(str(c) for c in spec.choices))
    default = spec.default
    if isinstance(default, bool):
        return _flag(spec.name, text)
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise GamelibError(f"URL parameter {spec.name}={quote(text)} must be a whole number") from None
    # paths and free text would let a link make the server read its files: not from a URL
    raise GamelibError(f"option {spec.name} cannot be set from a link (open the game in a notebook instead)")


def parse_parameters(game: str, query: str | Mapping[str, str], **defaults: Any) -> tuple[dict[str, Any], list[str]]:
    """(arguments for ``Stepper``, problems in words) from a query string. Pure: tested alone."""
    params = ({k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
              if isinstance(query, str) else dict(query))
    specs = {o.name: o for o in game_class(game).option_specs}
    problems: list[str] = []
    options: dict[str, Any] = dict(defaults.pop("options", {}))
    out: dict[str, Any] = {"seed": defaults.pop("seed", 1), "large": defaults.pop("large", False),
                           "view": defaults.pop("view", None), "pause": defaults.pop("pause", 0.6)}
    seats: dict[str, str] = dict(defaults.pop("seats", {}) or {})
    out.update(defaults)
    for name, text in params.items():
        try:
            if name in PAGE_PARAMETERS:
                out[name] = PAGE_PARAMETERS[name](text)
            elif name in specs:
                options[name] = _option_value(game, specs[name], text)
            elif name not in VOILA_PARAMETERS:
                seats[name] = text.strip()  # a seat name, checked once the players are known
        except GamelibError as exc:
            problems.append(str(exc) + "; using the default instead.")
    g = _game(game, options, out, problems)
    _seats(g, seats, specs, out, problems)
    out["game"] = g
    return out, problems


def _view(text: str) -> str:
    return "table" if text.strip().lower() in ("table", "teacher") else text.strip()


def _pause(text: str) -> float:
    try:
        pause = float(text)
        if not 0 <= pause <= 5:  # (NaN too)
            raise ValueError(text)
        return pause
    except ValueError:
        raise GamelibError(f"URL parameter pause={quote(text)} must be a number of seconds from 0 to 5, "
                           "e.g. 1.5") from None


#: the page's own link parameters, each with its check (a refused value raises GamelibError)
PAGE_PARAMETERS: dict[str, Callable[[str], Any]] = {
    "seed": parse_seed, "lock": check_code, "large": lambda text: _flag("large", text), "view": _view,
    "pause": _pause}


def _game(game: str, options: dict[str, Any], out: dict[str, Any], problems: list[str]) -> Game:
    """The game of the link's options, its seed checked by the engine (defaults where refused)."""
    try:
        g = load(game, **options)
    except GamelibError as exc:
        problems.append(f"{exc}; using the default options instead.")
        g = load(game)
    try:  # the engine's own check of the seed, before any page is built on it
        g.new_state(seed=out["seed"])
    except GamelibError as exc:
        problems.append(f"{exc}; using seed 1 instead.")
        out["seed"] = 1
    return g


def _seats(g: Game, seats: dict[str, str], specs: Mapping[str, Any], out: dict[str, Any],
           problems: list[str]) -> None:
    """The link's seats and view, checked once the players are known."""
    players = g.players
    agents = None
    good_seats: dict[str, str] = {}
    for name, who in seats.items():
        if name not in players:
            known = ["seed", "large", "view", "pause", "lock", *specs, *players]
            problems.append(f"unknown URL parameter {quote(name)} ignored; the parameters are {', '.join(known)}.")
            continue
        if agents is None:
            agents = list(page_agents(g))
        if who != PERSON and who not in agents:
            problems.append(f"URL parameter {name}={quote(who)}: choose person or one of {', '.join(agents)}; "
                            "using the default instead.")
            continue
        good_seats[name] = who
    if good_seats and len(players) > 1:
        default = "heuristic" if "heuristic" in (agents or []) else "random"
        base = {p: (PERSON if i == 0 else default) for i, p in enumerate(players)}
        out["seats"] = {**base, **good_seats}
    if out["view"] not in (None, "table") and out["view"] not in players:
        problems.append(f"URL parameter view={quote(out['view'])}: choose table or one of {', '.join(players)}; "
                        "showing the first person's view.")
        out["view"] = None
    if out["view"] in players and len(players) > 1 and "seats" not in out:
        # a link to one seat's view is a link to play that seat; the others are agents
        default = "heuristic" if "heuristic" in (agents or _agent_names(g)) else "random"
        out["seats"] = {p: (PERSON if p == out["view"] else default) for p in players}


def _agent_names(g: Game) -> list[str]:
    return list(page_agents(g))


def dashboard(game: str | Game, query: str | None = None, **defaults: Any) -> Stepper:
    """The Stepper of a dashboard page, set from its URL (see the module's doc). ``defaults``:
    ``seed``, ``large``, ``view``, ``pause``, ``seats``, ``options`` (a dict) and any other
    Stepper argument, used where the URL says nothing."""
    name = game.name if isinstance(game, Game) else game
    if isinstance(game, Game):
        defaults.setdefault("options", dict(game.options))
    args, problems = parse_parameters(name, query_string() if query is None else query, **defaults)
    g = args.pop("game")
    if args.get("lock") and args.get("view") == "table":
        problems.append("URL parameters view=table and lock: a locked page shows a player view only; "
                        "showing the first person's view.")
        args["view"] = None
    try:
        return Stepper(g, notices=problems, **args)
    except Exception as exc:  # noqa: BLE001 - every link opens a game: the default one, with a sentence
        logger.error("dashboard %s: the link's game could not be built", name, exc_info=exc)
        problems.append(f"The link's settings could not open a game ({type(exc).__name__}); showing the "
                        "default game instead. The details are in the server's log.")
        return Stepper(load(name), notices=problems)


__all__ = ["dashboard", "parse_parameters", "query_string"]

"""gamelib's games as OpenSpiel games (``pip install 'gamelib[ai]'``).

Importing this module registers every game with ``pyspiel``::

    import pyspiel
    import gamelib.adapters.openspiel  # registers gamelib_walking_deck, gamelib_walk_the_plank, gamelib_deadland
    game = pyspiel.load_game("gamelib_deadland", {"players": 3, "seed": 7})
    state = game.new_initial_state()      # a chance node: the first Virus card of the first trial
    state.apply_action(state.chance_outcomes()[0][0])

Actions are the games' stable action ids (``game.action_space()``). Chance is explicit
(``gamelib.core.chance``): every draw with a hook is a chance node whose outcomes are the ``odds()``
distribution's (ids: positions in the game's ``chance_labels()``): The Walking Deck's piles and
Calamity draws, Walk the Plank's Captain, Deadland's Virus, Event and Role-card draws (an Event node lists
card labels; by category it is ``odds()``'s). Observations: ``observation_tensor`` and
``observation_string`` are the seat's view as facts (``gamelib.core.ecosystem``); public and private parts through ``make_observation``; the
information state (perfect recall) adds every log line the seat was shown. States serialize as
their choices (a replay). Utilities: 1 for a winner, -1 for a loser, 0 otherwise.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import gamelib
from gamelib.core import Rng
from gamelib.core.chance import ChanceState
from gamelib.core.ecosystem import OBS_SIZE, observation_facts, observation_tensor

#: OpenSpiel name -> (gamelib name, the options passed on as parameters, with their defaults)
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "gamelib_walking_deck": ("walking-deck", {"protagonist": "Aénor"}),
    "gamelib_walk_the_plank": ("walk-the-plank", {"players": 4, "max_rounds": 100}),
    "gamelib_deadland": ("deadland", {"players": 4}),
}
_MAX_SEED = 2**31 - 1  # OpenSpiel's int parameters are C++ ints


def _game_type(short: str) -> pyspiel.GameType:
    name, options = GAMES[short]
    cls = gamelib.core.game_class(name)
    return pyspiel.GameType(
        short_name=short,
        long_name=f"gamelib {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**options, "seed": 0},
    )


class GamelibGame(pyspiel.Game):
    """One gamelib game with its options and seed, as a ``pyspiel.Game``."""

    def __init__(self, short: str, params: dict[str, Any] | None = None):
        name, options = GAMES[short]
        params = dict(params or {})
        seed = int(params.pop("seed", 0))
        if not 0 <= seed <= _MAX_SEED:
            raise ValueError(f"{short}: seed={seed} is not allowed: 0 to {_MAX_SEED}")
        self.gl = gamelib.load(name, **{k: params.get(k, v) for k, v in options.items()})
        self.seed = seed
        self.chance_labels = self.gl.chance_labels()
        self.chance_index = {o: i for i, o in enumerate(self.chance_labels)}
        n = len(self.gl.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.gl.action_space()),
            max_chance_outcomes=len(self.chance_labels),
            num_players=n,
            min_utility=self.gl.utility_bounds[0],
            max_utility=self.gl.utility_bounds[1],
            utility_sum=None,
            max_game_length=self.gl.max_game_length(),
        )
        super().__init__(_game_type(short), info, {**{k: self.gl.options[k] for k in options}, "seed": seed})

    def new_initial_state(self) -> "GamelibState":
        return GamelibState(self, ChanceState(self.gl, self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None) -> "GamelibObserver":
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return GamelibObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Holder:
    """Holds the gamelib position: pyspiel clones a Python state by deep-copying its attributes,
    and a gamelib position is copied with its own ``clone()`` (cheap; card data shared)."""

    __slots__ = ("node",)

    def __init__(self, node: Any):
        self.node = node

    def __deepcopy__(self, memo) -> "_Holder":
        return _Holder(self.node.clone())

    def __reduce__(self):
        """Pickled (OpenSpiel's serialization) as the game, its options, the seed and the choices
        made (decisions and chance outcomes), replayed on loading (a gamelib record, in effect)."""
        node = self.node
        return _restore, (node.game.name, dict(node.game.options), node.seed, node.trail())


def _restore(name: str, options: dict, seed: int, steps: list) -> _Holder:
    return _Holder(ChanceState.replay(gamelib.load(name, **options), seed, [tuple(s) for s in steps]))


class GamelibState(pyspiel.State):
    """A position: ``node`` is a ``ChanceState`` (explicit chance)."""

    def __init__(self, game: GamelibGame, node: ChanceState):
        super().__init__(game)
        self._held = _Holder(node)

    @property
    def node(self) -> Any:
        return self._held.node

    @property
    def gstate(self):
        """The gamelib State (at a chance node: the position before the decision that draws;
        None before the setup's draw)."""
        return self.node.state

    def current_player(self) -> int:
        node = self.node
        if node.is_chance:
            return pyspiel.PlayerId.CHANCE
        if node.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.get_game().gl.players.index(node.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return self.node.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.get_game().chance_index
        dist = self.node.chance_outcomes()
        return sorted((index[o], float(p)) for o, p in dist.items() if p)

    def _apply_action(self, action: int) -> None:
        node = self.node
        if node.is_chance:
            node.apply_outcome(self.get_game().chance_labels[action])
        else:
            node.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {game.chance_labels[action]}"
        return game.gl.action_space().describe(action)

    def is_terminal(self) -> bool:
        return self.node.is_over

    def returns(self) -> list[float]:
        return self.node.returns()

    def resample_from_infostate(self, player: int, sampler) -> "GamelibState":
        """A state the player cannot tell from this one (ISMCTS): the hidden cards re-dealt with
        the probabilities the odds assume, and a fresh generator for future draws."""
        seat = self.get_game().gl.players[player]
        rng = Rng(int(sampler() * 2**53))
        node = self.node.clone()
        node.state = node.state.resample_hidden(seat, rng)
        return GamelibState(self.get_game(), node)

    def __str__(self) -> str:
        node = self.node
        gstate = self.gstate
        where = f"chance: {node.chance_title}" if node.is_chance else str(gstate)
        return f"{where} (ply {0 if gstate is None else gstate.ply})"


class GamelibObserver:
    """OpenSpiel's observer interface: ``tensor``/``dict`` and ``string_from``. Public info only,
    private info only (``PrivateInfoType.SINGLE_PLAYER`` without public info) or both; with
    ``perfect_recall`` the string adds every log line the seat was shown (no tensor then)."""

    def __init__(self, iig_obs_type):
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("gamelib observers show one seat's view (SINGLE_PLAYER or NONE)")
        public = iig_obs_type.public_info
        self.part = "all" if public and private else "public" if public else "private" if private else None
        self.recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(0 if self.recall or self.part is None else OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def _state(self, state: GamelibState, player: int):
        players = state.get_game().gl.players
        if not 0 <= player < len(players):
            raise pyspiel.SpielError(f"player {player}: expected player >= 0 and player < {len(players)}")
        return state.gstate, players[player]

    def set_from(self, state: GamelibState, player: int) -> None:
        gstate, seat = self._state(state, player)
        if self.tensor.size:  # (before the setup's draw, nothing is on the table yet)
            self.tensor[:] = 0 if gstate is None else observation_tensor(gstate, seat, self.part)

    def string_from(self, state: GamelibState, player: int) -> str:
        gstate, seat = self._state(state, player)
        if self.part is None or gstate is None:
            return ""
        text = " ".join(sorted(observation_facts(gstate, seat, self.part).elements()))
        if self.recall:
            shown = [str(e) for e in gstate.log if e.visible_to is None or seat in e.visible_to]
            text = "\n".join(shown) + "\n" + text
        return text


def _game_class(short: str) -> type:
    """A class per game (pyspiel keeps the registered callable until the interpreter exits, and
    a class, unlike a closure, is released cleanly then)."""
    def __init__(self, params=None):
        GamelibGame.__init__(self, short, params)

    return type("".join(w.title() for w in short.split("_")), (GamelibGame,), {"__init__": __init__})


GAME_CLASSES = {short: _game_class(short) for short in GAMES}
for _short, _cls in GAME_CLASSES.items():
    pyspiel.register_game(_game_type(_short), _cls)

"""Adapters to game-AI libraries, each an optional extra (``pip install 'gamelib[ai]'``):
``gamelib.adapters.openspiel`` (registers every game with ``pyspiel``) and
``gamelib.adapters.pettingzoo`` (AEC environments with action masks). Nothing here is imported
by the rest of gamelib."""

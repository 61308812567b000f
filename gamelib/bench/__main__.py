"""``python -m gamelib.bench``: the engine's speed figures, or ``--load N`` the load test (engine.main)."""
from .engine import main

main()

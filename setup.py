"""The one thing pyproject.toml cannot say: the compiled Interrogation search.

It is optional: without a C compiler (or Python's headers) the install goes on without it and
gamelib.strategy.walking_deck_solver runs its Python search instead, with the same values.
GAMELIB_PURE=1 leaves it out on purpose: a pure py3-none-any wheel, as the static site needs
(a browser's Python loads no compiled extension built here; static/build.py sets it)."""
import os

from setuptools import Extension, setup

PURE = os.environ.get("GAMELIB_PURE", "") not in ("", "0")
setup(ext_modules=[] if PURE else [Extension("gamelib.strategy._wds", ["gamelib/strategy/_wds.c"], optional=True,
                                             extra_compile_args=["-O3"])])

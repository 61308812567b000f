"""The one thing pyproject.toml cannot say: the compiled Interrogation search.

It is optional: without a C compiler (or Python's headers) the install goes on without it and
gamelib.strategy.walking_deck_solver runs its Python search instead, with the same values."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("gamelib.strategy._wds", ["gamelib/strategy/_wds.c"], optional=True,
                             extra_compile_args=["-O3"])])

import pytest

from gamelib.core import register, unregister


@pytest.fixture
def toy():
    from tests.toygame import Twenty

    register("toy-twenty", Twenty)
    yield Twenty()
    unregister("toy-twenty")

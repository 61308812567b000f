import pytest

from gamelib.core import register, unregister


@pytest.fixture
def toy():
    from tests.toygame import Twenty

    register("toy-twenty", Twenty)
    yield Twenty()
    unregister("toy-twenty")


# How `make test` shares the work between its workers (``--dist loadfile``): every file is one
# unit, so a notebook's cells run in order on one worker, except that all the browser tests on the
# session's Voilà server are one unit, so only one worker starts that server, its pre-started
# kernels and a Chromium. The strict serving tests bring their own server and run beside it.
# (xdist's own ``loadgroup`` marks do not group anything under pytest 9: tried.)
SESSION_SERVER_FILES = "tests/browser/"
OWN_SERVER_FILES = ("tests/browser/test_serving_strict.py",)


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(SESSION_SERVER_FILES) and not nodeid.startswith(OWN_SERVER_FILES):
                return SESSION_SERVER_FILES
            return super()._split_scope(nodeid)

    return BrowserTogether(config, log)

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
# Those two units are also handed out first: they are the longest (about 150 and 60 s of the
# suite's 180), and xdist otherwise orders units by their number of tests, which put them last
# but one, so the suite waited for them at its end.
SESSION_SERVER_FILES = "tests/browser/"
OWN_SERVER_FILES = ("tests/browser/test_serving_strict.py", "tests/browser/test_serving_limits.py",
                    "tests/browser/test_serving_offline.py")
LONGEST_FIRST = (SESSION_SERVER_FILES, *OWN_SERVER_FILES)


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(SESSION_SERVER_FILES) and not nodeid.startswith(OWN_SERVER_FILES):
                return SESSION_SERVER_FILES
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_longest_first", False):
                self._longest_first = True
                for scope in reversed(LONGEST_FIRST):
                    if scope in self.workqueue:
                        self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return BrowserTogether(config, log)

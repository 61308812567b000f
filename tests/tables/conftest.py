"""The tables' store under test: every test of ``store_url`` runs twice, on a fresh SQLite file
and on a fresh schema of a real PostgreSQL server that this session starts (Debian's
``postgresql`` package; ``.ci/run`` installs it). Without PostgreSQL's binaries or the psycopg
driver the PostgreSQL half is skipped with a message, except in CI (``CI`` set), where it fails."""
from __future__ import annotations


import pytest

from ..needs import require
from gamelib.tables import Store
from gamelib.tables import local_postgres


def need_postgres() -> None:
    missing = []
    if local_postgres.binaries() is None:
        missing.append("PostgreSQL's server (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing.append("the psycopg package (pip install -e '.[test]')")
    require(missing, "the PostgreSQL store tests")


@pytest.fixture(scope="session")
def postgres():
    need_postgres()
    with local_postgres.LocalPostgres() as pg:
        yield pg


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite://{tmp_path}/tables.sqlite"
    return request.getfixturevalue("postgres").new_schema()


@pytest.fixture
def store(store_url):
    s = Store(store_url)
    yield s
    s.close()

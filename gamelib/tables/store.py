"""Where shared tables and class boards live: SQLite by default, PostgreSQL by one URL.

    GAMELIB_TABLES_URL=postgresql://gamelib@db.example/gamelib     a server for several machines
    GAMELIB_TABLES_URL=sqlite:///srv/class/tables.sqlite            another SQLite file
    (unset)                                                         Jupyter's data folder, below

Only kernels open the store; no browser ever reads it. It holds, per table, the game's options,
seed and seats, the hashes of the seat tokens and of the teacher code, and the decisions in order
(``seq`` 0, 1, 2...). Two devices deciding at once both try to insert the same ``(code, seq)``:
the primary key lets exactly one in, and the other kernel reads the winner. The store never holds
a view; a seat's secret choices are in the decisions (as in a save record), which is why no
device may read it (docs/deploy.md). The same SQL runs on both engines (``?`` placeholders are
turned into ``%s`` for PostgreSQL); the schema is versioned in ``gl_meta``."""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .codes import TableError

URL_ENV = "GAMELIB_TABLES_URL"
KEEP_ENV = "GAMELIB_TABLES_KEEP_DAYS"
#: tables and boards untouched for this many days are deleted (a term is about 90 days)
DEFAULT_KEEP_DAYS = 30.0
SCHEMA_VERSION = 1

#: schema steps: MIGRATIONS[v] takes a store from version v-1 to v. The column types are the
#: common ground of both engines (SQLite reads DOUBLE PRECISION as REAL, BIGINT as INTEGER).
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE IF NOT EXISTS gl_tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, "
        "seed TEXT NOT NULL, seats TEXT NOT NULL, teacher TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, "
        "touched DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS gl_seats (code TEXT NOT NULL, seat TEXT NOT NULL, token TEXT NOT NULL UNIQUE, "
        "taken DOUBLE PRECISION NOT NULL, PRIMARY KEY (code, seat))",
        "CREATE TABLE IF NOT EXISTS gl_decisions (code TEXT NOT NULL, seq BIGINT NOT NULL, seat TEXT NOT NULL, "
        "label TEXT NOT NULL, actor TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (code, seq))",
        "CREATE TABLE IF NOT EXISTS gl_boards (name TEXT PRIMARY KEY, spec TEXT NOT NULL, teacher TEXT NOT NULL, "
        "created DOUBLE PRECISION NOT NULL, touched DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE IF NOT EXISTS gl_contributions (board TEXT NOT NULL, id TEXT NOT NULL, who TEXT NOT NULL, "
        "data TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (board, id))",
        "CREATE INDEX IF NOT EXISTS gl_tables_touched ON gl_tables (touched)",
        "CREATE INDEX IF NOT EXISTS gl_boards_touched ON gl_boards (touched)",
    ),
}


def default_url() -> str:
    """``GAMELIB_TABLES_URL``, else a SQLite file in Jupyter's data folder: every kernel the
    server starts for this user finds the same file, whichever notebook folder it runs in."""
    url = os.environ.get(URL_ENV, "").strip()
    if url:
        return url
    from jupyter_core.paths import jupyter_data_dir

    return "sqlite://" + str(Path(jupyter_data_dir()) / "gamelib" / "tables.sqlite")


def keep_seconds() -> float:
    text = os.environ.get(KEEP_ENV, "").strip()
    try:
        days = float(text) if text else DEFAULT_KEEP_DAYS
    except ValueError:
        raise TableError(f"{KEEP_ENV}={text[:20]!r} must be a number of days, e.g. 30") from None
    return max(days, 0.0) * 86400.0


def _sqlite_path(url: str) -> str:
    path = "/" + url[len("sqlite:"):].lstrip("/")
    if path in ("/:memory:",):
        return ":memory:"
    return path


class Store:
    """One connection to the store (a kernel keeps one per URL: ``open_store``). Safe to share
    between the kernel's threads: every statement runs under one lock."""

    def __init__(self, url: str | None = None):
        self.url = url or default_url()
        if self.url.startswith("sqlite:"):
            self.kind = "sqlite"
        elif self.url.startswith(("postgresql:", "postgres:")):
            self.kind = "postgresql"
        else:
            raise TableError(f"{URL_ENV}={self.url[:40]!r}: write sqlite:///path/to/file.sqlite or "
                             "postgresql://user@host/database")
        self._lock = threading.RLock()
        self._conn: Any = None
        self._connect()
        self._migrate()

    # ---- connection ---------------------------------------------------------------------
    def _connect(self) -> None:
        if self.kind == "sqlite":
            path = _sqlite_path(self.url)
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # autocommit (isolation_level None) with explicit BEGIN IMMEDIATE for writes that
            # read first; a 10 s busy wait covers the other kernels' short writes
            conn = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            conn.execute("PRAGMA synchronous=FULL")  # a committed decision survives a crash of the machine
            self._conn = conn
            self.integrity_errors: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)
            self.lost_errors: tuple[type[BaseException], ...] = ()
        else:
            try:
                import psycopg
            except ImportError:
                raise TableError("a PostgreSQL store needs the psycopg package: pip install 'gamelib[tables]'") from None
            self._conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            self.integrity_errors = (psycopg.IntegrityError,)
            self.lost_errors = (psycopg.OperationalError, psycopg.InterfaceError)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.kind == "postgresql" else sql

    def run(self, sql: str, params: tuple = ()) -> list[tuple]:
        """One statement (autocommitted unless inside ``transaction``); its rows. A PostgreSQL
        connection lost (the server restarted) is opened again once."""
        with self._lock:
            try:
                return self._run(sql, params)
            except self.lost_errors:
                if getattr(self, "_in_tx", False):
                    raise
                self._connect()
                return self._run(sql, params)

    def _run(self, sql: str, params: tuple) -> list[tuple]:
        cur = self._conn.execute(self._sql(sql), params)
        try:
            return list(cur.fetchall()) if cur.description else []
        finally:
            cur.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Statements that must all happen or none (SQLite: the write lock is taken first)."""
        with self._lock:
            self._in_tx = True
            try:
                if self.kind == "sqlite":
                    self._conn.execute("BEGIN IMMEDIATE")
                    try:
                        yield
                    except BaseException:
                        self._conn.execute("ROLLBACK")
                        raise
                    self._conn.execute("COMMIT")
                else:
                    with self._conn.transaction():
                        yield
            finally:
                self._in_tx = False

    def _migrate(self) -> None:
        with self.transaction():
            if self.kind == "postgresql":
                # two kernels creating the schema at once would race in the catalogue
                self._run("SELECT pg_advisory_xact_lock(2028)", ())
            self._run("CREATE TABLE IF NOT EXISTS gl_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)", ())
            rows = self._run("SELECT value FROM gl_meta WHERE key = 'schema'", ())
            version = int(rows[0][0]) if rows else 0
            if version > SCHEMA_VERSION:
                raise TableError(f"the tables store {self.safe_url} has schema version {version}, written by a "
                                 f"newer gamelib; this one knows versions up to {SCHEMA_VERSION}: upgrade gamelib")
            for v in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[v]:
                    self._run(statement, ())
            if version != SCHEMA_VERSION:
                self._run("DELETE FROM gl_meta WHERE key = 'schema'", ())
                self._run("INSERT INTO gl_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))

    @property
    def safe_url(self) -> str:
        """The URL without a password (for messages and logs)."""
        head, sep, tail = self.url.partition("@")
        if sep and ":" in head.split("//", 1)[-1]:
            return head.rsplit(":", 1)[0] + ":***@" + tail
        return self.url

    def schema_version(self) -> int:
        rows = self.run("SELECT value FROM gl_meta WHERE key = 'schema'")
        return int(rows[0][0]) if rows else 0

    # ---- tables ---------------------------------------------------------------------------
    def insert_table(self, code: str, game: str, options: str, seed: int, seats: str, teacher: str) -> bool:
        """False if the code is taken already (the caller draws another)."""
        now = time.time()
        try:
            self.run("INSERT INTO gl_tables (code, game, options, seed, seats, teacher, created, touched) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (code, game, options, str(seed), seats, teacher, now, now))
        except self.integrity_errors:
            return False
        return True

    def table_row(self, code: str) -> dict[str, Any] | None:
        rows = self.run("SELECT game, options, seed, seats, teacher, created FROM gl_tables WHERE code = ?", (code,))
        if not rows:
            return None
        game, options, seed, seats, teacher, created = rows[0]
        return {"game": game, "options": options, "seed": seed, "seats": seats, "teacher": teacher, "created": created}

    def taken_seats(self, code: str) -> dict[str, str]:
        """seat -> the hash of the token that holds it."""
        return {seat: token for seat, token in self.run("SELECT seat, token FROM gl_seats WHERE code = ?", (code,))}

    def take_seat(self, code: str, seat: str, token_hash: str) -> bool:
        """False if someone holds the seat already (one device per seat: the primary key)."""
        try:
            self.run("INSERT INTO gl_seats (code, seat, token, taken) VALUES (?, ?, ?, ?)",
                     (code, seat, token_hash, time.time()))
        except self.integrity_errors:
            return False
        return True

    def seat_of(self, code: str, token_hash: str) -> str | None:
        rows = self.run("SELECT seat FROM gl_seats WHERE code = ? AND token = ?", (code, token_hash))
        return rows[0][0] if rows else None

    def decisions(self, code: str, since: int = 0) -> list[tuple[int, str, str, str]]:
        """(seq, seat, label, actor) of every decision from ``since`` on, in order."""
        return [(int(s), seat, label, actor) for s, seat, label, actor in
                self.run("SELECT seq, seat, label, actor FROM gl_decisions WHERE code = ? AND seq >= ? ORDER BY seq",
                         (code, since))]

    def add_decision(self, code: str, seq: int, seat: str, label: str, actor: str) -> bool:
        """Insert decision ``seq``; False if another device's decision ``seq`` got in first."""
        now = time.time()
        try:
            with self.transaction():
                self._run("INSERT INTO gl_decisions (code, seq, seat, label, actor, at) VALUES (?, ?, ?, ?, ?, ?)",
                          (code, seq, seat, label, actor, now))
                self._run("UPDATE gl_tables SET touched = ? WHERE code = ?", (now, code))
        except self.integrity_errors:
            return False
        return True

    def decision_times(self, code: str) -> list[tuple[int, float]]:
        return [(int(s), float(t)) for s, t in self.run("SELECT seq, at FROM gl_decisions WHERE code = ? ORDER BY seq", (code,))]

    # ---- class boards ---------------------------------------------------------------------
    def insert_board(self, name: str, spec: str, teacher: str) -> bool:
        now = time.time()
        try:
            self.run("INSERT INTO gl_boards (name, spec, teacher, created, touched) VALUES (?, ?, ?, ?, ?)",
                     (name, spec, teacher, now, now))
        except self.integrity_errors:
            return False
        return True

    def board_row(self, name: str) -> dict[str, Any] | None:
        rows = self.run("SELECT spec, teacher, created FROM gl_boards WHERE name = ?", (name,))
        return {"spec": rows[0][0], "teacher": rows[0][1], "created": rows[0][2]} if rows else None

    def add_contribution(self, board: str, ident: str, who: str, data: str) -> bool:
        now = time.time()
        try:
            with self.transaction():
                self._run("INSERT INTO gl_contributions (board, id, who, data, at) VALUES (?, ?, ?, ?, ?)",
                          (board, ident, who, data, now))
                self._run("UPDATE gl_boards SET touched = ? WHERE name = ?", (now, board))
        except self.integrity_errors:
            return False  # the same contribution sent twice (a double click): kept once
        return True

    def contributions(self, board: str) -> list[tuple[str, str, str, float]]:
        """(id, who, data, at), oldest first."""
        return [(i, w, d, float(a)) for i, w, d, a in
                self.run("SELECT id, who, data, at FROM gl_contributions WHERE board = ? ORDER BY at, id", (board,))]

    # ---- cleaning ---------------------------------------------------------------------------
    def cleanup(self, older_than_s: float | None = None) -> dict[str, int]:
        """Delete tables and boards untouched for ``older_than_s`` seconds (default
        ``GAMELIB_TABLES_KEEP_DAYS``), with their seats, decisions and contributions."""
        cutoff = time.time() - (keep_seconds() if older_than_s is None else older_than_s)
        with self.transaction():
            old = [r[0] for r in self._run("SELECT code FROM gl_tables WHERE touched < ?", (cutoff,))]
            for code in old:
                for table in ("gl_decisions", "gl_seats", "gl_tables"):
                    self._run(f"DELETE FROM {table} WHERE code = ?", (code,))
            boards = [r[0] for r in self._run("SELECT name FROM gl_boards WHERE touched < ?", (cutoff,))]
            for name in boards:
                self._run("DELETE FROM gl_contributions WHERE board = ?", (name,))
                self._run("DELETE FROM gl_boards WHERE name = ?", (name,))
        return {"tables": len(old), "boards": len(boards)}


_STORES: dict[str, Store] = {}
_STORES_LOCK = threading.Lock()


def open_store(url: str | None = None) -> Store:
    """The kernel's store for ``url`` (default: ``default_url()``), opened once and shared."""
    key = url or default_url()
    with _STORES_LOCK:
        store = _STORES.get(key)
        if store is None or store._conn is None:
            store = _STORES[key] = Store(key)
        return store


__all__ = ["Store", "open_store", "default_url", "keep_seconds", "URL_ENV", "KEEP_ENV", "SCHEMA_VERSION"]

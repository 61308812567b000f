"""A throwaway PostgreSQL server for tests and benchmarks (Debian's ``postgresql`` package).

``with LocalPostgres() as pg: pg.url`` creates a cluster in a new temporary folder, starts it
listening on a Unix socket in that folder only (no TCP port at all), and removes everything
afterwards. PostgreSQL refuses to run as root, so as root the server runs as the ``postgres``
user (``runuser``), which owns the folder. ``pg.new_schema()`` gives a URL whose tables live in
a fresh schema: each test starts from an empty store without creating a database."""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

SERVICE_USER = "postgres"


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl, or None if PostgreSQL's server is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


class LocalPostgres:
    def __init__(self) -> None:
        self.bin = binaries()
        if self.bin is None:
            raise RuntimeError("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")
        self.dir = Path(tempfile.mkdtemp(prefix="gamelib-pg-"))
        self.data = self.dir / "data"
        self.port = 5432  # only names the socket file: nothing listens on TCP
        self.url = f"postgresql://gamelib@/postgres?host={quote(str(self.dir))}&port={self.port}"
        self._schemas = itertools.count(1)
        self._as_root = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self._as_root:
            cmd = ["runuser", "-u", SERVICE_USER, "--", *cmd]
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({out.returncode}):\n{out.stdout[-2000:]}")

    def __enter__(self) -> "LocalPostgres":
        if self._as_root:
            shutil.chown(self.dir, SERVICE_USER)
        try:
            self._run("initdb", "-D", str(self.data), "-U", "gamelib", "-A", "trust", "-E", "UTF8", "--no-sync")
            self._pg_ctl("start")
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise
        return self

    def log_tail(self, n: int = 2000) -> str:
        try:
            return (self.dir / "server.log").read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def new_schema(self) -> str:
        """A URL whose store starts empty (a new schema, first on the search path)."""
        import psycopg

        name = f"t{next(self._schemas)}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return f"{self.url}&options={quote('-c search_path=' + name)}"

    def stop(self) -> None:
        if self.data.exists():
            try:
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
            except RuntimeError:
                pass

    def restart(self) -> None:
        """Stop and start the server again (a test of what a restart loses: nothing)."""
        self._pg_ctl("restart")

    def _pg_ctl(self, what: str) -> None:
        # -l: the server's output goes to a file, so pg_ctl's own output ends when it does
        options = f"-c listen_addresses='' -k {self.dir} -p {self.port} -c fsync=off -c shared_buffers=16MB"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.dir / "server.log"),
                  "-m", "fast", "-w", "-t", "60", what)

    def __exit__(self, *exc: object) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


__all__ = ["LocalPostgres", "binaries"]

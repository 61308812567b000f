"""What the load test reads of the server's processes in /proc (Linux): which kernels a Voilà
started, their memory and CPU time, and who listens on a port. Used by gamelib/bench/load.py and
gamelib/bench/crowd.py, and by the browser tests through bench.load."""
from __future__ import annotations

import os
import re
from pathlib import Path


def listening_pid(port: int) -> int | None:
    """The process listening on ``port`` (TCP), if this user can see it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if len(f) > 9 and f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{f[9]}]")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            for fd in (entry / "fd").iterdir():
                if os.readlink(fd) in inodes:
                    return int(entry.name)
        except OSError:
            continue
    return None


_KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def kernel_processes(server_pid: int) -> dict[str, int]:
    """{kernel id: process id} of the kernels a Voilà server started (its children)."""
    found: dict[str, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid != server_pid:
                continue
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
        m = _KERNEL_FILE.search(cmd)
        if m:
            found[m.group(1)] = int(entry.name)
    return found


def memory_mb(pid: int) -> tuple[float, float]:
    """(resident, proportional) memory of a process in MB: RSS counts shared libraries in full in
    every process, PSS shares them out, so PSS adds up to what the processes really take."""
    fields: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("Rss", "Pss"):
                fields[name] = float(rest.split()[0]) / 1024
    except OSError:
        return (0.0, 0.0)
    return fields.get("Rss", 0.0), fields.get("Pss", fields.get("Rss", 0.0))


def cpu_seconds(server_pid: int) -> float:
    """CPU time of the server and its live kernels."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in [server_pid, *kernel_processes(server_pid).values()]:
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(f[11]) + int(f[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def tree_cpu_seconds(pid: int, skip: int | None = None) -> float:
    """CPU time of a process and all its descendants, those already gone included (as far as
    their parents collected them), leaving out the subtree of ``skip``."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            f = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(f[1]), []).append(int(entry.name))
        times[int(entry.name)] = sum(int(x) for x in f[11:15]) / tick  # utime stime cutime cstime
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        if p == skip:
            continue
        total += times.get(p, 0.0)
        todo.extend(children.get(p, []))
    return total

"""Load test of shared tables: N tables of D devices on this machine, decision-to-other-device latency.

    python -m gamelib.bench.tables                    # 6 tables of 5 devices on SQLite, 60 s
    python -m gamelib.bench.tables --postgres         # the same on a throwaway PostgreSQL server

Each device is a simulated client driving the store through the widget's own code path: a
``TableClient`` (gamelib/widgets/table_client.py) with its own store connection, whose ``poll()``
runs every ``POLL_S`` seconds as in a kernel, and whose ``click()`` decides when it is that
seat's turn (after a think time). A table's five devices run in one process (a kernel each would
cost 30 Python processes; the store sees 30 connections either way); the tables run in parallel
processes. The latency of a decision to another device is from the moment the deciding device's
insert returns to the moment the other device's screen (its widgets' values) shows it: the
polling interval plus the replay and the drawing. Pages and websockets are not included (the
browser tests cover those; Voila adds a few milliseconds on loopback)."""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import statistics
import tempfile
import time
from typing import Any

POLL_S = 0.3


def _table_process(url: str, table_no: int, devices: int, seconds: float, think: float) -> dict[str, Any]:
    """One table: create it, seat ``devices`` clients, play (new tables as games end) for ``seconds``."""
    import gamelib
    from gamelib.tables import Store, Table
    from gamelib.widgets import table_client as tc

    cpu0 = time.process_time()
    rng = random.Random(table_no)
    latencies: list[float] = []
    decisions = games = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game = gamelib.load("walk-the-plank", players=devices)
        table, _ = Table.create(Store(url), game, rng.getrandbits(32), {p: "person" for p in game.players})
        clients = []
        for p in game.players:
            c = tc.TableClient(table.code, store=Store(url), poll=False)
            c.take(p)
            clients.append(c)
        sent: dict[int, float] = {}
        seen = {id(c): c.table.seq for c in clients}
        ready_at: dict[int, float] = {}
        games += 1
        # each device polls on its own clock, as kernels do: phases spread over the interval
        due = {id(c): time.monotonic() + rng.random() * POLL_S for c in clients}
        while time.monotonic() < end and not clients[0].table.state.is_over:
            for c in clients:
                if time.monotonic() < due[id(c)]:
                    continue
                due[id(c)] += POLL_S
                c.poll()
                now = time.time()
                for seq in range(seen[id(c)], c.table.seq):
                    if seq in sent:
                        latencies.append(now - sent[seq])
                seen[id(c)] = c.table.seq
                labels = c.decision_labels()
                if labels:
                    ready_at.setdefault(id(c), time.monotonic())
                    if time.monotonic() - ready_at[id(c)] >= think:
                        seq = c.table.seq
                        c.click(labels[rng.randrange(len(labels))])
                        if c.table.seq > seq:
                            sent[seq] = time.time()
                            seen[id(c)] = c.table.seq
                            decisions += 1
                        ready_at.pop(id(c), None)
            time.sleep(max(0.0, min(due.values()) - time.monotonic()))
        for c in clients:
            c.close()
    return {"latencies": latencies, "decisions": decisions, "games": games, "cpu_s": time.process_time() - cpu0}


def run(tables: int = 6, devices: int = 5, seconds: float = 60.0, think: float = 0.5, url: str | None = None,
        log=print) -> dict[str, Any]:
    load_before = os.getloadavg()[0]
    with concurrent.futures.ProcessPoolExecutor(tables) as pool:
        futures = [pool.submit(_table_process, url, i, devices, seconds, think) for i in range(tables)]
        results = [f.result() for f in futures]
    lat = sorted(x for r in results for x in r["latencies"])
    q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")  # noqa: E731
    figures = {
        "tables": tables, "devices": devices, "seconds": seconds,
        "decisions": sum(r["decisions"] for r in results), "games": sum(r["games"] for r in results),
        "deliveries": len(lat), "p50_ms": round(q(0.50)), "p95_ms": round(q(0.95)), "max_ms": round(lat[-1] * 1000) if lat else None,
        "mean_ms": round(statistics.mean(lat) * 1000) if lat else None,
        "clients_cpu_s": round(sum(r["cpu_s"] for r in results), 1),
        "load_before": round(load_before, 1), "load_after": round(os.getloadavg()[0], 1),
    }
    log(f"{tables} tables x {devices} devices, {seconds:.0f} s: {figures['decisions']} decisions, "
        f"{figures['deliveries']} deliveries to other devices; latency p50 {figures['p50_ms']} ms, "
        f"p95 {figures['p95_ms']} ms, max {figures['max_ms']} ms; clients' CPU {figures['clients_cpu_s']} s; "
        f"load average {figures['load_before']} -> {figures['load_after']}")
    return figures


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m gamelib.bench.tables", description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=6)
    ap.add_argument("--devices", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", type=float, default=0.5, help="seconds a person takes to decide")
    ap.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL server (Debian's postgresql)")
    a = ap.parse_args(argv)
    if a.postgres:
        from ..tables.local_postgres import LocalPostgres

        with LocalPostgres() as pg:
            print(f"PostgreSQL ({pg.bin})")
            run(a.tables, a.devices, a.seconds, a.think, pg.new_schema())
    else:
        with tempfile.TemporaryDirectory() as d:
            print("SQLite (a file, WAL)")
            run(a.tables, a.devices, a.seconds, a.think, f"sqlite://{d}/tables.sqlite")


if __name__ == "__main__":
    main()

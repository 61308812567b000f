"""The load test's figures in words (``python -m gamelib.bench --load N``; bench/load.py measures)."""
from __future__ import annotations

import os
from typing import Any


def report(f: dict[str, Any], log=print) -> None:
    n = f["visitors"]
    log(f"sessions completed: {f['completed']}/{n}"
        + (f"   (pools filled in {f['pools_ready_s']} s before the class arrived)" if f.get("pools_ready_s") else ""))
    for e in f["errors"][:10]:
        log(f"  {e}")
    if f["errors"]:
        log(f"  (the server's log: {f['server_log']})")
    served = ("unknown how many served by a pre-started kernel (see the server's log)" if f["preheated"] is None
              else f"{f['preheated']} of {f['completed']} served by a pre-started kernel")
    log(f"first render: p50 {f['first_render_p50_s']:.2f} s, p95 {f['first_render_p95_s']:.2f} s"
        f"   ({served}; loading notice seen by {f['saw_notice']})")
    log(f"click to update: p50 {f['click_p50_ms']:.0f} ms, p95 {f['click_p95_ms']:.0f} ms over {f['clicks']} clicks")
    if f.get("wire"):
        log(f"  of them in Chromium ({n - f['wire']}; {f['wire']} by wire, no browser): completed {f['browser_completed']}, "
            f"first render p50 {f['browser_first_render_p50_s']:.2f} s, p95 {f['browser_first_render_p95_s']:.2f} s; "
            f"click p50 {f['browser_click_p50_ms']:.0f} ms, p95 {f['browser_click_p95_ms']:.0f} ms")
    if "kernel_pss_mb" in f:
        log(f"memory while everyone was on: {f['kernel_rss_mb']:.0f} MB resident per visitor's kernel "
            f"({f['kernel_pss_mb']:.0f} MB proportional); {f['kernels_alive']} kernels alive, "
            f"server and kernels {f['total_pss_mb']:.0f} MB in total (proportional)")
    if f["alive_after"]:
        log(f"kernels of visitors still alive {f['after_s']:g} s after all tabs closed: {f['alive_after']}")
    else:
        log(f"kernels of visitors still alive {f['after_s']:g} s after all tabs closed: 0 "
            f"(the last went {f['all_gone_after_s']} s after the tabs closed; {f['released']} released by the "
            f"kernel limits, {f['culled']} culled as idle)")
    if f.get("gets") or f.get("tabs"):
        log(f"plain GETs, by HTTP status: {f['gets']}; tabs opened and closed, by status: {f['tabs']}"
            f"   (0: no answer in time)")
    if "max_kernels" in f:
        log(f"kernels alive at most: {f['max_kernels']}; server and kernels at most {f['max_pss_mb']} MB "
            f"(proportional); kernels beyond those standing by, at the end: {f['leftover_after']}")
    if "refused" in f:
        log(f"server full: {f['refused']} requests refused; kernels released: {f['released_unconnected']} "
            f"whose page never connected, {f['released_closed']} whose page closed; a page connected "
            f"{f['connect_delay_p50_s']:.1f} s (p50), {f['connect_delay_max_s']:.1f} s (max) after its notebook ran")
    if f["standing_by"] is not None:
        log(f"pre-started kernels standing by for the next visitors: {f['standing_by']}")
    if "server_cpu_s" in f and "browser_cpu_s" in f:
        log(f"CPU time during the visits: server and kernels {f['server_cpu_s']:.0f} s "
            f"({f['server_cpu_s'] / n:.1f} s per visitor, refills included), browsers and this test "
            f"{f['browser_cpu_s']:.0f} s ({f['browser_cpu_s'] / n:.1f} s per visitor); this machine has "
            f"{os.cpu_count()} cores and {f['run_s']:.0f} s of wall clock, {os.cpu_count() * f['run_s']:.0f} CPU-seconds")
    log(f"load average: {f['load_before']} before, {f['load_after_run']} after the visits, {f['load_after']} at the end"
        f"   (run {f['run_s']} s)")

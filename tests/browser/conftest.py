from __future__ import annotations

import os

import pytest

from gamelib import bench_browser as bb


def need_browser() -> None:
    """Skip only on a machine without Chromium outside CI; in CI a missing browser fails."""
    missing = []
    if not bb.CHROMIUM.exists():
        missing.append(f"Chromium ({bb.CHROMIUM})")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package")
    if missing:
        message = "browser test needs " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set, so this is an error, not a skip)")
        pytest.skip(message)

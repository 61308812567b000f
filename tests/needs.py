"""What a test of a real component needs (Chromium, PostgreSQL...): on a developer's machine a
missing part skips the test with a message saying what to install; in CI (``CI`` set) it fails,
so a CI machine that lost a part cannot pass by skipping."""
from __future__ import annotations

import os

import pytest


def require(missing: list[str], needed_by: str) -> None:
    """Skip (or in CI fail) naming ``missing`` when it is not empty."""
    if not missing:
        return
    message = f"{needed_by} need " + " and ".join(missing)
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set, so this is an error, not a skip)")
    pytest.skip(message)

"""A lesson's table: a pandas DataFrame where pandas can be imported (JupyterLab, Voilà), else a
``PlainTable`` (``gamelib.plaintable``) holding the same cells, shown as an HTML table (the static
site's browser Python has no pandas). Each lesson's table builds its rows of text once; only the
container differs, so the numbers are the same everywhere."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamelib import plaintable


def table(rows: Sequence[Mapping[str, Any]], index: Sequence[str] = (), columns: Sequence[str] | None = None):
    """``rows`` (one dict each) as a table whose rows are labelled by the ``index`` columns; an index
    column named ``""`` labels the rows without a heading (as a DataFrame's unnamed index)."""
    names = list(columns) if columns is not None else list(dict.fromkeys(k for r in rows for k in r))
    if plaintable.tables_available():
        import pandas as pd

        frame = pd.DataFrame([dict(r) for r in rows], columns=names)
        if index:
            frame = frame.set_index(list(index) if len(index) > 1 else index[0])
            if list(index) == [""]:
                frame.index.name = None
        return frame
    data = {name: _as_pandas_shows([r.get(name) for r in rows]) for name in names}
    return plaintable.PlainTable(data, index=index, limit=None)


def _as_pandas_shows(values: list[Any]) -> list[Any]:
    """A column of floats written as a DataFrame shows it: every value with the decimals the most
    precise one needs (at least one, at most six), so -0.4 beside -0.253 reads -0.400."""
    if not values or not all(type(v) is float for v in values):
        return values
    decimals = max(1, *(len(f"{v:.6f}".rstrip("0").split(".")[1]) for v in values))
    return [f"{v:.{decimals}f}" for v in values]

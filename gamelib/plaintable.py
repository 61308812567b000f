"""``simulate``'s table where pandas (or numpy) cannot be imported: a browser's Python in the
static site (Pyodide from npm has neither; see docs/deploy.md, "A static site").

A ``PlainTable`` holds the same columns, in the same order and game order, as the DataFrame
``simulate`` returns elsewhere; each column is a list with ``mean()`` and ``sum()``, enough for
the notebooks that run in the static site (``table["won:you"].mean()``). It shows as an HTML
table. Nothing here imports numpy or pandas."""
from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

_available: bool | None = None


def tables_available() -> bool:
    """True where numpy and pandas can be imported (then ``simulate`` returns a DataFrame)."""
    global _available
    if _available is None:
        try:
            import numpy  # noqa: F401
            import pandas  # noqa: F401
        except ImportError:
            _available = False
        else:
            _available = True
    return _available


class Column(list):
    """One column of a PlainTable: its values in game order, with the two sums the notebooks use."""

    def __init__(self, name: str, values: Iterable[Any] = ()) -> None:
        super().__init__(values)
        self.name = name

    def sum(self) -> Any:
        return sum(self)

    def mean(self) -> float:
        """The mean of the values (bools count as 0 and 1); NaN for an empty column, as pandas gives."""
        return sum(self) / len(self) if self else float("nan")


class PlainTable:
    """Rows of games by column, without pandas: ``table[name]`` is a Column, ``len(table)`` the
    number of rows, ``table.columns`` the names in order.

    A lesson's table (``gamelib.lessons.frames``) also has an index: ``index`` names the columns
    that label the rows (shown first, in bold, as a DataFrame's ``set_index`` shows them; ``""`` for
    unnamed row labels), and ``limit`` the rows shown (None: all)."""

    def __init__(self, data: dict[str, list], index: Sequence[str] = (), limit: int | None = 10) -> None:
        lengths = {len(v) for v in data.values()}
        if len(lengths) > 1:
            raise ValueError(f"columns of different lengths: {sorted(lengths)}")
        missing = [i for i in index if i not in data]
        if missing:
            raise ValueError(f"index columns {missing} are not among the columns {list(data)}")
        self._data = {name: Column(name, values) for name, values in data.items()}
        self._n = lengths.pop() if lengths else 0
        self.index = list(index)
        self.limit = limit

    @property
    def columns(self) -> list[str]:
        return list(self._data)

    @property
    def shape(self) -> tuple[int, int]:
        return (self._n, len(self._data))

    def __len__(self) -> int:
        return self._n

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __getitem__(self, name: str) -> Column:
        try:
            return self._data[name]
        except (KeyError, TypeError):
            raise KeyError(f"no column {str(name)[:80]!r}; the columns are {', '.join(self._data)}") from None

    def rows(self) -> Iterator[dict[str, Any]]:
        for i in range(self._n):
            yield {name: col[i] for name, col in self._data.items()}

    def __repr__(self) -> str:
        return f"<PlainTable: {self._n} rows × {len(self._data)} columns ({', '.join(self._data)})>"

    def _repr_html_(self) -> str:
        limit = self._n if self.limit is None else self.limit
        order = self.index + [c for c in self._data if c not in self.index]
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in order)
        body = "".join("<tr>" + "".join(f"<th>{html.escape(str(row[c]))}</th>" for c in self.index)
                       + "".join(f"<td>{html.escape(str(row[c]))}</td>" for c in order[len(self.index):]) + "</tr>"
                       for _, row in zip(range(limit), self.rows()))
        more = f"<p>… {self._n - limit:,} more rows</p>" if self._n > limit else ""
        # on a phone: smaller text, tighter cells, headings that wrap; a table still wider than the
        # screen scrolls sideways inside its box rather than being cut at the screen's edge
        return (f"{_STYLE}<div class='gl-table' style='overflow-x:auto;max-width:100%'><table class='dataframe'>"
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>{more}")


_STYLE = ("<style>.gl-table th{white-space:normal}"
          "@media (max-width:600px){.gl-table table{font-size:12.5px}"
          ".gl-table th,.gl-table td{padding:.3em .35em}}</style>")


class PlainColumns:
    """``sim.Columns`` without numpy: chunks of columns joined into one PlainTable."""

    def __init__(self) -> None:
        self.parts: dict[str, list] = {}
        self.n = 0

    def add(self, cols: dict[str, list]) -> None:
        m = len(next(iter(cols.values()))) if cols else 0
        for name in cols:
            if name not in self.parts:
                self.parts[name] = [None] * self.n  # a column first seen in a later chunk
        for name, values in self.parts.items():
            values.extend(cols.get(name, [None] * m))
        self.n += m

    def frame(self) -> PlainTable:
        """The rows as a PlainTable (this empties the PlainColumns)."""
        table = PlainTable(self.parts)
        self.parts, self.n = {}, 0
        return table

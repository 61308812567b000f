"""Shared tables and class boards: several devices at one game, a class's results pooled.

Kernels meet in a store (``store.py``: SQLite by default, PostgreSQL by ``GAMELIB_TABLES_URL``);
no browser reads it. ``Table`` is one kernel's replayed copy of a table, ``Board`` a class board.
The widgets are ``gamelib.widgets.table_client.TableClient`` and
``gamelib.widgets.class_board.ClassBoard``; docs/deploy.md says how to serve them."""
from .board import Board
from .codes import TableError
from .public import PublicState, public_view
from .store import Store, default_url, open_store
from .table import Decided, Table, open_table

__all__ = ["Board", "Decided", "PublicState", "Store", "Table", "TableError", "default_url", "open_store",
           "open_table", "public_view"]

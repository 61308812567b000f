"""Stand-in for ``sqlite3`` in the static site's Python (Pyodide ships it as a separate package,
not served here). IPython's history module imports it and names these; the Pyodide kernel keeps
its history in memory, so nothing ever connects. A ``connect`` says so in words."""


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class Connection:
    pass


PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


def connect(*args, **kwargs):
    raise OperationalError("sqlite3 is not available in this browser's Python (static site)")

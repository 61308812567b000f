"""A pytest plugin loaded first by every pytest process of the suite (``-p gamelib.bench.pytest_startup``
in pyproject.toml's addopts), before the plugins installed with packages, so it can spare each of
them a slow import. It lives in the package, not in tests/, so that ``pytest`` typed in any folder
finds it (a console script has no repository folder on its path when plugins load).

nbval imports nbformat, which imports jsonschema; jsonschema's optional "iri" format checker
imports ``rfc3987_syntax``, which compiles a Lark grammar on import: about 1.8 CPU-seconds in
each of the suite's four pytest processes (the controller and three workers), before any test
runs. Notebook schemas use no "iri" format, so the suite marks that module as absent and
jsonschema leaves that one checker out, as it does where the package is not installed. Only the
test processes are affected: a Voila server or kernel started by a test has its own interpreter.
"""
import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[assignment]

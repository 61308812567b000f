"""Development tools: benchmarks, the classroom load test, long conformance runs and the suite's
pytest plugin. None of it is public API (that is ``gamelib/__init__.py``), and nothing in the
package imports it: it sits at the top of the layers (docs/engine.md, "Layers") and may use all
of them.

    python -m gamelib.bench [--compare] [--browser] [--hint] ...   # engine speed figures (engine.py)
    python -m gamelib.bench --load N [...]                        # the classroom load test (load.py)
    python -m gamelib.bench.browser                               # dashboards in Chromium (browser.py)
    python -m gamelib.bench.longrun --games N                     # long seeded runs (longrun.py)
    python -m gamelib.bench.hint_cost                             # the Stepper's Hint button's CPU time
    python -m gamelib.bench.tables [--postgres]                   # shared tables' load test (tables.py)

``crowd.py`` (GETs and tabs around a load test) and ``proc.py`` (processes, memory, ports) serve
``load.py``; ``pytest_startup.py`` is loaded first by every pytest process (pyproject.toml).
Importing this package loads nothing: each tool is imported by its own name."""

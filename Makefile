# Two entry points for people: `make demo` and `make test`. Everything else is plumbing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
# Serve the dashboards; until there are any, serve every notebook.
SERVE  := $(if $(wildcard notebooks/dashboards/*.ipynb),notebooks/dashboards,notebooks)

.PHONY: demo lessons test test-slow bench load-test notebooks clean static static-test static-bench handouts

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# A stamp per install flavour, so a second run is instant and pyproject edits reinstall. The
# compiled Interrogation search (setup.py) is built by the install: editing it reinstalls too.
BUILT := pyproject.toml setup.py gamelib/strategy/_wds.c gamelib/rules/walk_the_plank/_fastplay.c
$(VENV)/.installed: $(BUILT) $(VENV)/.jupyter-files | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-test: $(BUILT) $(VENV)/.jupyter-files | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $(VENV)/.installed $@

# The Voila settings and page template go into the environment's Jupyter folders
# ($(VENV)/etc/jupyter, $(VENV)/share/jupyter), so every voila or jupyter lab started from .venv
# uses them, from any folder, without JUPYTER_CONFIG_PATH. setup.py installs them as data files,
# but an editable install (pip install -e) leaves data files out: they are copied here, again
# whenever one changes (tests/test_voila_settings.py checks the copies are up to date).
# (the folders too: a file renamed keeps its time, its folder's changes)
JUPYTER_FILES := $(shell find etc/jupyter share/jupyter -not -path '*__pycache__*')
$(VENV)/.jupyter-files: $(JUPYTER_FILES) | $(BIN)/python
	mkdir -p $(VENV)/etc $(VENV)/share
	cp -R etc/jupyter $(VENV)/etc/
	cp -R share/jupyter $(VENV)/share/
	touch $@

# The Voila settings are the environment's (see .jupyter-files above: etc/jupyter/voila.py,
# voila.json, voila_kernel_limits.py; the offline page template): pre-started kernels, the cap on
# visitors' kernels, the cell time limit. POOL=n: kernels kept ready per dashboard
# (docs/deploy.md: "Sizing the pool").
demo: $(VENV)/.installed
	@echo "Serving the dashboards on http://localhost:$(PORT)  (stop with Ctrl+C)"
	$(BIN)/voila $(SERVE) --port=$(PORT) --no-browser --Voila.ip=127.0.0.1 $(if $(POOL),--pool_size=$(POOL))

# Every notebook (lessons, tutorials, dashboards) as Voila apps, with the same settings except the
# pre-started pool (a pool per notebook would be 17 x 10 kernels): each page starts its kernel when
# it is opened. The lesson index's "app" links (notebooks/lessons/README.md) open on this server.
lessons: $(VENV)/.installed
	@echo "Serving every notebook on http://localhost:$(PORT)/voila/tree  (stop with Ctrl+C)"
	$(BIN)/voila notebooks --port=$(PORT) --no-browser --Voila.ip=127.0.0.1 --pool_size=0

# A class arriving: N visitors (default 30) in headless Chromium, at once or spread over OVER
# seconds, 20 decisions each, on a Voila with the repository's settings (loopback only); prints
# the figures recorded in docs/deploy.md. GETS=g plain GETs and TABS=t tabs opened and closed
# arrive among them (the cap on visitors' kernels must hold). WIRE=w of the N visit without a
# browser (the page's requests only: thirty Chromium pages are more than two cores can draw, a
# class's devices draw their own). Niced: the machine stays usable.
N    ?= 30
OVER ?= 0
GETS ?= 0
TABS ?= 0
WIRE ?= 0
load-test: $(VENV)/.installed-test
	nice -n 10 $(BIN)/python -m gamelib.bench --load $(N) --over $(OVER) --gets $(GETS) --tabs $(TABS) --wire $(WIRE) $(if $(POOL),--voila-arg=--pool_size=$(POOL))

# Unit, rule and property tests, every notebook through nbval, and the dashboards in headless Chromium.
# --dist loadfile keeps each file, so each notebook's cells, on one worker in order; the browser tests
# on the session's Voila are one unit (tests/conftest.py). Three workers on two cores: the browser
# tests and notebooks spend much of their time waiting for kernels and pages, and a third worker
# uses that time (same machine, one after the other: 196 and 171 s with three, 201 s with two).
# --durations shows what the suite spends its time on. Bytecode caches are written even where
# PYTHONDONTWRITEBYTECODE is set (as on CI's machines): the suite starts some forty Python processes
# (workers, notebook and Voila kernels) that import the same modules, and without caches each one
# compiles gamelib and the tests again (pytest's rewritten test modules too): 280 instead of 300
# CPU-s on a fresh clone, 257 on the next run. The caches go to __pycache__/, which git ignores.
test: $(VENV)/.installed-test
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -p no:cacheprovider -n 3 --dist loadfile --durations=30 tests \
		--nbval notebooks --nbval-sanitize-with notebooks/nbval-sanitize.cfg

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m slow -p no:cacheprovider -n 2 --dist loadfile

# After a rules change: re-run every notebook in place, so nbval compares against fresh outputs.
notebooks: $(VENV)/.installed-test
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace $$(find notebooks -name '*.ipynb' -not -path '*checkpoints*')

# The teacher's pack of every lesson (issue 26): a one-page plan, a student handout and an answer key
# per lesson, made from the committed notebook (so they cannot disagree with it), as print-ready HTML
# and PDF (headless Chromium) in build/handouts/ (git-ignored; open build/handouts/index.html).
# PAPER=Letter for US paper.
PAPER ?= A4
handouts: $(VENV)/.installed-test
	$(BIN)/python -m gamelib.handouts --paper $(PAPER)

# The static site (docs/deploy.md, "A static site"): the dashboards, 00-start-here and the tutorials
# running in each visitor's browser (Voici + Pyodide), in build/static/. Its own tools venv and npm
# packages, every version pinned (static/requirements-*.txt, static/package-lock.json); once they
# are fetched (build/static-cache/, static/node_modules/) a build needs no network.
STATIC_VENV := build/static-venv
$(STATIC_VENV)/.installed: static/requirements-build.txt
	$(PYTHON) -m venv $(STATIC_VENV)
	$(STATIC_VENV)/bin/python -m pip install -q -r static/requirements-build.txt
	touch $@

static/node_modules/.installed: static/package.json static/package-lock.json
	cd static && npm ci --no-audit --no-fund
	touch $@

static: $(STATIC_VENV)/.installed static/node_modules/.installed
	$(STATIC_VENV)/bin/python static/build.py

# Builds the site, serves it on loopback and plays each dashboard in Chromium with every other host
# blocked (tests_static/: not part of `make test`, a step of .ci/run).
static-test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -p no:cacheprovider -n 0 -v tests_static

# Size, first interactive screen and decisions' p95 of the static site in Chromium (printed, not asserted).
static-bench: static $(VENV)/.installed-test
	nice -n 10 $(BIN)/python static/bench.py

bench: $(VENV)/.installed
	$(BIN)/python -m gamelib.bench

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache

# Two entry points for people: `make demo` and `make test`. Everything else is plumbing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
# Serve the dashboards; until there are any, serve every notebook.
SERVE  := $(if $(wildcard notebooks/dashboards/*.ipynb),notebooks/dashboards,notebooks)

.PHONY: demo test test-slow bench notebooks clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

# A stamp per install flavour, so a second run is instant and pyproject edits reinstall.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	touch $(VENV)/.installed $@

demo: $(VENV)/.installed
	@echo "Serving the dashboards on http://localhost:$(PORT)  (stop with Ctrl+C)"
	$(BIN)/voila $(SERVE) --port=$(PORT) --no-browser --Voila.ip=127.0.0.1

# Unit, rule and property tests, every notebook through nbval, and the dashboards in headless Chromium.
# Two workers (the machine has two cores); --dist loadfile keeps each file, so each notebook's
# cells, on one worker in order. --durations shows what the suite spends its time on.
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -p no:cacheprovider -n 2 --dist loadfile --durations=30 tests \
		--nbval notebooks --nbval-sanitize-with notebooks/nbval-sanitize.cfg

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m slow -p no:cacheprovider -n 2 --dist loadfile

# After a rules change: re-run every notebook in place, so nbval compares against fresh outputs.
notebooks: $(VENV)/.installed-test
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace $$(find notebooks -name '*.ipynb' -not -path '*checkpoints*')

bench: $(VENV)/.installed
	$(BIN)/python -m gamelib.bench

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache

# The README's two commands: `make run` and `make test`. Both build the venv when it is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench mutate package-check
setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: setup
	$(PY) run.py

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: lint
	$(VENV)/bin/pytest -n 2

bench: setup
	$(PY) run.py bench generators

# Slow (tens of minutes), so not part of `make test`: the share of mutants the suite kills in
# game/rules, ai, dressing, save and run (tools/mutate.py; TESTING.md has today's score).
mutate: setup
	$(PY) tools/mutate.py

# Build the wheel, install it into a fresh venv and run `delve` from an empty folder (CI runs it
# after `make test`): an installed copy must carry everything a checkout has.
package-check:
	bash tools/check_wheel.sh $(PYTHON)

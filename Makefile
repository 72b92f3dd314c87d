# Set-up and checks. Everything a fresh clone needs is installed from here.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup test lint simulate bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: setup
	$(PY) -m ruff check engine tests bench
	$(PY) -m pytest tests

lint: setup
	$(PY) -m ruff check engine tests bench

simulate: setup
	$(PY) -m engine simulate --game age_of_thieves --players 4 --games 200 --seed 1 --bot heuristic --json

bench: setup
	$(PY) bench/engine_speed.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache

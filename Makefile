# `make play` and `make test` each create .venv when it is missing, install the project into it
# (again only when pyproject.toml changed) and then start the game or run the tests.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench simulate clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m urland $(ARGS)

test: $(STAMP)
	$(PY) -m ruff check urland tests benchmarks
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check urland tests benchmarks

bench: $(STAMP)
	$(PY) benchmarks/engine_bench.py

simulate: $(STAMP)
	$(PY) -m urland simulate --players 4 --games 40 --seed 11

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis

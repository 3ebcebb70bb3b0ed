# Two entry points (see README): `make run` starts the bot, `make test` checks everything.
# Both create the virtual environment on first use, so a fresh clone needs nothing else.
VENV ?= .venv
PYTHON ?= python3.11
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV) 2>/dev/null || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/skald run

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -n 2

# Two entry points (see README): `make run` starts the bot, `make test` checks everything; `make install`
# only installs the bot. Each creates the virtual environment on first use, so a fresh clone needs
# nothing else. The bot needs its runtime dependencies alone; the test tools (pyproject.toml's `test`
# extra: pytest, ruff, mypy, ...) are added by the first `make test`, `make lint` or `make playouts`.
VENV ?= .venv
PYTHON ?= $(or $(shell command -v python3.11 2>/dev/null),python3)
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-tests
IS_311 := import sys; sys.exit(sys.version_info[:2] != (3, 11))

# A venv made by another Python (or one whose Python is gone) would fail on every run, since the
# stamp says it is installed: remove it here, before make decides what is up to date.
ifneq ($(wildcard $(VENV)),)
ifneq ($(shell $(BIN)/python -c '$(IS_311)' >/dev/null 2>&1 && echo ok),ok)
$(info $(VENV) was not made by Python 3.11; removing it to build it again with $(PYTHON).)
$(shell rm -rf '$(VENV)')
endif
endif

.PHONY: install run test lint playouts

$(STAMP): pyproject.toml
	@$(PYTHON) -c '$(IS_311)' 2>/dev/null || { \
	    found=$$($(PYTHON) --version 2>&1) && echo "Skald needs Python 3.11, but $(PYTHON) is $$found." >&2 \
	        || echo "Skald needs Python 3.11, but $(PYTHON) does not run." >&2; \
	    echo "Install Python 3.11, or name it: make PYTHON=/path/to/python3.11 $(MAKECMDGOALS)" >&2; \
	    exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install -q --disable-pip-version-check -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(TEST_STAMP)

# The bot alone, for running it: `.venv/bin/skald` and its runtime dependencies, no test tools.
install: $(STAMP)
	@echo "Skald is installed: $(BIN)/skald --help lists its commands; DISCORD_TOKEN=... make run starts the bot."

run: $(STAMP)
	$(BIN)/skald run

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# With a throwaway PostgreSQL cluster for the PostgreSQL half of the store and table tests
# (.ci/with-postgres), and Debian's headless Chromium for the web pages' browser tests
# (.ci/with-chromium): each installed first under CI, skipped, saying why, where not installed.
# The conformance suite's breadth of random playouts is `make playouts`, which CI runs beside it.
test: lint
	.ci/with-postgres .ci/with-chromium $(BIN)/python -m pytest -n 2 --dist worksteal -m "not playouts"

# The rest of the conformance suite's 200+ seeded playouts per game (tests/test_conformance.py).
playouts: $(TEST_STAMP)
	$(BIN)/python -m pytest -n 2 --dist worksteal -m playouts

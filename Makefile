# Developer and CI entry points. Everything is installed into a local virtual
# environment, so a fresh clone needs only a Python 3.11 interpreter.

PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin

# Stamp files make the installs rerun only when pyproject.toml changes.
INSTALL_STAMP = $(VENV)/.install.stamp
INSTALL_TEST_STAMP = $(VENV)/.install-test.stamp

.PHONY: venv install install-test run test spec clean

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(INSTALL_STAMP)

$(INSTALL_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

install-test: $(INSTALL_TEST_STAMP)

$(INSTALL_TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# Serves on HOST:PORT (default 127.0.0.1:8080), e.g. `make run PORT=9000`.
run: install
	exec $(BIN)/python -m service

test: install-test
	if [ -d service/rules ]; then $(BIN)/python -m mypy service/rules; fi
	$(BIN)/python -m pytest

# Regenerate the committed OpenAPI document and the README's example bodies from the
# code; the tests fail while either is out of date.
spec: install
	$(BIN)/python -m service.api.spec > openapi.yaml
	$(BIN)/python -m service.api.examples docs/examples

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache \
		.hypothesis .coverage htmlcov
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

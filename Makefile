# The two commands of the README: `make run` and `make test`. Everything else is a helper.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= python3.11
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint install install-dev

$(PY):
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is needed ($(PYTHON) not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

install: $(PY)
	$(PY) -m pip install --quiet -e .

install-dev: $(PY)
	$(PY) -m pip install --quiet -e ".[dev]"

## Install, compile the translations, migrate, load demo data and serve the site on SQLite with
## tasks run inline, over ASGI (gunicorn + uvicorn, one process: the live channel then needs no
## Redis; docs/live.md).
run: install
	$(PY) manage.py compile_translations
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	@echo ""
	@echo "  Krosmaster Tournaments is running at http://$(HOST):$(PORT)/"
	@echo "  Demo logins: organiser / judge / player1..8 / admin, password krosmaster-demo"
	@echo ""
	$(VENV)/bin/gunicorn config.asgi:application -k uvicorn_worker.UvicornWorker \
	  --workers 1 --bind $(HOST):$(PORT) --access-logfile - --graceful-timeout 2

## Install what tests need, start PostgreSQL and Redis on loopback, run every check and test.
test:
	bash .ci/test.sh

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

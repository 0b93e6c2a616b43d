#!/usr/bin/env bash
# The whole suite against real PostgreSQL, Redis, a Celery worker and Chromium (`make test`).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"

bash .ci/services.sh install
[ -x "$VENV/bin/python" ] || python3.11 -m venv "$VENV" || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet -e ".[dev]"

trap 'bash .ci/services.sh stop' EXIT
# Assigned first: a server that fails to start stops the run here (an `eval` of its output would
# go on without it, and the fuzzer would quietly fall back to SQLite).
services_env="$(bash .ci/services.sh start)"
eval "$(sed 's/^/export /' <<<"$services_env")"
export REQUIRE_SERVICES=1

echo "== translations"  # the French catalogue, compiled and checked by GNU gettext (issue 18)
msgfmt --check --statistics -o /dev/null locale/fr/LC_MESSAGES/django.po
"$VENV/bin/python" manage.py compilemessages --ignore=.venv --ignore=static
echo "== ruff"; "$VENV/bin/ruff" check . && "$VENV/bin/ruff" format --check .
echo "== import-linter"; "$VENV/bin/lint-imports"
echo "== migrations"; "$VENV/bin/python" manage.py makemigrations --check --dry-run
echo "== deploy checks"
DJANGO_DEBUG=false DJANGO_SECRET_KEY="$(head -c 48 /dev/urandom | base64)" \
  "$VENV/bin/python" manage.py check --deploy --fail-level WARNING
echo "== schemathesis (every API operation against its own schema, live server, ~2 min)"
# Before pytest: schemathesis closes with a pytest-like summary line that counts no test, and
# the reader of CI logs takes the last such line as the run's count; pytest's own comes last.
VENV="$VENV" bash .ci/schemathesis.sh
# Two xdist workers (the CI machine has two cores), each with its own test database and Redis
# database (tests/conftest.py). The browser tests and the tests marked `services` (real Celery
# workers and gunicorns) follow pages and streams through Redis publish/subscribe, whose channels
# the xdist workers would share, and are heavy on their own: they run first, one at a time.
# Both halves run whatever the first gives; a failure in either fails the step.
failed=0
pytest_half() {  # exit status 5 is "no test selected": arguments may pick tests of one half only
  local status=0
  "$VENV/bin/pytest" "$@" || status=$?
  if [ "$status" != 0 ] && [ "$status" != 5 ]; then failed=1; fi
}
echo "== pytest: browser and services tests, one at a time"
pytest_half --durations=15 -m "browser or services" "$@"
echo "== pytest: the rest, on two workers"
# worksteal: a worker that runs out of tests takes the other's queued ones, and the tests marked
# `slow` come first (tests/conftest.py), so a minute-long exhaustive test (the pairing
# references) does not start late and leave one core idle at the end.
pytest_half -n "${PYTEST_WORKERS:-2}" --dist worksteal --durations=30 \
  -m "not browser and not services" "$@"
[ "$failed" = 0 ]

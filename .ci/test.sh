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
eval "$(bash .ci/services.sh start | sed 's/^/export /')"
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
echo "== pytest"; "$VENV/bin/pytest" --durations=30 "$@"
echo "== schemathesis (every API operation against its own schema, live server, ~2 min)"
VENV="$VENV" bash .ci/schemathesis.sh

#!/usr/bin/env bash
# Fuzz every API operation of a live server against its own OpenAPI schema (/api/schema/), with
# the response checks on: zero 5xx, zero responses outside the schema (status codes, content
# types, bodies). Stops by itself: schemathesis gets a time budget, the whole step a hard limit.
#
# Uses DATABASE_URL / REDIS_URL when set (CI: the PostgreSQL and Redis of .ci/services.sh),
# else a fresh SQLite file. Env: SCHEMATHESIS_SECONDS (default 120), SCHEMATHESIS_PORT.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
PORT="${SCHEMATHESIS_PORT:-8765}"
BUDGET="${SCHEMATHESIS_SECONDS:-120}"
WORK="$(mktemp -d)"
export DATABASE_URL="${DATABASE_URL:-sqlite:///$WORK/db.sqlite3}"
export PYTHONWARNINGS=ignore DJANGO_DEBUG=false DJANGO_SECURE_SSL_REDIRECT=false DJANGO_ALLOWED_HOSTS=127.0.0.1
export DJANGO_SECRET_KEY="${DJANGO_SECRET_KEY:-$(head -c 48 /dev/urandom | base64)}"
# The fuzzer sends thousands of requests a minute: no throttling during this step.
export API_THROTTLE_ANON=1000000/minute API_THROTTLE_USER=1000000/minute
export API_THROTTLE_LOG_VERIFY=1000000/minute

"$VENV/bin/python" manage.py migrate --noinput >/dev/null
"$VENV/bin/python" manage.py seed_demo >/dev/null
TOKEN="$("$VENV/bin/python" manage.py shell -c '
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from tournaments.models import EventRole
user = EventRole.objects.filter(role="organiser").first().user
print(Token.objects.get_or_create(user=user)[0].key)' 2>/dev/null | tail -n 1 | tr -d '[:space:]')"

# No request-line limit: the stateful phase builds query strings longer than gunicorn's 4 KB
# default, whose 414 comes from the server, not from the API under test.
"$VENV/bin/gunicorn" config.wsgi --bind "127.0.0.1:$PORT" --workers 2 --timeout 60 \
  --limit-request-line 0 --log-level warning &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
# The schema, fetched once (also the readiness wait): generating it can be slow on a busy machine.
for _ in $(seq 60); do
  curl -fsS --max-time 120 "http://127.0.0.1:$PORT/api/schema/?format=json" -o "$WORK/schema.json" \
    2>/dev/null && break
  sleep 1
done

SCHEMATHESIS="$(cd "$VENV/bin" && pwd)/schemathesis"
# Works around a CPython 3.11.7 race in the AST constructor (the file says how).
export SCHEMATHESIS_HOOKS="$PWD/.ci/schemathesis_hooks.py"
cd "$WORK"  # its example database stays out of the checkout
# Every operation must be reached within the budget: the phases share it (examples, coverage,
# fuzzing, stateful), two workers match the server's two, and a few examples per operation
# leave the fuzzing phase time to visit them all. The summary's "Tested" is checked below.
status=0
timeout $((BUDGET + 60)) "$SCHEMATHESIS" run "$WORK/schema.json" --url "http://127.0.0.1:$PORT" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
  --max-time "$BUDGET" --max-examples "${SCHEMATHESIS_EXAMPLES:-10}" --request-timeout 20 \
  --workers "${SCHEMATHESIS_WORKERS:-2}" \
  --header "Authorization: Token $TOKEN" --generation-allow-x00 true \
  --suppress-health-check all --seed "${SCHEMATHESIS_SEED:-12}" | tee "$WORK/run.log" || status=$?
selected="$(sed -n 's/^ *Selected: *\([0-9]*\)\/.*/\1/p' "$WORK/run.log" | tail -n 1)"
tested="$(sed -n 's/^ *Tested: *\([0-9]*\).*/\1/p' "$WORK/run.log" | tail -n 1)"
if [ -z "$selected" ] || [ "${tested:-0}" -lt "$selected" ]; then
  echo "schemathesis reached ${tested:-0} of ${selected:-?} operations within ${BUDGET}s" >&2
  status=1
fi
exit "$status"

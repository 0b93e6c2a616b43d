#!/usr/bin/env bash
# Start or stop the PostgreSQL and Redis servers the test suite runs against, on loopback only.
#   .ci/services.sh install   install the Debian packages that are missing (needs root):
#                             PostgreSQL, Redis, Chromium and gettext (translations)
#   .ci/services.sh start     start both if not already answering; prints the URLs to export
#   .ci/services.sh stop      stop what `start` started (and nothing else)
set -euo pipefail
cd "$(dirname "$0")/.."
RUN_DIR="$PWD/.run"
# Below 32768, where Linux picks no client-side (ephemeral) port: a benchmark holding thousands of
# connections could otherwise hold this port and PostgreSQL would fail to start.
PG_PORT="${TEST_PG_PORT:-25329}"
REDIS_PORT="${TEST_REDIS_PORT:-63799}"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
# PostgreSQL runs as the postgres user, who may not be able to enter the checkout's folders:
# its files live under /tmp instead, one folder per port.
PG_DIR="${TMPDIR:-/tmp}/krosmaster-test-pg-$PG_PORT"

as_postgres() {
  # From /, which postgres may enter whatever the checkout's folder allows.
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

install() {
  local missing=()
  [ -n "$PG_BIN" ] || missing+=(postgresql)
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v chromium >/dev/null || missing+=(chromium)
  command -v msgfmt >/dev/null || missing+=(gettext)  # compilemessages and makemessages
  if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Another apt on the machine holds its locks for a while: wait for them rather than fail.
    # DPkg::Lock::Timeout covers dpkg's locks (install), not the package lists' lock that
    # `apt-get update` takes, so that one is retried for as long.
    local waited=0
    until apt-get -o DPkg::Lock::Timeout=600 update -qq; do
      [ "$waited" -lt 600 ] || return 1
      sleep 10
      waited=$((waited + 10))
    done
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
    # The postgresql package starts its own cluster on 5432; ours is separate.
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi
}

start() {
  mkdir -p "$RUN_DIR"
  if ! "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
    rm -rf "$PG_DIR"
    mkdir -p "$PG_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres "$PG_DIR"; fi
    as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync >/dev/null
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start \
      -o "-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null
    as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres krosmaster
    touch "$RUN_DIR/pg-$PG_PORT.started"
  fi
  if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
      --daemonize yes --pidfile "$RUN_DIR/redis-$REDIS_PORT.pid" --logfile "$RUN_DIR/redis-$REDIS_PORT.log"
    for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
    touch "$RUN_DIR/redis-$REDIS_PORT.started"
  fi
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/krosmaster"
  echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0"
}

stop() {
  if [ -f "$RUN_DIR/pg-$PG_PORT.started" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$PG_DIR"
    rm -f "$RUN_DIR/pg-$PG_PORT.started"
  fi
  if [ -f "$RUN_DIR/redis-$REDIS_PORT.started" ]; then
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -f "$RUN_DIR/redis-$REDIS_PORT.started"
  fi
}

"${1:?usage: services.sh install|start|stop}"

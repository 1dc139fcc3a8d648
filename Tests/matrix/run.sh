#!/usr/bin/env bash
# Runs the Matrix integration tests (MatrixIntegration*) against a real Synapse on loopback, and a private
# PostgreSQL cluster (Tests/postgres/cluster.sh) for the test of two workers sharing the account.
# Synapse comes from PyPI into .build/venv (pinned below); one homeserver per run, stopped on exit.
set -euo pipefail

SYNAPSE_VERSION="${SYNAPSE_VERSION:-1.163.2}"
NIO_VERSION="${NIO_VERSION:-0.26.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.build/venv"
SWIFT="${SWIFT:-swift}"
started=$(date +%s)

log() { echo "matrix-it: $*" >&2; }

# 1. Synapse and matrix-nio (e2e extra: the encrypting human) in a venv, reinstalled only when a pinned version is missing.
if ! "$VENV/bin/python" -c "import sys, importlib.metadata as m; sys.exit(m.version('matrix-synapse') != '$SYNAPSE_VERSION' or m.version('matrix-nio') != '$NIO_VERSION' or not m.version('vodozemac'))" 2>/dev/null; then
  log "installing matrix-synapse==$SYNAPSE_VERSION and matrix-nio[e2e]==$NIO_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q "matrix-synapse==$SYNAPSE_VERSION" "matrix-nio[e2e]==$NIO_VERSION"
fi

# 2. A throwaway homeserver for server name "localhost" on a free loopback port.
WORK="$(mktemp -d "${TMPDIR:-/tmp}/wardrobe-synapse.XXXXXX")"
PORT="$("$VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
SHARED_SECRET="$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
SYNAPSE_PID=""
# A private PostgreSQL cluster for the shared-workers test (Matrix served by one of two workers).
PG_CLUSTER="${WARDROBE_TEST_MATRIX_CLUSTER_DIR:-$ROOT/.build/postgres-matrix}"
PG_STARTED=""

cleanup() {
  local status=$?
  if [[ -n "$PG_STARTED" ]]; then bash "$ROOT/Tests/postgres/cluster.sh" stop "$PG_CLUSTER" || true; fi
  if [[ -n "$SYNAPSE_PID" ]] && kill -0 "$SYNAPSE_PID" 2>/dev/null; then
    kill "$SYNAPSE_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SYNAPSE_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SYNAPSE_PID" 2>/dev/null || true
  fi
  if [[ $status -ne 0 && -f "$WORK/homeserver.log" ]]; then
    log "synapse log tail:"; tail -n 30 "$WORK/homeserver.log" >&2 || true
  fi
  rm -rf "$WORK"
  log "finished in $(( $(date +%s) - started )) s (exit $status)"
}
trap cleanup EXIT INT TERM

limit='{per_second: 1000, burst_count: 1000}'
cat > "$WORK/homeserver.yaml" <<YAML
server_name: "localhost"
public_baseurl: "http://127.0.0.1:$PORT/"
pid_file: "$WORK/homeserver.pid"
listeners:
  - port: $PORT
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "$WORK/homeserver.db"
log_config: "$WORK/log.yaml"
media_store_path: "$WORK/media"
signing_key_path: "$WORK/localhost.signing.key"
registration_shared_secret: "$SHARED_SECRET"
macaroon_secret_key: "$SHARED_SECRET-macaroon"
form_secret: "$SHARED_SECRET-form"
enable_registration: false
report_stats: false
trusted_key_servers: []
suppress_key_server_warning: true
url_preview_enabled: false
presence:
  enabled: false
# Each step of the encrypting human (Tests/matrix/e2e_human.py) starts with an initial sync; Synapse would
# answer a repeated one from its 2-minute response cache, without rooms created since.
caches:
  sync_response_cache_duration: 0
max_upload_size: 50M
rc_message: $limit
rc_registration: $limit
rc_login:
  address: $limit
  account: $limit
  failed_attempts: $limit
rc_joins:
  local: $limit
  remote: $limit
rc_joins_per_room: $limit
rc_invites:
  per_room: $limit
  per_user: $limit
  per_issuer: $limit
rc_media_create: $limit
rc_room_creation: $limit
YAML
cat > "$WORK/log.yaml" <<YAML
version: 1
formatters:
  plain:
    format: "%(asctime)s %(levelname)s %(name)s %(message)s"
handlers:
  file:
    class: logging.FileHandler
    filename: "$WORK/homeserver.log"
    formatter: plain
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
YAML

"$VENV/bin/python" -m synapse.app.homeserver -c "$WORK/homeserver.yaml" --generate-keys >/dev/null
"$VENV/bin/python" -m synapse.app.homeserver -c "$WORK/homeserver.yaml" >"$WORK/stdout.log" 2>&1 &
SYNAPSE_PID=$!
BASE="http://127.0.0.1:$PORT"
log "synapse $SYNAPSE_VERSION starting on $BASE (pid $SYNAPSE_PID)"

# Build while Synapse starts (the restart test runs the real executable).
"$SWIFT" build --manifest-cache none --product wardrobe >/dev/null
"$SWIFT" build --manifest-cache none --build-tests >/dev/null

for _ in $(seq 1 120); do
  if curl -fsS "$BASE/_matrix/client/versions" >/dev/null 2>&1; then break; fi
  kill -0 "$SYNAPSE_PID" 2>/dev/null || { log "synapse exited"; cat "$WORK/stdout.log" >&2; exit 1; }
  sleep 0.5
done
curl -fsS "$BASE/_matrix/client/versions" >/dev/null
log "synapse is up after $(( $(date +%s) - started )) s"

# 3. The bot and two people.
register() {
  "$VENV/bin/register_new_matrix_user" -u "$1" -p "$2" --no-admin -k "$SHARED_SECRET" "$BASE" >/dev/null
}
BOT_PASSWORD="bot-$SHARED_SECRET"; ANA_PASSWORD="ana-$SHARED_SECRET"; BOB_PASSWORD="bob-$SHARED_SECRET"
register wardrobe "$BOT_PASSWORD"
register ana "$ANA_PASSWORD"
register bob "$BOB_PASSWORD"

# 4. The Swift integration tests.
export MATRIX_IT_HOMESERVER="$BASE"
export MATRIX_IT_BOT="@wardrobe:localhost" MATRIX_IT_BOT_PASSWORD="$BOT_PASSWORD"
export MATRIX_IT_ANA="@ana:localhost" MATRIX_IT_ANA_PASSWORD="$ANA_PASSWORD"
export MATRIX_IT_BOB="@bob:localhost" MATRIX_IT_BOB_PASSWORD="$BOB_PASSWORD"
PG_STARTED=1
export MATRIX_IT_POSTGRES="$(bash Tests/postgres/cluster.sh start "$PG_CLUSTER")"
export MATRIX_IT_WARDROBE="$("$SWIFT" build --manifest-cache none --show-bin-path)/wardrobe"
if [[ -n "${MATRIX_IT_HOLD:-}" ]]; then
  # Debugging: keep Synapse up and write the environment for running tests by hand.
  env | grep '^MATRIX_IT_' | sed "s/^\([^=]*\)=\(.*\)$/export \1='\2'/" > "$MATRIX_IT_HOLD"
  log "environment in $MATRIX_IT_HOLD; Ctrl-C stops Synapse"
  while kill -0 "$SYNAPSE_PID" 2>/dev/null; do sleep 1; done
  exit 0
fi
"$SWIFT" test --manifest-cache none --skip-build --filter MatrixIntegration

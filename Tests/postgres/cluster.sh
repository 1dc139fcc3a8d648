#!/usr/bin/env bash
# A private PostgreSQL 15 cluster for the tests: `cluster.sh start DIR` runs initdb into DIR/data and
# starts a server that listens only on a Unix socket in DIR (no TCP at all), then prints the libpq
# conninfo on stdout; `cluster.sh stop DIR` stops it. As root, the server runs as the `postgres`
# system user (PostgreSQL refuses to run as root) and DIR is handed to that user.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
action="${1:-}"
dir="${2:-}"
if [[ -z "$action" || -z "$dir" ]]; then
  echo "usage: cluster.sh start|stop DIR" >&2
  exit 2
fi
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
data="$dir/data"

as_server() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  if [[ -f "$data/postmaster.pid" ]]; then
    as_server "$PG_BIN/pg_ctl" -D "$data" -m fast -w -t 20 stop >/dev/null 2>&1 || true
  fi
}

case "$action" in
  start)
    if [[ ! -x "$PG_BIN/initdb" ]]; then
      echo "cluster.sh: $PG_BIN/initdb not found; run deploy/install-deps.sh --test (postgresql-15)" >&2
      exit 1
    fi
    # A server left running by an interrupted run is stopped; every run starts from an empty cluster.
    stop
    rm -rf "$data" "$dir/server.log"
    if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
    chmod 700 "$dir"
    if ! as_server test -w "$dir"; then
      echo "cluster.sh: the postgres user cannot reach $dir (a parent folder is closed to it); set WARDROBE_TEST_CLUSTER_DIR to a folder it can reach" >&2
      exit 1
    fi
    as_server "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust --no-sync --no-instructions -E UTF8 --locale=C.UTF-8 >/dev/null
    # Durability is not under test here: fsync off makes the many small transactions fast.
    as_server "$PG_BIN/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 30 start \
      -o "-c listen_addresses='' -k '$dir' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null
    echo "host=$dir port=5432 user=postgres dbname=postgres"
    ;;
  stop)
    stop
    ;;
  *)
    echo "usage: cluster.sh start|stop DIR" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# `make bench`: every benchmark of `wardrobe bench all`, with a private PostgreSQL 15 cluster for
# `bench scale` (Tests/postgres/cluster.sh: initdb into the build folder, Unix socket only), always
# stopped on exit. Usage: run.sh WARDROBE_BINARY [bench arguments, default: all]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
binary="${1:?usage: run.sh WARDROBE_BINARY [bench arguments]}"
shift
[[ $# -gt 0 ]] || set -- all
# Apart from the test cluster, so a bench and the PostgreSQL tests can run at once.
CLUSTER="${WARDROBE_BENCH_CLUSTER_DIR:-$ROOT/.build/bench-postgres}"

cleanup() {
  local status=$?
  bash "$ROOT/Tests/postgres/cluster.sh" stop "$CLUSTER" || true
  if [[ $status -ne 0 && -f "$CLUSTER/server.log" ]]; then
    echo "bench: PostgreSQL server log tail:" >&2; tail -n 30 "$CLUSTER/server.log" >&2 || true
  fi
}
trap cleanup EXIT INT TERM

conninfo="$(bash "$ROOT/Tests/postgres/cluster.sh" start "$CLUSTER")"
echo "bench: PostgreSQL cluster up ($conninfo)" >&2
cd "$ROOT"
WARDROBE_BENCH_POSTGRES="$conninfo" "$binary" bench "$@"

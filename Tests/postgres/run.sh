#!/usr/bin/env bash
# Runs the PostgreSQL suites (PostgresTests, ScaleTests with the storage contract suite) against a private cluster in
# .build/postgres, or WARDROBE_TEST_CLUSTER_DIR (Tests/postgres/cluster.sh), always stopped on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
SWIFT="${SWIFT:-swift}"
CLUSTER="${WARDROBE_TEST_CLUSTER_DIR:-$ROOT/.build/postgres}"
started=$(date +%s)

cleanup() {
  local status=$?
  bash Tests/postgres/cluster.sh stop "$CLUSTER" || true
  if [[ $status -ne 0 && -f "$CLUSTER/server.log" ]]; then
    echo "test-postgres: server log tail:" >&2; tail -n 30 "$CLUSTER/server.log" >&2 || true
  fi
  echo "test-postgres: finished in $(( $(date +%s) - started )) s (exit $status)" >&2
}
trap cleanup EXIT INT TERM

$SWIFT build ${BUILD_FLAGS:-} --build-tests
conninfo="$(bash Tests/postgres/cluster.sh start "$CLUSTER")"
echo "test-postgres: cluster up ($conninfo)" >&2
WARDROBE_TEST_POSTGRES="$conninfo" $SWIFT test ${BUILD_FLAGS:-} --skip-build --filter 'PostgresTests|ScaleTests|SharedWorkersTests|SharedJobsAndDailyTests|SharedMatrixInboxTests' 2>&1 \
  | tee .build/test-postgres.log
bash Tests/failures.sh .build/test-postgres.log "${PIPESTATUS[0]}"

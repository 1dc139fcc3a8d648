#!/usr/bin/env bash
# Prints the failed tests of a `swift test` log again at its end, so a CI tail that shows only the
# last lines still names them: Tests/failures.sh LOG STATUS (exits with STATUS).
log="$1"; status="$2"
if [[ "$status" -ne 0 && -f "$log" ]]; then
  echo "== failed tests in $log =="
  grep -E '^(✘ Test .*(recorded an issue|failed)|.*error: .*(XCT|failed))' "$log" | tail -n 40
fi
exit "$status"

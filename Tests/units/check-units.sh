#!/usr/bin/env bash
# Checks the systemd units in deploy/: `systemd-analyze verify` must pass, and every service's
# `systemd-analyze security` exposure must be at most MAX_EXPOSURE (default 2.0).
# Usage: check-units.sh BINARY — the built wardrobe binary stands in for /usr/local/bin/wardrobe,
# because verify checks that ExecStart= names an executable; everything else is the shipped unit.
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
max=${MAX_EXPOSURE:-2.0}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

units=("$root"/deploy/*.service "$root"/deploy/*.timer)
for unit in "${units[@]}"; do
  sed "s#/usr/local/bin/wardrobe#$binary#g" "$unit" > "$work/$(basename "$unit")"
done
# Verify all together so the timer finds its service.
if ! output=$(cd "$work" && systemd-analyze verify --man=no ./*.service ./*.timer 2>&1) || [[ -n "$output" ]]; then
  echo "check-units: systemd-analyze verify complained:" >&2
  echo "$output" >&2
  exit 1
fi

failed=0
for unit in "$root"/deploy/*.service; do
  line=$(systemd-analyze security --offline=true "$unit" | grep 'Overall exposure level')
  score=$(sed -E 's/.*: ([0-9]+\.[0-9]+) .*/\1/' <<<"$line")
  if awk -v s="$score" -v m="$max" 'BEGIN { exit !(s > m) }'; then
    echo "check-units: $(basename "$unit") exposure $score is above $max" >&2
    systemd-analyze security --offline=true "$unit" | grep '✗' >&2 || true
    failed=1
  else
    echo "check-units: $(basename "$unit") verified, exposure $score (limit $max)"
  fi
done
exit $failed

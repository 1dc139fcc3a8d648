#!/usr/bin/env bash
# Checks the systemd units in deploy/: `systemd-analyze verify` must pass, and every service's
# `systemd-analyze security` exposure must be at most MAX_EXPOSURE (default 2.0). A template
# (`wardrobe@.service`) is checked as its instance `wardrobe@1.service`: verify reads a template
# file without checking ExecStart=, and the instance has %i filled in as systemd would.
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
  name=$(basename "$unit")
  [[ "$name" == *@.service ]] && name="${name%@.service}@1.service"
  sed "s#/usr/local/bin/wardrobe#$binary#g" "$unit" > "$work/$name"
done
# Verify all together so the timer finds its service.
if ! output=$(cd "$work" && systemd-analyze verify --man=no ./*.service ./*.timer 2>&1) || [[ -n "$output" ]]; then
  echo "check-units: systemd-analyze verify complained:" >&2
  echo "$output" >&2
  exit 1
fi

failed=0
checked=0
for unit in "$work"/*.service; do
  line=$(systemd-analyze security --offline=true "$unit" | grep 'Overall exposure level')
  score=$(sed -E 's/.*: ([0-9]+\.[0-9]+) .*/\1/' <<<"$line")
  if awk -v s="$score" -v m="$max" 'BEGIN { exit !(s > m) }'; then
    echo "check-units: $(basename "$unit") exposure $score is above $max" >&2
    systemd-analyze security --offline=true "$unit" | grep '✗' >&2 || true
    failed=1
  else
    echo "check-units: $(basename "$unit") verified, exposure $score (limit $max)"
  fi
  checked=$((checked + 1))
done
# Every service in deploy/ (the template as its instance) was scored.
expected=$(find "$root/deploy" -maxdepth 1 -name '*.service' | wc -l)
if [[ $checked -ne $expected ]]; then
  echo "check-units: scored $checked services, deploy/ has $expected" >&2
  failed=1
fi
exit $failed

#!/usr/bin/env bash
# The built binary runs from an empty folder with no bot-config/ nearby: --version names a commit,
# and the console serves with the built-in data files and says so once.
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
example=$(cd "$(dirname "$0")/../.." && pwd)/bot-config/examples/closet.json
real=$(cd "$(dirname "$0")/../.." && pwd)/Tests/ProductImportTests/Fixtures/real
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
cd "$folder"

version=$("$binary" --version)
[[ "$version" =~ ^wardrobe\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ [0-9a-z-]+\)$ ]] || { echo "run-anywhere: bad --version: $version" >&2; exit 1; }

export WARDROBE_MASTER_KEY="$(head -c 32 /dev/urandom | base64)"
output=$(printf '/occasions\n' | "$binary" chat 2>&1)
# `wardrobe chat` logs to data/wardrobe.log (only warnings reach the terminal): the notice is in one of the two.
notices=$(cat <(printf '%s\n' "$output") data/wardrobe.log 2>/dev/null | grep -c 'serving with the built-in' || true)
[[ "$notices" == 1 ]] || { echo "run-anywhere: expected one built-in notice, got $notices:" >&2; echo "$output" >&2; exit 1; }
grep -qi 'business' <<<"$output" || { echo "run-anywhere: /occasions did not list the built-in occasions:" >&2; echo "$output" >&2; exit 1; }
echo "run-anywhere: ok ($version)"

# Backup, verify and restore through the command line, from the same folder.
printf '/add navy wool blazer\n' | "$binary" chat >/dev/null 2>&1
cp "$example" closet.json
"$binary" closet import closet.json --user console:local >/dev/null
mkdir archives
"$binary" backup archives/ >/dev/null
archive=$(ls archives/*.wdbackup)
"$binary" backup --verify "$archive" | grep -q 'is intact' || { echo "run-anywhere: verify failed" >&2; exit 1; }
if "$binary" restore "$archive" 2>/dev/null; then echo "run-anywhere: restore over data without --force succeeded" >&2; exit 1; fi
WARDROBE_DATA_DIRECTORY=restored "$binary" restore "$archive" >/dev/null
before=$("$binary" closet export --user console:local)
after=$(WARDROBE_DATA_DIRECTORY=restored "$binary" closet export --user console:local)
grep -q 'White oxford shirt' <<<"$after" && [[ "$before" == "$after" ]] || { echo "run-anywhere: the restored closet differs" >&2; exit 1; }
head -c 100 "$archive" > cut.wdbackup
if "$binary" backup --verify cut.wdbackup 2>/dev/null; then echo "run-anywhere: a cut archive verified" >&2; exit 1; fi
echo "run-anywhere: backup, verify and restore ok"

# A saved page without --url is read as from the address it names (its canonical link): the Amazon
# site rule applies, so the ASIN and the buy-box price come through; a page naming none is refused.
imported=$("$binary" import --html "$real/amazon-de-echo-input-excerpt.html")
grep -q '"sku": "B07C76F3P2"' <<<"$imported" && grep -q '"currency": "EUR"' <<<"$imported" \
  || { echo "run-anywhere: import --html without --url:" >&2; echo "$imported" >&2; exit 1; }
printf '<html><head><title>x</title></head></html>' > nameless.html
if "$binary" import --html nameless.html 2>/dev/null; then echo "run-anywhere: a page naming no address imported without --url" >&2; exit 1; fi
echo "run-anywhere: import --html without --url ok"

# Test code never ships: the loopback fakes live in WardrobeTestKit, which only the tests and
# wardrobe-telegram-bench link.
if grep -qa 'FakeTelegramServer' "$binary"; then echo "run-anywhere: the shipped binary contains the test fakes" >&2; exit 1; fi
echo "run-anywhere: no test fakes in the binary"

#!/usr/bin/env bash
# The built binary runs from an empty folder with no bot-config/ nearby: --version names a commit,
# and the console serves with the built-in data files and says so once.
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
cd "$folder"

version=$("$binary" --version)
[[ "$version" =~ ^wardrobe\ [0-9]+\.[0-9]+\.[0-9]+\ \(commit\ [0-9a-z-]+\)$ ]] || { echo "run-anywhere: bad --version: $version" >&2; exit 1; }

output=$(printf '/occasions\n' | WARDROBE_MASTER_KEY="$(head -c 32 /dev/urandom | base64)" "$binary" chat 2>&1)
notices=$(grep -c 'serving with the built-in' <<<"$output" || true)
[[ "$notices" == 1 ]] || { echo "run-anywhere: expected one built-in notice, got $notices:" >&2; echo "$output" >&2; exit 1; }
grep -qi 'business' <<<"$output" || { echo "run-anywhere: /occasions did not list the built-in occasions:" >&2; echo "$output" >&2; exit 1; }
echo "run-anywhere: ok ($version)"

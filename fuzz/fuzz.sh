#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in fuzz/targets (see docs/hardening.md, "Fuzzing").
#
#   fuzz/fuzz.sh build            instrumented modules + one binary per target
#   fuzz/fuzz.sh run [target...]  each target for FUZZ_SECONDS (default 60) on its corpus
#   fuzz/fuzz.sh smoke            each target for FUZZ_SMOKE_SECONDS (default 5) on its seeds only
#   fuzz/fuzz.sh replay target file...   runs single inputs, e.g. a crash from .build/fuzz-artifacts
#
# The modules are built by SwiftPM in their own scratch path (.build/fuzz) with coverage and
# AddressSanitizer; the harnesses are linked by swiftc against those objects. Nothing here is part
# of the package graph, so `swift build` and the shipped `wardrobe` binary never see it.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
SCRATCH=.build/fuzz
BIN=$SCRATCH/bin
ARTIFACTS=.build/fuzz-artifacts
WORK=.build/fuzz-corpus
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_SMOKE_SECONDS=${FUZZ_SMOKE_SECONDS:-5}
# "nice -n 10" by default: the machine is shared with other builds.
NICE=${FUZZ_NICE-nice -n 10}

# Every target: its harness file, and the library modules it links (with their dependencies).
TARGETS=(extraction json-repair closet config telegram matrix http images)
declare -A MODULES=(
  [extraction]="ProductImport Selectors HTML Iconv JSON HTTP Closet Support"
  [json-repair]="ProductImport Selectors HTML Iconv JSON HTTP Closet Support"
  [closet]="Closet JSON Support"
  [config]="Config JSON Support"
  [telegram]="Telegram Chat Localization Defaults HTTP HTTPServer Metrics JSON Storage Schedule SQLite Sodium Closet Support"
  [matrix]="Matrix MatrixCrypto Olm Cipher Chat Localization Defaults HTTP JSON Images Storage Schedule Secrets SQLite Sodium Closet Support"
  [http]="HTTP"
  [images]="Images Support"
)
# Extra libFuzzer options per target.
declare -A OPTIONS=(
  [extraction]="-max_len=16384"
  [json-repair]="-max_len=16384"
  [closet]="-max_len=16384"
  [config]="-max_len=8192"
  [telegram]="-max_len=16384"
  [matrix]="-max_len=16384"
  [http]="-max_len=8192"
  [images]="-max_len=65536"
)
# The package targets whose builds cover every module above.
BUILD_TARGETS=(Closet Config ProductImport Telegram Matrix Images)
C_MODULES=(CCurl CSQLite CJansson CSodium CVips CGumbo CMalloc CMicroHTTPD CCrypto COlm)
C_LIBRARIES="libcurl sqlite3 jansson libsodium vips gumbo libmicrohttpd libcrypto olm"

build() {
  local flags=(--scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address -Xswiftc -O)
  for target in "${BUILD_TARGETS[@]}"; do
    $NICE "$SWIFT" build "${flags[@]}" --target "$target"
  done
  local bin_path
  bin_path=$("$SWIFT" build "${flags[@]}" --show-bin-path)
  mkdir -p "$BIN"
  local module_maps=()
  for module in "${C_MODULES[@]}"; do module_maps+=(-Xcc "-fmodule-map-file=Sources/$module/module.modulemap"); done
  # shellcheck disable=SC2046
  local libraries=($(pkg-config --libs $C_LIBRARIES))
  local include_flags=()
  for flag in $(pkg-config --cflags-only-I $C_LIBRARIES); do include_flags+=(-Xcc "$flag"); done
  for target in "${TARGETS[@]}"; do
    local objects=()
    for module in ${MODULES[$target]}; do objects+=("$bin_path/$module.build"/*.o); done
    echo "fuzz: linking $BIN/fuzz-$target"
    $NICE "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -g -module-name "Fuzz_${target//-/_}" \
      -I "$bin_path/Modules" "${module_maps[@]}" "${include_flags[@]}" \
      fuzz/targets/FuzzInput.swift "fuzz/targets/$target.swift" "${objects[@]}" "${libraries[@]}" \
      -o "$BIN/fuzz-$target.new"
    # A rename leaves a running copy of the old binary untouched.
    mv "$BIN/fuzz-$target.new" "$BIN/fuzz-$target"
  done
}

# Runs one target; $1 target, $2 seconds, $3 "corpus" (grow .build/fuzz-corpus) or "seeds" (read-only).
run_one() {
  local target=$1 seconds=$2 mode=$3
  local binary=$BIN/fuzz-$target seeds=fuzz/corpus/$target log=$ARTIFACTS/$target.log
  [[ -x $binary ]] || { echo "fuzz: $binary is missing; run 'fuzz/fuzz.sh build' first" >&2; return 2; }
  mkdir -p "$ARTIFACTS" "$WORK/$target"
  local dirs=("$WORK/$target" "$seeds") dictionary=()
  [[ -f fuzz/dictionaries/$target.dict ]] && dictionary=(-dict="fuzz/dictionaries/$target.dict")
  if [[ $mode == seeds ]]; then
    dirs=("$(mktemp -d)" "$seeds")
  fi
  local status=0
  # shellcheck disable=SC2086
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} $NICE "$binary" "${dirs[@]}" \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=20 -rss_limit_mb=2048 \
    -artifact_prefix="$ARTIFACTS/$target-" "${dictionary[@]}" ${OPTIONS[$target]} >"$log" 2>&1 || status=$?
  [[ $mode == seeds ]] && rm -rf "${dirs[0]}"
  summarize "$target" "$log" "$status"
  return "$status"
}

# One line per run from libFuzzer's final stats, also appended to .build/fuzz-artifacts/figures.tsv.
summarize() {
  local target=$1 log=$2 status=$3
  local execs rate cov ft corpus seconds result
  execs=$(awk -F: '/stat::number_of_executed_units/ {gsub(/ /, "", $4); print $4}' "$log")
  rate=$(awk -F: '/stat::average_exec_per_sec/ {gsub(/ /, "", $4); print $4}' "$log")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  corpus=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  seconds=$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE 'in [0-9]+' | grep -oE '[0-9]+' || true)
  result=ok
  if [[ $status -ne 0 ]]; then result="CRASH (see $log and $ARTIFACTS/$target-*)"; fi
  if grep -q ParseDictionaryFile "$log"; then result="BAD DICTIONARY fuzz/dictionaries/$target.dict (see $log)"; fi
  printf 'fuzz %-12s %6ss  execs %-10s exec/s %-7s cov %-6s ft %-6s corpus %-12s %s\n' \
    "$target" "${seconds:-?}" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corpus:-?}" "$result"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "${seconds:-}" "${execs:-}" \
    "${rate:-}" "${cov:-}" "${ft:-}" "${corpus:-}" "$result" >>"$ARTIFACTS/figures.tsv"
}

run_all() {
  local seconds=$1 mode=$2
  shift 2
  local chosen=("$@") failed=()
  [[ ${#chosen[@]} -gt 0 ]] || chosen=("${TARGETS[@]}")
  for target in "${chosen[@]}"; do
    run_one "$target" "$seconds" "$mode" || failed+=("$target")
  done
  if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: crashes or errors in: ${failed[*]}" >&2
    return 1
  fi
}

case ${1:-} in
  build) build ;;
  run) shift; run_all "$FUZZ_SECONDS" corpus "$@" ;;
  smoke) shift; run_all "$FUZZ_SMOKE_SECONDS" seeds "$@" ;;
  replay)
    target=${2:?target}; shift 2
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$BIN/fuzz-$target" "$@" ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac

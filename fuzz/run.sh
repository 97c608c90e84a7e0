#!/bin/sh
# Builds and runs Tick's libFuzzer targets (issue 16; one so far: the WebDAV multistatus
# reader of `tick sync`). Each target is compiled from the parser's own source files with
# `swiftc -sanitize=fuzzer,address`, seeded from fuzz/<target>/seeds, and run for
# FUZZ_SECONDS (default 60). New interesting inputs are kept in fuzz/out/<target>/corpus
# (ignored by git); a crash leaves its input in fuzz/out/<target>/.
#
#   sh fuzz/run.sh                      every target, 60 s each
#   FUZZ_SECONDS=5 sh fuzz/run.sh       a smoke run
#
# Leak detection is off: FoundationXML leaks a few hundred bytes per malformed document in
# its own error path (_CFErrorCreateFromXMLInterface), which is not Tick's to fix; for the
# same reason the process may grow to 2 GB over millions of inputs, while one input may
# allocate at most 256 MB at once (-malloc_limit_mb).
#
# Ends with one line: fuzz: T targets, E executions, C crashes (exit status 1 when C > 0).
set -eu
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
OUT=$(pwd)/fuzz/out
mkdir -p "$OUT"
targets=0 executions=0 crashes=0

build_multistatus() {
  swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    Sources/TickSync/DAVXML.swift Sources/TickSync/Multistatus.swift Sources/TickSync/SyncError.swift \
    fuzz/multistatus/Fuzz.swift -o "$OUT/multistatus/fuzz-multistatus"
}

for target in multistatus; do
  mkdir -p "$OUT/$target/corpus"
  "build_$target"
  log="$OUT/$target/log.txt"
  status=0
  (cd "$OUT/$target" && ASAN_OPTIONS=detect_leaks=0 ./fuzz-$target -max_total_time="$SECONDS_EACH" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=256 -detect_leaks=0 \
     -print_final_stats=1 corpus "$(pwd)/../../$target/seeds" >"$log" 2>&1) || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  executions=$((executions + ${runs:-0}))
  targets=$((targets + 1))
  if [ "$status" -ne 0 ]; then
    crashes=$((crashes + 1))
    echo "fuzz: $target failed (exit $status); see $log" >&2
    tail -30 "$log" >&2
  fi
done
echo "fuzz: $targets targets, $executions executions, $crashes crashes"
[ "$crashes" -eq 0 ]

#!/bin/sh
# Start-up (issue 14): `tick --version` against a Swift program that only prints, built here
# with the same compiler flags as `make release` (-O, the Swift libraries linked in
# statically), in the same hyperfine run; with the shared libraries the loader maps for
# each, and the resident memory at exit. Replaces the "## Start-up" section of
# bench/RESULTS.md.
#
#   sh bench/startup.sh                        the release build in .build/release
#   BEFORE=/path/to/older/tick sh bench/startup.sh
#
# Environment: TICK, BEFORE, OUT (default bench/out/startup, ignored by git), RUNS (default
# 300), RESULTS (- prints the section only).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
TICK=${TICK:-$root/.build/release/tick}
BEFORE=${BEFORE:-}
OUT=${OUT:-$root/bench/out/startup}
RUNS=${RUNS:-300}
RESULTS=${RESULTS:-$root/bench/RESULTS.md}
mkdir -p "$OUT"
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW
[ -x "$TICK" ] || { echo "build first: make release" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: make bench-deps" >&2; exit 1; }

# The program that only prints: what any Swift executable pays before main.
printf 'print("tick 0.1.0")\n' >"$OUT/main.swift"
swiftc -O -static-stdlib "$OUT/main.swift" -o "$OUT/print-only"
# --version opens no database; a throwaway one keeps the user's out of it anyway.
export TICK_DB="$OUT/unused.sqlite3"

set -- "$OUT/print-only" "$TICK --version"
[ -n "$BEFORE" ] && set -- "$@" "$BEFORE --version"
hyperfine -N -w 20 -r "$RUNS" --export-json "$OUT/startup.json" "$@" >"$OUT/hyperfine.txt" 2>&1

{
    echo "## Start-up: \`tick --version\` against a Swift program that only prints (bench/startup.sh)"
    echo
    echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`bench/startup.sh\` on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end. hyperfine -N, 20 warm-ups, $RUNS runs each, in one run; the program that only prints is built with \`swiftc -O -static-stdlib\`, as \`make release\` builds tick. Target: \`tick --version\` ≤ 1.2× it."
    echo
    echo "| program | mean ms | median ms | user ms | system ms | ratio | shared objects mapped | max RSS KiB |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    python3 - "$OUT/startup.json" "$OUT/print-only" "$TICK" "$BEFORE" <<'EOF'
import json, subprocess, sys
data = json.load(open(sys.argv[1]))["results"]
floor = data[0]["mean"]
paths = [sys.argv[2], sys.argv[3]] + ([sys.argv[4]] if sys.argv[4] else [])
names = ["print only", "tick --version", "before: tick --version"]
for name, path, result in zip(names, paths, data):
    env = {"LD_TRACE_LOADED_OBJECTS": "1", "PATH": "/usr/bin:/bin"}
    traced = subprocess.run([path, "--version"], env=env, capture_output=True, text=True).stdout
    mapped = sum(1 for line in traced.splitlines() if ".so" in line)
    timed = subprocess.run(["/usr/bin/time", "-f", "%M", path, "--version"], capture_output=True, text=True)
    rss = timed.stderr.strip().splitlines()[-1]
    print(f"| {name} | {result['mean'] * 1000:.2f} | {result['median'] * 1000:.2f} | {result['user'] * 1000:.2f} | "
          f"{result['system'] * 1000:.2f} | {result['mean'] / floor:.2f}× | {mapped} | {rss} |")
EOF
} >"$OUT/startup.md"

if [ "$RESULTS" = "-" ]; then
    cat "$OUT/startup.md"
else
    python3 bench/replace-section.py "$RESULTS" "$OUT/startup.md" "## Start-up"
    echo "bench/RESULTS.md: Start-up section replaced" >&2
fi

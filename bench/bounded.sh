#!/bin/sh
# The commands that show or change a bounded amount, at N reminders (default 1,000,000),
# against the floor `tick --version` in the same hyperfine run (issue 14: each ≤ 1.3× the
# floor). Replaces the "## Bounded commands" section of bench/RESULTS.md.
#
#   sh bench/bounded.sh                        the release build in .build/release
#   BEFORE=/path/to/older/tick sh bench/bounded.sh
#                                              also an older build, on its own copy of the
#                                              database (it must be able to import the data;
#                                              the newer one then opens, and migrates, a copy)
#
# Environment: N, TICK, BEFORE, OUT (data and databases; default bench/out/bounded, ignored
# by git; a million reminders take about 1.5 GB there), RUNS (default 30), RESULTS (- prints
# the section only).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
N=${N:-1000000}
TICK=${TICK:-$root/.build/release/tick}
BEFORE=${BEFORE:-}
OUT=${OUT:-$root/bench/out/bounded}
RUNS=${RUNS:-30}
RESULTS=${RESULTS:-$root/bench/RESULTS.md}
mkdir -p "$OUT"
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW TICK_DB
[ -x "$TICK" ] || { echo "build first: make release" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: make bench-deps" >&2; exit 1; }

data="$OUT/reminders-$N.json"
[ -f "$data" ] || python3 bench/generate.py "$N" "$data"
# The database is imported once by the oldest build measured, then copied for the others.
loader=${BEFORE:-$TICK}
base="$OUT/tick-$N.sqlite3"
if [ ! -f "$base.loaded" ] || [ "$(cat "$base.loaded")" != "$loader" ]; then
    rm -f "$base" "$base-wal" "$base-shm"
    start=$(date +%s.%N)
    TICK_DB="$base" "$loader" import "$data" >/dev/null
    echo "imported $N reminders in $(python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')") s" >&2
    echo "$loader" >"$base.loaded"
fi

# Times every bounded command of build $1 on a fresh copy of the database; hyperfine's JSON
# goes to $2. The first open of the copy by a newer build migrates it (timed separately).
measure() {
    tick=$1 json=$2 db="$OUT/measured.sqlite3"
    rm -f "$db" "$db-wal" "$db-shm"
    cp "$base" "$db"
    start=$(date +%s.%N)
    TICK_DB="$db" "$tick" lists >/dev/null
    python3 -c "print(f'{$(date +%s.%N) - $start:.2f}')" >"$json.open"
    export TICK_DB="$db"
    # The first open reminder of the biggest list, and the one after it (for move).
    set -- $("$tick" list work --limit 2 --json | python3 -c 'import json,sys; print(*[r["number"] for r in json.load(sys.stdin)])')
    target=$1 other=$2
    # One --prepare per command, in order: only "done" needs one (reopen the reminder).
    hyperfine -N --warmup 3 --min-runs "$RUNS" --export-json "$json" \
        --prepare true --prepare true --prepare "$tick undone $target" --prepare true --prepare true \
        --prepare true --prepare true --prepare true --prepare true --prepare true --prepare true --prepare true \
        -n "tick --version (the floor)" "$tick --version" \
        -n "add" "$tick add 'Bounded benchmark' --list work --due tomorrow" \
        -n "done N" "$tick done $target" \
        -n "edit N --title" "$tick edit $other --title 'Bounded benchmark, edited'" \
        -n "show N" "$tick show $target" \
        -n "move N --after M" "$tick move $target --after $other" \
        -n "snooze N 1h" "$tick snooze $other 1h" \
        -n "lists" "$tick lists" \
        -n "list garden --limit 50" "$tick list garden --limit 50" \
        -n "list today --limit 50" "$tick list today --limit 50" \
        -n "list scheduled --limit 50" "$tick list scheduled --limit 50" \
        -n "search dentist --limit 50" "$tick search dentist --limit 50" >/dev/null
    unset TICK_DB
    rm -f "$db" "$db-wal" "$db-shm"
}

after_json="$OUT/hyperfine-after.json"
before_json=""
if [ -n "$BEFORE" ]; then
    before_json="$OUT/hyperfine-before.json"
    measure "$BEFORE" "$before_json"
fi
measure "$TICK" "$after_json"

section="$OUT/section.md"
python3 - "$N" "$after_json" "$before_json" "$(uptime | sed 's/.*load average: //')" >"$section" <<'PY'
import json, os, subprocess, sys, time
n, after_path, before_path, load = sys.argv[1:]

def read(path):
    if not path:
        return None
    results = json.load(open(path))["results"]
    table = {}
    for result in results:
        times = sorted(result["times"])
        table[result["command"]] = (times[len(times) // 2] * 1000, (result["user"] + result["system"]) * 1000)
    return table, open(path + ".open").read().strip()

after, after_open = read(after_path)
before = read(before_path)
floor = after["tick --version (the floor)"]
print("## Bounded commands: 1.3× `tick --version` at {:,} reminders (bench/bounded.sh)".format(int(n)))
print()
print(f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `bench/bounded.sh` on {os.cpu_count()} cores; "
      f"load average {load} at the end (other builds share the machine: compare the CPU column and the ratio, "
      "each taken in the same hyperfine run as its floor). Data: `bench/generate.py`, "
      "imported once; hyperfine -N, 3 warm-ups, median wall time, mean CPU time (user + system) per run. "
      "Target: each command ≤ 1.3× the floor.")
print()
if before:
    before_table, before_open = before
    bfloor = before_table["tick --version (the floor)"]
    print("| command | before ms | before CPU ms | before ratio | after ms | after CPU ms | after ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, (wall, cpu) in after.items():
        bwall, bcpu = before_table.get(name, (float("nan"), float("nan")))
        print(f"| {name} | {bwall:.1f} | {bcpu:.1f} | {bwall / bfloor[0]:.2f}× | {wall:.1f} | {cpu:.1f} | {wall / floor[0]:.2f}× |")
    print()
    print(f"First `tick lists` on the copy: before {before_open} s; after {after_open} s (this one migrates the "
          "database to schema 7, filling `list_count` from the reminders).")
else:
    print("| command | ms | CPU ms | ratio |")
    print("|---|---:|---:|---:|")
    for name, (wall, cpu) in after.items():
        print(f"| {name} | {wall:.1f} | {cpu:.1f} | {wall / floor[0]:.2f}× |")
    print()
    print(f"First `tick lists` on the copy: {after_open} s.")
PY
if [ "$RESULTS" = - ]; then cat "$section"; else python3 bench/replace-section.py "$RESULTS" "$section" "## Bounded commands"; fi

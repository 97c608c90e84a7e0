#!/usr/bin/env bash
# iCalendar import/export benchmark: one generated file of COUNT VTODOs (default 100,000),
# timed with hyperfine (`tick import`, `tick export --format ics`) and peak memory with
# GNU time. Targets (issue 3): import < 5 s, export < 3 s, bounded memory.
#
# The file concatenates the VTODO blocks of the shared corpus (../shared/corpus/ics, as
# its MANIFEST advises) inside one VCALENDAR, each copy with a fresh UID, so it has the
# corpus's mix of time zones, alarms, kept properties and odd lines (a few VTODOs warn).
#
# Usage: bash bench/ical.sh            (from the package root; another bench/run.sh may call it)
# Environment: COUNT (VTODOs), CORPUS (folder of .ics files), OUT (work folder), RUNS.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
COUNT=${COUNT:-100000}
CORPUS=${CORPUS:-$root/../shared/corpus/ics}
OUT=${OUT:-$root/bench/out}
RUNS=${RUNS:-5}
mkdir -p "$OUT"

need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "Installing $2 …" >&2
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >/dev/null
}
need hyperfine hyperfine
[ -x /usr/bin/time ] || need /usr/bin/time time
need python3 python3

make -s -C "$root" release >/dev/null
tick="$root/.build/release/tick"

data="$OUT/ical-$COUNT.ics"
if [ ! -s "$data" ]; then
    python3 - "$CORPUS" "$COUNT" "$data" <<'PY'
import os, sys
corpus, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
blocks = []
for name in sorted(os.listdir(corpus)):
    if not name.endswith(".ics"):
        continue
    text = open(os.path.join(corpus, name), "rb").read().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    current, depth = None, 0
    for line in text.split("\n"):
        upper = line.upper()
        if current is None:
            if upper.startswith("BEGIN:VTODO"):
                current, depth = [line], 1
            continue
        current.append(line)
        if upper.startswith("BEGIN:"):
            depth += 1
        elif upper.startswith("END:"):
            depth -= 1
            if depth == 0:
                blocks.append(current)
                current = None
with open(out, "w", newline="") as f:
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tick//bench//EN\r\nX-WR-CALNAME:Bench\r\n")
    for i in range(count):
        for line in blocks[i % len(blocks)]:
            if line.upper().startswith("UID:"):
                line = "UID:bench-%d" % i
            f.write(line + "\r\n")
    f.write("END:VCALENDAR\r\n")
print("%d VTODOs from %d corpus blocks" % (count, len(blocks)), file=sys.stderr)
PY
fi

export TZ=UTC TICK_NOW=2026-11-29T12:00:00Z LANG=C.UTF-8
db="$OUT/ical-bench.sqlite3"
exported="$OUT/ical-export.ics"
echo "File: $data ($(du -h "$data" | cut -f1), $(grep -c '^BEGIN:VTODO' "$data") VTODOs); $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"

# Import into a fresh database each run.
hyperfine -N --runs "$RUNS" --warmup 1 --export-json "$OUT/ical-import.json" \
    --prepare "rm -f $db $db-wal $db-shm" \
    "$tick --db $db import $data --json"

# Export from the database the last import left.
hyperfine -N --runs "$RUNS" --warmup 1 --export-json "$OUT/ical-export.json" \
    "$tick --db $db export --format ics -o $exported"

rm -f "$db" "$db-wal" "$db-shm"
/usr/bin/time -f "%M" -o "$OUT/ical-import.mem" "$tick" --db "$db" import "$data" --json >/dev/null 2>&1
/usr/bin/time -f "%M" -o "$OUT/ical-export.mem" "$tick" --db "$db" export --format ics -o "$exported" 2>/dev/null
import_mem=$(tail -n1 "$OUT/ical-import.mem")
export_mem=$(tail -n1 "$OUT/ical-export.mem")
vtodos=$(grep -c '^BEGIN:VTODO' "$exported")

median() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.2f s (min %.2f, max %.2f)" % (r["median"], r["min"], r["max"]))' "$1"; }
echo
echo "| $COUNT VTODOs | wall time (median of $RUNS) | peak RSS |"
echo "|---|---|---|"
echo "| tick import | $(median "$OUT/ical-import.json") | $((import_mem / 1024)) MiB |"
echo "| tick export --format ics | $(median "$OUT/ical-export.json") | $((export_mem / 1024)) MiB |"
echo
echo "Exported VTODOs: $vtodos"

#!/bin/sh
# Tick's benchmark: generates N reminders (1,000 / 10,000 / 100,000), loads them with
# `tick import`, and times whole `tick` processes with hyperfine; peak memory with GNU
# time. Writes bench/RESULTS.md. Not part of the tests' pass/fail.
#
#   sh bench/run.sh                 all sizes
#   SIZES="100000" sh bench/run.sh  one size
#
# Data and databases live in bench/out/ (ignored by git).
set -eu
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000 10000 100000"}
TICK=${TICK:-$(pwd)/.build/release/tick}
OUT=$(pwd)/bench/out
RESULTS=${RESULTS:-$(pwd)/bench/RESULTS.md}
mkdir -p "$OUT"
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW

[ -x "$TICK" ] || { echo "build first: make release" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: make bench-deps" >&2; exit 1; }
GNU_TIME=$(command -v time || true)
[ -x /usr/bin/time ] && GNU_TIME=/usr/bin/time

rows=""
for n in $SIZES; do
    data="$OUT/reminders-$n.json"
    db="$OUT/tick-$n.sqlite3"
    [ -f "$data" ] || python3 bench/generate.py "$n" "$data"
    rm -f "$db" "$db-wal" "$db-shm"
    start=$(date +%s.%N)
    TICK_DB="$db" "$TICK" import "$data" >/dev/null
    end=$(date +%s.%N)
    load=$(python3 -c "print(f'{$end - $start:.2f}')")
    export TICK_DB="$db"
    # A reminder to complete: the first open one of the biggest list.
    target=$("$TICK" list work --limit 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["number"])')
    word=dentist
    json="$OUT/hyperfine-$n.json"
    hyperfine -N --warmup 3 --min-runs 20 --export-json "$json" \
        -n "list (one list: garden)" "$TICK list garden" \
        -n "list (biggest list: work)" "$TICK list work" \
        -n "list today" "$TICK list today" \
        -n "add" "$TICK add 'Benchmark reminder' --list work --due tomorrow --priority medium" \
        -n "done N" --prepare "$TICK undone $target" "$TICK done $target" \
        -n "search WORD" "$TICK search $word" \
        -n "list all (every open reminder)" "$TICK list all" \
        -n "export json (everything)" "$TICK export" >/dev/null
    # Peak resident memory, median of 3 runs, in MiB.
    peak() {
        for i in 1 2 3; do "$GNU_TIME" -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 2p |
            awk '{printf "%.1f", $1 / 1024}'
    }
    rss_list=$(peak "$TICK" list garden)
    rss_work=$(peak "$TICK" list work)
    rss_today=$(peak "$TICK" list today)
    rss_add=$(peak "$TICK" add "Benchmark reminder" --list work)
    rss_done=$(peak "$TICK" toggle "$target")
    rss_search=$(peak "$TICK" search $word)
    rss_all=$(peak "$TICK" list all)
    rss_export=$(peak "$TICK" export)
    rows="$rows$(python3 - "$json" "$n" "$load" "$rss_list" "$rss_work" "$rss_today" "$rss_add" "$rss_done" "$rss_search" "$rss_all" "$rss_export" <<'PY'
import json, sys
path, n, load, *rss = sys.argv[1:]
data = json.load(open(path))
for result, mem in zip(data["results"], rss):
    times = sorted(result["times"])
    median = times[len(times) // 2] * 1000
    print(f"| {int(n):,} | {result['command']} | {median:.1f} | {min(times)*1000:.1f}–{max(times)*1000:.1f} | {len(times)} | {mem} |")
print(f"| {int(n):,} | import (load the data set) | {float(load)*1000:.0f} | | 1 | |")
PY
)
"
    unset TICK_DB
done

{
    echo "# Tick benchmark results"
    echo
    echo "Generated $(date -u +'%Y-%m-%d %H:%M UTC') by \`bench/run.sh\` on $(nproc) cores, $(uname -sr)."
    echo "Each number is one whole \`tick\` process (hyperfine -N, 3 warm-ups, at least 20 runs),"
    echo "warm page cache, output to a pipe (no terminal). Peak RSS: GNU time %M, median of 3."
    echo "Build: \`swift build -c release --static-swift-stdlib\`. Data: \`bench/generate.py\`"
    echo "(10 lists, ~30% due, ~20% completed, ~10% Korean titles, ~8% emoji)."
    echo
    echo "| N | command | median ms | min–max ms | runs | peak RSS MiB |"
    echo "|---:|---|---:|---:|---:|---:|"
    printf '%s' "$rows"
} > "$RESULTS"
echo "wrote $RESULTS"

#!/bin/sh
# Tick's benchmark: generates N reminders (1,000 / 10,000 / 100,000), loads them with
# `tick import`, and times whole `tick` processes with hyperfine; peak memory with GNU
# time. Writes bench/RESULTS.md. Not part of the tests' pass/fail.
#
#   sh bench/run.sh                 all sizes
#   SIZES="100000" sh bench/run.sh  one size
#   PEERS=1 sh bench/run.sh         also run ../shared/peers/peers.sh (Taskwarrior, todo.txt-cli,
#                                   todoman on the same kind of data) first, and add ratios
#   ICAL=0 sh bench/run.sh          skip the iCalendar import/export benchmark (bench/ical.sh)
#   BENCH_MAX=1000000 sh bench/run.sh  also N = 1,000,000 (opt-in: loading it alone takes minutes);
#                                   at that size fewer runs (1 warm-up, at least 3)
#
# The CalDAV sync benchmark is separate (bash bench/sync.sh, `make bench-sync`); its
# section of RESULTS.md is kept as it was.
#
# Data and databases live in bench/out/ (ignored by git).
set -eu
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000 10000 100000"}
if [ "${BENCH_MAX:-0}" -ge 1000000 ] 2>/dev/null; then SIZES="$SIZES 1000000"; fi
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

PEERS_MD=${PEERS_MD:-$OUT/peers.md}
if [ "${PEERS:-0}" = 1 ]; then
    RESULTS_MD="$PEERS_MD" SIZES="$SIZES" bash ../shared/peers/peers.sh >"$OUT/peers.log" 2>&1
fi

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
rows=""
for n in $SIZES; do
    data="$OUT/reminders-$n.json"
    db="$OUT/tick-$n.sqlite3"
    [ -f "$data" ] || python3 bench/generate.py "$n" "$data"
    rm -f "$db" "$db-wal" "$db-shm"
    # The archive's import, timed once, with its peak memory (GNU time: elapsed, CPU, KiB).
    TICK_DB="$db" "$GNU_TIME" -f "%e %U %S %M" -o "$OUT/import-$n.time" "$TICK" import "$data" >/dev/null
    read -r load load_user load_sys load_rss <"$OUT/import-$n.time"
    load_rss=$(awk "BEGIN {printf \"%.1f\", $load_rss / 1024}")
    export TICK_DB="$db"
    # An .ics of the same reminders (Tick's export), imported into an empty database.
    "$TICK" export --format ics -o "$OUT/reminders-$n.ics" 2>/dev/null
    ics_db="$OUT/tick-$n-ics.sqlite3"
    rm -f "$ics_db" "$ics_db-wal" "$ics_db-shm"
    TICK_DB="$ics_db" "$GNU_TIME" -f "%e %U %S %M" -o "$OUT/import-ics-$n.time" "$TICK" import "$OUT/reminders-$n.ics" >/dev/null
    read -r ics_load ics_user ics_sys ics_rss <"$OUT/import-ics-$n.time"
    ics_rss=$(awk "BEGIN {printf \"%.1f\", $ics_rss / 1024}")
    rm -f "$ics_db" "$ics_db-wal" "$ics_db-shm"
    runs="--warmup 3 --min-runs 20"
    [ "$n" -ge 1000000 ] && runs="--warmup 1 --min-runs 3"
    # A reminder to complete: the first open one of the biggest list.
    target=$("$TICK" list work --limit 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["number"])')
    word=dentist
    json="$OUT/hyperfine-$n.json"
    # hyperfine takes one --prepare for all commands or one per command, in order: only
    # "done N" needs one (reopen the reminder), the others get a no-op.
    # shellcheck disable=SC2086
    hyperfine -N $runs --export-json "$json" \
        --prepare true --prepare true --prepare true --prepare true \
        --prepare "$TICK undone $target" \
        --prepare true --prepare true --prepare true --prepare true --prepare true \
        -n "list (one list: garden)" "$TICK list garden" \
        -n "list (biggest list: work)" "$TICK list work" \
        -n "list today" "$TICK list today" \
        -n "add" "$TICK add 'Benchmark reminder' --list work --due tomorrow --priority medium" \
        -n "done N" "$TICK done $target" \
        -n "search WORD" "$TICK search $word" \
        -n "list all (every open reminder)" "$TICK list all" \
        -n "export json (everything)" "$TICK export" \
        -n "export ics (everything)" "$TICK export --format ics" \
        -n "tick --version (start-up floor)" "$TICK --version" >/dev/null
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
    rss_ics=$(peak "$TICK" export --format ics)
    rss_version=$(peak "$TICK" --version)
    rows="$rows$(python3 - "$json" "$n" "$load $load_user $load_sys $load_rss" "$ics_load $ics_user $ics_sys $ics_rss" \
        "$rss_list" "$rss_work" "$rss_today" "$rss_add" "$rss_done" "$rss_search" "$rss_all" "$rss_export" "$rss_ics" "$rss_version" <<'PY'
import json, sys
path, n, load, ics, *rss = sys.argv[1:]
data = json.load(open(path))
for result, mem in zip(data["results"], rss):
    times = sorted(result["times"])
    median = times[len(times) // 2] * 1000
    cpu = (result["user"] + result["system"]) * 1000  # hyperfine gives CPU time as a mean per run
    print(f"| {int(n):,} | {result['command']} | {median:.1f} | {min(times)*1000:.1f}–{max(times)*1000:.1f} | {cpu:.1f} | {len(times)} | {mem} |")
for what, text in (("import of the Tick archive (load the data set)", load), ("import of an .ics of the same reminders", ics)):
    wall, user, system, mem = text.split()
    print(f"| {int(n):,} | {what} | {float(wall)*1000:.0f} | | {(float(user) + float(system))*1000:.0f} | 1 | {mem} |")
PY
)
"
    unset TICK_DB
done

# Sections this script does not write (the CalDAV sync and tick serve sections of
# bench/sync.sh and bench/serve.sh, notes written by hand) stay as they are.
kept="$OUT/kept-sections.md"
: >"$kept"
[ -f "$RESULTS" ] && awk '/^## /{on = !(/^## Against the peers/ || /^## iCalendar: /)} on' "$RESULTS" >"$kept"

{
    echo "# Tick benchmark results"
    echo
    echo "Generated $(date -u +'%Y-%m-%d %H:%M UTC') by \`bench/run.sh\` on $(nproc) cores, $(uname -sr)."
    echo "Each number is one whole \`tick\` process (hyperfine -N, 3 warm-ups, at least 20 runs; at"
    echo "1,000,000: 1 warm-up, at least 3), warm page cache, output to a pipe (no terminal). CPU: user +"
    echo "system, mean of the runs. Peak RSS: GNU time %M, median of 3. Load average at the start: $LOAD_START."
    echo "Build: \`swift build -c release --static-swift-stdlib\`. Data: \`bench/generate.py\`"
    echo "(10 lists, ~30% due, ~20% completed, ~10% Korean titles, ~8% emoji)."
    echo
    echo "| N | command | median ms | min–max ms | CPU ms | runs | peak RSS MiB |"
    echo "|---:|---|---:|---:|---:|---:|---:|"
    printf '%s' "$rows"
    if [ -f "$PEERS_MD" ]; then
        echo
        echo "## Against the peers"
        echo
        echo "Ratios of median wall times: the peer's time divided by Tick's (above 1: Tick is faster)."
        echo "Peer times from \`../shared/peers/peers.sh\` ($(sed -n 's/^Generated \(.*\) by.*/\1/p' "$PEERS_MD" | head -1)),"
        echo "run in the same session as the Tick numbers above. The operations are matched as"
        echo "closely as the tools allow; 'list today' (due today or overdue) stands against the peers'"
        echo "'due within 7 days'."
        echo
        python3 - "$PEERS_MD" "$OUT" $SIZES <<'PY'
import json, re, sys
peers_md, out, *sizes = sys.argv[1:]
ops = [("a. list pending", "list all (every open reminder)"), ("b. add one task", "add"),
       ("c. complete one task by id", "done N"), ("d1. one project", "list (one list: garden)"),
       ("d2. due within 7 days", "list today"), ("e. export all as JSON", "export json (everything)")]
peer = {}
# The table's header names its sizes (`| operation | tool | N=1,000 | N=10,000 | N=100,000 |`):
# peers.sh writes a column for each size it ran, so read them from the header.
columns = []
for line in open(peers_md, encoding="utf-8"):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) > 2 and cells[:2] == ["operation", "tool"]:
        columns = [c.removeprefix("N=").replace(",", "") for c in cells[2:]]
    elif columns and len(cells) == 2 + len(columns) and any(cells[0] == op for op, _ in ops):
        for size, cell in zip(columns, cells[2:]):
            try: peer[(cells[0], cells[1], size)] = float(cell.replace(",", ""))
            except ValueError: pass
tick = {}
for size in sizes:
    try: data = json.load(open(f"{out}/hyperfine-{size}.json"))
    except OSError: continue
    for result in data["results"]:
        times = sorted(result["times"])
        tick[(result["command"], size)] = times[len(times) // 2] * 1000
print("| operation | N | Tick ms | Taskwarrior | todo.txt-cli | todoman |")
print("|---|---:|---:|---:|---:|---:|")
for op, command in ops:
    for size in sizes:
        t = tick.get((command, size))
        if t is None: continue
        cells = []
        for tool in ["Taskwarrior", "todo.txt-cli", "todoman"]:
            p = peer.get((op, tool, size))
            cells.append(f"{p:.0f} ms = **{p / t:.1f}×**" if p else "n/a")
        print(f"| {op} (tick: {command}) | {int(size):,} | {t:.1f} | " + " | ".join(cells) + " |")
PY
    fi
    if [ "${ICAL:-1}" = 1 ]; then
        echo
        echo "## iCalendar: 100,000 VTODOs (bench/ical.sh)"
        echo
        bash bench/ical.sh 2>/dev/null | sed -n '/^File:/,$p' | sed "s|$(pwd)/||g"
    fi
    if [ -s "$kept" ]; then
        echo
        cat "$kept"
    fi
} > "$RESULTS"
echo "wrote $RESULTS"

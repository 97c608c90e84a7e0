#!/bin/bash
# `tick serve` under load (make bench-serve): N reminders (default 100,000, bench/generate.py,
# loaded with tick import), the release binary serving them on a loopback port, and wrk:
#   - a page of 50 reminders of the largest list (GET /api/v1/lists/ID/reminders?limit=50);
#   - complete/reopen (POST …/reminders/UID/complete, then …/reopen, over 2,000 reminders);
#   - the idle server: CPU over 20 s with an event stream open and with none, and its RSS.
# Replaces the "## tick serve" section of bench/RESULTS.md (RESULTS=- prints it only).
# Environment: N, CONNECTIONS (50), DURATION (10s), THREADS (2), PORT (18931), TICK, RESULTS.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
N=${N:-100000}
CONNECTIONS=${CONNECTIONS:-50}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
PORT=${PORT:-18931}
TICK=${TICK:-$root/.build/release/tick}
RESULTS=${RESULTS:-$root/bench/RESULTS.md}
OUT=$root/bench/out/serve
mkdir -p "$OUT"
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW
[ -x "$TICK" ] || { echo "build first: swift build -c release --product tick" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }

DB=$OUT/tick-$N.sqlite3
if [ ! -f "$DB.loaded" ]; then
    rm -f "$DB" "$DB-wal" "$DB-shm"
    python3 bench/generate.py "$N" "$OUT/data-$N.json"
    "$TICK" --db "$DB" import "$OUT/data-$N.json" >/dev/null
    touch "$DB.loaded"
fi

export TICK_SERVE_TOKEN=bench-token-0123456789abcdef XDG_STATE_HOME=$OUT/state
"$TICK" --db "$DB" serve --listen "127.0.0.1:$PORT" >"$OUT/serve.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
base=http://127.0.0.1:$PORT
auth="Authorization: Bearer $TICK_SERVE_TOKEN"
for _ in $(seq 100); do curl -sf -H "$auth" "$base/api/v1/lists" >/dev/null && break; sleep 0.1; done

list=$(curl -sf -H "$auth" "$base/api/v1/lists" | python3 -c '
import json, sys
lists = json.load(sys.stdin)["lists"]
print(max(lists, key=lambda l: l["openCount"])["id"])')
open_count=$(curl -sf -H "$auth" "$base/api/v1/lists/$list" | python3 -c 'import json,sys; print(json.load(sys.stdin)["openCount"])')
# 2,000 open reminders of that list for complete/reopen.
python3 - "$base" "$list" "$TICK_SERVE_TOKEN" >"$OUT/uids.lua" <<'PY'
import json, sys, urllib.request
base, lst, token = sys.argv[1:]
uids, cursor = [], None
while len(uids) < 2000:
    url = f"{base}/api/v1/lists/{lst}/reminders?limit=500" + (f"&cursor={cursor}" if cursor else "")
    page = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": "Bearer " + token})))
    uids += [r["uid"] for r in page["reminders"]]
    cursor = page["nextCursor"]
    if not cursor: break
print("uids = {" + ",".join(json.dumps(u) for u in uids[:2000]) + "}")
PY

cat >"$OUT/page.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $TICK_SERVE_TOKEN"
LUA
cat "$OUT/uids.lua" >"$OUT/toggle.lua"
cat >>"$OUT/toggle.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $TICK_SERVE_TOKEN"
local counter = 0
local offset = 0
local threads = 0
function setup(thread)
    thread:set("offset", threads * 1000)
    threads = threads + 1
end
function request()
    counter = counter + 1
    local uid = uids[((offset + math.floor(counter / 2)) % #uids) + 1]
    local action = (counter % 2 == 0) and "complete" or "reopen"
    return wrk.format(nil, "/api/v1/reminders/" .. uid .. "/" .. action)
end
LUA

run_wrk() { # name url script
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$3" "$2" >"$OUT/$1.txt" 2>&1
    cat "$OUT/$1.txt" >&2
}
run_wrk page "$base/api/v1/lists/$list/reminders?limit=50" "$OUT/page.lua"
run_wrk toggle "$base/" "$OUT/toggle.lua"

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
idle_cpu() { # seconds -> percent of one core
    local before after
    before=$(cpu_ticks); sleep "$1"; after=$(cpu_ticks)
    python3 -c "print(f'{($after - $before) / $(getconf CLK_TCK) / $1 * 100:.2f}')"
}
sleep 2
idle_none=$(idle_cpu 20)
curl -sN -H "$auth" "$base/api/v1/events" >/dev/null & stream=$!
sleep 1
idle_stream=$(idle_cpu 20)
kill "$stream" 2>/dev/null || true
rss_kib=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
hwm_kib=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")

stat() { # file field
    case $2 in
    rps) awk '/Requests\/sec/ {print $2}' "$1" ;;
    p50) awk '$1 == "50%" {print $2}' "$1" ;;
    p99) awk '$1 == "99%" {print $2}' "$1" ;;
    non2xx) awk '/Non-2xx/ {print $NF}' "$1" ;;
    errors) awk '/Socket errors/ {print}' "$1" ;;
    esac
}
section=$OUT/serve.md
{
    echo "## tick serve: $(printf "%'d" "$N") reminders (bench/serve.sh)"
    echo
    echo "Generated $(date -u '+%Y-%m-%d %H:%M UTC') by \`make bench-serve\` on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(uname -sr);"
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end (wrk shares the machine with the server)."
    echo "\`tick serve\` (release build) on 127.0.0.1 with the default pool of 2 worker threads; wrk $THREADS threads,"
    echo "$CONNECTIONS connections, $DURATION each, bearer token. The page: the largest list ($open_count open reminders), 50 whole reminders"
    echo "(\`tick --json\` shape) a page. Complete/reopen: POST, each one write transaction, over 2,000 reminders of that list."
    echo
    echo "| load | requests/s | p50 | p99 | non-2xx |"
    echo "|---|---:|---:|---:|---:|"
    echo "| GET a page of 50 (target ≥ 5,000/s, p99 ≤ 20 ms) | $(stat "$OUT/page.txt" rps) | $(stat "$OUT/page.txt" p50) | $(stat "$OUT/page.txt" p99) | $(stat "$OUT/page.txt" non2xx || true) |"
    echo "| POST complete / reopen (target ≥ 1,000/s) | $(stat "$OUT/toggle.txt" rps) | $(stat "$OUT/toggle.txt" p50) | $(stat "$OUT/toggle.txt" p99) | $(stat "$OUT/toggle.txt" non2xx || true) |"
    echo
    echo "Idle server: ${idle_none}% of a core over 20 s with no client, ${idle_stream}% with one event stream open"
    echo "(it polls \`PRAGMA data_version\` 4 times a second only while a stream is open); RSS $((rss_kib / 1024)) MiB after the runs"
    echo "(peak $((hwm_kib / 1024)) MiB)."
} >"$section"
cat "$section"
if [ "$RESULTS" != - ]; then
    python3 bench/replace-section.py "$RESULTS" "$section" "## tick serve"
    echo "wrote the tick serve section of $RESULTS" >&2
fi

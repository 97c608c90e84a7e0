#!/usr/bin/env bash
# CalDAV sync benchmark (issue 11): `tick sync` against vdirsyncer (the tool people use
# today), both syncing the same COUNT VTODOs (default 10,000) in one collection of the same
# server (SERVER: radicale, the default, or xandikos), in the same run:
#
#   first sync       Tick: `tick sync` into an empty database; vdirsyncer: `discover` and
#                    `sync` into an empty filesystem storage (a vdir)
#   nothing changed  a sync right after a sync
#   one changed on the server   after a "phone" PUT of one item (curl, no If-Match)
#   one changed locally         after `tick edit N --title …`; for vdirsyncer, after one
#                               file of its vdir was edited (what todoman does)
#
# Per run: wall time, peak RSS (GNU time %M), the requests Radicale answered and the time
# it took to build them (from its log), and for Tick the request count it reports
# (`tick sync --json`). Targets (issue 11): first sync at least 3× faster than
# vdirsyncer's; nothing changed under 1 s; one changed reminder under 300 ms.
#
# The server runs on a free loopback port, its storage (and both clients' local data) in a
# throwaway folder on /dev/shm when there is one; it is stopped by its PID. Radicale: plain
# htpasswd auth and no auth delay; its log gives the time it took for each request. Xandikos
# (no authentication; it answers sync-collection from its git history instead of reading
# every item): its log has no times, so only wall and CPU times are reported. The VTODOs
# (bench/generate.py --vtodo) are written straight into the collection's folder (for
# Xandikos, committed to the collection's git repository), then read once through the
# server before any client syncs, so neither client pays for that.
#
# Usage: bash bench/sync.sh     (from the package root, after `swift build -c release --product tick`;
#                               `make bench-sync` does both)
# Environment: SERVER (radicale or xandikos), COUNT, FIRST_RUNS (first syncs per tool,
# default 3), RUNS (other syncs, default 10), VDIR_FIRST_RUNS (vdirsyncer's first syncs,
# default FIRST_RUNS) and VDIR_RUNS (its other syncs, default RUNS: at 10,000 items each
# takes about two minutes against Radicale 3.1.8; both 0 leave vdirsyncer out), TICK (the
# binary), OUT (work folder for the raw numbers), RESULTS (the file whose "## CalDAV sync
# with Radicale:" or "with Xandikos:" section is replaced; RESULTS=- prints it only).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SERVER=${SERVER:-radicale}
COUNT=${COUNT:-10000}
FIRST_RUNS=${FIRST_RUNS:-3}
RUNS=${RUNS:-10}
VDIR_FIRST_RUNS=${VDIR_FIRST_RUNS:-$FIRST_RUNS}
VDIR_RUNS=${VDIR_RUNS:-$RUNS}
TICK=${TICK:-$root/.build/release/tick}
OUT=${OUT:-$root/bench/out}
RESULTS=${RESULTS:-$root/bench/RESULTS.md}
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW

case "$SERVER" in radicale | xandikos) ;; *) echo "SERVER=$SERVER: use radicale or xandikos" >&2; exit 64 ;; esac
for program in "$SERVER" vdirsyncer curl python3 git /usr/bin/time; do
    command -v "$program" >/dev/null || { echo "$program is missing: make bench-sync installs it" >&2; exit 1; }
done
[ -x "$TICK" ] || { echo "build first: swift build -c release --product tick" >&2; exit 1; }

load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
base=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm
work=$(mktemp -d "$base/tick-sync-bench.XXXXXX")
mkdir -p "$OUT"
runs="$OUT/sync-runs-$SERVER.tsv"
requests="$OUT/sync-requests-$SERVER.tsv"
printf 'scenario\ttool\trun\twall_ms\trss_kib\tcpu_ms\tserver_ms\tserver_requests\treported_requests\tserver_cpu_ms\n' >"$runs"
printf 'scenario\ttool\trun\tmethod\tpath\tdepth\tserver_ms\n' >"$requests"

server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 20); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# --- The server -------------------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
log="$work/server.log"
if [ "$SERVER" = radicale ]; then
    printf 'alice:secret\n' >"$work/users"
    radicale --config "" --server-hosts "127.0.0.1:$port" \
        --auth-type htpasswd --auth-htpasswd-filename "$work/users" --auth-htpasswd-encryption plain \
        --auth-delay 0 --rights-type owner_only --storage-filesystem-folder "$work/radicale" \
        --logging-level info </dev/null >/dev/null 2>"$log" &
    home="$url/alice/"
    list=Tasks
    collection_url="$url/alice/tasks/"
else
    xandikos --defaults -d "$work/xandikos" -l 127.0.0.1 -p "$port" --current-user-principal /user/ \
        </dev/null >/dev/null 2>"$log" &
    home="$url/user/calendars/"
    list=calendar
    collection_url="$url/user/calendars/calendar/"
fi
server_pid=$!
dav() { curl -s -u alice:secret "$@"; }
for i in $(seq 200); do
    [ "$(dav -o /dev/null -w '%{http_code}' -X PROPFIND -H 'Depth: 0' "$home" || true)" = 207 ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    [ "$i" -lt 200 ] || { echo "$SERVER did not start on port $port" >&2; exit 1; }
    sleep 0.1
done
python3 bench/generate.py --vtodo "$COUNT" "$work/seed"
if [ "$SERVER" = radicale ]; then
    dav -o /dev/null -X MKCALENDAR "$collection_url" -H 'Content-Type: application/xml' --data-binary @- <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:I="http://apple.com/ns/ical/">
<D:set><D:prop><D:displayname>Tasks</D:displayname><I:calendar-color>#FF9500</I:calendar-color>
<C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
XML
    collection="$work/radicale/collection-root/alice/tasks"
    [ -f "$collection/.Radicale.props" ] || { echo "MKCALENDAR failed: no $collection/.Radicale.props" >&2; exit 1; }
    cp "$work/seed/"*.ics "$collection/"
else
    # Xandikos serves what is committed in the collection's git repository.
    collection="$work/xandikos/user/calendars/calendar"
    [ -d "$collection/.git" ] || { echo "xandikos made no $collection" >&2; exit 1; }
    cp "$work/seed/"*.ics "$collection/"
    git -C "$collection" add -A
    git -C "$collection" -c user.name=bench -c user.email=bench@localhost commit -q -m "seed $COUNT VTODOs"
fi
# The server reads the items once (Radicale caches each parsed item); then one more full
# read: what every request that needs the collection's ETag or sync token costs it.
propfind_tags() {
    dav -o /dev/null -w '%{time_total}' -X PROPFIND -H 'Depth: 0' -H 'Content-Type: application/xml' "$collection_url" \
        --data-binary '<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>'
}
seed_read=$(propfind_tags)
warm_read=$(propfind_tags)
echo "seeded $COUNT VTODOs; $SERVER's first read ${seed_read}s, then ${warm_read}s" >&2

# --- Measuring one run ------------------------------------------------------------------
# Radicale's log lines "PROPFIND response status for '/alice/' with depth '1' in 0.412 seconds":
# appended to the requests file; prints the total of the seconds (in ms) and their count.
cat >"$work/requests.py" <<'PY'
import re, sys
scenario, tool, run, path = sys.argv[1:5]
pattern = re.compile(r"(\w+) response status for '([^']*)'(?: with depth '(\w+)')? in ([0-9.]+) seconds")
# Xandikos (aiohttp's access log): requests without a time.
access = re.compile(r'"([A-Z]+) (\S+) HTTP/1\.[01]" \d{3}')
total = count = 0
with open(path, "a") as out:
    for line in sys.stdin:
        m = pattern.search(line)
        if not m and access.search(line):
            count += 1
        if m:
            ms = float(m.group(4)) * 1000
            total += ms
            count += 1
            item = re.sub(r"[^/]+\.ics$", "ITEM.ics", m.group(2))
            print(scenario, tool, run, m.group(1), item, m.group(3) or "", f"{ms:.1f}", sep="\t", file=out)
print(f"{total:.1f}\t{count}")
PY
server_cpu() { awk '{print $14 + $15}' "/proc/$server_pid/stat"; }
hz=$(getconf CLK_TCK)
# once SCENARIO TOOL RUN COMMAND…: runs COMMAND once and appends its row (and the requests
# Radicale logged meanwhile) to the TSV files.
once() {
    local scenario=$1 tool=$2 run=$3; shift 3
    local lines before after start end
    lines=$(wc -l <"$log")
    before=$(server_cpu)
    start=$(date +%s%N)
    if ! /usr/bin/time -f '%M %U %S' -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null; then
        echo "failed: $*" >&2; cat "$work/stderr" >&2; exit 1
    fi
    end=$(date +%s%N)
    after=$(server_cpu)
    sleep 0.05 # the last log line
    local reported
    reported=$(python3 -c 'import json, sys
try: print(sum(r["requests"] for r in json.load(open(sys.argv[1]))))
except Exception: print("")' "$work/stdout")
    tail -n +"$((lines + 1))" "$log" | python3 "$work/requests.py" "$scenario" "$tool" "$run" "$requests" >"$work/server"
    read -r rss user sys <"$work/time"
    local wall cpu
    wall=$(( (end - start) / 1000000 ))
    cpu=$(python3 -c "print(round(($user + $sys) * 1000))")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$tool" "$run" "$wall" "$rss" "$cpu" \
        "$(cat "$work/server")" "$reported" "$(( (after - before) * 1000 / hz ))" >>"$runs"
    printf '%-28s %-10s run %-2s %6s ms  server %s ms (%s requests; server CPU %s ms)\n' "$scenario" "$tool" "$run" "$wall" \
        "$(cut -f1 "$work/server")" "$(cut -f2 "$work/server")" "$(( (after - before) * 1000 / hz ))" >&2
}

# --- The clients ------------------------------------------------------------------------
mkdir -p "$work/tick/config"
tick() { TICK_DB="$work/tick/tick.sqlite3" XDG_CONFIG_HOME="$work/tick/config" TICK_SYNC_PASSWORD=secret "$TICK" "$@"; }
tick_env=(env TICK_DB="$work/tick/tick.sqlite3" XDG_CONFIG_HOME="$work/tick/config" TICK_SYNC_PASSWORD=secret "$TICK")
if [ "$SERVER" = radicale ]; then
    tick sync add bench "$home" --user alice --list "$list" >/dev/null
else
    tick sync add bench "$home" --list "$list" >/dev/null
fi

vdir="$work/vdirsyncer"
mkdir -p "$vdir"
cat >"$vdir/config" <<EOF
[general]
status_path = "$vdir/status/"

[pair bench]
a = "bench_local"
b = "bench_server"
collections = ["from b"]

[storage bench_local]
type = "filesystem"
path = "$vdir/local/"
fileext = ".ics"

[storage bench_server]
type = "caldav"
url = "$home"
EOF
[ "$SERVER" != radicale ] || printf 'username = "alice"\npassword = "secret"\n' >>"$vdir/config"
vds=(vdirsyncer -c "$vdir/config")

# --- First syncs ------------------------------------------------------------------------
for run in $(seq "$FIRST_RUNS"); do
    rm -f "$work/tick/tick.sqlite3" "$work/tick/tick.sqlite3-wal" "$work/tick/tick.sqlite3-shm"
    once "first sync" tick "$run" "${tick_env[@]}" sync --json
    cp "$work/stdout" "$OUT/sync-first-tick.json"
done
for run in $(seq "$VDIR_FIRST_RUNS"); do
    rm -rf "$vdir/status" "$vdir/local"
    mkdir -p "$vdir/local/$(basename "$collection_url")" # so that discover does not ask whether to create it
    once "first sync (discover)" vdirsyncer "$run" "${vds[@]}" discover
    once "first sync" vdirsyncer "$run" "${vds[@]}" sync
done
synced=$(tick list "$list" --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
local_files=$(find "$vdir" -path "$vdir/local/*" -name '*.ics' | wc -l)
echo "after the first syncs: Tick has $synced open reminders in $list, vdirsyncer $local_files files" >&2

# --- Nothing changed --------------------------------------------------------------------
for run in $(seq "$RUNS"); do once "nothing changed" tick "$run" "${tick_env[@]}" sync --json; done
for run in $(seq "$VDIR_RUNS"); do once "nothing changed" vdirsyncer "$run" "${vds[@]}" sync; done

# --- One reminder changed on the server (a phone's PUT) ----------------------------------
mapfile -t seeds < <(ls "$work/seed")
phone_edit() { # index run
    sed "s/^SUMMARY:/SUMMARY:Changed on the phone ($2) /" "$work/seed/${seeds[$1]}" >"$work/phone.ics"
    code=$(dav -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' \
        --data-binary @"$work/phone.ics" "$collection_url${seeds[$1]}")
    case "$code" in 2*) ;; *) echo "phone PUT: HTTP $code" >&2; exit 1 ;; esac
}
# The first vdirsyncer runs alternate with Tick's (each sees the one change); then Tick
# alone, and vdirsyncer catches up (untimed) before its runs of the next scenario.
for run in $(seq "$RUNS"); do
    phone_edit "$((run * 7))" "$run"
    once "one changed on the server" tick "$run" "${tick_env[@]}" sync --json
    [ "$run" -gt "$VDIR_RUNS" ] || once "one changed on the server" vdirsyncer "$run" "${vds[@]}" sync
done

# --- One reminder changed locally ---------------------------------------------------------
number=$(tick list "$list" --limit 1 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["number"])')
for run in $(seq "$RUNS"); do
    tick edit "$number" --title "Changed in Tick ($run)" >/dev/null
    once "one changed locally" tick "$run" "${tick_env[@]}" sync --json
done
[ "$VDIR_RUNS" = 0 ] || "${vds[@]}" sync >/dev/null 2>&1 # takes the changes it has not seen: not timed
vdir_list="$vdir/local/$(basename "$collection_url")"
for run in $(seq "$VDIR_RUNS"); do
    file="$vdir_list/${seeds[$((run * 11))]}"
    [ -f "$file" ] || file=$(grep -l "^UID:${seeds[$((run * 11))]%.ics}" "$vdir_list/"*.ics | head -1)
    sed -i "s/^SUMMARY:/SUMMARY:Changed in the vdir ($run) /" "$file"
    once "one changed locally" vdirsyncer "$run" "${vds[@]}" sync
done

# --- The report -------------------------------------------------------------------------
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
server_version=$("$SERVER" --version 2>&1 | sed -n '1{s/.* //;p}')
title=$([ "$SERVER" = radicale ] && echo Radicale || echo Xandikos)
python3 bench/sync-report.py "$runs" "$requests" "$COUNT" "$seed_read" "$warm_read" "$(nproc)" "$(uname -sr)" "$cpu_model" \
    "$base" "$title" "${server_version:-?}" "$(vdirsyncer --version 2>/dev/null | sed 's/.*version //')" \
    "$synced" "$local_files" "$load_at_start" "$(cut -d' ' -f1-3 /proc/loadavg)" "$home" "$list" >"$OUT/sync-$SERVER.md"
if [ "$RESULTS" = - ]; then
    cat "$OUT/sync-$SERVER.md"
else
    python3 bench/replace-section.py "$RESULTS" "$OUT/sync-$SERVER.md" "## CalDAV sync with $title:"
    echo "wrote the CalDAV sync with $title section of $RESULTS" >&2
fi

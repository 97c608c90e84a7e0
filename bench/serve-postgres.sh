#!/bin/bash
# `tick serve --database` under the load of issue 13: a throwaway PostgreSQL (initdb and
# postgres in a temporary folder, as the postgres user when run as root, stopped by its PID
# at the end), USERS users made by `tick users add`, each with a list of REMINDERS reminders
# (the list made through the JSON API, the reminders written in one INSERT … SELECT: the
# API would take minutes), PROCESSES `tick serve --database` on one database, then one wrk
# per process at the same time, CONNECTIONS spread over them, each request a page of 50 of
# the next user's list with that user's HTTP Basic (every request signs in: the remembered
# credential confirmed in SQL). Prints a Markdown section; nothing is written to
# bench/RESULTS.md. Environment: USERS (100), REMINDERS (10000), PROCESSES (2),
# CONNECTIONS (100), DURATION (10s), PORT (18932), TICK.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
USERS=${USERS:-100}
REMINDERS=${REMINDERS:-10000}
PROCESSES=${PROCESSES:-2}
CONNECTIONS=${CONNECTIONS:-100}
DURATION=${DURATION:-10s}
PORT=${PORT:-18932}
TICK=${TICK:-$root/.build/release/tick}
source "$root/bench/postgres-lib.sh"

add_users
for p in $(seq "$PROCESSES"); do
    "$TICK" serve --database "$url" --listen "127.0.0.1:$((PORT + p - 1))" >"$work/serve$p.log" 2>&1 &
    pids+=($!)
done
for p in $(seq "$PROCESSES"); do
    for _ in $(seq 100); do
        curl -sf -u "user1:bench password 1" "http://127.0.0.1:$((PORT + p - 1))/api/v1/lists" >/dev/null && break
        sleep 0.1
    done
done

started=$(date +%s.%N)
fill_lists
loaded=$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")
total=$(psql -c "SELECT count(*) FROM reminders")

# Every user signs in once on every process before the timing: the first sign-in checks the
# password with Argon2id (tens of milliseconds on purpose); later ones are confirmed in SQL.
for p in $(seq "$PROCESSES"); do
    python3 - "$((PORT + p - 1))" "$work/lists.tsv" <<'EOF2'
import http.client, sys
port, path = int(sys.argv[1]), sys.argv[2]
connection = http.client.HTTPConnection("127.0.0.1", port)
for line in open(path):
    auth, list_id = line.rstrip("\n").split("\t")
    connection.request("GET", f"/api/v1/lists/{list_id}/reminders?limit=50", headers={"Authorization": auth})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
EOF2
done

# Each wrk thread walks over the users; the paths and headers come from lists.tsv.
cat >"$work/pages.lua" <<EOF
local users = {}
for line in io.lines("$work/lists.tsv") do
    local auth, list = line:match("([^\t]+)\t([^\t]+)")
    users[#users + 1] = { auth = auth, path = "/api/v1/lists/" .. list .. "/reminders?limit=50" }
end
local next = 0
function init(args) next = math.random(#users) - 1 end
function request()
    next = next % #users + 1
    return wrk.format("GET", users[next].path, { ["Authorization"] = users[next].auth })
end
EOF
# CPU time (user + system, clock ticks) of the servers and of every PostgreSQL process,
# read before and after the load: the cost of a request whatever else the machine runs.
cpu_ticks() { for pid in "$@"; do awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null; done | awk '{s += $1} END {print s + 0}'; }
postgres_pids() { echo "$pgpid"; pgrep -P "$pgpid"; }
tick_before=$(cpu_ticks "${pids[@]}") postgres_before=$(cpu_ticks $(postgres_pids))
each=$((CONNECTIONS / PROCESSES))
for p in $(seq "$PROCESSES"); do
    wrk -t 1 -c "$each" -d "$DURATION" --latency -s "$work/pages.lua" "http://127.0.0.1:$((PORT + p - 1))" >"$work/wrk$p.txt" 2>&1 &
done
wait $(jobs -p | tail -n "$PROCESSES") 2>/dev/null || true
tick_cpu=$(( $(cpu_ticks "${pids[@]}") - tick_before )) postgres_cpu=$(( $(cpu_ticks $(postgres_pids)) - postgres_before ))
requests=$(cat "$work"/wrk*.txt | awk '/requests in/ {s += $1} END {print s + 0}')
hz=$(getconf CLK_TCK)
rate=0 p50="" p99="" errors=0
for p in $(seq "$PROCESSES"); do
    out=$(cat "$work/wrk$p.txt")
    rate=$(python3 -c "print(round($rate + $(echo "$out" | awk '/Requests\/sec/ {print $2}'), 1))")
    p50="$p50 $(echo "$out" | awk '$1 == "50%" {print $2}')"
    p99="$p99 $(echo "$out" | awk '$1 == "99%" {print $2}')"
    errors=$((errors + $(echo "$out" | awk '/Non-2xx/ {print $4}' | grep . || echo 0)))
done
echo "## tick serve --database: $USERS users with $REMINDERS reminders each, $PROCESSES processes (bench/serve-postgres.sh)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
echo "$PROCESSES \`tick serve --database\` (release build) and PostgreSQL $("$bin/postgres" --version | awk '{print $3}')"
echo "(fsync off) on this machine, $total reminders loaded in $loaded s; one wrk per process, $CONNECTIONS connections"
echo "in all, $DURATION, each request the next user's page with HTTP Basic (every user signed in once before)."
echo
echo "| load | requests/s (all processes) | p50 (each) | p99 (each) | non-2xx |"
echo "|---|---:|---:|---:|---:|"
echo "| GET a page of 50 of a list |$rate |$p50 |$p99 | $errors |"
echo
python3 -c "
tick, postgres, requests, hz = $tick_cpu, $postgres_cpu, $requests, $hz
print(f'CPU time a request ({requests} requests): \`tick serve\` {tick / hz / requests * 1e6:.0f} µs, '
      f'PostgreSQL {postgres / hz / requests * 1e6:.0f} µs (user and system, all processes).')"

#!/bin/bash
# `tick serve --database` under load: a throwaway PostgreSQL (initdb and postgres in a
# temporary folder, as the postgres user when run as root, stopped by its PID at the end),
# USERS users made by `tick users add`, REMINDERS reminders added for the first through the
# JSON API (kept-alive HTTP from Python), then wrk on a page of 50 of that user's list with
# HTTP Basic (each request signs in: the remembered credential confirmed in SQL).
# Prints a Markdown section; nothing is written to bench/RESULTS.md.
# Environment: USERS (2), REMINDERS (10000), CONNECTIONS (50), DURATION (10s), THREADS (2),
# PORT (18932), TICK.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
USERS=${USERS:-2}
REMINDERS=${REMINDERS:-10000}
CONNECTIONS=${CONNECTIONS:-50}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
PORT=${PORT:-18932}
TICK=${TICK:-$root/.build/release/tick}
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW
[ -x "$TICK" ] || { echo "build first: swift build -c release --product tick" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is missing (apt-get install postgresql)" >&2; exit 1; }

work=$(mktemp -d /tmp/tick-bench-pg.XXXXXX)
as_postgres=()
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$work"
    as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
"${as_postgres[@]}" "$bin/initdb" -D "$work/data" -U tick -E UTF8 --no-locale --auth=trust -N >"$work/initdb.log" 2>&1
pgport=$((PORT + 1))
"${as_postgres[@]}" "$bin/postgres" -D "$work/data" -k "$work" -p "$pgport" -c listen_addresses= -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 >"$work/postgres.log" 2>&1 &
pgpid=$!
pid=""
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    kill -INT "$pgpid" 2>/dev/null && wait "$pgpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
url="postgresql://tick@/postgres?host=$work&port=$pgport"
for _ in $(seq 100); do "$bin/pg_isready" -h "$work" -p "$pgport" -q && break; sleep 0.1; done

for i in $(seq "$USERS"); do printf 'bench password %s\n' "$i" | "$TICK" users add "user$i" --database "$url" >/dev/null; done
"$TICK" serve --database "$url" --listen "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
pid=$!
base=http://127.0.0.1:$PORT
for _ in $(seq 100); do curl -sf -u "user1:bench password 1" "$base/api/v1/lists" >/dev/null && break; sleep 0.1; done

list=$(python3 - "$PORT" "$REMINDERS" <<'EOF'
import base64, http.client, json, sys
port, count = int(sys.argv[1]), int(sys.argv[2])
auth = "Basic " + base64.b64encode(b"user1:bench password 1").decode()
headers = {"Authorization": auth, "X-Tick-Request": "1", "Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
connection = http.client.HTTPConnection("127.0.0.1", port)
connection.request("POST", "/api/v1/lists", json.dumps({"name": "Bench"}), headers)
list_id = json.loads(connection.getresponse().read())["id"]
for number in range(count):
    body = {"title": f"Reminder {number}", "list": list_id, "flagged": number % 10 == 0}
    connection.request("POST", "/api/v1/reminders", json.dumps(body), headers)
    response = connection.getresponse()
    response.read()
    assert response.status == 201, response.status
print(list_id)
EOF
)

auth="Authorization: Basic $(printf 'user1:bench password 1' | base64)"
page="$base/api/v1/lists/$list/reminders?limit=50"
curl -sf -H "$auth" "$page" | python3 -c 'import json,sys; assert len(json.load(sys.stdin)["reminders"]) == 50'
out=$(wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency -H "$auth" "$page")
rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
errors=$(echo "$out" | awk '/Non-2xx/ {print $4}')
echo "## tick serve --database: $REMINDERS reminders of one of $USERS users (bench/serve-postgres.sh)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
echo "One \`tick serve --database\` (release build, 4 worker threads) and PostgreSQL $("$bin/postgres" --version | awk '{print $3}')"
echo "(fsync off) on this machine; wrk $THREADS threads, $CONNECTIONS connections, $DURATION, HTTP Basic on every request."
echo
echo "| load | requests/s | p50 | p99 | non-2xx |"
echo "|---|---:|---:|---:|---:|"
echo "| GET a page of 50 of a list | $rate | $p50 | $p99 | ${errors:-} |"

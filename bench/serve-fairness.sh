#!/bin/bash
# One user's flood of expensive searches against another user's pages on `tick serve
# --database`: a throwaway PostgreSQL (as in bench/serve-postgres.sh, stopped by its PID at
# the end), two users with a list of REMINDERS reminders each, one `tick serve --database`.
# First the other user's pages alone (wrk, 1 connection), then the same while the first user
# sends searches of many terms on FLOOD connections. Prints a Markdown table of the other
# user's latency; nothing is written to bench/RESULTS.md. Environment: REMINDERS (10000),
# FLOOD (32), DURATION (10s), QUERY (the search, URL-encoded), PORT (18962), TICK.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
REMINDERS=${REMINDERS:-10000}
FLOOD=${FLOOD:-32}
DURATION=${DURATION:-10s}
QUERY=${QUERY:-e+1+2+3+4+5+6+7+8+9+0+r+m+n+d}
PORT=${PORT:-18962}
TICK=${TICK:-$root/.build/release/tick}
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW
[ -x "$TICK" ] || { echo "build first: make release" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is missing (apt-get install postgresql)" >&2; exit 1; }

work=$(mktemp -d /tmp/tick-bench-fair.XXXXXX)
chmod 755 "$work"
as_postgres=()
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$work"
    as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
"${as_postgres[@]}" "$bin/initdb" -D "$work/data" -U tick -E UTF8 --no-locale --auth=trust -N >"$work/initdb.log" 2>&1
pgport=$((PORT + 100))
"${as_postgres[@]}" "$bin/postgres" -D "$work/data" -k "$work" -p "$pgport" -c listen_addresses= -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off >"$work/postgres.log" 2>&1 &
pgpid=$!
serve=""
cleanup() {
    [ -n "$serve" ] && kill "$serve" 2>/dev/null && wait "$serve" 2>/dev/null
    kill -INT "$pgpid" 2>/dev/null && wait "$pgpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
url="postgresql://tick@/postgres?host=$work&port=$pgport"
for _ in $(seq 100); do "$bin/pg_isready" -h "$work" -p "$pgport" -q && break; sleep 0.1; done
psql() { "$bin/psql" -h "$work" -p "$pgport" -U tick -d postgres -qAt "$@"; }

for i in 1 2; do printf 'bench password %s\n' "$i" | "$TICK" users add "user$i" --database "$url" >/dev/null; done
"$TICK" serve --database "$url" --listen "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
serve=$!
for _ in $(seq 100); do curl -sf -u "user1:bench password 1" "http://127.0.0.1:$PORT/api/v1/lists" >/dev/null && break; sleep 0.1; done

python3 - "$PORT" >"$work/lists.tsv" <<'EOF'
import base64, http.client, json, sys
port = int(sys.argv[1])
connection = http.client.HTTPConnection("127.0.0.1", port)
for user in (1, 2):
    auth = "Basic " + base64.b64encode(f"user{user}:bench password {user}".encode()).decode()
    headers = {"Authorization": auth, "X-Tick-Request": "1", "Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    connection.request("POST", "/api/v1/lists", json.dumps({"name": "Bench"}), headers)
    response = connection.getresponse()
    assert response.status == 201, response.status
    print(f"{auth}\t{json.loads(response.read())['id']}")
EOF
psql <<EOF
BEGIN;
INSERT INTO reminders (owner, number, uid, list_id, title, position, flagged, created_at, modified_at, search_title)
SELECT l.owner, g, 'bench-' || l.owner || '-' || g, l.id, 'Reminder ' || g, g * 1024, g % 10 = 0, now(), now(), 'reminder ' || g
FROM lists l, generate_series(1, $REMINDERS) g WHERE l.name = 'Bench';
INSERT INTO reminder_numbers (owner, last_number) SELECT id, $REMINDERS FROM users
ON CONFLICT (owner) DO UPDATE SET last_number = greatest(reminder_numbers.last_number, $REMINDERS);
COMMIT;
VACUUM ANALYZE;
EOF
flooder=$(sed -n 1p "$work/lists.tsv" | cut -f1)
other=$(sed -n 2p "$work/lists.tsv" | cut -f1)
other_list=$(sed -n 2p "$work/lists.tsv" | cut -f2)
# Both sign in once (Argon2id), and one search alone, timed.
curl -sf -H "Authorization: $flooder" "http://127.0.0.1:$PORT/api/v1/search?q=$QUERY" >/dev/null
curl -sf -H "Authorization: $other" "http://127.0.0.1:$PORT/api/v1/lists/$other_list/reminders?limit=50" >/dev/null
search_ms=$(curl -s -o /dev/null -w '%{time_total}' -H "Authorization: $flooder" "http://127.0.0.1:$PORT/api/v1/search?q=$QUERY" \
    | awk '{printf "%.1f", $1 * 1000}')

pages() {
    wrk -t 1 -c 1 -d "$DURATION" --latency -H "Authorization: $other" \
        "http://127.0.0.1:$PORT/api/v1/lists/$other_list/reminders?limit=50" >"$work/$1.txt" 2>&1
}
row() {
    local out; out=$(cat "$work/$1.txt")
    echo "| $2 | $(echo "$out" | awk '/Requests\/sec/ {print $2}') | $(echo "$out" | awk '$1 == "50%" {print $2}') | $(echo "$out" | awk '$1 == "99%" {print $2}') |"
}
pages alone
wrk -t 1 -c "$FLOOD" -d "$DURATION" -H "Authorization: $flooder" "http://127.0.0.1:$PORT/api/v1/search?q=$QUERY" >"$work/flood.txt" 2>&1 &
flood=$!
sleep 1
pages flooded
wait "$flood" 2>/dev/null || true

echo "## tick serve --database: one user's searches against another's pages (bench/serve-fairness.sh)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; build: ${LABEL:-$(basename "$TICK")}."
echo "Two users with $REMINDERS reminders each; one search \`q=$QUERY\` alone: $search_ms ms. The other user's"
echo "pages of 50 on 1 connection for $DURATION, alone, then while the first sends searches on $FLOOD connections"
echo "($(awk '/Requests\/sec/ {print $2}' "$work/flood.txt") searches/s)."
echo
echo "| the other user's pages | requests/s | p50 | p99 |"
echo "|---|---:|---:|---:|"
row alone "alone"
row flooded "during the flood"

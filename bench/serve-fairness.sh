#!/bin/bash
# One user's flood of expensive searches against another user's pages on `tick serve
# --database`: a throwaway PostgreSQL (bench/postgres-lib.sh, stopped by its PID at
# the end), two users with a list of REMINDERS reminders each, one `tick serve --database`.
# First the other user's pages alone (wrk, 1 connection), then the same while the first user
# sends searches of many terms on FLOOD connections. Prints a Markdown table of the other
# user's latency; nothing is written to bench/RESULTS.md. Environment: REMINDERS (10000),
# FLOOD (32), DURATION (10s), QUERY (the search, URL-encoded), PORT (18962), TICK, and
# FLOOD_KIND: `searches` (the default, above) or `made-up` (requests with a made-up bearer
# token each, every one a cheap 401: what a client that invents credentials sends).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
REMINDERS=${REMINDERS:-10000}
FLOOD=${FLOOD:-32}
DURATION=${DURATION:-10s}
QUERY=${QUERY:-e+1+2+3+4+5+6+7+8+9+0+r+m+n+d}
PORT=${PORT:-18962}
FLOOD_KIND=${FLOOD_KIND:-searches}
TICK=${TICK:-$root/.build/release/tick}
USERS=2
source "$root/bench/postgres-lib.sh"

add_users
"$TICK" serve --database "$url" --listen "127.0.0.1:$PORT" >"$work/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do curl -sf -u "user1:bench password 1" "http://127.0.0.1:$PORT/api/v1/lists" >/dev/null && break; sleep 0.1; done

fill_lists
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
if [ "$FLOOD_KIND" = made-up ]; then
    cat >"$work/made-up.lua" <<'LUA'
counter = 0
request = function()
    counter = counter + 1
    return wrk.format("GET", "/api/v1/lists", { ["Authorization"] = "Bearer made-up-" .. math.random(1, 2000000000) .. "-" .. counter })
end
LUA
    wrk -t 1 -c "$FLOOD" -d "$DURATION" -s "$work/made-up.lua" "http://127.0.0.1:$PORT/" >"$work/flood.txt" 2>&1 &
else
    wrk -t 1 -c "$FLOOD" -d "$DURATION" -H "Authorization: $flooder" "http://127.0.0.1:$PORT/api/v1/search?q=$QUERY" >"$work/flood.txt" 2>&1 &
fi
flood=$!
sleep 1
pages flooded
wait "$flood" 2>/dev/null || true

what=$([ "$FLOOD_KIND" = made-up ] && echo "requests with made-up credentials (401)" || echo "searches")
echo "## tick serve --database: one user's $what against another's pages (bench/serve-fairness.sh)"
echo
echo "$(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; build: ${LABEL:-$(basename "$TICK")}."
echo "Two users with $REMINDERS reminders each; one search \`q=$QUERY\` alone: $search_ms ms. The other user's"
echo "pages of 50 on 1 connection for $DURATION, alone, then while $([ "$FLOOD_KIND" = made-up ] && echo "a client sends $what" || echo "the first sends $what") on $FLOOD connections"
echo "($(awk '/Requests\/sec/ {print $2}' "$work/flood.txt") a second)."
echo
echo "| the other user's pages | requests/s | p50 | p99 |"
echo "|---|---:|---:|---:|"
row alone "alone"
row flooded "during the flood"

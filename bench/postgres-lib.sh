# Sourced by bench/serve-postgres.sh and bench/serve-fairness.sh (bash): what both do around
# `tick serve --database`. Expects PORT, USERS, REMINDERS and TICK set; checks the tools, starts a
# throwaway PostgreSQL (initdb and postgres in a temporary folder, as the postgres user when run as
# root, on a socket there and port PORT + 100, fsync off) and sets `work`, `bin`, `url`, `psql`;
# `pids` holds what `cleanup` stops by PID at exit, PostgreSQL last, then the folder goes.
export LANG=C.UTF-8 TZ=UTC NO_COLOR=1
unset TICK_NOW
[ -x "$TICK" ] || { echo "build first: make release" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is missing (apt-get install postgresql)" >&2; exit 1; }

work=$(mktemp -d /tmp/tick-bench-pg.XXXXXX)
chmod 755 "$work"
as_postgres=()
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$work"
    as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
"${as_postgres[@]}" "$bin/initdb" -D "$work/data" -U tick -E UTF8 --no-locale --auth=trust -N >"$work/initdb.log" 2>&1
pgport=$((PORT + 100))
"${as_postgres[@]}" "$bin/postgres" -D "$work/data" -k "$work" -p "$pgport" -c listen_addresses= -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 >"$work/postgres.log" 2>&1 &
pgpid=$!
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    kill -INT "$pgpid" 2>/dev/null && wait "$pgpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
url="postgresql://tick@/postgres?host=$work&port=$pgport"
for _ in $(seq 100); do "$bin/pg_isready" -h "$work" -p "$pgport" -q && break; sleep 0.1; done
psql() { "$bin/psql" -h "$work" -p "$pgport" -U tick -d postgres -qAt "$@"; }

# Users user1 … userUSERS, each with the password "bench password N".
add_users() {
    for i in $(seq "$USERS"); do printf 'bench password %s\n' "$i" | "$TICK" users add "user$i" --database "$url" >/dev/null; done
}

# A list "Bench" per user through the API of the server on PORT, then REMINDERS reminders in each
# in SQL, as the store writes them. Writes "Basic …<TAB>list id" per user to $work/lists.tsv.
fill_lists() {
    python3 - "$PORT" "$USERS" >"$work/lists.tsv" <<'PY'
import base64, http.client, json, sys
port, users = int(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection("127.0.0.1", port)
for user in range(1, users + 1):
    auth = "Basic " + base64.b64encode(f"user{user}:bench password {user}".encode()).decode()
    headers = {"Authorization": auth, "X-Tick-Request": "1", "Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    connection.request("POST", "/api/v1/lists", json.dumps({"name": "Bench"}), headers)
    response = connection.getresponse()
    list_id = json.loads(response.read())["id"]
    assert response.status == 201, response.status
    print(f"{auth}\t{list_id}")
PY
    psql <<SQL
BEGIN;
INSERT INTO reminders (owner, number, uid, list_id, title, position, flagged, created_at, modified_at, search_title)
SELECT l.owner, g, 'bench-' || l.owner || '-' || g, l.id, 'Reminder ' || g, g * 1024, g % 10 = 0, now(), now(), 'reminder ' || g
FROM lists l, generate_series(1, $REMINDERS) g WHERE l.name = 'Bench';
INSERT INTO reminder_numbers (owner, last_number) SELECT id, $REMINDERS FROM users
ON CONFLICT (owner) DO UPDATE SET last_number = greatest(reminder_numbers.last_number, $REMINDERS);
COMMIT;
VACUUM ANALYZE;
SQL
}

#!/usr/bin/env python3
"""CalDAV server benchmark (issue 13): `tick serve` as the server of a list of N to-dos
(default 10,000), measured from a client on loopback.

usage: davserver.py TICK [N] [--postgres [--users U]]

- initial sync, as DAVx5 does it: `sync-collection` with an empty token (getetag), then
  `calendar-multiget` of every href with calendar-data, 100 hrefs a request (DAVx5 asks 10:
  also measured), on one kept-alive connection;
- initial sync by `tick sync` from an empty second database (the whole command);
- a `sync-collection` with nothing changed, 200 times on one connection: median, p95, max;
- 200 PUTs of new to-dos, then 200 PUTs editing them, on that connection: median, p95, max.

The database is made in a throwaway folder (`tick import` of one .ics), `tick serve` runs on a
free loopback port with a token of its own and is stopped by its PID. Prints Markdown.

With `--postgres`: a throwaway PostgreSQL (initdb and postgres in the folder, on a socket
there, fsync off; as the postgres user when run as root; stopped by its PID), the user
`bench` made by `tick users add`, the list made by MKCALENDAR and its N to-dos inserted with
one SQL statement (psql: the triggers number them as for any writer), and
`tick serve --database` signed in with HTTP Basic. `--users U` puts U - 1 other users in the
same database first, each with a list of N to-dos (made by SQL), as issue 13's set-up of 100
users with 10,000 each: what one user's sync costs when the tables hold everyone's.
"""
import base64
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

USERS = int(sys.argv[sys.argv.index("--users") + 1]) if "--users" in sys.argv else 1
ARGS = [arg for index, arg in enumerate(sys.argv[1:], 1)
        if arg not in ("--postgres", "--users") and sys.argv[index - 1] != "--users"]
POSTGRES = "--postgres" in sys.argv
TICK = ARGS[0]
COUNT = int(ARGS[1]) if len(ARGS) > 1 else 10000
TOKEN = "bench-token-0123456789abcdef"
AUTH = "Basic " + base64.b64encode(("bench:" + TOKEN).encode()).decode()


def start_postgres(work):
    """A throwaway PostgreSQL in `work`: (its process, a libpq URL, the psql command)."""
    folders = sorted(f"/usr/lib/postgresql/{v}/bin" for v in os.listdir("/usr/lib/postgresql"))
    bin_dir = folders[-1]
    become = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] if os.getuid() == 0 else []
    if become:
        subprocess.run(["chown", "postgres:", work], check=True)
    data = os.path.join(work, "data")
    subprocess.run(become + [f"{bin_dir}/initdb", "-D", data, "-U", "tick", "-E", "UTF8", "--no-locale", "--auth=trust", "-N"],
                   check=True, capture_output=True)
    port = "18941"
    process = subprocess.Popen(become + [f"{bin_dir}/postgres", "-D", data, "-k", work, "-p", port, "-c", "listen_addresses=",
                                         "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        if subprocess.run([f"{bin_dir}/pg_isready", "-h", work, "-p", port, "-q"]).returncode == 0:
            break
        time.sleep(0.05)
    url = f"postgresql://tick@/postgres?host={work}&port={port}"
    return process, url, [f"{bin_dir}/psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url]


def load_other_users(psql):
    """USERS - 1 other users, each with a list of COUNT to-dos, by SQL (before the bench user's)."""
    for user in range(1, USERS):
        subprocess.run(psql + ["-c", f"""
            INSERT INTO users (id, name, password_hash, created_at) VALUES ('other-{user}', 'other{user}', 'x', now());
            INSERT INTO lists (id, owner, name, color, position, created_at, modified_at)
                VALUES ('list-{user}', 'other-{user}', 'Big', '#007AFF', 1, now(), now());
            INSERT INTO list_members (list_id, user_id, role) VALUES ('list-{user}', 'other-{user}', 'owner');
            INSERT INTO reminders (owner, number, uid, list_id, title, due, completed_at, position, created_at, modified_at)
            SELECT 'other-{user}', n + 1, 'other-{user}-' || n, 'list-{user}', 'Reminder number ' || n,
                CASE WHEN n % 3 = 0 THEN '2026-12-' || lpad((n % 28 + 1)::text, 2, '0') END,
                CASE WHEN n % 5 = 0 THEN timestamptz '2026-11-30 10:00:00+00' END, (n + 1) * 1024, now(), now()
            FROM generate_series(0, {COUNT - 1}) AS n;
            INSERT INTO reminder_numbers (owner, last_number) VALUES ('other-{user}', {COUNT});
            """], check=True)


def load_postgres(psql):
    """The to-dos of the SQLite run (a due date on every third, every fifth completed), by SQL."""
    subprocess.run(psql + ["-c", f"""
        INSERT INTO reminders (owner, number, uid, list_id, title, due, completed_at, position, created_at, modified_at)
        SELECT u.id, n + 1, 'bench-' || n, 'big', 'Reminder number ' || n,
            CASE WHEN n % 3 = 0 THEN '2026-12-' || lpad((n % 28 + 1)::text, 2, '0') END,
            CASE WHEN n % 5 = 0 THEN timestamptz '2026-11-30 10:00:00+00' END,
            (n + 1) * 1024, now(), now()
        FROM users u, generate_series(0, {COUNT - 1}) AS n WHERE u.name = 'bench';
        INSERT INTO reminder_numbers (owner, last_number) SELECT id, {COUNT} FROM users WHERE name = 'bench'
            ON CONFLICT (owner) DO UPDATE SET last_number = excluded.last_number;
        ANALYZE;
        """], check=True)


def tick(env, *args, stdin=None):
    return subprocess.run([TICK, *args], env=env, input=stdin, capture_output=True, text=True, check=True).stdout


def request(conn, method, path, body="", headers=None):
    fields = {"Authorization": AUTH, "Content-Type": "application/xml; charset=utf-8"}
    fields.update(headers or {})
    conn.request(method, path, body=body.encode(), headers=fields)
    response = conn.getresponse()
    return response.status, response.read().decode()


def main():
    work = tempfile.mkdtemp(prefix="tick-davserver-bench.", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
    env = dict(os.environ, TICK_DB=os.path.join(work, "server.sqlite3"), XDG_STATE_HOME=os.path.join(work, "state"),
               XDG_CONFIG_HOME=os.path.join(work, "config"), TZ="UTC", NO_COLOR="1", TICK_SERVE_TOKEN=TOKEN)
    env.pop("TICK_NOW", None)
    if POSTGRES:
        return serve_and_measure(work, env, "bench", TOKEN)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"]
    for index in range(COUNT):
        lines += ["BEGIN:VTODO", f"UID:bench-{index}", "DTSTAMP:20261201T100000Z", f"SUMMARY:Reminder number {index}"]
        if index % 3 == 0:
            lines.append(f"DUE;VALUE=DATE:202612{index % 28 + 1:02d}")
        if index % 5 == 0:
            lines += ["STATUS:COMPLETED", "COMPLETED:20261130T100000Z"]
        if index % 7 == 0:
            lines.append("X-BENCH-EXTRA;P=1:kept")
        lines.append("END:VTODO")
    lines.append("END:VCALENDAR")
    ics = os.path.join(work, "big.ics")
    with open(ics, "w") as handle:
        handle.write("\r\n".join(lines) + "\r\n")
    tick(env, "lists", "add", "Big")
    tick(env, "import", ics, "--list", "Big")
    serve_and_measure(work, env, "bench", TOKEN)


def serve_and_measure(work, env, user, password):
    """Starts the server (on PostgreSQL with `--postgres`), measures, prints, stops everything."""
    postgres = None
    serve = [TICK, "serve", "--listen", "127.0.0.1:0"]
    if POSTGRES:
        postgres, url, psql = start_postgres(work)
        tick(env, "users", "add", user, "--database", url, stdin=password + "\n")
        serve += ["--database", url]
    server = subprocess.Popen(serve, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        while port is None:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("tick serve stopped")
            found = re.search(r"127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port)
        if POSTGRES:
            status, _ = request(conn, "MKCALENDAR", "/dav/lists/big/", '<C:mkcalendar xmlns:D="DAV:" '
                                'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Big</D:displayname>'
                                '</D:prop></D:set></C:mkcalendar>')
            assert status == 201, status
            started = time.perf_counter()
            load_other_users(psql)
            load_postgres(psql)
            if USERS > 1:
                print(f"{USERS} users with {COUNT:,} to-dos each loaded in {time.perf_counter() - started:.0f} s\n")
            # A connection left idle while loading is closed by the server's timeout: a new one.
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port)
        status, home = request(conn, "PROPFIND", "/dav/lists/", "", {"Depth": "1"})
        collection = None
        for href, name in re.findall(r"<D:href>([^<]+)</D:href><D:propstat><D:prop>.*?<D:displayname>([^<]*)</D:displayname>", home):
            if name == "Big":
                collection = href
        assert collection, home[:500]

        def initial(batch):
            started = time.perf_counter()
            status, body = request(conn, "REPORT", collection, '<D:sync-collection xmlns:D="DAV:"><D:sync-token/>'
                                   '<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>',
                                   {"Depth": "0"})
            hrefs = re.findall(r"<D:href>([^<]+\.ics)</D:href>", body)
            token = re.search(r"<D:sync-token>([^<]+)</D:sync-token>", body).group(1)
            listed = time.perf_counter() - started
            fetched = 0
            for start in range(0, len(hrefs), batch):
                inner = "".join(f"<D:href>{h}</D:href>" for h in hrefs[start:start + batch])
                status, body = request(conn, "REPORT", collection,
                                       '<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                                       f'<D:prop><D:getetag/><C:calendar-data/></D:prop>{inner}</C:calendar-multiget>',
                                       {"Depth": "1"})
                fetched += body.count("BEGIN:VTODO")
            return time.perf_counter() - started, listed, len(hrefs), fetched, token

        total100, listed, count, fetched, token = initial(100)
        total10, _, _, fetched10, _ = initial(10)
        assert count == COUNT and fetched == COUNT and fetched10 == COUNT, (count, fetched, fetched10)

        times = []
        for _ in range(200):
            started = time.perf_counter()
            status, body = request(conn, "REPORT", collection, '<D:sync-collection xmlns:D="DAV:">'
                                   f'<D:sync-token>{token}</D:sync-token><D:sync-level>1</D:sync-level>'
                                   '<D:prop><D:getetag/></D:prop></D:sync-collection>', {"Depth": "0"})
            times.append((time.perf_counter() - started) * 1000)
            assert status == 207 and "<D:response>" not in body
        times.sort()

        def put(uid, summary, header):
            body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN", "BEGIN:VTODO", f"UID:{uid}",
                                 "DTSTAMP:20261201T100000Z", f"SUMMARY:{summary}", "END:VTODO", "END:VCALENDAR", ""])
            started = time.perf_counter()
            status, _ = request(conn, "PUT", f"{collection}{uid}.ics", body,
                                {"Content-Type": "text/calendar; charset=utf-8", **header})
            assert status in (201, 204), status
            return (time.perf_counter() - started) * 1000

        created = sorted(put(f"put-{n}", f"Put {n}", {"If-None-Match": "*"}) for n in range(200))
        edited = sorted(put(f"put-{n}", f"Put {n}, edited", {"If-Match": "*"}) for n in range(200))

        client = dict(env, TICK_DB=os.path.join(work, "client.sqlite3"), TICK_SYNC_PASSWORD=password)
        tick(client, "sync", "add", "home", f"http://127.0.0.1:{port}/dav/", "--user", user)
        started = time.perf_counter()
        report = json.loads(tick(client, "sync", "--json"))
        tick_first = time.perf_counter() - started
        started = time.perf_counter()
        tick(client, "sync", "--json")
        tick_again = time.perf_counter() - started
        pulled = sum(item.get("localAdded", 0) for item in report[0].get("lists", []))

        print(f"| {COUNT:,} to-dos in one list | median ms | p95 ms | max ms |")
        print("|---|---:|---:|---:|")
        print(f"| sync-collection, nothing changed (200 on one connection) | {statistics.median(times):.2f} | "
              f"{times[int(len(times) * 0.95)]:.2f} | {times[-1]:.2f} |")
        for label, values in (("PUT of a new to-do (200, If-None-Match: *)", created),
                              ("PUT of an edited to-do (200, If-Match: *)", edited)):
            print(f"| {label} | {statistics.median(values):.2f} | {values[int(len(values) * 0.95)]:.2f} | {values[-1]:.2f} |")
        print()
        print("| initial sync | seconds |")
        print("|---|---:|")
        print(f"| sync-collection (getetag of {count:,}) | {listed:.2f} |")
        print(f"| sync-collection + multiget, 100 hrefs a request | {total100:.2f} |")
        print(f"| sync-collection + multiget, 10 hrefs a request (DAVx5) | {total10:.2f} |")
        print(f"| `tick sync` from an empty database ({pulled:,} reminders added) | {tick_first:.2f} |")
        print(f"| `tick sync` again, nothing changed | {tick_again:.2f} |")
    finally:
        server.terminate()
        server.wait(timeout=10)
        if postgres:
            postgres.send_signal(2)  # SIGINT: a fast shutdown
            postgres.wait(timeout=30)
        subprocess.run(["rm", "-rf", work], check=False)


main()

#!/usr/bin/env python3
"""The "CalDAV sync with SERVER" section of bench/RESULTS.md from the raw numbers
bench/sync.sh wrote (sync-runs-SERVER.tsv: one row per timed process;
sync-requests-SERVER.tsv: one row per request Radicale logged meanwhile, with the time it
took; Xandikos logs no times). Called by bench/sync.sh, which passes what it measured
about the machine and the run.
"""
import csv, datetime, statistics, sys
(runs_path, requests_path, count, seed_read, warm_read, cores, kernel, cpu, base, server_name, server_version, vdirsyncer,
 synced, files, load, end_load, home, list_name) = sys.argv[1:]
timed = server_name == "Radicale"  # Xandikos's log has no time per request
rows = list(csv.DictReader(open(runs_path), delimiter="\t"))
reqs = list(csv.DictReader(open(requests_path), delimiter="\t"))

def runs(scenario, tool):
    return [r for r in rows if r["scenario"] == scenario and r["tool"] == tool]

def first_vdirsyncer():
    """discover + sync, run by run."""
    out = []
    for d in runs("first sync (discover)", "vdirsyncer"):
        s = next(r for r in runs("first sync", "vdirsyncer") if r["run"] == d["run"])
        out.append({k: (str(int(float(d[k])) + int(float(s[k]))) if k in ("wall_ms", "cpu_ms", "server_requests", "server_cpu_ms") else
                        str(float(d[k]) + float(s[k])) if k == "server_ms" else
                        str(max(int(d[k]), int(s[k]))) if k == "rss_kib" else s[k]) for k in s})
    return out

def median(values):
    return statistics.median(values) if values else float("nan")

scenarios = ["first sync", "nothing changed", "one changed on the server", "one changed locally"]
print(f"## CalDAV sync with {server_name}: {int(count):,} VTODOs, Tick against vdirsyncer (bench/sync.sh)")
print()
print(f"Generated {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC} by `bench/sync.sh` on {cores} cores ({cpu}), {kernel};")
print(f"load average {load} at the start, {end_load} at the end (other work shares the machine).")
storage = "multifilesystem storage" if timed else "git storage; sync-collection answered from the git history"
print(f"{server_name} {server_version} ({storage}) and both clients' local data on {base} (tmpfs);")
path = "/" + home.split("/", 3)[3] if home.count("/") >= 3 else home
print(f"Tick: `swift build -c release --product tick`, the account set up with `tick sync add NAME http://…{path} --list {list_name}`;")
print(f"vdirsyncer {vdirsyncer}, a pair of the CalDAV home and a filesystem storage (`collections = [\"from b\"]`).")
print("Both tools sync the same collection of the same server in the same run, one after the other;")
print("each changed-item run syncs exactly one change (a phone PUT, or an edit on the client's side).")
seeded = "writing the files into Radicale's folder" if timed else "committing the files to the collection's git repository"
print(f"The collection was seeded by {seeded}; the server's first read of them (a PROPFIND of getctag and sync-token)")
print(f"took {float(seed_read):.1f} s (not counted), the same read afterwards {float(warm_read) * 1000:.0f} ms.")
if timed:
    print("Wall: the whole process, median (min–max). Server: the time Radicale took to build its answers,")
    print("from its log (`… in N seconds`), summed per run; 'apart from the server' is wall minus that.")
else:
    print("Wall: the whole process, median (min–max). Xandikos logs no time per request, so there is no")
    print("'server ms' or 'apart from the server' column (—); its CPU time is measured.")
print(f"Server CPU: {server_name}'s user + system time over the run (/proc; 10 ms ticks); client CPU: the client's (GNU time).")
print(f"Requests: as {server_name} logged them (Tick's own count from `tick sync --json` in brackets).")
print()
print("| scenario | tool | wall ms | min–max ms | runs | server ms | server CPU ms | apart from server ms | client CPU ms | requests | peak RSS MiB |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
medians = {}
for scenario in scenarios:
    for tool in ["tick", "vdirsyncer"]:
        rs = first_vdirsyncer() if (scenario, tool) == ("first sync", "vdirsyncer") else runs(scenario, tool)
        if not rs: continue
        wall = [int(r["wall_ms"]) for r in rs]
        server = [float(r["server_ms"]) for r in rs]
        server_cpu = [int(r["server_cpu_ms"]) for r in rs]
        apart = [int(r["wall_ms"]) - float(r["server_ms"]) for r in rs]
        cpu_ms = [int(r["cpu_ms"]) for r in rs]
        requests = sorted({r["server_requests"] for r in rs})
        reported = sorted({r["reported_requests"] for r in rs if r["reported_requests"]})
        rss = median([int(r["rss_kib"]) for r in rs]) / 1024
        medians[(scenario, tool)] = median(wall)
        name = "Tick" if tool == "tick" else ("vdirsyncer (discover + sync)" if scenario == "first sync" else "vdirsyncer")
        req = "/".join(requests) + (f" ({'/'.join(reported)})" if reported else "")
        server_text = f"{median(server):.0f}" if timed else "—"
        apart_text = f"{median(apart):.0f}" if timed else "—"
        print(f"| {scenario} | {name} | {median(wall):.0f} | {min(wall)}–{max(wall)} | {len(rs)} | {server_text} | "
              f"{median(server_cpu):.0f} | {apart_text} | {median(cpu_ms):.0f} | {req} | {rss:.1f} |")
d = runs("first sync (discover)", "vdirsyncer")
if d:
    print()
    print(f"vdirsyncer's first sync above is `discover` (median {median([int(r['wall_ms']) for r in d]):.0f} ms) plus `sync` "
          f"(median {median([int(r['wall_ms']) for r in runs('first sync', 'vdirsyncer')]):.0f} ms).")
print(f"After the first syncs Tick had {synced} open reminders in the list and vdirsyncer {files} files.")
print()
print(f"Targets (issue 11), against {server_name}:")
print()
def verdict(ok): return "**met**" if ok else "**missed**"
t, v = medians.get(("first sync", "tick")), medians.get(("first sync", "vdirsyncer"))
if t and v:
    print(f"- first sync at least 3× faster than vdirsyncer's: {v:.0f} / {t:.0f} ms = {v / t:.1f}× — {verdict(v / t >= 3)}")
t = medians.get(("nothing changed", "tick"))
if t: print(f"- nothing changed under 1 s: {t:.0f} ms — {verdict(t < 1000)}")
for scenario in ["one changed on the server", "one changed locally"]:
    t = medians.get((scenario, "tick"))
    if t: print(f"- {scenario}, under 300 ms: {t:.0f} ms — {verdict(t < 300)}")
if not timed:
    sys.exit(0)
print()
print("Tick's requests and Radicale's time for each (medians over the runs):")
print()
print("| scenario | request | server ms |")
print("|---|---|---:|")
for scenario in scenarios:
    by_run = {}
    for r in reqs:
        if r["scenario"] == scenario and r["tool"] == "tick":
            by_run.setdefault(r["run"], []).append(r)
    if not by_run: continue
    shapes = {}
    for run, rs in by_run.items():
        shapes.setdefault(tuple((r["method"], r["path"], r["depth"]) for r in rs), []).append(rs)
    shape, examples = max(shapes.items(), key=lambda kv: len(kv[1]))
    # Collapse repeated requests (the multigets of a first sync) into one line each.
    seen = {}
    for i, (method, path, depth) in enumerate(shape):
        times = [float(rs[i]["server_ms"]) for rs in examples]
        key = (method, path, depth)
        seen.setdefault(key, []).append(median(times))
    for (method, path, depth), times in seen.items():
        label = f"{method} {path}" + (f" (Depth {depth})" if depth else "")
        if len(times) > 1:
            print(f"| {scenario} | {len(times)} × {label} | {sum(times):.0f} in all, {median(times):.0f} each |")
        else:
            print(f"| {scenario} | {label} | {times[0]:.0f} |")

#!/usr/bin/env python3
"""The web app's first useful paint at N reminders (make bench-webapp): the time from the start
of the navigation until the sidebar and the first 50 rows are drawn (the app's
performance mark "tick-first-rows", set in the frame after they are rendered), with the
browser's own first-contentful-paint beside it, in headless Chromium.

Opens the largest list (a page by key) and the Today smart list (the app's first view),
each RUNS times after one warm-up load, with the files cached and revalidated (as a
returning user) and, separately, with the cache and service worker cleared first (a first
visit). Prints a Markdown section and, unless RESULTS=-, replaces "## The web app's first
paint" in bench/RESULTS.md.

Environment: N (100000), RUNS (10), TICK (.build/release/tick), DB (made with
bench/generate.py and tick import when missing), PORT (18941), RESULTS.
"""
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = int(os.environ.get("N", "100000"))
RUNS = int(os.environ.get("RUNS", "10"))
TICK = os.environ.get("TICK", os.path.join(root, ".build/release/tick"))
PORT = int(os.environ.get("PORT", "18941"))
RESULTS = os.environ.get("RESULTS", os.path.join(root, "bench/RESULTS.md"))
OUT = os.path.join(root, "bench/out/webapp")
TOKEN = "bench-token-0123456789abcdef"

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def database():
    db = os.environ.get("DB") or os.path.join(root, f"bench/out/serve/tick-{N}.sqlite3")
    if os.path.exists(db + ".loaded"):
        return db
    db = os.path.join(OUT, f"tick-{N}.sqlite3")
    if not os.path.exists(db + ".loaded"):
        data = os.path.join(OUT, f"data-{N}.json")
        subprocess.run([sys.executable, os.path.join(root, "bench/generate.py"), str(N), data], check=True)
        subprocess.run([TICK, "--db", db, "import", data], check=True, stdout=subprocess.DEVNULL)
        open(db + ".loaded", "w").close()
    return db


def api(path):
    request = urllib.request.Request(f"http://127.0.0.1:{PORT}/api/v1{path}", headers={"Authorization": "Bearer " + TOKEN})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def measure(driver, url, fresh):
    if fresh:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": f"http://127.0.0.1:{PORT}", "storageTypes": "service_workers,cache_storage"})
    driver.get("about:blank")
    driver.get(url)
    deadline = time.time() + 30
    while time.time() < deadline:
        found = driver.execute_script("""
            const mark = performance.getEntriesByName("tick-first-rows")[0];
            if (!mark) return null;
            const fcp = performance.getEntriesByName("first-contentful-paint")[0];
            const early = performance.getEntriesByName("tick-first-rows-cached")[0];
            return [mark.startTime, fcp ? fcp.startTime : null, document.querySelectorAll("#reminder-rows tr").length,
                    document.querySelectorAll("#sidebar .nav-item").length, early ? early.startTime : null];""")
        if found:
            return found
        time.sleep(0.01)
    raise RuntimeError("the app did not draw its rows within 30 s at " + url)


def main():
    os.makedirs(OUT, exist_ok=True)
    db = database()
    env = dict(os.environ, TICK_SERVE_TOKEN=TOKEN, XDG_STATE_HOME=os.path.join(OUT, "state"), LANG="C.UTF-8", TZ="UTC")
    env.pop("TICK_NOW", None)
    server = subprocess.Popen([TICK, "--db", db, "serve", "--listen", f"127.0.0.1:{PORT}"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    profile = tempfile.mkdtemp(prefix="tick-paint-")
    driver = None
    try:
        for _ in range(100):
            try:
                lists = api("/lists")
                break
            except OSError:
                time.sleep(0.1)
        largest = max(lists["lists"], key=lambda item: item["openCount"])
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                         f"--user-data-dir={profile}", "--no-first-run", "--disable-extensions"):
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        base = f"http://127.0.0.1:{PORT}"
        driver.get(f"{base}/login?token={TOKEN}")
        views = [(f"the largest list ({largest['openCount']:,} open)", f"{base}/#list/{largest['id']}"),
                 ("Today (the first view)", f"{base}/#smart/today")]
        rows = []
        for name, url in views:
            for fresh in (False, True):
                measure(driver, url, fresh)  # warm-up
                marks, paints, earlies, counts = [], [], [], None
                for _ in range(RUNS):
                    mark, fcp, shown, sidebar, early = measure(driver, url, fresh)
                    marks.append(mark)
                    if early is not None:
                        earlies.append(early)
                    if fcp is not None:
                        paints.append(fcp)
                    counts = (shown, sidebar)
                rows.append((name, "first visit (no cache)" if fresh else "returning (cached files)",
                             statistics.median(marks), max(marks), statistics.median(paints) if paints else None,
                             statistics.median(earlies) if len(earlies) == len(marks) else None, counts))
    finally:
        if driver is not None:
            driver.quit()
        os.kill(server.pid, signal.SIGTERM)
        server.wait(10)
        shutil.rmtree(profile, ignore_errors=True)

    chromium = subprocess.run([options.binary_location, "--version"], capture_output=True, text=True).stdout.strip()
    lines = ["## The web app's first paint", "",
             f"`make bench-webapp` (bench/webapp-paint.py), {N:,} reminders, `tick serve` (release) and "
             f"{chromium} headless on this {os.cpu_count()}-core machine ({platform.machine()}), load average {os.getloadavg()[0]:.1f} at the end; "
             f"median and worst of {RUNS} loads after a warm-up. First useful paint = navigation start until the "
             "frame after the sidebar and the first 50 rows are drawn from the server's answers (target ≤ 300 ms); "
             "a returning visit first draws the service worker's copy of the last answers (the column \"from the cache\"), "
             "then the server's.", "",
             "| view | load | first useful paint (median) | worst | from the cache (median) | first contentful paint (median) | rows, sidebar items |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for name, kind, median, worst, fcp, early, (shown, sidebar) in rows:
        lines.append(f"| {name} | {kind} | {median:.0f} ms | {worst:.0f} ms | {'–' if early is None else f'{early:.0f} ms'} | "
                     f"{'' if fcp is None else f'{fcp:.0f} ms'} | {shown}, {sidebar} |")
    section = "\n".join(lines) + "\n"
    print(section)
    if RESULTS != "-":
        path = os.path.join(OUT, "section.md")
        open(path, "w", encoding="utf-8").write(section)
        subprocess.run([sys.executable, os.path.join(root, "bench/replace-section.py"), RESULTS, path, "## The web app's first paint"], check=True)


if __name__ == "__main__":
    main()

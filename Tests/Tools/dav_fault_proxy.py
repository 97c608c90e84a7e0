#!/usr/bin/env python3
"""A fault-injecting HTTP proxy for Tick's sync tests (loopback only).

Usage: dav_fault_proxy.py PORT TARGET_URL RULES_FILE [--user USER --password PASSWORD [--digest]]
                          [--hide-sync-collection] [--refuse-sync-collection STATUS]
                          [--hide-component-set]

Forwards every request to TARGET_URL (same path) and answers as the server did, except
when a rule in RULES_FILE (JSON, re-read on every request) matches: a list of objects
  {"method": "PUT", "path": "substring", "fault": F, "times": N}
where F is one of
  "412"            answer 412 Precondition Failed without forwarding
  "403-uid"        answer 403 with the CalDAV precondition no-uid-conflict (RFC 4791
                   §5.3.2.1) without forwarding: a server that refuses a UID it holds
                   in another calendar
  "429"            answer 429 with "Retry-After: 1" without forwarding
  "503"            answer 503 with "Retry-After: 1" without forwarding
  "429-long"       answer 429 with "Retry-After: 3600" without forwarding
  "redirect-away"  answer 307 to the same path on http://localhost:PORT (another origin
                   than 127.0.0.1: a redirect to another server) without forwarding
  "410-after"      forward, then answer 410 Gone (a DELETE of what another client deleted)
  "500-after"      forward, then answer 500 (the server stored it; the client never knows)
  "drop-after"     forward, then reset the connection without an answer
  "delete-after"   forward, then DELETE the same path on the server before answering as it
                   did: another client deleting the item Tick just wrote, in that moment
  "edit-after"     forward a PUT, then PUT it again with "(phone) " put before its SUMMARY's
                   value before answering as the server did: another client editing it then
  "edit-before"    before forwarding (a DELETE, a PUT with If-Match), GET the item and PUT it
                   back with "(phone) " put before its SUMMARY's value: another client's edit
                   made after Tick read the item, so that Tick's condition fails (412)
  "empty-reply"    close the connection without an answer and without forwarding (a
                   server, or a proxy before it, that ends the request with nothing)
  "no-etag"        forward, and remove the ETag header from the answer
  "alter"          forward a PUT with "(server) " put before its SUMMARY's value, and
                   remove the ETag header from the answer: a server that changes what it
                   is sent (RFC 4791 section 5.3.4)
  "html-page"      answer 200 with a web page (text/html) without forwarding: a login
                   page or a proxy's page where WebDAV was expected
  "501-html"       answer 501 with a web page without forwarding: a web server that knows
                   no WebDAV method (python's http.server)
  "cut-short"      forward, then answer with the server's status and headers but only
                   the first half of its body, and close the connection
  "slow"           wait 2 seconds, then forward (a server that takes its time)
  "hang"           wait 8 seconds, then forward (a server that does not answer in time)
  "507"            forward a sync-collection REPORT, then answer with its first changed
                   member only, a 507 for the collection itself (RFC 6578 §3.6: the
                   answer is truncated) and the sync token the request gave, so that
                   the client must ask again to get the rest
"times" counts down to 0 (the rule then stops matching). Every request is also
appended to RULES_FILE + ".requests" as one JSON object a line: method, path, Depth and
body (as text). With --user/--password the
proxy demands HTTP Basic (401 otherwise), for servers without authentication; with
--digest it demands HTTP Digest instead (RFC 7616: MD5, qop=auth; Basic is refused with a
Digest challenge), as Baikal does by default. With --hide-sync-collection the proxy plays
a server without RFC 6578: every PROPFIND answer loses its DAV:sync-token properties and
the sync-collection entries of DAV:supported-report-set. With --refuse-sync-collection
STATUS (403, 405 or 501) every sync-collection REPORT is answered STATUS without
forwarding (403 with a DAV:supported-report precondition, RFC 3253 section 3.6). With
--hide-component-set every PROPFIND answer loses its supported-calendar-component-set
(RFC 4791 section 5.2.3: absent means every component).
Every request is logged to standard error as "METHOD PATH -> STATUS".
"""
import base64
import hashlib
import http.client
import secrets
import re
import json
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

PORT = int(sys.argv[1])
TARGET = urlsplit(sys.argv[2])
RULES = sys.argv[3]
USER = PASSWORD = None
if "--user" in sys.argv:
    USER = sys.argv[sys.argv.index("--user") + 1]
    PASSWORD = sys.argv[sys.argv.index("--password") + 1]
DIGEST = "--digest" in sys.argv
HIDE_SYNC = "--hide-sync-collection" in sys.argv
HIDE_COMPONENTS = "--hide-component-set" in sys.argv
REFUSE_SYNC = None
if "--refuse-sync-collection" in sys.argv:
    REFUSE_SYNC = int(sys.argv[sys.argv.index("--refuse-sync-collection") + 1])
REALM = "tick-test"
NONCES = set()
LOCK = threading.Lock()


def md5(text):
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def digest_challenge():
    nonce = secrets.token_hex(16)
    with LOCK:
        NONCES.add(nonce)
    return f'Digest realm="{REALM}", qop="auth", algorithm=MD5, nonce="{nonce}"'


def digest_accepts(header, method):
    """Whether an Authorization header is a right Digest answer (RFC 7616 §3.4.1)."""
    if not header or not header.startswith("Digest "):
        return False
    fields = {m.group(1).lower(): m.group(2) if m.group(2) is not None else m.group(3)
              for m in re.finditer(r'(\w+)=(?:"([^"]*)"|([^\s,]+))', header[7:])}
    try:
        with LOCK:
            known = fields["nonce"] in NONCES
        ha1 = md5(f"{USER}:{REALM}:{PASSWORD}")
        ha2 = md5(f"{method}:{fields['uri']}")
        expected = md5(f"{ha1}:{fields['nonce']}:{fields['nc']}:{fields['cnonce']}:{fields['qop']}:{ha2}")
    except KeyError:
        return False
    return known and fields.get("username") == USER and fields.get("response") == expected


def take_fault(method, path):
    with LOCK:
        try:
            with open(RULES) as handle:
                rules = json.load(handle)
        except (OSError, ValueError):
            return None
        for rule in rules:
            if rule.get("times", 1) <= 0:
                continue
            if rule.get("method", method) != method or rule.get("path", "") not in path:
                continue
            rule["times"] = rule.get("times", 1) - 1
            with open(RULES, "w") as handle:
                json.dump(rules, handle)
            return rule["fault"]
    return None


def without_sync_collection(answer):
    """A PROPFIND multistatus without sync-token properties and without sync-collection
    in supported-report-set (edited as text: the answer's prefixes stay)."""
    text = answer.decode("utf-8")
    text = re.sub(r"<(\w+:)?sync-token(?=[\s/>])[^>]*?(/>|>.*?</(\w+:)?sync-token>)", "", text, flags=re.S)
    text = re.sub(r"<(\w+:)?supported-report(?=[\s/>])[^>]*>(?:(?!</(?:\w+:)?supported-report>).)*sync-collection.*?</(\w+:)?supported-report>",
                  "", text, flags=re.S)
    return text.encode("utf-8")


def truncated(answer, request, path):
    """A sync-collection multistatus cut to its first member, with a 507 for the
    collection and the request's own token (edited as text: the answer's prefixes stay)."""
    text = answer.decode("utf-8")
    responses = list(re.finditer(r"<(\w+:)?response\b.*?</(\w+:)?response>", text, re.S))
    if not responses:
        return answer
    prefix = responses[0].group(1) or ""

    def href(match):
        found = re.search(r"<(?:\w+:)?href>([^<]*)</", match.group(0))
        return unquote(found.group(1)).rstrip("/") if found else ""

    members = [m for m in responses if href(m) != unquote(path).rstrip("/")]
    collection = (f"<{prefix}response><{prefix}href>{path}</{prefix}href>"
                  f"<{prefix}status>HTTP/1.1 507 Insufficient Storage</{prefix}status></{prefix}response>")
    body = text[:responses[0].start()] + "".join(m.group(0) for m in members[:1]) + collection + text[responses[-1].end():]
    token = re.search(rb"<(?:\w+:)?sync-token>([^<]*)</", request)
    old = token.group(1).decode("utf-8") if token else ""
    body = re.sub(r"(<(?:\w+:)?sync-token>)[^<]*(</)", lambda m: m.group(1) + old + m.group(2), body)
    return body.encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, headers, body):
        # Logged before the answer goes out: a test that reads the log once its client has the
        # answer must find this line (written after, it was sometimes read too early).
        sys.stderr.write(f"{self.command} {self.path} -> {status}\n")
        sys.stderr.flush()
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if USER is not None and DIGEST:
            if not digest_accepts(self.headers.get("Authorization"), self.command):
                sys.stderr.write(f"auth {(self.headers.get('Authorization') or 'none').split(' ')[0]}\n")
                self.answer(401, [("WWW-Authenticate", digest_challenge())], b"")
                return
        elif USER is not None:
            expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
            if self.headers.get("Authorization") != expected:
                self.answer(401, [("WWW-Authenticate", 'Basic realm="test"')], b"")
                return
        with LOCK, open(RULES + ".requests", "a") as requests:
            requests.write(json.dumps({"method": self.command, "path": self.path, "depth": self.headers.get("Depth"),
                                       "body": body.decode("utf-8", "replace")}) + "\n")
        fault = take_fault(self.command, self.path)
        if fault == "412":
            self.answer(412, [], b"")
            return
        if fault == "403-uid":
            self.answer(403, [("Content-Type", "application/xml; charset=utf-8")],
                        b'<?xml version="1.0" encoding="utf-8"?><D:error xmlns:D="DAV:" '
                        b'xmlns:C="urn:ietf:params:xml:ns:caldav"><C:no-uid-conflict/></D:error>')
            return
        if fault in ("429", "503"):
            self.answer(int(fault), [("Retry-After", "1")], b"")
            return
        if fault == "429-long":
            self.answer(429, [("Retry-After", "3600")], b"")
            return
        if fault == "redirect-away":
            self.answer(307, [("Location", f"http://localhost:{PORT}{self.path}")], b"")
            return
        if REFUSE_SYNC is not None and self.command == "REPORT" and b"sync-collection" in body:
            refusal = b""
            if REFUSE_SYNC == 403:
                refusal = b'<?xml version="1.0"?><D:error xmlns:D="DAV:"><D:supported-report/></D:error>'
            self.answer(REFUSE_SYNC, [("Content-Type", "application/xml")] if refusal else [], refusal)
            return
        if fault == "501-html":
            self.answer(501, [("Content-Type", "text/html;charset=utf-8")],
                        b"<!DOCTYPE HTML><html><body><h1>Error response</h1><p>Error code: 501</p></body></html>")
            return
        if fault == "empty-reply":
            sys.stderr.write(f"{self.command} {self.path} -> nothing\n")
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "html-page":
            self.answer(200, [("Content-Type", "text/html; charset=utf-8")],
                        b"<!DOCTYPE html><html><head><title>Sign in</title></head><body><form></form></body></html>")
            return
        if fault == "edit-before":
            passing = {k: v for k, v in self.headers.items() if k.lower() == "authorization"}
            fetching = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=30)
            fetching.request("GET", self.path, headers=passing)
            current = fetching.getresponse()
            text = current.read()
            fetching.close()
            if current.status == 200:
                editing = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=30)
                editing.request("PUT", self.path, body=text.replace(b"\r\nSUMMARY:", b"\r\nSUMMARY:(phone) ", 1),
                                headers=dict(passing, **{"Content-Type": "text/calendar; charset=utf-8"}))
                editing.getresponse().read()
                editing.close()
        if fault == "slow":
            time.sleep(2)
        if fault == "hang":
            time.sleep(8)
        if fault == "alter":
            body = body.replace(b"\r\nSUMMARY:", b"\r\nSUMMARY:(server) ", 1)
        connection = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=30)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "content-length")}
        if USER is not None:
            headers.pop("Authorization", None)
        connection.request(self.command, self.path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        out_headers = response.getheaders()
        connection.close()
        if fault == "delete-after":
            deleting = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=30)
            deleting.request("DELETE", self.path, headers={k: v for k, v in headers.items() if k.lower() == "authorization"})
            deleting.getresponse().read()
            deleting.close()
        if fault == "edit-after" and self.command == "PUT":
            editing = http.client.HTTPConnection(TARGET.hostname, TARGET.port, timeout=30)
            edited_headers = {k: v for k, v in headers.items() if k.lower() not in ("if-match", "if-none-match")}
            editing.request("PUT", self.path, body=body.replace(b"\r\nSUMMARY:", b"\r\nSUMMARY:(phone) ", 1), headers=edited_headers)
            editing.getresponse().read()
            editing.close()
        if fault == "500-after":
            self.answer(500, [], b"")
            return
        if fault == "410-after":
            self.answer(410, [], b"")
            return
        if fault == "cut-short":
            self.close_connection = True
            self.send_response(response.status)
            for name, value in out_headers:
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "drop-after":
            sys.stderr.write(f"{self.command} {self.path} -> dropped\n")
            # Reset the connection (RST), as a crashed server or a broken network does.
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            return
        if fault in ("no-etag", "alter"):
            out_headers = [(k, v) for k, v in out_headers if k.lower() != "etag"]
        if HIDE_SYNC and self.command == "PROPFIND" and response.status == 207:
            data = without_sync_collection(data)
        if HIDE_COMPONENTS and self.command == "PROPFIND" and response.status == 207:
            data = re.sub(rb"<([\w-]+:)?supported-calendar-component-set(?=[\s/>])[^>]*?(/>|>.*?</([\w-]+:)?supported-calendar-component-set>)",
                          b"", data, flags=re.S)
        if fault == "507" and response.status == 207:
            data = truncated(data, body, self.path)
        self.answer(response.status, out_headers, data)

    do_GET = do_PUT = do_DELETE = do_POST = do_HEAD = handle_any

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.handle_any
        raise AttributeError(name)


server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
server.daemon_threads = True
sys.stderr.write("ready\n")
sys.stderr.flush()
server.serve_forever()

#!/usr/bin/env python3
"""A tiny DNS responder for Tick's sync tests (loopback UDP only).

Usage: dns_responder.py RECORDS_FILE

Binds a free UDP port on 127.0.0.1 and writes "ready PORT" to standard error. Answers
queries from RECORDS_FILE (JSON, re-read for every query):
  {"_caldav._tcp.example.test": {"SRV": [[PRIORITY, WEIGHT, PORT, "TARGET"]],
                                  "TXT": ["path=/dav/"]}}
A name in the file without records of the type asked for is answered NOERROR with no
records (NODATA); a name not in the file NXDOMAIN; a name whose value is "SERVFAIL",
SERVFAIL. Names compare case-insensitively, without the final dot. Every query is written
to standard error as "query NAME TYPE".
"""
import json
import socket
import struct
import sys

TYPES = {33: "SRV", 16: "TXT", 1: "A", 28: "AAAA"}


def read_name(message, offset):
    labels = []
    while True:
        length = message[offset]
        offset += 1
        if length == 0:
            return ".".join(labels), offset
        labels.append(message[offset:offset + length].decode("ascii", "replace"))
        offset += length


def encode_name(name):
    out = b""
    for label in name.rstrip(".").split("."):
        if label:
            data = label.encode("ascii")
            out += bytes([len(data)]) + data
    return out + b"\x00"


def rdata(kind, value):
    if kind == "SRV":
        priority, weight, port, target = value
        return struct.pack("!HHH", priority, weight, port) + encode_name(target)
    if kind == "TXT":
        data = value.encode("utf-8")
        return b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, max(len(data), 1), 255))
    raise ValueError(kind)


def answer(query, records_path):
    (ident, flags, qdcount) = struct.unpack("!HHH", query[:6])
    name, offset = read_name(query, 12)
    qtype, qclass = struct.unpack("!HH", query[offset:offset + 4])
    question = query[12:offset + 4]
    kind = TYPES.get(qtype, str(qtype))
    sys.stderr.write(f"query {name} {kind}\n")
    sys.stderr.flush()
    with open(records_path, encoding="utf-8") as handle:
        records = {key.lower().rstrip("."): value for key, value in json.load(handle).items()}
    entry = records.get(name.lower().rstrip("."))
    rcode = 0
    answers = []
    if entry is None:
        rcode = 3
    elif entry == "SERVFAIL":
        rcode = 2
    else:
        for value in entry.get(kind, []):
            answers.append(encode_name(name) + struct.pack("!HHIH", qtype, 1, 60, len(rdata(kind, value))) + rdata(kind, value))
    # QR, opcode 0, AA, RD copied, RA
    reply_flags = 0x8000 | 0x0400 | (flags & 0x0100) | 0x0080 | rcode
    header = struct.pack("!HHHHHH", ident, reply_flags, 1, len(answers), 0, 0)
    return header + question + b"".join(answers)


def main():
    records_path = sys.argv[1]
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sys.stderr.write(f"ready {sock.getsockname()[1]}\n")
    sys.stderr.flush()
    while True:
        query, client = sock.recvfrom(4096)
        try:
            sock.sendto(answer(query, records_path), client)
        except Exception as error:  # a malformed query is logged, not fatal
            sys.stderr.write(f"error {error}\n")
            sys.stderr.flush()


if __name__ == "__main__":
    main()

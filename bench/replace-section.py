#!/usr/bin/env python3
"""Replaces the section of RESULTS whose heading starts with HEADING ("## tick serve") by the
text of SECTION_FILE, or appends it when there is none. Used by bench/sync.sh and bench/serve.sh.

usage: replace-section.py RESULTS SECTION_FILE HEADING
"""
import os
import sys

results, section_file, heading = sys.argv[1:]
section = open(section_file, encoding="utf-8").read().rstrip("\n") + "\n"
text = open(results, encoding="utf-8").read() if os.path.exists(results) else ""
lines = text.splitlines(keepends=True)
start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
if start is None:
    text = text.rstrip("\n") + "\n\n" + section if text else section
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    text = "".join(lines[:start]) + section + ("\n" + "".join(lines[end:]) if end < len(lines) else "")
open(results, "w", encoding="utf-8").write(text)

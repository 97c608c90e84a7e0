#!/usr/bin/env python3
"""Runs a server for a test and ends it with the test process (loopback test helpers only).

Usage: orphan_guard.py PROGRAM [ARGUMENT ...]

Starts PROGRAM with the guard's standard input, output and error, and waits for it. The
test stops it by the guard's PID: on SIGTERM the guard sends PROGRAM SIGTERM, then SIGKILL
after half a second, waits for it and exits. When the test process is gone without having
stopped it (it crashed, or was killed: its servers were left running on their ports, a
Xandikos for hours), the guard sees its parent change and ends PROGRAM the same way.
The guard exits with PROGRAM's status when PROGRAM ends by itself.
"""
import os
import signal
import subprocess
import sys
import time

# The test runner may hand its children a signal mask that holds SIGTERM back: the guard
# could not be stopped, and PROGRAM (which inherits the mask) would need SIGKILL.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
parent = os.getppid()
child = subprocess.Popen(sys.argv[1:])


def end(*_):
    if child.poll() is None:
        child.terminate()
        try:
            child.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    sys.exit(0)


signal.signal(signal.SIGTERM, end)
signal.signal(signal.SIGINT, end)
while child.poll() is None:
    if os.getppid() != parent:
        end()
    time.sleep(0.2)
sys.exit(child.returncode)

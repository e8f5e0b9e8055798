#!/usr/bin/env python3
"""Times War in the Pacific campaign changes and reads as the campaign's log grows (issue 41,
hole 3: a change and a GET under 20 ms at 5,000 changes).

  tools/witp_campaign_bench.py [--changes 5000] [--every 1000] [--pacwar build/pacwar]

Starts `pacwar serve` on 127.0.0.1 with a temporary SQLite database, signs up, creates a
campaign and posts book changes one after another; prints, per 1,000 changes (--every), the median and
p95 of a change and of a GET of the campaign, and the stored document's size. Loopback only.
Stdlib only.
"""
import argparse
import http.cookiejar
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--changes", type=int, default=5000)
    ap.add_argument("--every", type=int, default=1000, help="a line per this many changes")
    ap.add_argument("--pacwar", default=os.path.join(os.path.dirname(__file__), "..", "build", "pacwar"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="witp-bench-")
    port = free_port()
    server = subprocess.Popen([args.pacwar, "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--db", "sqlite:" + os.path.join(tmp, "bench.db"), "--ai-workers", "0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d" % port
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        start = time.perf_counter()
        with opener.open(req) as r:
            text = r.read()
        return (time.perf_counter() - start) * 1000.0, json.loads(text) if text else None

    try:
        for _ in range(100):
            try:
                call("GET", "/api/catalog")
                break
            except OSError:
                time.sleep(0.1)
        call("POST", "/api/signup", {"username": "bench", "password": "password123"})
        _, created = call("POST", "/api/witp/campaigns", {"name": "bench", "cycle": "0/1/42"})
        cid = created["id"]
        changes, reads = [], []
        print("changes  change p50/p95 ms  GET p50/p95 ms  document KiB")
        for i in range(1, args.changes + 1):
            ms, _ = call("POST", "/api/witp/campaigns/%s/book" % cid,
                         {"change": "msp-total", "fields": {"msp": 100 + i % 500}})
            changes.append(ms)
            if i % 10 == 0:
                ms, view = call("GET", "/api/witp/campaigns/" + cid)
                reads.append(ms)
            if i % args.every == 0:
                c = sorted(changes[-args.every:])
                r = sorted(reads[-max(1, args.every // 10):])
                size = os.path.getsize(os.path.join(tmp, "bench.db")) // 1024
                print("%7d  %6.1f / %6.1f      %6.1f / %6.1f   (database %d KiB)" % (
                    i, statistics.median(c), c[int(0.95 * len(c))], statistics.median(r),
                    r[int(0.95 * len(r))], size))
        _, undone = call("POST", "/api/witp/campaigns/%s/undo" % cid, {})
        print("undo:", undone.get("undone"))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Two hoistd binaries, A (the reference) and B, side by side in one run, rounds interleaved
(A B, B A, ...), for a change inside hoistd that must not cost anything per request.

Workloads, over one keep-alive connection each (http.client):
  small  N uploads of 4 KiB by creation-with-upload (POST with the body), each downloaded again
         (GET /files/<id>) and deleted: hoistd's CPU per upload (user+sys of its process, from
         /proc) and uploads/s.
  big    one upload of SIZE MiB in a single PATCH, then downloaded: MB/s each way.
Every answer is checked (status, offsets, downloaded bytes). Storage in /dev/shm when it has
room (the disk's sync time is not what is compared; BENCH_DIR chooses another folder).
Prints medians per binary and the ratios B/A, with the load average at start and end.

  python3 bench/hoistdab.py A_BINARY B_BINARY [--rounds 5] [--small 1000] [--big-mib 256]
"""
import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


class Server:
    def __init__(self, binary, folder):
        self.proc = subprocess.Popen([binary, "--listen", "127.0.0.1:0", "--data", folder],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        match = re.search(r"listening 127\.0\.0\.1:(\d+)", line)
        if not match:
            raise SystemExit(f"{binary} did not start: {line!r}")
        self.port = int(match.group(1))

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(30)


TUS = {"Tus-Resumable": "1.0.0"}


def create(conn, length, body=b""):
    headers = dict(TUS, **{"Upload-Length": str(length)})
    if body:
        headers["Content-Type"] = "application/offset+octet-stream"
    conn.request("POST", "/files/", body=body, headers=headers)
    r = conn.getresponse()
    r.read()
    if r.status != 201:
        raise SystemExit(f"POST: {r.status}")
    if int(r.getheader("Upload-Offset", "0")) != len(body):
        raise SystemExit("POST: body not stored")
    return r.getheader("Location").rsplit("/", 1)[1]


def download(conn, upload_id, expected):
    conn.request("GET", f"/files/{upload_id}")
    r = conn.getresponse()
    got = r.read()
    if r.status != 200 or got != expected:
        raise SystemExit(f"GET: {r.status}, {len(got)} bytes")


def delete(conn, upload_id):
    conn.request("DELETE", f"/files/{upload_id}", headers=TUS)
    r = conn.getresponse()
    r.read()
    if r.status != 204:
        raise SystemExit(f"DELETE: {r.status}")


def small(server, count, body):
    conn = server.connection()
    cpu, start = cpu_seconds(server.proc.pid), time.monotonic()
    for _ in range(count):
        upload_id = create(conn, len(body), body)
        download(conn, upload_id, body)
        delete(conn, upload_id)
    wall, used = time.monotonic() - start, cpu_seconds(server.proc.pid) - cpu
    conn.close()
    return {"cpu_ms_per_upload": used * 1000 / count, "uploads_per_s": count / wall}


def big(server, body):
    conn = server.connection()
    upload_id = create(conn, len(body))
    start = time.monotonic()
    conn.request("PATCH", f"/files/{upload_id}", body=body,
                 headers=dict(TUS, **{"Upload-Offset": "0",
                                      "Content-Type": "application/offset+octet-stream"}))
    r = conn.getresponse()
    r.read()
    up = time.monotonic() - start
    if r.status != 204 or int(r.getheader("Upload-Offset")) != len(body):
        raise SystemExit(f"PATCH: {r.status}")
    start = time.monotonic()
    download(conn, upload_id, body)
    down = time.monotonic() - start
    delete(conn, upload_id)
    conn.close()
    mb = len(body) / 1e6
    return {"patch_MB_per_s": mb / up, "get_MB_per_s": mb / down}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--small", type=int, default=1000)
    parser.add_argument("--big-mib", type=int, default=256)
    args = parser.parse_args()

    base = os.environ.get("BENCH_DIR")
    if not base:
        base = "/dev/shm" if shutil.disk_usage("/dev/shm").free > (args.big_mib * 3 + 64) << 20 \
            else None
    work = tempfile.mkdtemp(prefix="hoistd-ab.", dir=base)
    servers = {}
    try:
        for name, binary in (("A", args.a), ("B", args.b)):
            servers[name] = Server(binary, os.path.join(work, name))
        small_body = os.urandom(4096)
        big_body = os.urandom(args.big_mib << 20)
        load_start = os.getloadavg()
        results = {"A": [], "B": []}
        for round_no in range(args.rounds):
            order = ("A", "B") if round_no % 2 == 0 else ("B", "A")
            for name in order:
                figures = small(servers[name], args.small, small_body)
                figures.update(big(servers[name], big_body))
                results[name].append(figures)
                print(f"round {round_no + 1} {name}: " +
                      ", ".join(f"{k} {v:.3f}" for k, v in figures.items()), file=sys.stderr)
        load_end = os.getloadavg()
    finally:
        for server in servers.values():
            server.stop()
        shutil.rmtree(work, ignore_errors=True)

    print(f"load average at start {load_start[0]:.2f}, at end {load_end[0]:.2f}; "
          f"{args.rounds} rounds, {args.small} small uploads, {args.big_mib} MiB")
    # B/A of the medians, and the median of each round's own B/A (the two ran back to back, so
    # a burst of load elsewhere falls on both).
    print(f"{'figure':<20}{'A median':>12}{'B median':>12}{'B/A':>8}{'paired B/A':>12}")
    for key in results["A"][0]:
        a = statistics.median(r[key] for r in results["A"])
        b = statistics.median(r[key] for r in results["B"])
        paired = statistics.median(rb[key] / ra[key]
                                   for ra, rb in zip(results["A"], results["B"]))
        print(f"{key:<20}{a:>12.3f}{b:>12.3f}{b / a:>8.3f}{paired:>12.3f}")


if __name__ == "__main__":
    main()

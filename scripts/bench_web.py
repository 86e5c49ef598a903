#!/usr/bin/env python3
"""The web app's and the analysis engine's figures (scripts/bench_web.sh runs it)."""

import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request

CAMELOT = sys.argv[1] if len(sys.argv) > 1 else "build/cli/camelot"
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
OPENING = ["F7-F8", "E10-E9", "G6-G8", "H11-F9"]


def call(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    with NO_PROXY.open(request, timeout=60) as response:
        return json.loads(response.read())


def serve():
    server = subprocess.Popen([CAMELOT, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    base = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
    return server, base


def play_replies(base, rounds=5):
    """ms from a move's request to the reply at the 1-second level, as the page asks them."""
    levels = call(base, "GET", "api/levels")
    full = next(i for i, l in enumerate(levels) if l["name"].startswith("full strength"))
    times = []
    for k in range(rounds):
        moves = " ".join(OPENING[:k % 4])
        start = time.perf_counter()
        reply = call(base, "POST", "api/move", {"moves": moves, "level": full})
        call(base, "GET", "api/legal?moves=" + urllib.request.quote(moves + " " + reply["move"]))
        times.append(1000 * (time.perf_counter() - start))
    return times


def first_lines(base, rounds=5):
    """ms from starting an analysis to its first partial lines (polled every 5 ms)."""
    times = []
    for k in range(rounds):
        start = time.perf_counter()
        started = call(base, "POST", "api/analysis",
                       {"moves": " ".join(OPENING[:k % 4]), "time_ms": 2000, "top": 3})
        while True:
            answer = call(base, "GET", f"api/analysis?id={started['id']}")
            if answer.get("moves"):
                break
            time.sleep(0.005)
        times.append(1000 * (time.perf_counter() - start))
        call(base, "POST", f"api/analysis/cancel?id={started['id']}")
        while not call(base, "GET", f"api/analysis?id={started['id']}").get("done"):
            time.sleep(0.01)
    return times


def analysis_rate(queries=40):
    """Queries answered a second by camelot analysis at time_ms=100, cores queries at once."""
    cores = os.cpu_count() or 1
    lines = "".join(json.dumps({"id": i, "moves": OPENING[:i % 4], "time_ms": 100, "top": 3}) + "\n"
                    for i in range(queries))
    start = time.perf_counter()
    done = subprocess.run([CAMELOT, "analysis", "--threads", str(cores)], input=lines,
                          capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == queries and not any("error" in a for a in answers), done.stdout[:300]
    return queries / seconds, cores


def main():
    server, base = serve()
    try:
        replies = play_replies(base)
        lines = first_lines(base)
    finally:
        server.terminate()
        server.wait(timeout=10)
    rate, cores = analysis_rate()
    print(f"play reply at full strength: {statistics.median(replies):.0f} ms "
          f"(median of {len(replies)}; goal under 1,200 ms)")
    print(f"first partial analysis line: {statistics.median(lines):.0f} ms "
          f"(median of {len(lines)}; goal under 300 ms)")
    print(f"analysis queries a second at time_ms=100: {rate:.1f} ({cores} at once)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A paid image behind a queue of free exports: how long one account's image takes from
`POST /api/generate/image` to completed while twenty nine-target exports of other accounts
wait in the queue, against the same image on an idle server. Target: within 3x the idle time.

It starts a real `studio serve` (SQLite in a temporary directory, the offline engine, its
default workers, one per core). Seven exporting accounts make a picture for each of their
exports, then queue the exports together (three each, the per-account limit, two for the last:
twenty); the paid image is asked for right after them. Between runs the queue drains.

    cargo build --release -p studio && bench/queue-fairness.py      # 5 runs, release
    STUDIO_BIN=target/debug/studio RUNS=3 bench/queue-fairness.py    # another build

Prints the idle and loaded times of each run, their medians and the ratio. Standard library
only.
"""

import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from variations import BIN, Client, upload  # noqa: E402

RUNS = int(os.environ.get("RUNS", "5"))
EXPORTS = 20
PER_ACCOUNT = 3
TARGETS = [
    "amazon_main",
    "amazon_lifestyle",
    "etsy",
    "shopify",
    "instagram_feed",
    "instagram_story",
    "facebook_feed",
    "pinterest",
    "transparent_png",
]
BRIEF = "amber serum bottle on marble with eucalyptus, golden hour"


def account(base, email):
    client = Client(base)
    client.token = client.call("POST", "/api/auth/signup", {"email": email, "password": "correct horse"})["token"]
    project = client.call("POST", "/api/projects", {"project_name": "Bench"})["data"]["id"]
    scene = client.call("POST", f"/api/projects/{project}/scenes", {"name": "Queue"})["data"]["id"]
    upload(client, project, scene)
    return client, project, scene


def wait(client, jobs, status_of=lambda c, j: c.call("GET", f"/api/jobs/{j}/status")["data"]["status"]):
    pending = set(jobs)
    while pending:
        for job in list(pending):
            status = status_of(client, job)
            if status == "failed":
                sys.exit(f"queue-fairness.py: job {job} failed")
            if status == "completed":
                pending.discard(job)
        if pending:
            time.sleep(0.01)


def image(client, project, scene, quality="medium"):
    answer = client.call(
        "POST",
        "/api/generate/image",
        {
            "project_id": project,
            "scene_id": scene,
            "prompt": BRIEF,
            "context": {"pre_production_settings": {"quality": quality, "resolution": "1024x1536"}},
        },
    )
    return answer["data"]["job_id"]


def timed_image(client, project, scene):
    started = time.perf_counter()
    job = image(client, project, scene)
    wait(client, [job])
    return time.perf_counter() - started


def export(client, asset, targets):
    try:
        answer = client.call("POST", f"/api/media/{asset}/exports", {"targets": targets})
    except urllib.error.HTTPError as e:
        sys.exit(f"queue-fairness.py: an export was refused: {e.code} {e.read().decode()}")
    return answer["data"]["job_id"]


def main():
    if not os.path.exists(BIN):
        sys.exit(f"queue-fairness.py: {BIN} not found (cargo build --release -p studio, or set STUDIO_BIN)")
    with tempfile.TemporaryDirectory() as data_dir:
        server = subprocess.Popen(
            [BIN, "serve", "--bind", "127.0.0.1:0", "--data-dir", data_dir],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**{k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "STUDIO_DATABASE_URL")}, "STUDIO_LOG": "warn"},
            text=True,
        )
        try:
            base = None
            for line in server.stdout:
                if line.startswith("studio listening on "):
                    base = line.split()[-1].strip()
                    break
            if base is None:
                sys.exit("queue-fairness.py: the server did not start")
            payer, project, scene = account(base, "payer@example.com")
            exporters = [account(base, f"exporter{n}@example.com") for n in range((EXPORTS + PER_ACCOUNT - 1) // PER_ACCOUNT)]
            # The first image warms the process (database pages, allocator, engine tables).
            timed_image(payer, project, scene)
            idle, loaded, drained = [], [], []
            for run in range(1, RUNS + 1):
                # A new picture for every export, so none is the same as an earlier one (an
                # identical export would reuse its files instead of queueing).
                pictures = []
                for i in range(EXPORTS):
                    client, p, s = exporters[i // PER_ACCOUNT]
                    pictures.append((client, image(client, p, s, quality="low")))
                for client, picture in pictures:
                    wait(client, [picture])
                idle.append(timed_image(payer, project, scene))
                started = time.perf_counter()
                with concurrent.futures.ThreadPoolExecutor(max_workers=EXPORTS) as pool:
                    queued = list(pool.map(lambda p: (p[0], export(p[0], p[1], TARGETS)), pictures))
                loaded.append(timed_image(payer, project, scene))
                for client, job in queued:
                    wait(client, [job], lambda c, j: c.call("GET", f"/api/exports/{j}")["data"]["status"])
                drained.append(time.perf_counter() - started)
                print(
                    f"run {run}: idle {idle[-1] * 1000:.0f} ms, behind {EXPORTS} exports "
                    f"{loaded[-1] * 1000:.0f} ms (the exports drained in {drained[-1]:.1f} s)"
                )
            ratio = statistics.median(loaded) / statistics.median(idle)
            print(
                f"median of {RUNS}: idle {statistics.median(idle) * 1000:.0f} ms, behind {EXPORTS} exports "
                f"{statistics.median(loaded) * 1000:.0f} ms ({ratio:.1f}x; target 3x); "
                f"the exports drained in {statistics.median(drained):.1f} s"
            )
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Four variations end to end: from `POST /api/generate/image` with `"variations": 4` until the
four jobs have completed, against a real `studio serve` (SQLite in a temporary directory, the
offline engine, its default workers), with a product photo in the campaign.

    cargo build --release -p studio && bench/variations.py            # 5 runs, release
    STUDIO_BIN=target/debug/studio RUNS=3 bench/variations.py          # another build

Prints each run's time and the median. Standard library only.
"""

import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("STUDIO_BIN", os.path.join(ROOT, "target", "release", "studio"))
RUNS = int(os.environ.get("RUNS", "5"))
BRIEF = "amber serum bottle on marble with eucalyptus, golden hour"


def png(width, height):
    """A product-ish photo: a red box on a light backdrop."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            inside = width // 4 < x < width * 3 // 4 and height // 5 < y < height * 4 // 5
            rows += bytes((200, 40 + y * 100 // height, 60) if inside else (235, 235, 230))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")


class Client:
    def __init__(self, base):
        self.base = base
        self.token = None

    def call(self, method, path, body=None, content_type="application/json"):
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", content_type)
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")


def upload(client, project, scene):
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in (("projectId", project), ("sceneId", scene)):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="jar.png"\r\n'
        f"Content-Type: image/png\r\n\r\n".encode() + png(800, 1000) + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    client.call("POST", "/api/reference-images/upload-proxy", b"".join(parts), f"multipart/form-data; boundary={boundary}")


def main():
    if not os.path.exists(BIN):
        sys.exit(f"variations.py: {BIN} not found (cargo build --release -p studio, or set STUDIO_BIN)")
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
                sys.exit("variations.py: the server did not start")
            client = Client(base)
            client.token = client.call("POST", "/api/auth/signup", {"email": "bench@example.com", "password": "correct horse"})["token"]
            project = client.call("POST", "/api/projects", {"project_name": "Bench"})["data"]["id"]
            scene = client.call("POST", f"/api/projects/{project}/scenes", {"name": "Variations"})["data"]["id"]
            upload(client, project, scene)
            times = []
            for run in range(RUNS + 1):
                started = time.perf_counter()
                answer = client.call(
                    "POST",
                    "/api/generate/image",
                    {"project_id": project, "scene_id": scene, "prompt": BRIEF, "variations": 4},
                )
                pending = set(answer["data"]["job_ids"])
                while pending:
                    for job in list(pending):
                        status = client.call("GET", f"/api/jobs/{job}/status")["data"]["status"]
                        if status == "failed":
                            sys.exit(f"variations.py: job {job} failed")
                        if status == "completed":
                            pending.discard(job)
                    if pending:
                        time.sleep(0.01)
                elapsed = time.perf_counter() - started
                # The first run warms the process (database pages, allocator, engine tables).
                if run > 0:
                    times.append(elapsed)
                    print(f"run {run}: {elapsed * 1000:.0f} ms")
            print(f"median of {RUNS}: {statistics.median(times) * 1000:.0f} ms for four 1024x1536 medium variations")
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()

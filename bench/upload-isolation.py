#!/usr/bin/env python3
"""How much two hostile uploads delay another user's ordinary one.

An ordinary upload (a 32x32 PNG product photo) is timed on its own, then while two other
connections of another user keep doing each hostile thing back to back:

  huge  the costliest kind of photo the intake still accepts: a 4096x4096 JPEG of noise just
        under the 15 MB limit (every upload holds one of the image-processing places while it
        is decoded);
  slow  a body sent at about 2 KB/s, just above the server's minimum rate (it holds a
        connection, never a decoding place).

The delay is the ordinary upload's time during the hostile uploads minus its time alone
(medians, and the slowest). Python's standard library and ffmpeg (which makes the huge JPEG).

    bench/upload-isolation.py                          # target/debug/studio
    bench/upload-isolation.py --bin target/release/studio
"""

import argparse
import http.client
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import zlib

HUGE_LIMIT = 15 * 1024 * 1024


def png(width, height, seed):
    """A small RGB PNG whose pixels differ with `seed` (no two uploads are the same file)."""
    raw = b"".join(
        b"\x00" + b"".join(bytes(((x * 7 + y * 3 + seed) % 256, (x + seed) % 256, (y * 5) % 256)) for x in range(width))
        for y in range(height)
    )

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def huge_jpeg(directory):
    """The largest 4096x4096 noise JPEG under the upload limit (ffmpeg's baseline encoder)."""
    path = os.path.join(directory, "huge.jpg")
    for q in range(2, 32):
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "nullsrc=s=4096x4096,format=gray,geq=lum=random(1)*255",
                        "-frames:v", "1", "-pix_fmt", "yuvj444p", "-q:v", str(q), path], check=True)
        if os.path.getsize(path) <= HUGE_LIMIT:
            with open(path, "rb") as f:
                return f.read()
    sys.exit("upload-isolation: could not make a JPEG under 15 MB")


class Studio:
    def __init__(self, binary, directory):
        env = dict(os.environ, DATABASE_URL=f"sqlite://{directory}/studio.db", STUDIO_LOG="warn",
                   STUDIO_AUTH_RATE_LIMIT_PER_IP="1000", STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT="1000")
        self.process = subprocess.Popen([binary, "serve", "--no-workers", "--bind", "127.0.0.1:0", "--data-dir", directory],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        for line in self.process.stdout:
            if line.startswith("studio listening on "):
                host, port = line.removeprefix("studio listening on ").strip().removeprefix("http://").rsplit(":", 1)
                self.host, self.port = host, int(port)
                break
        else:
            sys.exit("upload-isolation: studio did not start")

    def request(self, method, path, token=None, body=None, content_type="application/json"):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        headers = {"Content-Type": content_type} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, (json.loads(data) if data else None)

    def user(self, email):
        status, body = self.request("POST", "/api/auth/signup", body=json.dumps({"email": email, "password": "correct horse battery"}))
        assert status == 201, (status, body)
        token = body["token"]
        status, project = self.request("POST", "/api/projects", token, json.dumps({"project_name": "Bench"}))
        assert status == 201, (status, project)
        project = project["data"]["id"]
        status, scene = self.request("POST", f"/api/projects/{project}/scenes", token, json.dumps({"name": "Bench"}))
        assert status == 201, (status, scene)
        return token, project, scene["data"]["id"]

    def stop(self):
        self.process.kill()
        self.process.wait()


def multipart(project, scene, name, data):
    boundary = uuid.uuid4().hex
    parts = []
    for field, value in (("projectId", project), ("sceneId", scene)):
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"\r\n\r\n{value}\r\n'.encode())
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                 f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def upload(studio, user, name, data):
    """Uploads and then deletes the photo (a campaign holds three); returns the upload's seconds."""
    token, project, scene = user
    body, content_type = multipart(project, scene, name, data)
    started = time.perf_counter()
    status, answer = studio.request("POST", "/api/reference-images/upload-proxy", token, body, content_type)
    seconds = time.perf_counter() - started
    assert status == 201, (status, answer)
    studio.request("DELETE", f"/api/reference-images/{answer['reference_image']['id']}", token)
    return seconds


def slow_upload(studio, user, data, stop):
    """One upload whose body arrives at about 2 KB/s, until `stop` is set."""
    token, project, scene = user
    body, content_type = multipart(project, scene, "slow.png", data)
    connection = http.client.HTTPConnection(studio.host, studio.port, timeout=120)
    connection.putrequest("POST", "/api/reference-images/upload-proxy")
    for header, value in (("Authorization", f"Bearer {token}"), ("Content-Type", content_type), ("Content-Length", str(len(body)))):
        connection.putheader(header, value)
    connection.endheaders()
    for at in range(0, len(body), 256):
        if stop.is_set():
            break
        connection.send(body[at:at + 256])
        time.sleep(0.125)
    connection.close()


def ordinary(studio, user, runs, first_seed):
    return [upload(studio, user, "photo.png", png(32, 32, first_seed + i)) for i in range(runs)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default="target/debug/studio", help="the studio binary (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=30, help="ordinary uploads per measurement")
    args = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="upload-isolation-")
    studio = Studio(os.path.abspath(args.bin), directory)
    try:
        seller = studio.user("seller@example.com")
        hostile = [studio.user(f"hostile{i}@example.com") for i in range(2)]
        huge = huge_jpeg(directory)
        decode = statistics.median(upload(studio, hostile[0], "huge.jpg", huge) for _ in range(3))
        ordinary(studio, seller, 5, 0)  # warm-up
        alone = ordinary(studio, seller, args.runs, 100)

        results = {}
        for label in ("huge", "slow"):
            stop = threading.Event()

            def keep_going(user, label=label, stop=stop):
                while not stop.is_set():
                    if label == "huge":
                        upload(studio, user, "huge.jpg", huge)
                    else:
                        slow_upload(studio, user, png(256, 256, 1), stop)

            threads = [threading.Thread(target=keep_going, args=(user,)) for user in hostile]
            for thread in threads:
                thread.start()
            time.sleep(1.0)  # both hostile uploads under way
            results[label] = ordinary(studio, seller, args.runs, 1000 if label == "huge" else 2000)
            stop.set()
            for thread in threads:
                thread.join()

        ms = lambda seconds: f"{seconds * 1000:.0f} ms"
        base = statistics.median(alone)
        print(f"{os.path.basename(args.bin)} ({args.bin}), {os.cpu_count()} cores, {time.strftime('%Y-%m-%d', time.gmtime())}, "
              f"{args.runs} ordinary 32x32 PNG uploads per row; one huge JPEG ({len(huge) / 1e6:.1f} MB) alone: {ms(decode)}")
        print(f"| ordinary upload | median | slowest | delay (median) | delay (slowest) |")
        print(f"|---|---|---|---|---|")
        print(f"| alone | {ms(base)} | {ms(max(alone))} | | |")
        for label, times in results.items():
            during = statistics.median(times)
            print(f"| beside two {label} uploads | {ms(during)} | {ms(max(times))} | {ms(during - base)} | {ms(max(times) - base)} |")
    finally:
        studio.stop()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()

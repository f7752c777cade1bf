#!/usr/bin/env python3
"""Check the set: every photo in hints.json has a truth of its size with only 0 and 255, the
truth is exactly what its trace rebuilds to, the hints lie inside the photo with at most two
strokes; and write a contact sheet (photo with the truth's outline) to /tmp/review/set.png.

    check.py            exit status 1 on the first problem
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402


def main():
    hints = json.load(open(os.path.join(T.HERE, "hints.json")))
    tiles = []
    problems = []
    for p in hints["photos"]:
        name = p["file"].rsplit(".", 1)[0]
        img = Image.open(os.path.join(T.HERE, p["file"])).convert("RGB")
        truth = np.asarray(Image.open(os.path.join(T.HERE, p["truth"])))
        w, h = img.size
        if truth.shape != (h, w):
            problems.append(f"{name}: truth {truth.shape[::-1]} vs photo {img.size}")
        if not set(np.unique(truth)) <= {0, 255}:
            problems.append(f"{name}: truth has values other than 0 and 255")
        rebuilt = T.rasterise(img.size, T.load_trace(name)["ops"])
        if not np.array_equal(rebuilt, truth):
            problems.append(f"{name}: truth differs from its trace in {(rebuilt != truth).sum()} px")
        x0, y0, x1, y1 = p["box"]
        if not (0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h):
            problems.append(f"{name}: box {p['box']} outside {w}x{h}")
        strokes = p.get("keep", []) + p.get("remove", [])
        if len(strokes) > 2:
            problems.append(f"{name}: {len(strokes)} strokes")
        for s in strokes:
            for x, y in s:
                if not (0 <= x <= w and 0 <= y <= h):
                    problems.append(f"{name}: stroke point {(x, y)} outside the photo")
        fg = truth > 127
        # a seller's stroke never paints over the wrong side (the brush's full width counted)
        bw = p.get("brush_px", 20)
        if p.get("keep"):
            bad = (T.polyline_mask(fg.shape, p["keep"], bw) & ~fg).sum()
            if bad:
                problems.append(f"{name}: keep strokes cover {bad} background px")
        if p.get("remove"):
            bad = (T.polyline_mask(fg.shape, p["remove"], bw) & fg).sum()
            if bad:
                problems.append(f"{name}: remove strokes cover {bad} product px")
        ys, xs = np.nonzero(fg)
        inside = fg[y0:y1, x0:x1].sum() / fg.sum()
        print(
            f"{p['file']:16} {w:5}x{h:<5} {p['kind']:8} product {fg.mean() * 100:5.1f}%  "
            f"truth bbox {xs.min()},{ys.min()},{xs.max() + 1},{ys.max() + 1}  in box {inside * 100:5.1f}%  "
            f"strokes {len(p.get('keep', []))} keep / {len(p.get('remove', []))} remove"
        )
        a = np.asarray(img).astype(np.float32)
        a = np.where(fg[..., None], a, a * 0.45)
        a[T.outline(truth)] = (255, 0, 255)
        tile = Image.fromarray(a.astype(np.uint8))
        d = ImageDraw.Draw(tile)
        d.rectangle([x0, y0, x1 - 1, y1 - 1], outline=(0, 255, 0), width=max(1, w // 300))
        bw = max(1, int(p.get("brush_px", 20) / 2))
        for key, colour in (("keep", (0, 255, 0)), ("remove", (255, 40, 40))):
            for s in p.get(key, []):
                d.line([tuple(q) for q in s], fill=colour, width=2 * bw)
        tile.thumbnail((320, 320))
        tiles.append((p["file"], tile))
    cols = 4
    rows = (len(tiles) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * 324, rows * 338), (255, 255, 255))
    d = ImageDraw.Draw(sheet)
    for i, (n, t) in enumerate(tiles):
        x, y = (i % cols) * 324, (i // cols) * 338
        sheet.paste(t, (x, y))
        d.text((x + 2, y + 322), n, fill=(0, 0, 0))
    os.makedirs("/tmp/review", exist_ok=True)
    sheet.save("/tmp/review/set.png")
    size = sum(os.path.getsize(os.path.join(T.HERE, f)) for f in os.listdir(T.HERE) if os.path.isfile(os.path.join(T.HERE, f)))
    print(f"{len(tiles)} photos, folder {size / 1e6:.1f} MB, sheet /tmp/review/set.png")
    for pr in problems:
        print("PROBLEM", pr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()

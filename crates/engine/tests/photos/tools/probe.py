#!/usr/bin/env python3
"""Where would a box-only cut go wrong? A stand-in for placing the seller's two strokes.

    probe.py NAME            OpenCV GrabCut from hints.json's box (and strokes, if any),
                             precision/recall against the truth, the largest wrong regions,
                             and /tmp/review/NAME-probe.png (red: wrongly kept, yellow: lost).

It is only a guide for where a seller would paint: the studio's own segmentation is what
tests/real_photos.rs measures.
"""
import json
import os
import sys

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402


def main():
    name = sys.argv[1]
    hints = json.load(open(os.path.join(T.HERE, "hints.json")))
    entry = next(p for p in hints["photos"] if p["file"].rsplit(".", 1)[0] == name)
    img = np.asarray(Image.open(T.photo_path(name)).convert("RGB"))
    truth = np.asarray(Image.open(os.path.join(T.HERE, entry["truth"]))) > 127
    h, w = truth.shape
    x0, y0, x1, y1 = [int(round(v)) for v in entry["box"]]
    mask = np.full((h, w), cv2.GC_BGD, np.uint8)
    mask[y0:y1, x0:x1] = cv2.GC_PR_FGD
    use_strokes = "--box-only" not in sys.argv
    if use_strokes:
        bw = entry.get("brush_px", 20)
        for key, val in (("keep", cv2.GC_FGD), ("remove", cv2.GC_BGD)):
            if entry.get(key):
                mask[T.polyline_mask(mask.shape, entry[key], bw)] = val
    bgd = np.zeros((1, 65))
    fgd = np.zeros((1, 65))
    cv2.grabCut(img[:, :, ::-1].copy(), mask, None, bgd, fgd, 6, cv2.GC_INIT_WITH_MASK)
    fg = np.isin(mask, (cv2.GC_FGD, cv2.GC_PR_FGD))
    tp = (fg & truth).sum()
    print(f"{name}: precision {tp / max(fg.sum(), 1) * 100:.1f}% recall {tp / truth.sum() * 100:.1f}%")
    for label, wrong in (("kept background", fg & ~truth), ("lost product", ~fg & truth)):
        n, lab, st, _ = cv2.connectedComponentsWithStats(wrong.astype(np.uint8), connectivity=8)
        order = np.argsort(-st[1:, 4])[:4] + 1
        for i in order:
            x, y, ww, hh, a = st[i]
            print(f"  {label}: {a} px in x{x}-{x + ww} y{y}-{y + hh}")
    vis = img.astype(np.float32)
    vis[fg & ~truth] = vis[fg & ~truth] * 0.3 + np.array([255, 0, 0]) * 0.7
    vis[~fg & truth] = vis[~fg & truth] * 0.3 + np.array([255, 255, 0]) * 0.7
    vis[~fg & ~truth] *= 0.4
    Image.fromarray(vis.astype(np.uint8)).save(f"/tmp/review/{name}-probe.png")


if __name__ == "__main__":
    main()

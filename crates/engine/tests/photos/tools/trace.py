#!/usr/bin/env python3
"""Build, seed and review the truth masks of the real-photo set.

Each photo NAME.(png|jpg) has a trace file NAME.trace.json beside it:

    {"photo": "coffee.png",
     "seed": {...how the first draft was made, for the record...},
     "ops": [{"op": "add" | "sub", "note": "...", "points": [[x, y], ...]}, ...]}

The truth mask is the ops applied in order (add = paint product, sub = paint background),
each polygon rasterised at 4x4 supersampling and a pixel counted as product when at least
half of it is covered. Coordinates are photo pixels with (0, 0) the top-left corner of the
top-left pixel, so a pixel (i, j) spans [i, i+1) x [j, j+1).

    trace.py build NAME...         write NAME.truth.png from NAME.trace.json
    trace.py seed NAME             GrabCut draft from the "seed" entry -> contour polygons as ops
    trace.py review NAME [OUT]     overlays for checking by eye (default /tmp/review/NAME*)
    trace.py crop NAME X0 Y0 X1 Y1 [ZOOM] [e]   one region zoomed (e: contrast-stretched, n: no tint)

Needs numpy, Pillow and (for seed) opencv-python-headless.
"""
import json
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SS = 4


def photo_path(name):
    for ext in (".png", ".jpg", ".jpeg"):
        p = os.path.join(HERE, name + ext)
        if os.path.exists(p):
            return p
    raise SystemExit(f"no photo {name}.png/.jpg in {HERE}")


def load_trace(name):
    with open(os.path.join(HERE, name + ".trace.json")) as f:
        return json.load(f)


def save_trace(name, trace):
    # One op per line keeps diffs of hand edits readable.
    lines = ["{", f'  "photo": {json.dumps(trace["photo"])},']
    lines.append(f'  "seed": {json.dumps(trace.get("seed", {}))},')
    lines.append('  "ops": [')
    ops = trace["ops"]
    for i, op in enumerate(ops):
        pts = [[round(x, 2), round(y, 2)] for x, y in op["points"]]
        body = {"op": op["op"], "note": op.get("note", ""), "points": pts}
        lines.append("    " + json.dumps(body, separators=(",", ":")) + ("," if i < len(ops) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    with open(os.path.join(HERE, name + ".trace.json"), "w") as f:
        f.write("\n".join(lines) + "\n")


def rasterise(size, ops):
    w, h = size
    canvas = Image.new("L", (w * SS, h * SS), 0)
    draw = ImageDraw.Draw(canvas)
    for op in ops:
        pts = [(x * SS, y * SS) for x, y in op["points"]]
        if len(pts) < 3:
            continue
        draw.polygon(pts, fill=255 if op["op"] == "add" else 0)
    a = np.asarray(canvas, dtype=np.float32).reshape(h, SS, w, SS).mean(axis=(1, 3))
    return np.where(a >= 127.5, 255, 0).astype(np.uint8)


def build(name):
    trace = load_trace(name)
    img = Image.open(photo_path(name))
    mask = rasterise(img.size, trace["ops"])
    Image.fromarray(mask, "L").save(os.path.join(HERE, name + ".truth.png"), optimize=True)
    return mask


def polyline_mask(shape, lines, width):
    m = Image.new("L", (shape[1], shape[0]), 0)
    d = ImageDraw.Draw(m)
    for line in lines:
        pts = [tuple(p) for p in line]
        if len(pts) == 1:
            pts = pts * 2
        d.line(pts, fill=255, width=int(width), joint="curve")
        r = width / 2
        for x, y in pts:
            d.ellipse([x - r, y - r, x + r, y + r], fill=255)
    return np.asarray(m) > 0


def vectorise(fg, note):
    """Outline polygons (and hole polygons) of a 0/1 mask, as ops that rebuild it."""
    import cv2

    h, w = fg.shape
    up = cv2.resize(fg.astype(np.uint8) * 255, (w * SS, h * SS), interpolation=cv2.INTER_NEAREST)
    contours, hier = cv2.findContours(up, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    adds, subs = [], []
    for c, hh in zip(contours, hier[0]):
        c = cv2.approxPolyDP(c, 0.35 * SS, True)
        pts = [[(p[0][0] + 0.5) / SS, (p[0][1] + 0.5) / SS] for p in c]
        if len(pts) >= 3:
            (subs if hh[3] >= 0 else adds).append(pts)
    return [{"op": "add", "note": note + " outline", "points": p} for p in adds] + [
        {"op": "sub", "note": note + " hole", "points": p} for p in subs
    ]


def seed(name):
    """First draft: GrabCut from a rectangle and hand strokes, vectorised to polygons."""
    import cv2

    trace = load_trace(name)
    s = trace["seed"]
    img = np.asarray(Image.open(photo_path(name)).convert("RGB"))
    h, w = img.shape[:2]
    mask = np.full((h, w), cv2.GC_BGD, np.uint8)
    x0, y0, x1, y1 = s["rect"]
    mask[y0:y1, x0:x1] = cv2.GC_PR_FGD
    for key, val in (("bg", cv2.GC_BGD), ("fg", cv2.GC_FGD), ("pbg", cv2.GC_PR_BGD), ("pfg", cv2.GC_PR_FGD)):
        if s.get(key):
            mask[polyline_mask(mask.shape, s[key], s.get("width", 5))] = val
    for poly_key, val in (("fg_polys", cv2.GC_FGD), ("bg_polys", cv2.GC_BGD)):
        for poly in s.get(poly_key, []):
            m = Image.new("L", (w, h), 0)
            ImageDraw.Draw(m).polygon([tuple(p) for p in poly], fill=255)
            mask[np.asarray(m) > 0] = val
    bgd = np.zeros((1, 65), np.float64)
    fgd = np.zeros((1, 65), np.float64)
    cv2.grabCut(img[:, :, ::-1].copy(), mask, None, bgd, fgd, s.get("iters", 8), cv2.GC_INIT_WITH_MASK)
    fg = np.isin(mask, (cv2.GC_FGD, cv2.GC_PR_FGD)).astype(np.uint8)
    # Keep the components the strokes touch (or the largest), drop specks.
    n, lab = cv2.connectedComponents(fg, connectivity=4)
    keep = np.zeros(n, bool)
    fgs = mask == cv2.GC_FGD
    for i in range(1, n):
        area = (lab == i).sum()
        if (fgs & (lab == i)).any() or area >= s.get("min_area", 400):
            keep[i] = True
    fg = keep[lab].astype(np.uint8)
    # Fill background specks enclosed by the product (highlights GrabCut let go).
    nb, blab = cv2.connectedComponents(1 - fg, connectivity=4)
    for i in range(1, nb):
        comp = blab == i
        touches = comp[0].any() or comp[-1].any() or comp[:, 0].any() or comp[:, -1].any()
        if not touches and comp.sum() < s.get("min_hole", 60):
            fg[comp] = 1
    trace["ops"] = vectorise(fg, "grabcut draft") + [op for op in trace["ops"] if op.get("keep_after_seed")]
    save_trace(name, trace)
    return build(name)


def snap(img, rough, band=4, iters=6):
    """Let GrabCut settle a hand-drawn outline to the colour edge within `band` px of it:
    the rough mask eroded by `band` is sure product, dilated by `band` sure background."""
    import cv2

    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * band + 1, 2 * band + 1))
    r = rough.astype(np.uint8)
    m = np.where(r > 0, cv2.GC_PR_FGD, cv2.GC_PR_BGD).astype(np.uint8)
    m[cv2.erode(r, k) > 0] = cv2.GC_FGD
    m[cv2.dilate(r, k) == 0] = cv2.GC_BGD
    bgd = np.zeros((1, 65))
    fgd = np.zeros((1, 65))
    cv2.grabCut(img[:, :, ::-1].copy(), m, None, bgd, fgd, iters, cv2.GC_INIT_WITH_MASK)
    return np.isin(m, (cv2.GC_FGD, cv2.GC_PR_FGD))


def outline(mask):
    m = mask > 127
    e = np.zeros_like(m)
    e[1:, :] |= m[1:, :] != m[:-1, :]
    e[:-1, :] |= m[1:, :] != m[:-1, :]
    e[:, 1:] |= m[:, 1:] != m[:, :-1]
    e[:, :-1] |= m[:, 1:] != m[:, :-1]
    return e & m


def review(name, out=None, tile=80, zoom=5, per_sheet=12):
    out = out or f"/tmp/review/{name}"
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    img = np.asarray(Image.open(photo_path(name)).convert("RGB")).astype(np.float32)
    mask = np.asarray(Image.open(os.path.join(HERE, name + ".truth.png")).convert("L"))
    h, w = mask.shape
    # Overview: background dimmed and tinted, product as shot, outline in magenta.
    fgm = (mask > 127)[..., None]
    ov = np.where(fgm, img, img * 0.35 + np.array([0, 60, 120]) * 0.65)
    e = outline(mask)
    ov[e] = (255, 0, 255)
    Image.fromarray(ov.clip(0, 255).astype(np.uint8)).save(out + "-overview.png")
    # Boundary tiles at zoom: the photo untouched with the outline pixels' edges drawn as lines.
    ys, xs = np.nonzero(e)
    seen = set()
    tiles = []
    for y, x in sorted(zip(ys.tolist(), xs.tolist())):
        key = (y // tile, x // tile)
        if key in seen:
            continue
        seen.add(key)
        tiles.append(key)
    tiles.sort(key=lambda k: (k[0], k[1]))
    sheets = []
    for si in range(0, len(tiles), per_sheet):
        group = tiles[si : si + per_sheet]
        cols = 4
        rows = (len(group) + cols - 1) // cols
        T = tile * zoom
        sheet = Image.new("RGB", (cols * (T + 4), rows * (T + 18)), (255, 255, 255))
        d = ImageDraw.Draw(sheet)
        for k, (ty, tx) in enumerate(group):
            y0, x0 = ty * tile, tx * tile
            full = mask > 127
            cm = full[y0 : y0 + tile, x0 : x0 + tile]
            crop = img[y0 : y0 + tile, x0 : x0 + tile]
            crop = np.where(cm[..., None], crop, crop * 0.7 + np.array([40, 90, 200]) * 0.3).astype(np.uint8)
            ch, cw = cm.shape
            big = Image.fromarray(crop).resize((cw * zoom, ch * zoom), Image.NEAREST)
            bd = ImageDraw.Draw(big)

            def bg(yy, xx):
                Y, X = y0 + yy, x0 + xx
                return not (0 <= Y < h and 0 <= X < w) or not full[Y, X]

            for yy, xx in zip(*np.nonzero(cm)):
                X, Y = xx * zoom, yy * zoom
                if bg(yy, xx - 1):
                    bd.line([(X, Y), (X, Y + zoom)], fill=(255, 0, 255))
                if bg(yy, xx + 1):
                    bd.line([(X + zoom, Y), (X + zoom, Y + zoom)], fill=(255, 0, 255))
                if bg(yy - 1, xx):
                    bd.line([(X, Y), (X + zoom, Y)], fill=(255, 0, 255))
                if bg(yy + 1, xx):
                    bd.line([(X, Y + zoom), (X + zoom, Y + zoom)], fill=(255, 0, 255))
            cx, cy = (k % cols) * (T + 4), (k // cols) * (T + 18)
            sheet.paste(big, (cx, cy + 14))
            d.text((cx + 2, cy + 1), f"x{x0}-{x0 + cw} y{y0}-{y0 + ch}", fill=(0, 0, 0))
        p = f"{out}-tiles{si // per_sheet:02d}.png"
        sheet.save(p)
        sheets.append(p)
    print(out + "-overview.png", *sheets, sep="\n")


def crop(name, x0, y0, x1, y1, zoom=6, enhance=False, out=None, tint=True):
    """One region at high zoom, optionally contrast-stretched, with the truth outline."""
    img = np.asarray(Image.open(photo_path(name)).convert("RGB")).astype(np.float32)
    mask = np.asarray(Image.open(os.path.join(HERE, name + ".truth.png")).convert("L")) > 127
    h, w = mask.shape
    c = img[y0:y1, x0:x1]
    if enhance:
        lo, hi = np.percentile(c, 1), np.percentile(c, 99)
        c = ((c - lo) / max(hi - lo, 1) * 255).clip(0, 255) ** 1.0
    m = mask[y0:y1, x0:x1]
    # Background tinted blue so the side of each outline reads at a glance.
    if tint:
        c = np.where(m[..., None], c, c * 0.6 + np.array([40, 90, 200]) * 0.4)
    big = Image.fromarray(c.clip(0, 255).astype(np.uint8)).resize(((x1 - x0) * zoom, (y1 - y0) * zoom), Image.NEAREST)
    d = ImageDraw.Draw(big)
    for yy, xx in zip(*np.nonzero(m)):
        X, Y = xx * zoom, yy * zoom
        for dy, dx, seg in ((0, -1, [(X, Y), (X, Y + zoom)]), (0, 1, [(X + zoom, Y), (X + zoom, Y + zoom)]),
                            (-1, 0, [(X, Y), (X + zoom, Y)]), (1, 0, [(X, Y + zoom), (X + zoom, Y + zoom)])):
            Y2, X2 = y0 + yy + dy, x0 + xx + dx
            if not (0 <= Y2 < h and 0 <= X2 < w) or not mask[Y2, X2]:
                d.line(seg, fill=(255, 0, 255))
    # Grid every 10 photo pixels so vertices can be read off.
    for gx in range((x0 // 10 + 1) * 10, x1, 10):
        d.line([((gx - x0) * zoom, 0), ((gx - x0) * zoom, 6)], fill=(0, 255, 0))
        d.text(((gx - x0) * zoom + 1, 6), str(gx), fill=(0, 255, 0))
    for gy in range((y0 // 10 + 1) * 10, y1, 10):
        d.line([(0, (gy - y0) * zoom), (6, (gy - y0) * zoom)], fill=(0, 255, 0))
        d.text((7, (gy - y0) * zoom - 5), str(gy), fill=(0, 255, 0))
    out = out or f"/tmp/review/{name}-crop-{x0}-{y0}.png"
    big.save(out)
    print(out)


def main():
    cmd, names = sys.argv[1], sys.argv[2:]
    if cmd == "build":
        for n in names:
            m = build(n)
            print(n, f"{(m > 127).mean() * 100:.1f}% product")
    elif cmd == "seed":
        m = seed(names[0])
        print(names[0], f"{(m > 127).mean() * 100:.1f}% product")
    elif cmd == "crop":
        a = [int(v) for v in names[1:6]]
        crop(names[0], *a[:4], zoom=a[4] if len(a) > 4 else 6, enhance="e" in names[6:], tint="n" not in names[6:])
    elif cmd == "review":
        review(names[0], names[1] if len(names) > 1 else None)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()

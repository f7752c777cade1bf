#!/usr/bin/env python3
"""First draft of barrier.truth.png's painted frame (kept for the record; the truth is
barrier.trace.json). Yellow paint by colour (HSV hue 12-40, saturation > 110); then, within
2 px of it, a pixel also counts as frame when it is further from the local background colour
than half the frame-to-background difference: that takes in the pale sunlit top faces of the
bars and leaves out pixels mostly made of road. Prints the draft's ops as JSON."""
import json
import os
import sys

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402

im = np.asarray(Image.open(T.photo_path("barrier")).convert("RGB")).astype(np.float32)
hsv = cv2.cvtColor(im.astype(np.uint8), cv2.COLOR_RGB2HSV)
H, S = hsv[..., 0].astype(int), hsv[..., 1].astype(int)
y = ((H >= 12) & (H <= 40) & (S > 110)).astype(np.uint8)
n, lab, st, _ = cv2.connectedComponentsWithStats(y, connectivity=8)
y = (lab == np.argmax(st[1:, 4]) + 1).astype(np.uint8)
k = np.ones((3, 3), np.uint8)
sure_fg = cv2.erode(y, k)
near = cv2.dilate(y, k, iterations=2)
sure_bg = 1 - cv2.dilate(y, k, iterations=4)


def local_mean(sel, win=21):
    s = sel.astype(np.float32)
    num = cv2.boxFilter(im * s[..., None], -1, (win, win), normalize=False)
    den = cv2.boxFilter(s, -1, (win, win), normalize=False)
    return num / np.maximum(den, 1e-3)[..., None], den


bg, nb = local_mean(sure_bg)
fg, nf = local_mean(sure_fg)
dp = np.linalg.norm(im - bg, axis=2)
df = np.linalg.norm(fg - bg, axis=2)
extra = (near > 0) & (y == 0) & (nb > 0) & (nf > 0) & (dp > 0.5 * df)
draft = (y > 0) | extra
print(json.dumps(T.vectorise(draft, "frame: yellow paint plus its pale top faces (barrier_draft.py)")))

#!/usr/bin/env python3
"""How rowboat.truth.png was made (kept for the record; the truth is rowboat.trace.json):
the hull's outline read by hand off brightened 3x crops, settled to the colour edge by
GrabCut within 3 px of it (trace.snap), then the metal fittings that stick out of the
outline — the stern's rod frame, a rowlock pin and two outriggers on the left — drawn by hand
as 3 px rods from a 7x crop. The mooring posts and the wire between the boats are background."""
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trace as T  # noqa: E402

os.chdir(T.HERE)
HULL = [(123.3, 60), (126.7, 55), (156.7, 50.7), (206.7, 49.3), (240, 50.7), (283.3, 56.7), (290, 66),
        (300, 82), (310, 100), (323, 116.7), (340, 136.7), (356.7, 156.7), (373.3, 176.7), (383.3, 196.7),
        (388.3, 216.7), (388.3, 236.7), (386.7, 253), (385, 280), (380, 316.7), (373.3, 350), (363.3, 390),
        (353.3, 426.7), (343, 470), (340, 473.3), (333.3, 470), (323.3, 456.7), (310, 440), (293.3, 420),
        (276.7, 400), (256.7, 380), (233.3, 360), (206.7, 340), (180, 320), (156.7, 296.7), (140, 273.3),
        (130, 246.7), (123.3, 250), (113.3, 230), (106.7, 210), (103.3, 186.7), (103.3, 163.3), (105, 140),
        (108, 116.7), (115, 90), (123.3, 62)]
RODS = [
    [(283, 57), (308, 75), (310, 98)],  # stern frame, right
    [(123, 61), (113, 72), (111, 107)],  # stern frame, left
    [(357, 147), (372, 140)],  # rowlock bracket, right
    [(85, 150.7), (106.6, 150.7)], [(85, 158), (106.6, 158)], [(85, 150.7), (85, 158)],  # outrigger 1
    [(86.6, 158.6), (115, 188.6)],
    [(86.6, 192), (118, 192)], [(86.6, 201.4), (122, 201.4)], [(86.6, 192), (86.6, 201.4)],  # outrigger 2
    [(92, 203), (113.7, 228.6)],
]
PIN = [(367, 114), (373, 112), (375, 140), (369, 143)]
img = np.asarray(Image.open("rowboat.png").convert("RGB"))
h, w = img.shape[:2]
rough = T.rasterise((w, h), [{"op": "add", "points": HULL}]) > 127
hull = T.snap(img, rough, band=3)
fittings = T.polyline_mask((h, w), RODS, 3) | (T.rasterise((w, h), [{"op": "add", "points": PIN}]) > 127)
t = T.load_trace("rowboat")
t["seed"] = {"method": "hand outline of the hull (seed.hull) settled by GrabCut within 3 px; fittings drawn by hand as 3 px rods (seed.rods, seed.pin)",
             "hull": HULL, "rods": RODS, "pin": PIN}
t["ops"] = T.vectorise(hull | fittings, "hull snapped to the colour edge, plus hand-drawn fittings")
T.save_trace("rowboat", t)
T.build("rowboat")

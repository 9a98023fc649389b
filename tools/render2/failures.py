#!/usr/bin/env python3
"""Sort the failures of `warden eval throws --verbose` on render2 scenes
into kinds and save a crop of each (for the measurement notes).

    failures.py EVAL_OUTPUT.txt OUT_DIR

A kind is the eval's message (not found, colour, icon/blank, section,
extra) with the die's truth colour and region kind; crops are written as
OUT_DIR/KIND-NN.png (160×160 pixels round the die, 2× enlarged).
"""
import collections
import json
import os
import re
import sys

import cv2

LINE = re.compile(r"^(?P<file>\S+\.json): (?P<rest>.*)$")
AT = re.compile(r"at \[(?P<x>[-\d.]+), (?P<y>[-\d.]+)\]")


def truth_near(doc, x, y):
    best = None
    for d in doc["dice"]:
        dist = (d["center_px"][0] - x) ** 2 + (d["center_px"][1] - y) ** 2
        if best is None or dist < best[0]:
            best = (dist, d)
    return best[1] if best and best[0] < 30 ** 2 else None


def kind_of(rest, die):
    if rest.startswith("extra"):
        region = re.search(r"\((?P<r>[^,]+),", rest)
        return "phantom-on-" + (region.group("r").replace(" ", "-") if region else "board")
    where = die["section"]["kind"] if die else "?"
    colour = die["color"] if die else "?"
    if "not found" in rest:
        return f"missed-{colour}-on-{where}"
    if "colour read" in rest:
        read = re.search(r"colour read (\w+)", rest).group(1)
        return f"colour-{colour}-read-{read}"
    if "truth" in rest:
        m = re.search(r"truth (.+?), read (\S+) (\w+)", rest)
        tv = m.group(1).split()[0]
        face_wrong = die and die["face"] != m.group(3)
        sect_wrong = tv != m.group(2)
        if sect_wrong and not face_wrong:
            return "section-wrong" + ("-border" if die and die["border"] else "")
        if face_wrong and not sect_wrong:
            return f"face-{die['face']}-read-{m.group(3)}"
        return "section-and-face-wrong"
    return "other"


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    kinds = collections.Counter()
    examples = {}
    for line in open(src):
        m = LINE.match(line.strip())
        if not m:
            continue
        a = AT.search(m.group("rest"))
        if not a:
            continue
        x, y = float(a.group("x")), float(a.group("y"))
        doc = json.load(open(m.group("file")))
        die = truth_near(doc, x, y)
        k = kind_of(m.group("rest"), die)
        kinds[k] += 1
        n = kinds[k]
        img = cv2.imread(os.path.join(os.path.dirname(m.group("file")), doc["image"]))
        x0, y0 = int(max(0, x - 80)), int(max(0, y - 80))
        crop = cv2.resize(img[y0:y0 + 160, x0:x0 + 160], None, fx=2, fy=2, interpolation=cv2.INTER_NEAREST)
        path = os.path.join(out, f"{k}-{n:02d}.png")
        cv2.imwrite(path, crop)
        examples.setdefault(k, f"{path} ({m.group('file')}, {line.strip().split(': ', 1)[1][:90]})")
    for k, n in kinds.most_common():
        print(f"{n:4d}  {k}\n      e.g. {examples[k]}")


if __name__ == "__main__":
    main()

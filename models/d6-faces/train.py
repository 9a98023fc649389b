#!/usr/bin/env python3
"""Train the d6 face classifier shipped in models/d6-faces/ (CPU, minutes).

The classifier looks at one square crop around a candidate die (the
candidate's box widened by CONTEXT, resized to SIZE x SIZE with OpenCV's
area interpolation, normalised by the crop's own mean and spread) and says
which face is up (1-6) or that it is no die's top face (class 0). The Rust
side (crates/vision/src/facenet.rs) crops and normalises the same way and
runs the same layers.

Training data: YOLO top-face labels (class k = face k+1) from the folders
given with --data. Each labelled face gives several jittered positives;
negatives are die-sized boxes on the background, boxes shifted off a die,
and boxes far too small or too large for one. Colour is augmented hard
(channel shuffles, inversion, colour mixing) so that the model learns pips
against a face, not one set's paint.

  python3 models/d6-faces/train.py --data DIR [--data DIR ...] --out models/d6-faces/d6-faces.json
  python3 models/d6-faces/train.py --data A --holdout B   # train on A, report on B

Needs: numpy, jax (CPU), opencv-python-headless (requirements.txt beside this).
"""
import argparse, glob, json, os, sys, time
import numpy as np
import cv2

SIZE = 32  # crop side the model reads (--size)
CONTEXT = 1.3
CLASSES = 7
FORMAT = "tw-d6-facenet/2"


def load_set(folder):
    """A YOLO folder's photos and boxes. `DIR[:N]` takes the first N photos
    by name, `DIR[N:]` the rest (how the multicolour set is split)."""
    lo, hi = 0, None
    if folder.endswith("]") and "[" in folder:
        folder, sl = folder[:-1].rsplit("[", 1)
        a, b = sl.split(":")
        lo, hi = int(a or 0), (int(b) if b else None)
    items = []
    paths = sorted(glob.glob(os.path.join(folder, "*.jpg")) + glob.glob(os.path.join(folder, "*.png")))
    for img_path in paths[lo:hi]:
        lab = os.path.splitext(img_path)[0] + ".txt"
        img = cv2.imread(img_path, cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        boxes = []
        if os.path.exists(lab):
            for line in open(lab):
                p = line.split()
                if len(p) != 5:
                    continue
                k = int(p[0])
                cx, cy, bw, bh = float(p[1]) * w, float(p[2]) * h, float(p[3]) * w, float(p[4]) * h
                boxes.append((k + 1, cx, cy, bw, bh))
        items.append((img_path, img, boxes))
    return items


def crop(img, cx, cy, side, angle=0.0):
    """The square of `side` px centred at (cx, cy), widened by CONTEXT, as
    SIZE x SIZE uint8 BGR. With `angle` (degrees, training only) the frame
    is first turned about the centre; the runtime always crops unturned, the
    same way as the angle-0 path here (crates/vision/src/facenet.rs)."""
    s = max(2, int(round(side * CONTEXT)))
    if angle:
        m = cv2.getRotationMatrix2D((float(cx), float(cy)), float(angle), 1.0)
        m[:, 2] += (s / 2.0 - cx, s / 2.0 - cy)
        roi = cv2.warpAffine(img, m, (s, s), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        return cv2.resize(roi, (SIZE, SIZE), interpolation=cv2.INTER_AREA)
    x0 = int(round(cx - s / 2.0))
    y0 = int(round(cy - s / 2.0))
    h, w = img.shape[:2]
    pad = max(0, -x0, -y0, x0 + s - w, y0 + s - h)
    if pad > 0:
        img = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        x0 += pad
        y0 += pad
    roi = img[y0:y0 + s, x0:x0 + s]
    return cv2.resize(roi, (SIZE, SIZE), interpolation=cv2.INTER_AREA)


def normalise(c):
    c = c.astype(np.float32)
    m = c.mean()
    sd = c.std()
    return (c - m) / max(sd, 8.0)


def iou(a, b):
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    ix = max(0.0, min(ax1, bx1) - max(ax0, bx0))
    iy = max(0.0, min(ay1, by1) - max(ay0, by0))
    inter = ix * iy
    u = (ax1 - ax0) * (ay1 - ay0) + (bx1 - bx0) * (by1 - by0) - inter
    return inter / u if u > 0 else 0.0


def samples(items, rng, pos_per_face=10, neg_per_image=40, turned=0.0):
    xs, ys = [], []
    for _, img, boxes in items:
        h, w = img.shape[:2]
        sides = [max(b[3], b[4]) for b in boxes] or [min(w, h) / 12.0]
        rects = [(b[1] - b[3] / 2, b[2] - b[4] / 2, b[1] + b[3] / 2, b[2] + b[4] / 2) for b in boxes]
        for face, cx, cy, bw, bh in boxes:
            side = max(bw, bh)
            for _ in range(pos_per_face):
                dx, dy = rng.normal(0, 0.08, 2) * side
                sc = np.exp(rng.normal(0, 0.12))
                if turned > 0 and rng.random() < turned:
                    # Turned by any angle (the quarter turns come in augment);
                    # the box widens as a turned face's box does.
                    ang = rng.uniform(-45, 45)
                    sc *= abs(np.cos(np.radians(ang))) + abs(np.sin(np.radians(ang)))
                    xs.append(crop(img, cx + dx, cy + dy, side * sc, ang))
                else:
                    xs.append(crop(img, cx + dx, cy + dy, side * sc))
                ys.append(face)
            # Off the die: shifted most of a side away, or a pip-sized / crowd-sized box.
            for _ in range(3):
                ang = rng.uniform(0, 2 * np.pi)
                r = rng.uniform(0.6, 1.1) * side
                sx, sy = cx + r * np.cos(ang), cy + r * np.sin(ang)
                # Not where the shift lands near another die's centre: that crop is a die.
                if any(abs(sx - b[1]) < 0.3 * b[3] and abs(sy - b[2]) < 0.3 * b[4] for b in boxes):
                    continue
                xs.append(crop(img, sx, sy, side * np.exp(rng.normal(0, 0.15))))
                ys.append(0)
            ox, oy = rng.uniform(-0.3, 0.3, 2) * side
            xs.append(crop(img, cx + ox, cy + oy, side * rng.uniform(0.3, 0.5)))
            ys.append(0)
            xs.append(crop(img, cx + ox, cy + oy, side * rng.uniform(2.2, 3.0)))
            ys.append(0)
        n = 0
        tries = 0
        while n < neg_per_image and tries < neg_per_image * 20:
            tries += 1
            side = float(rng.choice(sides)) * np.exp(rng.normal(0, 0.3))
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            r = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
            if any(iou(r, q) > 0.05 for q in rects):
                continue
            xs.append(crop(img, cx, cy, side))
            ys.append(0)
            n += 1
    return np.stack(xs), np.array(ys, dtype=np.int32)


PIP_GRID = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def random_colour(rng):
    hsv = np.uint8([[[rng.integers(180), rng.integers(256), rng.integers(20, 256)]]])
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def contrasting(body, rng):
    """A pip paint that stands apart from the body in brightness or hue."""
    for _ in range(50):
        c = rng.choice(3)
        pip = np.float32([20, 20, 20]) if c == 0 else np.float32([240, 240, 240]) if c == 1 else random_colour(rng)
        if np.abs(pip - body).sum() > 150:
            return pip
    return 255.0 - body


def warm_paint(rng):
    """Red, orange, yellow or gold pip paint (the multicolour sets' dark and
    marbled dice mostly have such pips)."""
    hue = rng.choice([rng.integers(0, 6), rng.integers(172, 180), rng.integers(8, 34)])
    hsv = np.uint8([[[hue, rng.integers(150, 256), rng.integers(150, 256)]]])
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def die_paint(rng, hard):
    """Body and pip colours. A share `hard` of the dice (--hard-dice) are
    the kinds the reader misreads most: dark or deep bodies with warm pips
    (half of them), red bodies with yellow or white pips (a quarter), pale
    bodies with dark or warm pips
    (docs/measurements/2026-11-27-d6-second-opinion.md); the rest take any
    contrasting pair. With `hard` 0 no extra random number is drawn, so
    the generator is the one the shipped model was trained with."""
    k = rng.random() if hard > 0 else 0.0
    if k < 1 - hard:
        body = random_colour(rng)
        return body, contrasting(body, rng)
    if k < 1 - 0.5 * hard:
        return random_colour(rng) * rng.uniform(0.15, 0.55), warm_paint(rng)
    if k < 1 - 0.24 * hard:
        hsv = np.uint8([[[rng.choice([rng.integers(0, 5), rng.integers(170, 180)]), rng.integers(160, 256), rng.integers(110, 230)]]])
        body = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
        pip = warm_paint(rng) if rng.random() < 0.6 else np.float32([235, 235, 235])
        if np.abs(pip - body).sum() < 120:
            pip = np.float32([40, 220, 240])  # yellow
        return body, pip
    body = np.float32(rng.uniform(170, 250, 3))
    return body, (warm_paint(rng) * rng.uniform(0.5, 1.0) if rng.random() < 0.5 else np.float32(rng.uniform(10, 60, 3)))


def census_paint(rng):
    """The two kinds the asked-face census found read wrong most often
    (docs/measurements/2026-11-27-d6-asked-faces.md): dark marbled bodies,
    blue or black, with red or orange pips ("marbled"), and gold or yellow
    bodies with dark pips, some of them faint ("gold")."""
    if rng.random() < 0.6:
        if rng.random() < 0.6:  # blue
            hsv = np.uint8([[[rng.integers(100, 126), rng.integers(120, 256), rng.integers(40, 150)]]])
        else:  # black or near black
            hsv = np.uint8([[[rng.integers(180), rng.integers(0, 120), rng.integers(8, 50)]]])
        body = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
        hsv = np.uint8([[[rng.choice([rng.integers(0, 14), rng.integers(170, 180)]), rng.integers(170, 256), rng.integers(150, 256)]]])
        pip = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
        return "marbled", body, pip
    hsv = np.uint8([[[rng.integers(16, 33), rng.integers(110, 256), rng.integers(150, 245)]]])
    body = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    pip = np.float32(rng.uniform(8, 60, 3))
    if rng.random() < 0.4:  # faint: the pip paint worn or lit flat
        pip = pip + (body - pip) * rng.uniform(0.2, 0.55)
    return "gold", body, pip


def marble(canvas, hull, rng, cx, cy, side, vein, streak):
    """Swirled veins over a die's body: broad veins of `vein` and thin
    streaks of `streak` (the pips' paint), both following one bent field."""
    h, w = canvas.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, hull, 255)
    inside = mask > 0
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for colour, width, alpha in ((vein, rng.uniform(0.2, 0.5), rng.uniform(0.4, 0.8)),
                                 (streak, rng.uniform(0.06, 0.18), rng.uniform(0.6, 1.0))):
        a = rng.uniform(0, np.pi)
        u = ((xx - cx) * np.cos(a) + (yy - cy) * np.sin(a)) / side
        bend = cv2.resize(rng.normal(0, 1, (5, 5)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        f = np.sin(2 * np.pi * rng.uniform(0.8, 2.2) * u + rng.uniform(1.0, 3.0) * bend + rng.uniform(0, 2 * np.pi))
        wgt = (np.clip(1.0 - np.abs(f) / width, 0, 1) * alpha)[inside][:, None]
        canvas[inside] = canvas[inside] * (1 - wgt) + colour * wgt


def draw_die(canvas, rng, cx, cy, side, value, hard=0.0, census=0.0):
    """One die seen from above or obliquely; returns its top face's bounding box.
    With `hard` > 0 a share 0.4 * hard of the dice is translucent: the table
    shows through the body and the far face's pips show faintly through the top.
    With `census` > 0 that share of the dice is painted as `census_paint`'s
    kinds (and the marbled ones swirled); 0 draws no extra random number."""
    kind = None
    if census > 0 and rng.random() < census:
        kind, body, pip = census_paint(rng)
    else:
        body, pip = die_paint(rng, hard)
    translucent = kind is None and hard > 0 and rng.random() < 0.4 * hard
    under = canvas.copy() if translucent else None
    ang = rng.uniform(0, np.pi / 2)
    tilt = np.cos(np.radians(rng.uniform(0, 45)))
    squash_dir = rng.uniform(0, np.pi)
    rot = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
    sq = np.array([[np.cos(squash_dir), -np.sin(squash_dir)], [np.sin(squash_dir), np.cos(squash_dir)]])
    m = sq @ np.diag([1.0, tilt]) @ sq.T @ rot * side / 2.0
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32) @ m.T + [cx, cy]
    # Side faces: the top face dropped along the view's slant, a shade darker.
    drop = np.array([np.cos(squash_dir + np.pi / 2), np.sin(squash_dir + np.pi / 2)]) * side * np.sqrt(max(0.0, 1 - tilt ** 2))
    hull = cv2.convexHull(np.vstack([corners, corners + drop]).astype(np.float32)).astype(np.int32)
    cv2.fillConvexPoly(canvas, hull, (body * rng.uniform(0.45, 0.85)).tolist(), cv2.LINE_AA)
    cv2.fillConvexPoly(canvas, corners.astype(np.int32), body.tolist(), cv2.LINE_AA)
    if rng.random() < 0.3:  # marbled or translucent body
        x0, y0, x1, y1 = corners[:, 0].min(), corners[:, 1].min(), corners[:, 0].max(), corners[:, 1].max()
        mask = np.zeros(canvas.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, hull, 255)
        tex = cv2.resize(rng.normal(1.0, 0.25, (6, 6, 3)).astype(np.float32), (canvas.shape[1], canvas.shape[0]))
        canvas[mask > 0] = np.clip(canvas[mask > 0] * tex[mask > 0], 0, 255)
    if kind == "marbled":
        vein = np.clip(body * rng.uniform(1.8, 3.5) + rng.uniform(20, 90), 0, 255) if rng.random() < 0.7 else body * rng.uniform(0.2, 0.5)
        marble(canvas, hull, rng, cx, cy, side, vein, pip * rng.uniform(0.6, 1.0))
    r = side * rng.uniform(0.08, 0.13) * (rng.uniform(1.0, 1.6) if value == 1 else 1.0)
    step = rng.uniform(0.26, 0.32)
    if translucent:
        mask = np.zeros(canvas.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, hull, 255)
        inside = mask > 0
        a = rng.uniform(0.45, 0.8)  # the body's opacity
        canvas[inside] = canvas[inside] * a + under[inside] * (1 - a)
        # The bottom face (7 - value), mirrored, seen through the top, faint.
        ghost = canvas.copy()
        shift = drop * rng.uniform(0.3, 1.0)
        for gx, gy in PIP_GRID[7 - value]:
            p = np.array([-gx * step * 2, gy * step * 2]) @ m.T + [cx, cy] + shift
            axes = (max(1, int(round(r))), max(1, int(round(r * tilt))))
            cv2.ellipse(ghost, (int(round(p[0])), int(round(p[1]))), axes, float(np.degrees(squash_dir)), 0, 360, pip.tolist(), -1, cv2.LINE_AA)
        w = rng.uniform(0.15, 0.4)
        canvas[inside] = canvas[inside] * (1 - w) + ghost[inside] * w
    for gx, gy in PIP_GRID[value]:
        p = np.array([gx * step * 2, gy * step * 2]) @ m.T + [cx, cy]
        axes = (max(1, int(round(r))), max(1, int(round(r * tilt))))
        cv2.ellipse(canvas, (int(round(p[0])), int(round(p[1]))), axes, float(np.degrees(squash_dir)), 0, 360, pip.tolist(), -1, cv2.LINE_AA)
    return corners[:, 0].min(), corners[:, 1].min(), corners[:, 0].max(), corners[:, 1].max()


def synth_images(n, rng, size=160, hard=0.0, census=0.0):
    """Generated scenes of one to four dice, each with YOLO-like boxes.
    With `census` > 0 (--census-dice) a share of the dice is of the census
    kinds and 40 % of the scenes are dim (lit at 30-60 %)."""
    items = []
    for _ in range(n):
        bg = random_colour(rng) * rng.uniform(0.5, 1.0)
        canvas = np.empty((size, size, 3), np.float32)
        canvas[:] = bg
        tex = cv2.resize(rng.normal(0, rng.uniform(2, 25), (rng.integers(4, 40), rng.integers(4, 40), 3)).astype(np.float32), (size, size))
        canvas += tex
        boxes = []
        side = rng.uniform(22, 56)
        for k in range(rng.integers(1, 5)):
            cx, cy = rng.uniform(side, size - side, 2)
            if any(abs(cx - b[1]) < side * 1.2 and abs(cy - b[2]) < side * 1.2 for b in boxes):
                continue
            value = int(rng.integers(1, 7))
            x0, y0, x1, y1 = draw_die(canvas, rng, cx, cy, side * rng.uniform(0.9, 1.1), value, hard, census)
            boxes.append((value, (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0))
        if rng.random() < 0.3:  # glare
            gx, gy = rng.uniform(0, size, 2)
            glare = np.zeros((size, size), np.float32)
            cv2.circle(glare, (int(gx), int(gy)), int(rng.uniform(2, 8)), 1.0, -1)
            glare = cv2.GaussianBlur(glare, (0, 0), 2)
            canvas += glare[:, :, None] * 200
        if census > 0 and rng.random() < 0.4:  # a dim scene
            canvas *= rng.uniform(0.3, 0.6)
        yy, xx = np.mgrid[0:size, 0:size] / size
        canvas *= (1 + rng.uniform(-0.3, 0.3) * (xx - 0.5) + rng.uniform(-0.3, 0.3) * (yy - 0.5))[:, :, None]
        canvas = cv2.GaussianBlur(canvas, (0, 0), rng.uniform(0.3, 1.3))
        canvas += rng.normal(0, rng.uniform(0, 6), canvas.shape)
        img = np.clip(canvas, 0, 255).astype(np.uint8)
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 96))])
        img = cv2.imdecode(enc, cv2.IMREAD_COLOR)
        items.append(("synth", img, boxes))
    return items


def hard_negatives(csv_paths, rng, copies=3):
    """Crops where an earlier reader saw a die that no label has (from
    `warden eval dice --spurious-out`, run on training folders only)."""
    xs = []
    cache = {}
    for path in csv_paths:
        for i, line in enumerate(open(path)):
            if i == 0 or not line.strip():
                continue
            img_path, x, y, side = line.rsplit(",", 3)
            if img_path not in cache:
                cache[img_path] = cv2.imread(img_path, cv2.IMREAD_COLOR)
            img = cache[img_path]
            if img is None:
                continue
            for _ in range(copies):
                dx, dy = rng.normal(0, 0.08, 2) * float(side)
                xs.append(crop(img, float(x) + dx, float(y) + dy, float(side) * np.exp(rng.normal(0, 0.12))))
    return xs


def augment(batch, rng):
    """Colour and geometry changes a pip count survives (batched)."""
    n = len(batch)
    batch = batch.astype(np.float32)
    perm = np.argsort(rng.random((n, 3)), axis=1)
    c = np.take_along_axis(batch, perm[:, None, None, :], axis=3)
    inv = rng.random(n) < 0.5
    c[inv] = 255.0 - c[inv]
    mix = np.eye(3)[None] + rng.normal(0, 0.25, (n, 3, 3)) * (rng.random(n) < 0.5)[:, None, None]
    c = np.einsum("nhwc,ndc->nhwd", c, mix)
    gray = rng.random(n) < 0.3
    c[gray] = c[gray].mean(axis=3, keepdims=True)
    k = rng.integers(4, size=n)
    for r in range(1, 4):
        sel = k == r
        c[sel] = np.rot90(c[sel], r, axes=(1, 2))
    flip = rng.random(n) < 0.5
    c[flip] = c[flip][:, :, ::-1]
    blur = np.nonzero(rng.random(n) < 0.3)[0]
    for i in blur:
        c[i] = cv2.GaussianBlur(np.ascontiguousarray(c[i]), (3, 3), rng.uniform(0.3, 1.0))
    c = c + rng.normal(0, 1, c.shape) * rng.uniform(0, 6, (n, 1, 1, 1))
    m = c.mean(axis=(1, 2, 3), keepdims=True)
    sd = np.maximum(c.std(axis=(1, 2, 3), keepdims=True), 8.0)
    return ((c - m) / sd).astype(np.float32)


# ---- the network: 3 x (conv3x3 same + relu + maxpool2), dense, dense ----
CHANNELS = [3, 16, 32, 48]  # --widths
HIDDEN = 64  # --hidden


def init_params(key):
    import jax
    params = []
    keys = jax.random.split(key, 8)
    for i in range(3):
        cin, cout = CHANNELS[i], CHANNELS[i + 1]
        w = jax.random.normal(keys[i], (3, 3, cin, cout)) * np.sqrt(2.0 / (9 * cin))
        params.append((w, np.zeros(cout, np.float32)))
    flat = (SIZE // 8) ** 2 * CHANNELS[-1]
    params.append((jax.random.normal(keys[4], (flat, HIDDEN)) * np.sqrt(2.0 / flat), np.zeros(HIDDEN, np.float32)))
    params.append((jax.random.normal(keys[5], (HIDDEN, CLASSES)) * np.sqrt(1.0 / HIDDEN), np.zeros(CLASSES, np.float32)))
    return params


def forward(params, x):
    """The layers, as the Rust runtime runs them. Each 3x3 convolution
    (zero padding) is written as nine shifted copies times one matrix, which
    XLA runs faster on a CPU than its convolution for so few channels."""
    import jax, jax.numpy as jnp
    for w, b in params[:3]:
        n, h, wd, c = x.shape
        xp = jnp.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
        cols = jnp.concatenate([xp[:, ky:ky + h, kx:kx + wd, :] for ky in range(3) for kx in range(3)], axis=3)
        x = jax.nn.relu(cols @ w.reshape(9 * c, -1) + b)
        x = x.reshape(n, h // 2, 2, wd // 2, 2, -1).max(axis=(2, 4))
    x = x.reshape(x.shape[0], -1)
    w, b = params[3]
    x = jax.nn.relu(x @ w + b)
    w, b = params[4]
    return x @ w + b


def train(x, y, seed, epochs, log, lr0=2e-3, bs=128, checkpoint=None):
    """Adam with a cosine learning rate by epoch. `checkpoint(params, epoch)`,
    if given, is called after each epoch (a fallback if a run must stop)."""
    import jax, jax.numpy as jnp
    t_start, c_start = time.time(), time.process_time()
    key = jax.random.PRNGKey(seed)
    params = init_params(key)
    rng = np.random.default_rng(seed)

    def loss_fn(p, xb, yb):
        logits = forward(p, xb)
        lse = jax.nn.logsumexp(logits, axis=1)
        return jnp.mean(lse - logits[jnp.arange(yb.shape[0]), yb])

    m = jax.tree_util.tree_map(jnp.zeros_like, params)
    v = jax.tree_util.tree_map(jnp.zeros_like, params)

    @jax.jit
    def step(p, m, v, xb, yb, t, lr):
        # One Adam step (gradient and update in one compiled call).
        l, g = jax.value_and_grad(loss_fn)(p, xb, yb)
        m = jax.tree_util.tree_map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
        v = jax.tree_util.tree_map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
        mh = jax.tree_util.tree_map(lambda a: a / (1 - 0.9 ** t), m)
        vh = jax.tree_util.tree_map(lambda a: a / (1 - 0.999 ** t), v)
        p = jax.tree_util.tree_map(lambda a, b, c: a - lr * b / (jnp.sqrt(c) + 1e-8), p, mh, vh)
        return p, m, v, l

    n = len(x)
    t = 0
    for ep in range(epochs):
        order = rng.permutation(n)
        lr = lr0 * (0.5 * (1 + np.cos(np.pi * ep / epochs)))
        tot = 0.0
        for s in range(0, n - bs + 1, bs):
            idx = order[s:s + bs]
            xb = augment(x[idx], rng)
            t += 1
            params, m, v, l = step(params, m, v, jnp.asarray(xb), jnp.asarray(y[idx]), float(t), lr)
            tot += float(l)
            if ep == 0 and t == 200:
                log(f"  200 steps after {time.time() - t_start:.0f} s wall, {time.process_time() - c_start:.0f} s CPU")
        log(f"epoch {ep + 1}/{epochs}: loss {tot / max(1, n // bs):.4f} ({time.time() - t_start:.0f} s wall, {time.process_time() - c_start:.0f} s CPU)")
        if checkpoint:
            checkpoint(params, ep + 1)
    return params


def logits_of(params, x, chunk=4096):
    import jax.numpy as jnp
    out = []
    for s in range(0, len(x), chunk):
        xn = np.stack([normalise(c) for c in x[s:s + chunk]])
        out.append(np.asarray(forward(params, jnp.asarray(xn))))
    return np.concatenate(out)


def evaluate(params, x, y):
    logits = logits_of(params, x)
    pred = logits.argmax(1)
    pos = y > 0
    return {
        "face_right_of_faces": float((pred[pos] == y[pos]).mean()),
        "negatives_rejected": float((pred[~pos] == 0).mean()),
    }


def at_labels(params, folder):
    """Faces right at each label's own box (side = the box's longer side), as
    one view and as the geometric mean over the four quarter turns (how the
    reader combines them): the ceiling of the reader with a perfect finder."""
    import jax
    crops, faces = [], []
    for _, img, boxes in load_set(folder):
        for face, cx, cy, bw, bh in boxes:
            crops.append(crop(img, cx, cy, max(bw, bh)))
            faces.append(face)
    if not crops:
        return {}
    x = np.stack(crops)
    y = np.array(faces)
    logp = 0.0
    one = None
    for r in range(4):
        lp = np.asarray(jax.nn.log_softmax(logits_of(params, np.rot90(x, r, axes=(1, 2)))))
        one = lp if one is None else one
        logp = logp + lp
    return {"labelled": int(len(y)), "right_one_view": int((one.argmax(1) == y).sum()),
            "right_four_turns": int((logp.argmax(1) == y).sum())}


def export(params, path, trained_on, figures):
    layers = []
    for i, (w, b) in enumerate(params):
        w = np.asarray(w, np.float32)
        b = np.asarray(b, np.float32)
        kind = "conv3x3" if i < 3 else "dense"
        layers.append({"kind": kind, "shape": list(w.shape), "weights": [round(float(v), 6) for v in w.ravel()], "bias": [round(float(v), 6) for v in b]})
    doc = {
        "format": FORMAT,
        "input": {"size": SIZE, "context": CONTEXT, "channels": "bgr", "normalise": "crop mean, spread floored at 8"},
        "widths": CHANNELS[1:],
        "hidden": HIDDEN,
        "classes": ["none", "1", "2", "3", "4", "5", "6"],
        "layers": layers,
        "trained_on": trained_on,
        "figures": figures,
    }
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


def test_pattern(w=97, h=71):
    """A fixed BGR picture both this script and the Rust test can draw."""
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.stack([(xx * 7 + yy * 3) % 256, (xx * xx + yy * 5) % 251, (xx * yy + 40) % 241], axis=2)
    return img.astype(np.uint8)


def write_reference_crops(path):
    """Crops of the test pattern (inside, across edges, odd sides), normalised
    as training does: crates/vision/tests/learned.rs checks that the Rust
    crop gives the same numbers."""
    img = test_pattern()
    cases = [(40.0, 30.0, 20.0), (3.2, 5.7, 17.0), (90.4, 66.1, 31.0), (48.5, 35.5, 9.3), (20.0, 40.0, 60.0)]
    out = {"width": img.shape[1], "height": img.shape[0], "size": SIZE, "context": CONTEXT, "crops": []}
    for cx, cy, side in cases:
        c = normalise(crop(img, cx, cy, side))
        out["crops"].append({"center": [cx, cy], "side": side, "values": [round(float(v), 5) for v in c.ravel()]})
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"))


def main():
    global SIZE, CHANNELS, HIDDEN
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", action="append", default=[], help="YOLO-labelled folder to train on (repeatable)")
    ap.add_argument("--holdout", action="append", default=[], help="YOLO-labelled folder to report on, not trained on")
    ap.add_argument("--out", help="where to write the model (JSON)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--synth", type=int, default=0, help="generated scenes to add to the training data")
    ap.add_argument("--hard-dice", type=float, default=0.0, help="share of generated dice painted as the kinds misread most (dark, red, translucent)")
    ap.add_argument("--census-dice", type=float, default=0.0, help="share of generated dice painted as the census's kinds (marbled dark with red pips, gold with dark pips), with dim scenes; 0 keeps the default scenes")
    ap.add_argument("--sheet", help="write a picture of the first 24 generated scenes here and stop")
    ap.add_argument("--hard", action="append", default=[], help="CSV of hard negatives (warden eval dice --spurious-out)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--pos-per-face", type=int, default=10, help="jittered crops per labelled face")
    ap.add_argument("--size", type=int, default=SIZE, help="crop side the model reads (a multiple of 8)")
    ap.add_argument("--widths", default=",".join(map(str, CHANNELS[1:])), help="channels of the three convolutions")
    ap.add_argument("--hidden", type=int, default=HIDDEN, help="width of the hidden dense layer")
    ap.add_argument("--turned", type=float, default=0.0, help="share of positive crops turned by a random angle")
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--neg-per-image", type=int, default=40, help="background crops per image")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--at-labels", action="append", default=[], help="YOLO folder to report faces right at the label boxes on")
    ap.add_argument("--reference-crop", help="write the normalised crops of a fixed test pattern (Rust test fixture) here and stop")
    a = ap.parse_args()
    SIZE, HIDDEN = a.size, a.hidden
    CHANNELS = [3] + [int(v) for v in a.widths.split(",")]
    if SIZE % 8 or len(CHANNELS) != 4:
        sys.exit("--size must be a multiple of 8 and --widths three numbers")
    if a.reference_crop:
        write_reference_crops(a.reference_crop)
        return
    log = lambda s: print(s, file=sys.stderr, flush=True)
    rng = np.random.default_rng(a.seed)
    t0 = time.time()
    if a.sheet:
        imgs = [it[1] for it in synth_images(24, rng, hard=a.hard_dice, census=a.census_dice)]
        cv2.imwrite(a.sheet, np.vstack([np.hstack(imgs[i:i + 6]) for i in range(0, 24, 6)]))
        return
    train_items = [it for d in a.data for it in load_set(d)] + synth_images(a.synth, rng, hard=a.hard_dice, census=a.census_dice)
    x, y = samples(train_items, rng, pos_per_face=a.pos_per_face, neg_per_image=a.neg_per_image, turned=a.turned)
    hard = hard_negatives(a.hard, rng)
    if hard:
        x = np.concatenate([x, np.stack(hard)])
        y = np.concatenate([y, np.zeros(len(hard), np.int32)])
    log(f"{len(train_items)} images: {len(x)} crops ({int((y > 0).sum())} faces)")
    log(f"crops ready after {time.time() - t0:.0f} s")
    checkpoint = None
    if a.out:
        checkpoint = lambda p, ep: export(p, a.out + ".partial", [os.path.normpath(d) for d in a.data], {"epochs_done": ep, "of": a.epochs})
    params = train(x, y, a.seed, a.epochs, log, lr0=a.lr, bs=a.batch, checkpoint=checkpoint)
    figures = {"train": evaluate(params, x, y)}
    for d in a.holdout:
        hx, hy = samples(load_set(d), np.random.default_rng(a.seed + 1), pos_per_face=1, neg_per_image=10)
        figures[d] = evaluate(params, hx, hy)
    for d in a.at_labels:
        figures["at labels: " + d] = at_labels(params, d)
    figures["seconds"] = round(time.time() - t0)
    figures["cpu_seconds"] = round(time.process_time())
    print(json.dumps(figures, indent=1))
    if a.out:
        export(params, a.out, [os.path.normpath(d) for d in a.data], figures)


if __name__ == "__main__":
    main()
